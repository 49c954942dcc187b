// Shapes test262 checks: the native errors' read-only `prototype`,
// Symbol.prototype[Symbol.toPrimitive]'s length and name.
['Error', 'TypeError', 'RangeError', 'SyntaxError', 'URIError', 'EvalError', 'ReferenceError'].forEach(function (n) {
	var d = Object.getOwnPropertyDescriptor(globalThis[n], 'prototype');
	print(n, d.writable, d.enumerable, d.configurable);
});
var f = Symbol.prototype[Symbol.toPrimitive];
print(f.length, f.name);
TypeError.prototype = null;
print(Object.getPrototypeOf(new TypeError('x')) !== null);
