// @node
// Object.entries/values use the intrinsic Object.keys and ToObject, not what
// a script later stores in the globals; Object.prototype.toString reads
// @@toStringTag of arrays too; Object.prototype.toLocaleString keeps a
// primitive this.
var entries = Object.entries, values = Object.values, keys = Object.keys;
Object.keys = function () { throw new Error('global Object.keys called'); };
print(JSON.stringify(entries({ a: 1, b: [2] })), JSON.stringify(values('xy')));
Object.keys = keys;
var RealObject = Object;
function Fake() { throw new Error('global Object called'); }
Fake.entries = entries;
Fake.values = values;
globalThis.Object = Fake;
print(Object.entries(1).length, Object.values(true).length, JSON.stringify(Object.entries('ab')));
globalThis.Object = RealObject;
var toStr = Object.prototype.toString;
var a = [1, 2];
print(toStr.call(a), String(a));
a[Symbol.toStringTag] = 'Tagged';
print(toStr.call(a), toStr.call({ [Symbol.toStringTag]: 'Plain' }), toStr.call(null), toStr.call(undefined), toStr.call(1), toStr.call({}));
Object.defineProperty(Array.prototype, Symbol.toStringTag, { value: 'Inherited', configurable: true });
print(toStr.call([]));
delete Array.prototype[Symbol.toStringTag];
print(toStr.call([]), toStr.call(new Proxy([], {})));
Number.prototype.toString = function () { 'use strict'; return 'num ' + typeof this; };
print(Object.prototype.toLocaleString.call(5));
try {
	Object.prototype.toLocaleString.call(undefined);
} catch (e) {
	print(e.constructor.name);
}
