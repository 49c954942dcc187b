function f(a) { arguments[0] = "changed"; return a; }
function g(a) { "use strict"; arguments[0] = "changed"; return a; }
console.log(f("orig"), g("orig"));
function h() { return Array.prototype.slice.call(arguments).join("-"); }
console.log(h(1, 2, 3));
