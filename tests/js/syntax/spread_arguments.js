function f() { return [...arguments].join("+"); }
function g() { return Math.max(...arguments); }
function h() { const [a, b] = arguments; return a + b; }
console.log(f(1, 2, 3), g(4, 9, 2), h(5, 6));
const typed = new Uint8Array([3, 1, 2]);
console.log([...typed].join(","));
