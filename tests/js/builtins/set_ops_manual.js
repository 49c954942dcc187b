// @node @modern

const a = new Set([1, 2, 3, 4]), b = new Set([3, 4, 5]);
const union = new Set([...a, ...b]);
const inter = new Set([...a].filter(x => b.has(x)));
const diff = new Set([...a].filter(x => !b.has(x)));
print([...union].join(), [...inter].join(), [...diff].join());
const s = new Set(); s.add(NaN).add(NaN).add(0).add(-0);
print(s.size, [...s].map(x => Object.is(x, -0)).join());
const it = s.entries(); print(JSON.stringify(it.next().value));
s.delete(NaN); print(s.has(NaN), s.size);
