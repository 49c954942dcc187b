// @node
// Array.prototype natives on a `this` that is no Array follow the spec (ToLength,
// 2^53 - 1 bounds); on arrays they stay Duktape's, behind a C stand-in.
var AP = Array.prototype;
print(AP.push.name, AP.push.length, AP.indexOf.length, AP.reduce.length, AP.forEach.name, typeof AP.push.prototype);
try { new AP.push(); } catch (e) { print('new push', e.constructor.name); }
var a = [1, 2, 3]; a.push(4, 5); print(a, a.pop(), a.shift(), a.unshift(0), a, a.indexOf(3), a.lastIndexOf(0), a.reverse());
print(a.every(x => x >= 0), a.some(x => x > 3), a.reduce((s, x) => s + x), a.reduceRight((s, x) => s + x, ''));
var obj = { 0: 'x', 4294967294: 'y', 4294967295: 'z', length: 4294967296 };
print(AP.indexOf.call(obj, 'x'), AP.lastIndexOf.call(obj, 'z'), AP.indexOf.call(obj, 'z', -1), AP.lastIndexOf.call(obj, 'y', -2), AP.some.call({0: 11, 1: 12, length: 4294967297 }, v => v > 10));
var p = { length: Infinity }; AP.pop.call(p); print(p.length, AP.push.call({ length: 4294967295 }, 1));
var x = []; x.length = 4294967295; print(x.push()); try { x.push('x'); } catch (e) { print(e.constructor.name, x[4294967295], x.length); }
var s = { length: 2, 0: 'a', 1: 'b' }; AP.push.call(s, 'c'); print(JSON.stringify(s), AP.shift.call(s), JSON.stringify(s), AP.unshift.call(s, 'q', 'r'), JSON.stringify(s), JSON.stringify(AP.reverse.call(s)));
try { AP.push.call({ length: 9007199254740991 }, 1); } catch (e) { print(e.constructor.name); }
print(AP.forEach.call('ab', function (c, i) { print(c, i); }));
try { AP.reduce.call({ length: 0 }, function () {}); } catch (e) { print(e.constructor.name); }
print(Object.getOwnPropertyNames(AP.push).join());
var arrLike = { 0: 'a', 1: 'b', 2: 'c', length: 3 };
print(AP.every.call(arrLike, v => typeof v === 'string'), AP.some.call('xyz', v => v === 'z'), AP.reduceRight.call(arrLike, (s, v) => s + v));
var log = [];
try { AP.forEach.call({ length: 4294967298, get 0() { throw new RangeError("read 0"); } }, function () {}); } catch (e) { print(e.message); }
// the stand-ins carry the natives' name and length, configurable as a
// built-in's are
['push', 'pop', 'indexOf', 'every', 'reduceRight'].forEach(function (n) {
	var f = AP[n], d = Object.getOwnPropertyDescriptor(f, 'length'), e = Object.getOwnPropertyDescriptor(f, 'name');
	print(n, f.name, d.value, d.writable, d.enumerable, d.configurable, e.writable, e.enumerable, e.configurable);
});
var ts = Object.getOwnPropertyDescriptor(Object.prototype.toString, 'length');
print(Object.prototype.toString.name, ts.value, ts.writable, ts.configurable);
