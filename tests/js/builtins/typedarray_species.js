// %TypedArray%.prototype methods create through TypedArraySpeciesCreate;
// toReversed/toSorted/with do not consult species.
class Sub extends Uint8Array {}
var s = new Sub([1, 2, 3, 4]);
print(s.map(function (x) { return x; }) instanceof Sub, s.filter(Boolean) instanceof Sub, s.slice(1) instanceof Sub, s.subarray(1) instanceof Sub);
print(s.toReversed() instanceof Sub, s.toReversed().constructor === Uint8Array, s.with(0, 9).join(), s.toSorted().constructor.name);
var t = new Int16Array([1, 2, 3, 4]), calls = [];
t.constructor = {};
t.constructor[Symbol.species] = function (a, b, c) { calls.push(arguments.length); return new Int16Array(a, b, c); };
print(t.subarray(1, 3).join(), t.slice(2).join(), calls.join());
t.constructor[Symbol.species] = function () { return new Int16Array(1); };
try { t.slice(0); } catch (e) { print('short', e.name); }
t.constructor[Symbol.species] = function () { return {}; };
try { t.map(function (x) { return x; }); } catch (e) { print('not a TA', e.name); }
t.constructor = 1;
try { t.filter(Boolean); } catch (e) { print('ctor 1', e.name); }
try { new Uint8Array(2).set([1], -1); } catch (e) { print('set', e.name); }
try { Uint8Array.of.call(function () { return new Uint8Array(0); }, 1, 2); } catch (e) { print('of', e.name); }
try { new Uint8Array({ [Symbol.iterator]: 1 }); } catch (e) { print('iterator', e.name); }
var d = Object.getOwnPropertyDescriptor(Uint8Array, 'prototype');
print(d.writable, d.configurable, Uint8Array.length, Object.keys(Uint8Array).length);
var d=Object.getOwnPropertyDescriptor; print(typeof Uint8Array); try { new (Object.getPrototypeOf(Int8Array).from)(); } catch (e) { print(e.name); } try { new (Object.getPrototypeOf(Int8Array).prototype.slice)(); } catch (e) { print(e.name); } try { new (ArrayBuffer.prototype.transfer)(); } catch (e) { print(e.name); }
