// @node
// Symbol.prototype.description tells Symbol() (undefined) from Symbol('')
// (""); Symbol.unscopables and Array.prototype[@@unscopables] exist.
var list = [Symbol(), Symbol(''), Symbol('d'), Symbol('a\u00ffb'), Symbol.for('k'), Symbol.for(''), Symbol.iterator, Object(Symbol(''))];
print(JSON.stringify(list.map(function (s) { return s.description === undefined ? 'undefined' : s.description; })));
var get = Object.getOwnPropertyDescriptor(Symbol.prototype, 'description').get;
print(typeof get, get.name);
try {
	get.call('x');
} catch (e) {
	print(e.constructor.name);
}
print(typeof Symbol.unscopables, Symbol.unscopables.description);
var d = Object.getOwnPropertyDescriptor(Symbol, 'unscopables');
print(d.writable, d.enumerable, d.configurable);
var u = Array.prototype[Symbol.unscopables];
print(Object.getPrototypeOf(u), Object.keys(u).sort().join());
d = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.unscopables);
print(d.writable, d.enumerable, d.configurable);
