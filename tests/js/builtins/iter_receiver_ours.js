// Where ours words a wrong receiver apart from node 20 (iter_receiver.js has the rest): V8 writes a function receiver as its source text (`function f() {}`), which Duktape keeps no copy of, so ours writes `#<Function>`; and a typed array as `[object Uint8Array]` (its toString is Array.prototype.toString there), ours `#<Uint8Array>`. Both still throw the TypeError.
const ArrayIter = Object.getPrototypeOf([][Symbol.iterator]());
function* g() { yield 1 }
const GP = Object.getPrototypeOf(g.prototype);
for (const r of [function f() {}, new Uint8Array(2)]) {
  try { ArrayIter.next.call(r) } catch (e) { console.log(e.constructor.name + ': ' + e.message) }
  try { GP.next.call(r) } catch (e) { console.log(e.constructor.name + ': ' + e.message) }
}
