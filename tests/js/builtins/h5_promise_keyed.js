// @modern
// Promise.allKeyed / allSettledKeyed (await-dictionary), Promise.try, and
// combinators that never run Array.prototype setters.  Expected output
// written by hand (node 20 lacks these).

const sym = Symbol('s');
const input = { b: Promise.resolve('B'), a: 'A', [sym]: Promise.resolve('S') };
const hidden = Promise.reject(new Error('no'));
hidden.catch(() => {});
Object.defineProperty(input, 'hidden', { value: hidden, enumerable: false });
Promise.allKeyed(input).then(r => {
  print('allKeyed', Object.getPrototypeOf(r), Reflect.ownKeys(r).map(String).join(), r.b, r.a, r[sym]);
});
Promise.allKeyed({ x: Promise.reject('bad'), y: 1 }).catch(e => print('allKeyed rejects', e));
Promise.allKeyed(5).catch(e => print('allKeyed non-object', e instanceof TypeError));
Promise.allKeyed({}).then(r => print('allKeyed empty', Reflect.ownKeys(r).length));

Promise.allSettledKeyed({ ok: 1, bad: Promise.reject('E') }).then(r => {
  print('allSettledKeyed', JSON.stringify(r), Object.getPrototypeOf(r));
});

// result key order is property order, not settlement order
let rs = {};
const ordered = { first: new Promise(r => rs.first = r), second: new Promise(r => rs.second = r) };
Promise.allKeyed(ordered).then(r => print('order', Object.keys(r).join()));
rs.second(2); rs.first(1);

// custom constructor: resolve is read once, element functions are
// built-in shaped (no prototype, not constructable, length 1, name '')
let gets = 0;
function C(ex) { return new Promise(ex); }
Object.defineProperty(C, 'resolve', { get() { gets++; return v => Promise.resolve(v); } });
Promise.allKeyed.call(C, { a: 1, b: 2 });
print('resolve gets', gets);
let elem;
function D(ex) { ex(() => {}, () => {}); }
D.resolve = v => v;
Promise.allSettledKeyed.call(D, { k: { then(f) { elem = f; } } });
print('element', elem.length, JSON.stringify(elem.name), Object.prototype.hasOwnProperty.call(elem, 'prototype'));
try { new elem(); print('constructed'); } catch (e) { print('new element', e instanceof TypeError); }

print('try', Promise.try.name, Promise.try.length);
Promise.try((a, b) => a + b, 2, 3).then(v => print('try value', v));
Promise.try(() => { throw 'boom'; }).catch(e => print('try caught', e));

// no Array.prototype setter runs inside the promise machinery
Object.defineProperty(Array.prototype, 0, { set(v) { print('SETTER CALLED'); }, configurable: true });
Promise.all([42, Promise.resolve(43)]).then(v => print('all', v.length, Object.getOwnPropertyDescriptor(v, 0).value));
Promise.allSettled([1]).then(v => print('allSettled', v.length, v[0].status));
Promise.any([Promise.reject(1)]).catch(e => {
  print('any', e.errors.length, Object.getOwnPropertyDescriptor(e.errors, 0).value);
  delete Array.prototype[0];
});
