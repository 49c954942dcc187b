// Function.prototype.toString: every function reads in the spec's
// NativeFunction form (no source text is kept), including bound ones.
var forms = [
	function named(a, b) { return a + b; },
	function* gen() {},
	async function af() {},
	() => 1,
	class K {},
	{ m() {} }.m,
	Object.getOwnPropertyDescriptor({ get g() { return 1; } }, 'g').get,
	function f() {}.bind(null),
	Math.max,
];
var nativeForm = /^function [^(]*\(\) \{ \[native code\] \}$/;
forms.forEach(function (f) {
	console.log(nativeForm.test(Function.prototype.toString.call(f)));
});
// Subclassing a Duktape-native constructor and a script one still works:
// the lowering tells them apart without reading toString.
class MyErr extends Error {}
class Base { constructor() { this.x = 1; } }
class Derived extends Base {}
console.log(new MyErr('m') instanceof Error, new MyErr('m').message, new Derived().x);
function Old() { this.kind = this.constructor.name; }
class FromOld extends Old {}
console.log(new FromOld().kind);
// Function.prototype[Symbol.hasInstance]: its name, and false for a
// non-callable this instead of a TypeError.
var hi = Function.prototype[Symbol.hasInstance];
console.log(hi.name, hi.length, hi.call({}, {}), hi.call(undefined, []));
console.log(hi.call(Array, []), hi.call(Base, new Derived()));
// A callable Proxy has the NativeFunction form too; a plain object throws.
console.log(nativeForm.test(Function.prototype.toString.call(new Proxy(function p() {}, {}))));
try {
	Function.prototype.toString.call(new Proxy({}, {}));
} catch (e) {
	console.log(e.name);
}
