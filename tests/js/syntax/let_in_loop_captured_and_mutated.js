const fs = [];
for (let i = 0; i < 3; i++) { let acc = i; fs.push(() => acc); acc += 100; }
console.log(fs.map(f => f()).join(","));
