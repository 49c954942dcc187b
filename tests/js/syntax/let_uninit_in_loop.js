const out = [];
for (let i = 0; i < 3; i++) { let x; if (i === 1) x = "set"; out.push(String(x)); }
console.log(out.join(","));
