// @node @modern

const fe = Object.fromEntries([['a', 1], ['a', 2], [Symbol.for('s'), 3], [1, 'one']]);
print(fe.a, fe[Symbol.for('s')], fe['1'], Object.keys(fe).join());
const src = { x: 1, get y() { return 2; } };
Object.defineProperty(src, 'z', { value: 3, enumerable: false });
const ds = Object.getOwnPropertyDescriptors(src);
print(Object.keys(ds).join(), typeof ds.y.get, ds.z.enumerable, ds.x.writable);
const clone = Object.defineProperties({}, ds); print(clone.y, clone.z, Object.keys(clone).join());
print(Object.hasOwn({ a: undefined }, 'a'), Object.hasOwn(Object.create({ a: 1 }), 'a'));
try { Object.hasOwn(null, 'a'); } catch (e) { print(e.constructor.name); }
