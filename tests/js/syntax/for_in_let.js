const o = { a: 1, b: 2 };
const ks = [];
for (let k in o) ks.push(k);
for (var v in o) ks.push(v);
console.log(ks.join(","), typeof v);
let target;
for (target in o);
console.log(target);
