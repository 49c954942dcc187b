function* gen() { yield 1; yield 2; yield 3; }
const [a, b] = gen();
console.log(a, b);
const [c, ...d] = "héllo";
console.log(c, d.join(""));
let closed = false;
const it = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { closed = true; return {}; } }; } };
const [x] = it;
console.log(x, closed);
