function Counter() { this.n = 0; this.inc = () => { this.n++; return this; }; }
const c = new Counter(); c.inc().inc(); const f = c.inc; f();
console.log(c.n);
const o = { v: 5, get() { return [1, 2].map(x => x * this.v); } };
console.log(o.get().join(","));
