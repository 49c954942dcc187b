const o = { v: 7, m() { return this.v; }, nf: null };
console.log(o.m?.(), o.nf?.(), o.missing?.(), o?.m());
const f = null;
console.log(f?.(1));
const g = (x) => x + 1;
console.log(g?.(1));
