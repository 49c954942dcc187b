function* nat() { let n = 0; while (true) yield n++; }
const out = [];
for (const n of nat()) { if (n > 4) break; out.push(n); }
console.log(out.join(","));
