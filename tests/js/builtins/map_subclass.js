// @node @modern

class CountMap extends Map {
  inc(k) { this.set(k, (this.get(k) || 0) + 1); return this; }
}
const cm = new CountMap([['x', 5]]);
cm.inc('a').inc('a').inc('x');
print(cm.get('a'), cm.get('x'), cm.size, cm instanceof Map, cm instanceof CountMap);
class TagSet extends Set { add(v) { return super.add(String(v).toUpperCase()); } }
const ts = new TagSet(['a', 'b']); ts.add('c');
print([...ts].join());
