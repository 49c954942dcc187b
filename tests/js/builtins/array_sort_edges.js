// @node
// Every edge of SortCompare and SortIndexedProperties the native sort
// (engine/host/arrsort.c) implements.
function show(a) {
	var out = '', i;
	for (i = 0; i < a.length; i++)
		out += (i ? ',' : '') + (i in a ? (typeof a[i] === 'symbol' ? a[i].toString() : String(a[i]) + (1 / a[i] === -Infinity ? '(-0)' : '')) : '<hole>');
	return out + ' len=' + a.length;
}
// undefined after everything, holes after undefined, deleted up to len
var a = [3, undefined, , 1, undefined, , 2];
a.sort();
print(show(a), 5 in a, 6 in a);
a = [3, undefined, , 1, undefined, , 2];
a.sort(function (x, y) { return y - x; });
print(show(a));
// the comparator never sees undefined and is called with this undefined
var seen = [];
[undefined, 2, undefined, 1].sort(function (x, y) { 'use strict'; seen.push(typeof x, typeof y, this === undefined); return x - y; });
print(seen.indexOf('undefined'), seen.indexOf(false));
// comparator results that are not numbers: ToNumber once per call, NaN is 0
var calls = 0;
var r = [5, 1, 4, 2, 3].sort(function (x, y) { return { valueOf: function () { calls++; return x - y; } }; });
print(show(r), calls > 0);
print(show([5, 1, 4, 2, 3].sort(function (x, y) { return String(x - y); })));
print(show([5, 1, 4, 2, 3].sort(function (x, y) { return x > y ? true : x < y ? -1 : false; })));
print(show(['b', 'a', 'c'].sort(function () { return NaN; })));
print(show(['b', 'a', 'c'].sort(function () { return undefined; })));
print(show([2, 1, 3].sort(function (x, y) { return (x - y) * Infinity; })));
print(show([2, 1, 3].sort(function (x, y) { return x < y ? -0 : 0; })));
try { [2, 1].sort(function () { return Symbol(); }); } catch (e) { print(e.name); }
// stable for equal keys, also past the insertion runs and in every merge
var objs = [];
for (var i = 0; i < 100; i++) objs.push({ k: (i * 37) % 7, i: i });
objs.sort(function (x, y) { return x.k - y.k; });
var stable = true;
for (i = 1; i < objs.length; i++)
	if (objs[i - 1].k > objs[i].k || (objs[i - 1].k === objs[i].k && objs[i - 1].i > objs[i].i))
		stable = false;
print('stable', stable);
// without a comparator: ToString (hint string) once per element, UTF-16 order
var tostr = 0;
var o = { valueOf: function () { return 1; }, toString: function () { tostr++; return '-2'; } };
print(show([undefined, 2, 1, 'X', -1, 'a', true, o, NaN, Infinity].sort()), tostr > 0);
print(show([10, 9, 1, -1, -0, 0, 1e21, 1e-7, 0.5].sort()));
print(show(['\uffff', '\ud83d\ude00', '\ue000', 'z', '\ud800', '\udc00'].sort()).split('').map(function (c) { return c.charCodeAt(0) > 127 ? c.charCodeAt(0).toString(16) : c; }).join(''));
print(show(['ab', 'a', 'abc', '', 'b'].sort()));
try { [Symbol('s'), 'a'].sort(); } catch (e) { print(e.name); }
print(show([Symbol.iterator, Symbol.iterator].sort(function () { return 0; })));
// array-likes: HasProperty then Get, holes deleted, length not changed
var al = { 0: 'c', 2: 'a', 3: undefined, 5: 'b', length: 6 };
Array.prototype.sort.call(al);
print(JSON.stringify(al));
var log = [];
var px = new Proxy({ 0: 2, 1: 1, length: 2 }, {
	has: function (t, k) { log.push('has ' + String(k)); return k in t; },
	get: function (t, k) { log.push('get ' + String(k)); return t[k]; },
	set: function (t, k, v) { log.push('set ' + String(k) + '=' + v); t[k] = v; return true; },
	deleteProperty: function (t, k) { log.push('delete ' + String(k)); return delete t[k]; }
});
Array.prototype.sort.call(px);
print(log.join('; '));
// a comparator that throws leaves the array as it was
var keep = [3, 1, 2], n = 0;
try { keep.sort(function (x, y) { if (++n === 2) throw new Error('stop'); return x - y; }); } catch (e) { print(e.message, show(keep)); }
// a comparator that changes the array: the sort works on its own copy
var mut = [3, 1, 2];
mut.sort(function (x, y) { mut.length = 0; return x - y; });
print(show(mut));
// writes fail: frozen arrays, non-writable elements
try { Object.freeze([2, 1]).sort(); } catch (e) { print(e.name); }
try { Object.defineProperty([2, 1, 0], 1, { value: 1, writable: false }).sort(); } catch (e) { print(e.name); }
// the checks before anything is read
try { [1].sort(null); } catch (e) { print(e.name); }
try { [1].sort({}); } catch (e) { print(e.name); }
try { Array.prototype.sort.call(null); } catch (e) { print(e.name); }
print(show([].sort()), show([1].sort(function () { throw new Error('never'); })));
print(typeof Array.prototype.sort.call(true), Array.prototype.sort.call('', undefined).length);
// toSorted reads holes as undefined and leaves the original alone
var orig = [3, , 1, undefined];
print(show(orig.toSorted()), show(orig));
// typed arrays: numeric order, NaN last, -0 before +0, comparator's ToNumber
var f = new Float64Array([3, NaN, -0, 0, -Infinity, 1, NaN, 0, -0]);
print(show(Array.prototype.slice.call(f.sort())));
print(show(Array.prototype.slice.call(new Int8Array([5, -1, 3, -128]).sort(function (x, y) { return String(y - x); }))));
print(show(Array.prototype.slice.call(new Uint8Array([3, 2, 1]).sort(function () { return NaN; }))));
print(show(Array.prototype.slice.call(new Float32Array([2, 1]).toSorted())), show(Array.prototype.slice.call(new Uint16Array(0).sort())));
try { new Uint8Array(2).sort(1); } catch (e) { print(e.name); }
try { Uint8Array.prototype.sort.call([2, 1]); } catch (e) { print(e.name); }
var ta = new Uint32Array([4, 3, 2, 1]);
print(ta.sort() === ta, ta.join());
// accessors on the prototypes never see the sort's own work arrays
Object.defineProperty(Object.prototype, '1', { get: function () { throw new Error('get'); }, set: function () { throw new Error('set'); }, configurable: true });
Object.defineProperty(Array.prototype, '0', { get: function () { throw new Error('get'); }, set: function () { throw new Error('set'); }, configurable: true });
print(show([3, 1, 2].sort()), show([3, 1, 2].sort(function (x, y) { return x - y; })), show([3, 1, 2].toSorted()));
delete Object.prototype[1];
delete Array.prototype[0];
