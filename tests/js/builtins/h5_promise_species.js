// @node @modern
// Promise: @@species, SpeciesConstructor in then/finally, capability calls,
// built-in function shapes.

const sd = Object.getOwnPropertyDescriptor(Promise, Symbol.species);
print('species', typeof sd.get, sd.set, sd.get.name, sd.get.length, sd.configurable, Promise[Symbol.species] === Promise);
const pd = Object.getOwnPropertyDescriptor(Promise, 'prototype');
print('prototype', pd.writable, pd.enumerable, pd.configurable);
const names = Object.getOwnPropertyNames(Promise);
print('order', names.indexOf('name') === names.indexOf('length') + 1);
print('try.name', Promise.try === undefined ? 'try' : Promise.try.name);

// then() reads constructor once and honours species
let ctorReads = 0;
const p0 = Promise.resolve(1);
Object.defineProperty(p0, 'constructor', { get() { ctorReads++; return Promise; } });
p0.then(() => print('ctor reads', ctorReads));

// constructor null is not an object: TypeError
const pn = Promise.resolve();
pn.constructor = null;
try { pn.then(); print('no throw'); } catch (e) { print('ctor null', e instanceof TypeError); }

// species null/undefined falls back to %Promise%
const ps = Promise.resolve();
ps.constructor = { [Symbol.species]: null };
print('species null', Object.getPrototypeOf(ps.then()) === Promise.prototype);

// subclass via then and finally: counts constructions
let made = 0;
class Sub extends Promise {
  constructor(ex) { made++; super(ex); }
}
const s1 = new Sub(r => r(5));
const t1 = s1.then(v => v);
print('sub then', t1 instanceof Sub, made);
made = 0;
new Sub(r => r()).finally(() => {}).then(() => print('finally constructions', made));

// a species constructor that hands out capability functions
function Fake(executor) {
  executor(v => print('fake resolve', v), e => print('fake reject', e));
}
const pf = Promise.resolve(7);
pf.constructor = { [Symbol.species]: Fake };
const r = pf.then(v => v * 2);
print('fake result', r instanceof Fake);

// capability functions are called with an undefined receiver
let recv = 'unset';
function Cap(executor) {
  executor(function () { 'use strict'; recv = this; }, function () {});
}
Promise.resolve.call(Cap, 1);
print('resolve receiver', recv);

// resolving functions are not constructors and have no prototype
new Promise((res, rej) => {
  print('res', res.length, JSON.stringify(res.name), Object.prototype.hasOwnProperty.call(res, 'prototype'));
  try { new res(); print('constructed'); } catch (e) { print('new res', e instanceof TypeError); }
  const n = Object.getOwnPropertyNames(rej);
  print('rej order', n.indexOf('name') === n.indexOf('length') + 1);
  res();
});
