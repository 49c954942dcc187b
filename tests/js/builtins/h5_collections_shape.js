// @node @modern
// Map/Set/WeakMap/WeakSet: @@species getters, `size` getter names,
// read-only prototypes, length/name order, -0 keys, iteration while mutating.

for (const C of [Map, Set]) {
  const d = Object.getOwnPropertyDescriptor(C, Symbol.species);
  print(C.name, 'species', d.get.name, d.get.length, d.set, C[Symbol.species] === C, d.get.call(42));
  const s = Object.getOwnPropertyDescriptor(C.prototype, 'size');
  print(C.name, 'size', s.get.name, s.get.length, s.set, s.enumerable, s.configurable);
}
for (const C of [Map, Set, WeakMap, WeakSet]) {
  const d = Object.getOwnPropertyDescriptor(C, 'prototype');
  const n = Object.getOwnPropertyNames(C);
  print(C.name, C.length, d.writable, d.enumerable, d.configurable, n.indexOf('name') === n.indexOf('length') + 1);
}

const m = new Map([[-0, 'zero']]);
print('-0 key', Object.is([...m.keys()][0], 0), m.get(0), m.has(-0));
const s = new Set([-0]);
print('-0 set', Object.is([...s][0], 0));

// entries added during forEach are visited, deleted ones are not
const m2 = new Map([[1, 'a'], [2, 'b'], [3, 'c']]);
const seen = [];
m2.forEach((v, k) => {
  seen.push(k);
  if (k === 1) { m2.delete(2); m2.set(4, 'd'); }
});
print('forEach', seen.join());
const s2 = new Set([1, 2, 3]);
const it = s2.values();
print(it.next().value);
s2.clear();
s2.add(9);
print('after clear', it.next().value, it.next().done);

// Map constructor reads `next` once
let nextGets = 0;
const iterable = {
  [Symbol.iterator]() {
    let i = 0;
    return { get next() { nextGets++; return () => (i < 2 ? { value: [i, i++], done: false } : { done: true }); } };
  }
};
new Map(iterable);
print('next gets', nextGets);

// symbols as WeakMap keys / WeakSet values (ES2023)
const wm = new WeakMap();
const key = Symbol('k');
wm.set(key, 1);
print('weak symbol', wm.get(key), wm.has(key), wm.delete(key), wm.has(key));
try { wm.set(Symbol.for('reg'), 1); print('no throw'); } catch (e) { print('registered symbol', e instanceof TypeError); }
const ws = new WeakSet([key]);
print('weakset symbol', ws.has(key));
