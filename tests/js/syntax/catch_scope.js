var e = "outer";
try { throw "inner"; } catch (e) { console.log(e); }
console.log(e);
const fs = [];
for (let i = 0; i < 2; i++) { try { throw i; } catch (err) { fs.push(() => err); } }
console.log(fs.map(f => f()).join(","));
