// Reflect.set with a receiver through an object whose prototype chain
// reaches a typed array: that typed array's [[Set]] answers a numeric key
// (ES2025 10.4.5.5): the receiver is the typed array itself, the element
// is written after one ToNumber, even out of range; another receiver and an
// index out of range is done, untouched, without ToNumber (Node 20 still
// ran ToNumber there); a receiver and an index in range get an own
// property. And an array-like whose length no buffer can hold is a
// RangeError, not an empty typed array (2^32 used to wrap to 0).
var ta = new Int32Array(4);
var obj = Object.create(ta);
var calls = 0;
var value = { valueOf: function () { calls++; return 5; } };
console.log('receiver is the typed array, out of range:', Reflect.set(obj, 100, value, ta), calls);
console.log('receiver is the typed array, in range:', Reflect.set(obj, 1, value, ta), calls, ta[1], Object.keys(obj).length);
console.log('other receiver, out of range:', Reflect.set(obj, '-0', value, {}), Reflect.set(obj, '1.5', value, {}), calls);
var other = {};
console.log('other receiver, in range:', Reflect.set(obj, 2, 7, other), other[2], ta[2]);
console.log('other key:', Reflect.set(obj, 'x', 7, other), other.x);
var shadow = Object.create(ta);
Object.defineProperty(shadow, '100', { value: 1, writable: true, configurable: true });
console.log('own property first:', Reflect.set(shadow, 100, 9, other), other[100], shadow[100]);
try {
	Reflect.set(1, { toString: function () { console.log('key read'); return 'a'; } }, 1, {});
} catch (e) {
	console.log('primitive target:', e.name);
}
[Math.pow(2, 53), Math.pow(2, 32), -1, 3].forEach(function (len) {
	try {
		console.log(len, 'made', new Float64Array({ length: len }).length);
	} catch (e) {
		console.log(len, e.name, e.message);
	}
});
var reads = 0;
var counted = {};
Object.defineProperty(counted, 'length', { get: function () { reads++; return 2; } });
console.log('length getter read', new Uint8Array(counted).length, reads);
