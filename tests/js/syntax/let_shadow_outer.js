var name = "outer";
function f() { if (true) { let name = "inner"; } return name; }
console.log(f());
function g() { var r = []; for (let q = 0; q < 2; q++) r.push(q); return typeof q; }
console.log(g());
