// @node @modern

print([true, false, 'b', 'a', 10, 9, null, undefined, 'c'].sort().map(String).join());
print(['10', 9, '8', 1].sort().join(), [3, 20, 100].sort().join(), [3, 20, 100].sort((a, b) => a - b).join());
print(['é', 'e', 'z', 'a', 'E'].sort().join(), ['b', 'a'].sort(undefined).join());
const objs = [{ n: 'b' }, { n: 'a' }, { n: 'b' }, { n: 'a' }].map((o, i) => ({ ...o, i }));
print(objs.sort((x, y) => x.n < y.n ? -1 : x.n > y.n ? 1 : 0).map(o => o.n + o.i).join());
print([5, 1, 4].sort(() => 0).join(), [2, 1].sort((a, b) => b > a).join(), [1, 2, 3].sort((a, b) => b - a).join());
const sparse = [3, , 1]; sparse.sort(); print(sparse.length, JSON.stringify(sparse), 2 in sparse);
