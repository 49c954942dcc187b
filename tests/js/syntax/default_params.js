function f(a, b = a + 1, c = b * 2) { return [a, b, c].join(","); }
console.log(f(1), f(1, 5), f(1, undefined, 0), f(1, null));
console.log(f.length);
function g(a = 1, b) { return a + (b || 0); }
console.log(g.length, g(), g(undefined, 2));
