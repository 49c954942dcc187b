// @node
// Reflect.construct(target, args, newTarget): `this` inside the target has
// newTarget's prototype already, the target's own prototype is left as it
// was; Symbol is a constructor (a valid newTarget), though new Symbol throws.
var seen;
function F(x) { seen = Object.getPrototypeOf(this); this.x = x; }
var saved = F.prototype;
var r = Reflect.construct(F, [4], Array);
print(seen === Array.prototype, Object.getPrototypeOf(r) === Array.prototype, r.x, F.prototype === saved);
function G() {}
G.prototype = { tag: 'G' };
r = Reflect.construct(F, [5], G);
print(seen.tag, r.tag, r.x);
function Thrower() { throw new RangeError('inside'); }
try {
	Reflect.construct(Thrower, [], G);
} catch (e) {
	print(e.constructor.name, Thrower.prototype !== G.prototype);
}
print(Reflect.construct(function () {}, [], Symbol) instanceof Object);
try {
	Reflect.construct(Symbol, []);
} catch (e) {
	print('construct Symbol', e.constructor.name);
}
try {
	Reflect.construct(function () {}, [], Math.max);
} catch (e) {
	print('non-constructor newTarget', e.constructor.name);
}
// a built-in target: the object gets newTarget's prototype afterwards
r = Reflect.construct(Array, [3], G);
print(Array.isArray(r), r.length, r.tag);
