function f(a, ...rest) { return a + ":" + rest.join("/") + ":" + Array.isArray(rest); }
console.log(f(1), f(1, 2, 3));
console.log(f.length);
const g = (...all) => all.length;
console.log(g(), g(1, 2));
