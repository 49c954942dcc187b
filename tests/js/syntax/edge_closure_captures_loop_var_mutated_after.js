const fs = [];
for (let i = 0; i < 2; i++) { fs.push(() => i); }
for (let i = 0; i < 2; i++) { const f = () => i; i += 10; fs.push(f); }
console.log(fs.map(f => f()).join(","));
