const fs = [];
let i = 0;
do { const v = i; fs.push(() => v); i++; } while (i < 3);
console.log(fs.map(f => f()).join(","));
