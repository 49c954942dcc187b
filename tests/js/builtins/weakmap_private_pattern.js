// @node @modern

const priv = new WeakMap();
class Counter { constructor() { priv.set(this, { n: 0 }); } inc() { priv.get(this).n++; return this; } get value() { return priv.get(this).n; } }
const c = new Counter().inc().inc();
print(c.value, JSON.stringify(c), Object.keys(c).length, priv.has(c));
const ws = new WeakSet(); const seen = (o) => { if (ws.has(o)) return true; ws.add(o); return false; };
const o = {}; print(seen(o), seen(o), seen({}));
print(WeakMap.prototype.set.length, typeof WeakMap.prototype.clear, typeof WeakMap.prototype.forEach);
