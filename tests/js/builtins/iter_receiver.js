// @node
// The next methods of the array, string, Map, Set and RegExp string iterators, and a generator's and an async generator's next/return/throw, on a receiver that is not such an object: a TypeError naming the method and the receiver in V8's words, also for an object whose prototype is a genuine iterator or generator (it inherits the slots, it has none of its own) and for the other collection's iterator. (Functions and typed arrays as receivers, and how an iterator receiver is written: iter_receiver_ours.js; here that text reads `an iterator`.)
const protos = {
  ArrayIter: Object.getPrototypeOf([][Symbol.iterator]()),
  StringIter: Object.getPrototypeOf(''[Symbol.iterator]()),
  MapIter: Object.getPrototypeOf(new Map().entries()),
  SetIter: Object.getPrototypeOf(new Set().values()),
  RegExpStrIter: Object.getPrototypeOf(/a/[Symbol.matchAll]('')),
};
function* g() { yield 1 }
// an iterator receiver's text: node 20 (no Iterator.prototype.constructor accessor) writes #<Object>, ours [object Map Iterator] (iter_receiver_ours.js)
const words = (rn, e) => e.constructor.name + ': ' + (/Iter$/.test(rn) ? e.message.replace(/receiver .*$/, 'receiver an iterator') : e.message);
const recvs = {
  obj: () => ({}), num: () => 5, undef: () => undefined, nul: () => null, str: () => 'ab', arr: () => [1], sym: () => Symbol('s'),
  arrIter: () => [1][Symbol.iterator](), strIter: () => 'a'[Symbol.iterator](), mapIter: () => new Map([[1, 1]]).entries(), setIter: () => new Set([1]).values(),
  reIter: () => /a/g[Symbol.matchAll]('a'), gen: () => g(),
  protoArrIter: () => Object.create([1][Symbol.iterator]()), protoStrIter: () => Object.create('a'[Symbol.iterator]()),
  protoMapIter: () => Object.create(new Map([[1, 1]]).entries()), protoSetIter: () => Object.create(new Set([1]).values()),
  protoReIter: () => Object.create(/a/g[Symbol.matchAll]('a')), protoGen: () => Object.create(g()),
  Map: () => new Map(), classy: () => new (class Foo {})(), nullProto: () => Object.create(null),
};
for (const [pn, p] of Object.entries(protos)) for (const [rn, r] of Object.entries(recvs)) {
  try { const v = p.next.call(r()); console.log(pn, rn, 'ok', JSON.stringify(v)) } catch (e) { console.log(pn, rn, words(rn, e)) }
}
const GP = Object.getPrototypeOf(g.prototype);
for (const m of ['next', 'return', 'throw']) for (const [rn, r] of Object.entries(recvs)) {
  try { const v = GP[m].call(r(), 7); console.log('Generator', m, rn, 'ok', JSON.stringify(v)) } catch (e) { console.log('Generator', m, rn, words(rn, e)) }
}
// a genuine iterator keeps working whatever its prototype becomes
const it = [1, 2][Symbol.iterator]();
Object.setPrototypeOf(it, null);
console.log('reparented array iterator', JSON.stringify(protos.ArrayIter.next.call(it)));
const m = new Map([[1, 'a']]).keys();
Object.setPrototypeOf(m, {});
console.log('reparented map iterator', JSON.stringify(protos.MapIter.next.call(m)));
async function* ag() { yield 1 }
const AGP = Object.getPrototypeOf(ag.prototype);
(async () => {
  for (const m of ['next', 'return', 'throw']) for (const [rn, r] of Object.entries({ obj: () => ({}), num: () => 5, undef: () => undefined, protoAgen: () => Object.create(ag()), gen: () => g() })) {
    try { await AGP[m].call(r()); console.log('AsyncGenerator', m, rn, 'ok') } catch (e) { console.log('AsyncGenerator', m, rn, e.constructor.name + ': ' + e.message) }
  }
})();
