const fns = [];
for (var i = 0; i < 3; i++) { let j = i * 10; fns.push(() => j); }
console.log(fns.map(f => f()).join(","));
const hs = [];
let k = 0;
while (k < 3) { const v = k; hs.push(function () { return v; }); k++; }
console.log(hs.map(f => f()).join(","));
