// @node
var m = new Map([['a', 1], ['b', 2], ['c', 3]]);
var out = [];
for (var e of m) {
  out.push(e[0]);
  if (e[0] === 'a') { m.delete('b'); m.set('d', 4); }
  if (e[0] === 'c') { m.delete('c'); m.set('c', 5); }
  if (out.length > 10) break;
}
print(out.join(','));
var s = new Set([1, 2, 3]);
var it = s.values();
print(it.next().value);
s.clear();
s.add(9);
print(JSON.stringify(it.next()), JSON.stringify(it.next()));
var s2 = new Set([1, 2, 3, 4]);
var seen = [];
s2.forEach(function (v) { seen.push(v); if (v === 2) { s2.delete(3); s2.delete(1); s2.add(5); } });
print(seen.join(','));
var it2 = new Set([1]).values(); it2.next(); print(JSON.stringify(it2.next()));
var m4 = new Map(); var it4 = m4.keys(); m4.set('late', 1); print(JSON.stringify(it4.next()));
