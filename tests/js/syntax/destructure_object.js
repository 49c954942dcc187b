const { a, b: bb, c = 3, d: { e } = { e: 5 } } = { a: 1, b: 2 };
console.log(a, bb, c, e);
const { ["x" + 1]: x1 } = { x1: "computed" };
console.log(x1);
