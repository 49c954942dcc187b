function f(a, g = () => a) { a = "changed"; return g(); }
console.log(f("orig"));
function h(x = 1, y = x * 2, z = (() => x + y)()) { return z; }
console.log(h(), h(5));
