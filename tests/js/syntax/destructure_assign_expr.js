let a, b, o = {};
({ a, b } = { a: 1, b: 2 });
console.log(a, b);
[o.x, o.y] = [3, 4];
console.log(o.x, o.y);
const r = ({ a } = { a: 9 });
console.log(a, r.a);
