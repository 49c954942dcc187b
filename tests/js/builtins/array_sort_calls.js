// @node
// The comparator's call (engine/host/arrsort.c, cm_duk_sort_call in
// engine/host/duk_array.inc) and the merge sort's runs: order and stability
// over input shapes and sizes around the run length, the comparator's
// `this`, arguments and result conversion, comparators of every kind, and
// one comparison per element on ordered input.
function shapes(n) {
  var x = 12345, r = { random: [], sorted: [], reversed: [], few: [], nearly: [], pipe: [] };
  for (var i = 0; i < n; i++) {
    x = (x * 48271) % 2147483647;
    r.random.push(x % 1000);
    r.sorted.push(i);
    r.reversed.push(n - i);
    r.few.push(x % 3);
    r.nearly.push(i % 10 === 0 ? x % n : i);
    r.pipe.push(i < n / 2 ? i : n - i);
  }
  return r;
}
var bad = [];
var sizes = [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 5000];
for (var s = 0; s < sizes.length; s++) {
  var sh = shapes(sizes[s]);
  for (var k in sh) {
    // Stability: equal keys keep their input order (i).
    var a = sh[k].map(function (v, i) { return { v: v, i: i }; });
    a.sort(function (p, q) { return p.v - q.v; });
    for (var m = 1; m < a.length; m++) {
      if (a[m - 1].v > a[m].v || (a[m - 1].v === a[m].v && a[m - 1].i > a[m].i)) { bad.push(k + ' ' + sizes[s]); break; }
    }
  }
}
print('shapes', bad.length === 0 ? 'ok' : bad.join(';'));

// Ordered input: each element is asked against its neighbour once.
var calls = 0, ord = shapes(1000).sorted;
ord.sort(function (p, q) { calls++; return p - q; });
print('ordered calls', calls);
var calls2 = 0, ord2 = shapes(20).sorted;
ord2.sort(function (p, q) { calls2++; return p - q; });
print('ordered calls', calls2);

// `this` is undefined: a sloppy comparator sees the global object.
var seen = [];
[2, 1].sort(function (p, q) { seen.push(this === globalThis); return p - q; });
[2, 1].sort(function (p, q) { 'use strict'; seen.push(this === undefined); return p - q; });
var holder = { tag: 'h', run: function () { [2, 1].sort((p, q) => { seen.push(this.tag === 'h'); return p - q; }); } };
holder.run();
print('this', seen.join());
function argc() { seen.length = 0; seen.push(arguments.length); return 0; }
[2, 1, 3].sort(argc);
print('arguments', seen.join());

// The result goes through ToNumber: valueOf once per call, strings, NaN.
var vcalls = 0;
print([3, 1, 2].sort(function (p, q) { return { valueOf: function () { vcalls++; return p - q; } }; }).join(), vcalls > 0);
print([3, 1, 2].sort(function (p, q) { return String(p - q); }).join());
print([3, 1, 2].sort(function () { return NaN; }).join());
print([3, 1, 2].sort(function () { return undefined; }).join());
try { [3, 1, 2].sort(function () { return Symbol('s'); }); } catch (e) { print(e.constructor.name); }
try { [3, 1, 2].sort(function () { return { valueOf: function () { throw new RangeError('v'); } }; }); } catch (e) { print(e.constructor.name, e.message); }

// Comparators of every kind.
var desc = function (p, q) { return q - p; };
print([1, 3, 2].sort(desc.bind(null)).join());
print([1, 3, 2].sort(new Proxy(desc, {})).join());
print([1, 3, 2].sort(Math.min).join().length);
print([1, 3, 2].sort(async function (p, q) { return p - q; }).join());
print([1, 3, 2].sort(function* (p, q) { yield p - q; }).join());

// Deep work inside a comparator: recursion and a nested sort.
function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
print([5, 4, 3, 2, 1].sort(function (p, q) { return depth(200) - 200 + p - q; }).join());
print([[3, 1], [2, 9, 1], [0]].sort(function (p, q) {
  return p.slice().sort(function (x, y) { return x - y; })[0] - q.slice().sort(function (x, y) { return x - y; })[0];
}).map(function (x) { return x.join('+'); }).join(' '));

// A comparator that changes the array: the sort writes back its own values.
var mut = [4, 3, 2, 1];
mut.sort(function (p, q) { mut[0] = 99; mut.length = 2; return p - q; });
print(mut.join());
