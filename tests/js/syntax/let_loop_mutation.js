const fns = [];
for (let i = 0; i < 4; i++) { fns.push(() => i); i++; }
console.log(fns.map(f => f()).join(","));
const a = [];
for (let i = 0, j = 10; i < 2; i++, j--) a.push(() => i + "/" + j);
console.log(a.map(f => f()).join(" "));
