// @node
// Calls of ECMAScript functions through cm__call (engine/host/duk_call.inc):
// from C (the sort's comparator, forEach/map/filter/reduce callbacks,
// getters, valueOf) and from bytecode, with leaf callees (no call, no
// try, entered without the executor's own catchpoint) and others.

// An error thrown by a leaf callee reaches the caller's catch; the run
// goes on with the call stack, value stack and recursion depth intact.
function leafThrow(p, q) { if (p === 3) throw new TypeError('leaf ' + p); return p - q; }
for (var r = 0; r < 3; r++) {
  try { [5, 3, 1, 4].sort(leafThrow); print('no throw'); } catch (e) { print(e.name, e.message); }
}
try { [1, 2, 3].forEach(function (v) { if (v === 2) throw v * 10; }); } catch (e) { print('forEach threw', e); }
try { [1, 2, 3].map(function (v) { return v.x.y; }); } catch (e) { print(e.constructor.name); }
try { [1, 2, 3].reduce(function (a, v) { if (v === 3) throw 'r' + a; return a + v; }); } catch (e) { print('reduce threw', e); }
// Thrown from a leaf inside a try of a non-leaf callback, caught there.
print([4, 2, 9].map(function (v) {
  try { [v, 1].sort(function (p, q) { if (p === 9 || q === 9) throw 'nine'; return p - q; }); return v; }
  catch (e) { return e; }
}).join());
// A leaf getter and valueOf called from C, one of them throwing.
var o = { get g() { return this.k * 2; }, k: 21 };
print(o.g, [{ valueOf: function () { return 7; } }].map(function (x) { return x * 1; })[0]);
var t = { get bad() { throw new RangeError('getter'); } };
try { t.bad; } catch (e) { print(e.name, e.message); }

// Re-entrancy: a comparator that sorts, a callback that maps.
var nested = [[3, 1, 2], [9, 8], [5]].sort(function (p, q) {
  p.sort(function (x, y) { return x - y; });
  q.sort(function (x, y) { return x - y; });
  return p[0] - q[0];
});
print(JSON.stringify(nested));
print(JSON.stringify([1, 2].map(function (v) { return [v, v + 1].map(function (w) { return w * v; }); })));

// `this`: undefined for a strict callee, the global object for a sloppy
// one; a thisArg primitive is boxed for sloppy code only.
[1].forEach(function () { 'use strict'; print('strict this', this === undefined); });
[1].forEach(function () { print('sloppy this', this === globalThis); });
[1].forEach(function () { 'use strict'; print('strict prim', typeof this); }, 5);
[1].forEach(function () { print('sloppy prim', typeof this); }, 5);

// Fewer and more arguments than parameters; `arguments` (not a fast call).
print([10, 20].map(function (a, b, c, d, e) { return [a, b, c === undefined, d, e].join(':'); }).join(' '));
print([10, 20].map(function () { return arguments.length + '/' + arguments[1]; }).join(' '));
print([10, 20].map(function (a) { return a; }).join(' '));
// More arguments than parameters: a local after them starts undefined.
print([10, 20].map(function (a) { var b; return a + ':' + (b === undefined); }).join(' '));

// A callee that leaves a closure over its parameters (an environment is
// made and closed as the call unwinds).
var fns = [1, 2, 3].map(function (v) { var w = v * 100; return function () { return v + w; }; });
print(fns.map(function (f) { return f(); }).join());
var keep = [];
[3, 1, 2].sort(function (p, q) { keep.push(function () { return p + '<' + q; }); return p - q; });
print(keep.length > 0, keep[0]());

// Deep recursion through native calls ends in a RangeError, and the
// engine works afterwards.
function down(n) { return [n].map(function (v) { return down(v + 1); })[0]; }
try { down(0); print('no limit'); } catch (e) { print('deep', e.constructor.name); }
function downLeaf(n) { return [n].map(down2)[0]; }
function down2(v) { return downLeaf(v + 1); }
try { downLeaf(0); } catch (e) { print('deep2', e.constructor.name); }
// A getter that reads itself: only calls from C, each one a native
// recursion, until the limit.
var selfGet = { get g() { return this.g; } };
try { selfGet.g; print('no limit'); } catch (e) { print('getter loop', e.constructor.name, e.message); }
var selfVal = { valueOf: function () { return +this; } };
try { +selfVal; print('no limit'); } catch (e) { print('valueOf loop', e.constructor.name, e.message); }
print([3, 2, 1].sort(function (p, q) { return p - q; }).join());

// Generators and async functions inside callbacks (thread resumes).
function* gen() { yield 1; yield 2; }
print([0, 0].map(function () { var s = 0; for (var x of gen()) s += x; return s; }).join());
var order = [];
[1, 2].forEach(async function (v) { order.push('a' + v); await null; order.push('b' + v); });
order.push('sync');
Promise.resolve().then(function () {}).then(function () { print(order.join()); });

// A comparator many times over: results match a plain numeric sort.
var big = [], x = 7;
for (var i = 0; i < 3000; i++) { x = (x * 48271) % 2147483647; big.push(x % 1000); }
var s1 = big.slice().sort(function (p, q) { return p - q; });
var ok = true;
for (i = 1; i < s1.length; i++) if (s1[i - 1] > s1[i]) ok = false;
print('big', ok, s1.length);
