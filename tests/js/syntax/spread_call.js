function sum(...a) { return a.reduce((x, y) => x + y, 0); }
const arr = [1, 2, 3];
console.log(sum(...arr), sum(0, ...arr, 4), Math.max(...arr));
const o = { k: 10, m(...a) { return this.k + a.length; } };
console.log(o.m(...arr));
console.log(sum(..."123".split("").map(Number)));
