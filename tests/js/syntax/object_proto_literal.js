const base = { hi() { return "hi from base"; } };
const o = { __proto__: base, own: 1 };
console.log(o.hi(), Object.getPrototypeOf(o) === base, Object.keys(o).join(","));
