// @node @modern

const f = Object.freeze({ id: 1 }), s = Object.seal({ id: 2 }), n = Object.preventExtensions({ id: 3 });
const m = new Map([[f, 'f'], [s, 's'], [n, 'n']]);
print(m.get(f), m.get(s), m.get(n), Object.isFrozen(f), Object.isSealed(s), Object.isExtensible(n));
const ws = new WeakSet([f, s, n]); print(ws.has(f), ws.has(s), ws.has(n));
print(Object.freeze(5), Object.freeze('x'), Object.isFrozen(Object.freeze([1])));
print(Object.getOwnPropertyNames(f).join(), Reflect.ownKeys(f).length);
