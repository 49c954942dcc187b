const r = [];
a: for (const x in { p: 1, q: 2 }) { for (const y of [1, 2]) { if (y === 2) continue a; r.push(x + y); } }
console.log(r.join(","));
