// A typed array's integer-indexed exotic behaviour through the reflective
// functions (38_buffer.js): canonical numeric strings ('-0', '1.5', an
// index past the end) are never ordinary properties, an element's
// descriptor is writable, enumerable and configurable, `length` is the
// prototype's getter, not an own property.
var s = new Float64Array([42, 43]);
print(Reflect.defineProperty(s, '2', { value: 1 }), Reflect.defineProperty(s, '-0', { value: 1 }),
    Reflect.defineProperty(s, '1.5', { value: 1 }), s['-0'], s['1.5'], s[0]);
print(Reflect.defineProperty(s, '0', { value: 8, configurable: true, enumerable: true, writable: true }), s[0]);
print(Reflect.defineProperty(s, 0, { value: 9, configurable: false }), Reflect.defineProperty(s, 0, { get: function () {} }),
    Reflect.defineProperty(s, 0, { value: 9, writable: false }), Reflect.defineProperty(s, 0, { enumerable: false }), s[0]);
print(Reflect.defineProperty(s, 'foo', { value: 5 }), s.foo);
print(JSON.stringify(Object.getOwnPropertyDescriptor(s, '0')), JSON.stringify(Reflect.getOwnPropertyDescriptor(s, 1)));
print(Object.getOwnPropertyDescriptor(s, '5'), Object.getOwnPropertyDescriptor(s, '-0'), Object.getOwnPropertyDescriptor(s, 'length'));
s.bar = 1;
print(JSON.stringify(Reflect.ownKeys(s)), JSON.stringify(Object.getOwnPropertyNames(s.subarray(1))));
try { Object.defineProperty(s, '1', { value: 1, configurable: false }); } catch (e) { print(e.name, e.message); }
try { Object.defineProperty(s, '1', { get: 1 }); } catch (e) { print(e.name); }
print(Object.defineProperty(s, '1', { value: '7' }) === s, s[1]);
// [[Set]]: on the array itself ToNumber runs even for an index out of range
var coerced = 0, v = { valueOf: function () { coerced++; return 2.5; } };
print(Reflect.set(s, 1, 7), s[1], Reflect.set(s, '1.5', v), Reflect.set(s, '-0', v), coerced, s['1.5']);
// through another receiver an index out of range is done without a write
var r = {};
print(Reflect.set(s, 5, v, r), Reflect.set(s, '-1', v, r), coerced, JSON.stringify(Object.keys(r)));
print(Reflect.set(s, 0, 3, r), r[0], s[0]);
try { Reflect.set(s, 0, { valueOf: function () { throw new RangeError('x'); } }); } catch (e) { print(e.name); }
// [[HasProperty]]: numeric keys by range, other keys up the chain
print(Reflect.has(s, 1), Reflect.has(s, 2), Reflect.has(s, '-0'), Reflect.has(s, 'foo'), Reflect.has(s, 'map'), Reflect.has(s, 'nope'));
var seen = [];
var proxy = new Proxy(Float64Array.prototype, { has: function (t, k) { seen.push(k); return k in t; } });
var p = new Float64Array(1);
Object.setPrototypeOf(p, proxy);
print(Reflect.has(p, 0), Reflect.has(p, 3), Reflect.has(p, 'every'), seen.join());
// [[Get]] of a numeric key never reaches the prototype
Object.defineProperty(Float64Array.prototype, '7', { get: function () { throw new Error('reached'); }, configurable: true });
print(Reflect.get(s, 7), Reflect.get(s, '-0'), Reflect.get(s, 0, {}), Reflect.get(s, 'foo'));
delete Float64Array.prototype[7];
// nothing changes for other objects
var o = {};
print(Reflect.defineProperty(o, '-0', { value: 1 }), o['-0'], Reflect.set(o, '1.5', 2), o['1.5'],
    Reflect.has(o, '1.5'), JSON.stringify(Reflect.ownKeys([1])), JSON.stringify(Object.getOwnPropertyDescriptor([1], 'length')));
print(Object.defineProperty.length, Object.defineProperty.name, Reflect.set.length, Reflect.get.name,
    Reflect.has.length, Object.getOwnPropertyNames.name, 'prototype' in Reflect.set);
try { new Reflect.set({}, 'x', 1); } catch (e) { print(e.name); }
