// @node
'use strict';
// The strict two-parameter comparator's own call (cm_duk_sort_call in
// engine/host/duk_call.inc): results of every type through ToNumber,
// registers that start undefined on every call, object elements kept
// alive, errors, closures, re-entrancy, mutation during the sort.
function ids(a) { return a.map(function (o) { return o.id; }).join(); }
var objs = [];
for (var i = 0; i < 40; i++) objs.push({ id: i, k: (i * 7) % 13 });
objs.sort(function (p, q) { return p.k - q.k; });
print('objects', ids(objs));
objs = null;

print('number', [3, 1, 2].sort((p, q) => p - q).join());
print('string', [3, 1, 2, 10].sort((p, q) => String(q - p)).join());
var vo = 0;
print('valueOf', [3, 1, 2].sort((p, q) => ({ valueOf() { vo++; return p - q; } })).join(), vo > 0);
print('undefined', [3, 1, 2].sort((p, q) => undefined).join());
print('NaN', [3, 1, 2].sort((p, q) => NaN).join());
print('-0', [3, 1, 2].sort((p, q) => -0).join());
try { [3, 1, 2].sort((p, q) => Symbol('s')); } catch (e) { print('symbol', e.constructor.name); }
try { [3, 1, 2].sort((p, q) => ({ valueOf() { throw new RangeError('v'); } })); } catch (e) { print('valueOf threw', e.message); }

// A local starts undefined on every call, whatever the last call left.
print('locals', [5, 4, 3, 2, 1].sort(function (p, q) { var seen; var r = seen === undefined ? p - q : 1000; seen = 1; return r; }).join());

// Errors from a leaf and from a comparator with a try of its own.
try { [5, 3, 1].sort((p, q) => { if (p === 1 || q === 1) throw new TypeError('one'); return p - q; }); } catch (e) { print('leaf threw', e.message); }
try {
  [5, 3, 1].sort(function (p, q) {
    try { if (p === 3) throw 'inner'; } catch (e) { if (q === 1) throw new Error('rethrown ' + e); }
    return p - q;
  });
} catch (e) { print('non-leaf threw', e.message); }

// A closure over the comparator's parameters outlives its call.
var later = [];
[2, 1].sort(function (p, q) { later.push(() => p + ':' + q); return p - q; });
print('closure', later.map((f) => f()).join());

// Other shapes take the general path with the same results.
print('one param', [3, 1, 2].sort(function (p) { return 0; }).join());
print('three params', [3, 1, 2].sort(function (p, q, r) { return r === undefined ? p - q : 1; }).join());
print('default param', [3, 1, 2].sort(function (p, q = 0) { return p - q; }).join());
print('bound', [3, 1, 2].sort(function (p, q) { return this.s * (p - q); }.bind({ s: -1 })).join());

// Re-entrancy, and the array changed by its own comparator.
var outer = [[3, 2, 1], [6, 5], [4]];
outer.sort((p, q) => { p.sort((x, y) => x - y); q.sort((x, y) => x - y); return p[0] - q[0]; });
print('nested', JSON.stringify(outer));
var m = [5, 1, 4, 2, 3];
m.sort((p, q) => { m.length = 3; m.push(p); return p - q; });
print('mutated', m.length, m.slice(0, 5).join());

// Holes and undefined are never passed; they go last.
var seenArgs = [];
var h = [3, , undefined, 1, , 2];
h.sort((p, q) => { seenArgs.push(typeof p, typeof q); return p - q; });
print('holes', JSON.stringify(h), h.length, 2 in h, 4 in h, seenArgs.indexOf('undefined'));

var big = [], x = 99;
for (i = 0; i < 5000; i++) { x = (x * 48271) % 2147483647; big.push(x % 10007); }
var sorted = big.slice().sort((p, q) => p - q), ok = true;
for (i = 1; i < sorted.length; i++) if (sorted[i - 1] > sorted[i]) ok = false;
print('big', ok, sorted.length, sorted[0], sorted[4999]);
