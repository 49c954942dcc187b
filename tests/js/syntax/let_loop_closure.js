const fns = [];
for (let i = 0; i < 3; i++) fns.push(() => i);
console.log(fns.map(f => f()).join(","));
const gs = [];
for (let i = 0; i < 3; i++) { gs.push(() => i); i += 0; }
console.log(gs.map(f => f()).join(","));
