let x = "global-let";
function f() { var y = x; { let x = "block"; y += "/" + x; } return y; }
console.log(f());
