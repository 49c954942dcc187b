// Where ours words a wrong receiver apart from node 20 (iter_receiver.js has the rest): V8 writes a function receiver as its source text (`function f() {}`), which Duktape keeps no copy of, so ours writes what our Function.prototype.toString gives; and an iterator receiver as #<Object> in node 20, which has no Iterator.prototype.constructor: ours has that accessor (ES2025), and the search for a constructor stops at it as V8's does (newer V8 writes [object Map Iterator] too). A typed array is [object Uint8Array] in both.
const ArrayIter = Object.getPrototypeOf([][Symbol.iterator]());
function* g() { yield 1 }
const GP = Object.getPrototypeOf(g.prototype);
for (const r of [function f() {}, new Uint8Array(2)]) {
  try { ArrayIter.next.call(r) } catch (e) { console.log(e.constructor.name + ': ' + e.message) }
  try { GP.next.call(r) } catch (e) { console.log(e.constructor.name + ': ' + e.message) }
}
const iters = { arrIter: () => [1][Symbol.iterator](), mapIter: () => new Map([[1, 1]]).entries(), protoSetIter: () => Object.create(new Set([1]).values()), reIter: () => /a/g[Symbol.matchAll]('a') };
const StringIter = Object.getPrototypeOf(''[Symbol.iterator]());
for (const [rn, r] of Object.entries(iters)) {
  try { StringIter.next.call(r()) } catch (e) { console.log(rn, e.constructor.name + ': ' + e.message) }
}
