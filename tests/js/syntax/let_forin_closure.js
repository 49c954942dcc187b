const fns = [];
for (const k in { a: 1, b: 2 }) fns.push(() => k);
console.log(fns.map(f => f()).join(","));
const gs = [];
for (const v of [7, 8, 9]) gs.push(() => v);
console.log(gs.map(f => f()).join(","));
