// @node
var s = new Set([1, 1, '1', NaN, NaN, 0, -0, 'abc']);
print(s.size, s.has(NaN), s.has(-0), s.has('abc'), s.has('ab'));
print(Array.from(s).map(String).join(','));
print(JSON.stringify(Array.from(s.entries())));
print(Set.prototype.keys === Set.prototype.values, Set.prototype[Symbol.iterator] === Set.prototype.values);
print(Object.prototype.toString.call(s), Object.prototype.toString.call(s.values()));
var a = {}; s.add(a); s.add(a); print(s.size, s.delete(a), s.size, s.delete(a));
print(Object.is(Array.from(new Set([-0]))[0], 0));
print(new Set('hello').size, Array.from(new Set('hello')).join(''));
var x = new Set(); print(x.add(1) === x);
