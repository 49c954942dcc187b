class A { m() {} static s() {} }
console.log(Object.keys(A.prototype).length, Object.keys(A).length);
const r = [];
for (const k in new A()) r.push(k);
console.log(r.length);
