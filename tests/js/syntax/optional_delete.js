const o = { a: { b: 1 } };
console.log(delete o?.a.b, JSON.stringify(o));
const n = null;
console.log(delete n?.x);
