function* range(n) { for (let i = 0; i < n; i++) yield i; }
let t = 0;
for (const v of range(5)) t += v;
console.log(t);
function* g() { try { yield 1; yield 2; } finally { console.log("gen finally"); } }
for (const v of g()) { console.log(v); break; }
