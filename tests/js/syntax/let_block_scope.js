let x = 1;
{ let x = 2; console.log(x); }
console.log(x);
if (true) { const x = 3; console.log(x); }
function f() { let y = "a"; { let y = "b"; } return y; }
console.log(f());
