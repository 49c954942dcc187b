// @node @modern

const m = new Map([['a', 1], ['b', 2]]);
print(JSON.stringify([...m]), JSON.stringify([...m.keys()]), JSON.stringify([...m.values()]));
print(JSON.stringify(Object.fromEntries(m)), JSON.stringify(new Map(Object.entries({ x: 1 })).get('x')));
const copy = new Map(m); copy.set('c', 3); print(m.size, copy.size);
const [[k1, v1]] = m; print(k1, v1);
for (const [k, v] of m) print(k, v);
m.forEach(function (v, k) { print(this.p, k, v); }, { p: 'this' });
