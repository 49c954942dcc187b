const o = { _v: 1, get v() { return this._v * 10; }, set v(n) { this._v = n; } };
o.v = 5;
console.log(o.v, Object.keys(o).join(","));
