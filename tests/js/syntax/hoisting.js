console.log(typeof later, typeof v, v);
function later() { return 1; }
var v = 2;
console.log(f1());
function f1() { return f2(); }
function f2() { return "hoisted"; }
