// @node (except the line after Uint8Array.prototype.length = 7: Node writes
// its own output through a Uint8Array subclass, so it prints 7 bytes of it)
// `length` is an accessor of %TypedArray%.prototype, never an own property
// of a typed array (ES2025 23.2.3.21): hasOwnProperty, own keys and
// getOwnPropertyDescriptor do not see one, delete is true, a typed array
// may be given an own `length` (which then shadows the getter), and an
// accessor a script puts in front of the original getter (on the
// instance, on the kind's prototype, on %TypedArray%.prototype) is the one
// `ta.length` calls. A host-made typed array (before any typed array
// global is named) has the getter too.
var enc = new TextEncoder().encode('abc');
console.log('host', enc.length, enc.hasOwnProperty('length'));
var TAP = Object.getPrototypeOf(Int8Array.prototype);
var d = Object.getOwnPropertyDescriptor(TAP, 'length');
console.log('getter', typeof d.get, d.set, d.enumerable, d.configurable, d.get.name, d.get.length,
	JSON.stringify(Object.getOwnPropertyDescriptor(d.get, 'length')),
	JSON.stringify(Object.getOwnPropertyDescriptor(d.get, 'name')));
var ta = new Uint8Array([1, 2, 3]);
console.log('own', ta.length, ta.hasOwnProperty('length'), 'length' in ta,
	Object.getOwnPropertyNames(ta).join(), Reflect.ownKeys(ta).join(),
	Object.getOwnPropertyDescriptor(ta, 'length'));
console.log('delete', delete ta.length, ta.length, Reflect.deleteProperty(ta, 'length'));
try {
	d.get.call({});
	console.log('plain object: no error');
} catch (e) {
	console.log('plain object:', e.name);
}
try {
	d.get.call(new DataView(new ArrayBuffer(2)));
	console.log('DataView: no error');
} catch (e) {
	console.log('DataView:', e.name);
}
(function () {
	'use strict';
	try {
		ta.length = 9;
		console.log('strict write: no error');
	} catch (e) {
		console.log('strict write:', e.name);
	}
})();
ta.length = 9;
console.log('sloppy write', ta.length, ta.hasOwnProperty('length'));
var calls = 0;
Object.defineProperty(ta, 'length', { get: function () { calls++; return 42; }, configurable: true });
console.log('own accessor', ta.length, calls, ta.hasOwnProperty('length'), Object.getOwnPropertyNames(ta).join());
delete ta.length;
Object.defineProperty(Uint8Array.prototype, 'length', { value: 7, configurable: true });
console.log('kind prototype', ta.length, new Int8Array(2).length);
delete Uint8Array.prototype.length;
try {
	console.log('inherited: no error', Object.create(ta).length);
} catch (e) {
	console.log('inherited (the receiver is no typed array):', e.name);
}
console.log('array prototype', Object.setPrototypeOf(new Int16Array(4), [1, 2]).length);
Object.defineProperty(TAP, 'length', { get: function () { return 'mine'; }, configurable: true });
console.log('replaced getter', ta.length, new Float32Array(5).length);
Object.defineProperty(TAP, 'length', d);
console.log('restored', ta.length, new Float32Array(5).length);
var total = 0, f = new Float64Array([1, 2, 3, 4]), i;
for (i = 0; i < f.length; i++)
	total += f[i];
console.log('loop', total);
