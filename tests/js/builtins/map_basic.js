// @node
var m = new Map([[1, 'a'], ['1', 'b'], [NaN, 'nan'], [-0, 'zero']]);
var o = {}, f = function () {}, s = Symbol('s');
m.set(o, 'obj').set(f, 'fn').set(s, 'sym').set(null, 'null').set(undefined, 'undef').set(true, 'T');
print(m.size, m.get(1), m.get('1'), m.get(NaN), m.get(0), m.get(+0), m.get(-0), m.get(o), m.get({}), m.get(f), m.get(s), m.get(null), m.get(undefined), m.get(true), m.get('true'));
print(m.has(o), m.has({}), m.has('null'), m.has(null));
var keys = [];
m.forEach(function (v, k, mm) { keys.push(typeof k === 'symbol' ? 'sym' : typeof k === 'function' ? 'fn' : String(k)); if (mm !== m) throw 1; });
print(keys.join(','));
print(m.delete(o), m.delete(o), m.size, m.has(o));
m.set(o, 'again');
var ks = []; for (var k of m.keys()) { ks.push(typeof k === 'symbol' ? 'sym' : typeof k === 'object' && k ? 'obj' : typeof k === 'function' ? 'fn' : String(k)); }
print(ks.join(','));
print(Object.prototype.toString.call(m), String(m), typeof m.entries().next, Object.prototype.toString.call(m.entries()));
print(Object.keys(m).length, JSON.stringify(m));
var e = m.entries().next().value; print(e[0], e[1]);
m.clear(); print(m.size, m.get(1));
print(Map.prototype[Symbol.iterator] === Map.prototype.entries, Map.length, Map.prototype.set.length);
try { Map(); } catch (err) { print(err.name); }
try { new Map([1]); } catch (err) { print(err.name); }
var frozen = Object.freeze({ z: 1 }); var m2 = new Map([[frozen, 'fz']]); print(m2.get(frozen), m2.has(Object.freeze({})));
var proto = { p: 1 }; var child = Object.create(proto); var m3 = new Map([[proto, 'proto']]); print(m3.get(child), m3.get(proto));
print(JSON.stringify(Object.getOwnPropertyNames(proto)), Object.getOwnPropertySymbols(proto).length, JSON.stringify(proto));
