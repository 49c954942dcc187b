// @node
// Array methods on array-likes read length with ToLength (not ToUint32), and
// ArraySpeciesCreate on a non-array throws a RangeError past 2^32 - 1.
function tryIt(name, f) {
	try {
		print(name, JSON.stringify(f()));
	} catch (e) {
		print(name, e.constructor.name);
	}
}
var big = { 0: 'a', 1: 'b', 4294967295: 'y', length: 4294967297 };
tryIt('map long', function () { return Array.prototype.map.call(big, function (v) { return v; }); });
tryIt('map Infinity', function () { return Array.prototype.map.call({ 0: 9, length: 'Infinity' }, function (v) { return v; }); });
tryIt('map small', function () { return Array.prototype.map.call({ 0: 1, 2: 3, length: 3 }, function (v) { return v * 2; }); });
tryIt('slice tail', function () { return Array.prototype.slice.call(big, 4294967295, 4294967296); });
tryIt('slice neg len', function () { return Array.prototype.slice.call({ 4294967294: 'x', length: -1 }, 4294967294, 4294967295); });
tryIt('slice too long', function () { return Array.prototype.slice.call({ length: 4294967297 }, 0); });
var o = { 0: 'x', 4294967295: 'y', length: 4294967296 };
tryIt('splice', function () { return Array.prototype.splice.call(o, 4294967295, 1); });
print('after splice', o.length, o[4294967295]);
var q = { 0: 'a', 1: 'b', 2: 'c', 3: 'd', length: 4 };
tryIt('splice mid', function () { return Array.prototype.splice.call(q, 1, 2, 'X', 'Y', 'Z'); });
print(JSON.stringify(q));
tryIt('splice shrink', function () { return Array.prototype.splice.call(q, 0, 3); });
print(JSON.stringify(q));
tryIt('splice too long', function () { return Array.prototype.splice.call({ length: 4294967296 }, 0); });
// real arrays keep the native paths, species included
print([1, 2, 3].map(function (x) { return x + 1; }), [1, 2, 3, 4].slice(1, 3), [1, 2, 3].splice(1, 1));
// Array.of / Array.from with a this that is no constructor
var arrow = () => 0, m = { f() {} }.f;
tryIt('of arrow', function () { return Array.of.call(arrow, 1, 2); });
tryIt('from method', function () { return Array.from.call(m, { length: 2, 0: 'p' }); });
function C() {}
var c = Array.of.call(C, 7);
print(c instanceof C, c.length, c[0]);
// toLocaleString invokes each element's method on the primitive itself
Boolean.prototype.toString = function () { 'use strict'; return typeof this; };
Number.prototype.toLocaleString = function () { 'use strict'; return 'n:' + typeof this; };
print([true, false].toLocaleString(), [1, null, undefined, 2].toLocaleString());
tryIt('toLocaleString no method', function () { return [Object.create(null)].toLocaleString(); });
