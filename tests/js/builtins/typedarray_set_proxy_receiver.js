// @node
// A typed array's [[Set]] of an index through another receiver is
// OrdinarySet (ES2025 10.4.5.5): when that receiver is a Proxy (with no
// `set` trap, over an object that inherits from the typed array), the
// Proxy's getOwnPropertyDescriptor and defineProperty traps make the
// property; the typed array is untouched and the value never converted.
// An index out of range is done with nothing made and nothing converted
// (Node 20 still converts there, as an older edition said: its only
// difference from this output).
var converted = 0;
var value = { valueOf: function () { converted++; return 2.5; } };
var target = new Float64Array([0]);
var log = [];
var receiver = new Proxy(Object.create(target), {
	getOwnPropertyDescriptor: function (t, k) {
		log.push('gopd ' + String(k));
		return Reflect.getOwnPropertyDescriptor(t, k);
	},
	defineProperty: function (t, k, d) {
		log.push('define ' + String(k) + ' ' + d.writable + d.enumerable + d.configurable);
		return Reflect.defineProperty(t, k, d);
	}
});
receiver[0] = value;
console.log(target[0], receiver[0] === value, converted, log.join(', '));
log = [];
receiver[5] = value;
console.log(receiver[5], Object.getOwnPropertyNames(Object.getPrototypeOf(receiver)).length, converted, log.join(', '));
console.log(Reflect.set(target, 0, 7, receiver), receiver[0], target[0], log.join(', '));
var frozen = new Proxy(Object.preventExtensions(Object.create(new Int8Array(1))), {});
console.log(Reflect.set(frozen, 0, 1), frozen.hasOwnProperty(0));
