const o = { a: { b: { c: 1 } }, n: null, arr: [10] };
console.log(o?.a?.b?.c, o.n?.x, o.missing?.deep.deeper, o.arr?.[0], o.n?.[0]);
let calls = 0;
const r = o.n?.[calls++];
console.log(r, calls);
