const o = { k: "K", inner: { k: "inner", m() { return this.k; } } };
console.log(o.inner?.m(), o?.inner.m(), o.inner.m?.());
