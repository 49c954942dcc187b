// @node Proxy: the six traps Duktape never calls, reached through every built-in that performs them
var log = [];
function logging(extra) {
	var h = {};
	['getOwnPropertyDescriptor', 'defineProperty', 'getPrototypeOf', 'setPrototypeOf',
	    'isExtensible', 'preventExtensions', 'ownKeys', 'get', 'has', 'deleteProperty'].forEach(function (n) {
		h[n] = function () {
			log.push(n + (typeof arguments[1] === 'string' ? ' ' + arguments[1] : ''));
			return Reflect[n].apply(null, arguments);
		};
	});
	return h;
}
function show(label, v) {
	console.log(label, JSON.stringify(v), '|', log.join(', '));
	log = [];
}
var target = { a: 1, b: 2 };
Object.defineProperty(target, 'hid', { value: 3, enumerable: false, configurable: true });
var p = new Proxy(target, logging());
show('gOPD', Object.getOwnPropertyDescriptor(p, 'a'));
show('R.gOPD', Reflect.getOwnPropertyDescriptor(p, 'b'));
show('gOPDs', Object.getOwnPropertyDescriptors(p));
show('keys', Object.keys(p));
show('values', Object.values(p));
show('entries', Object.entries(p));
show('names', Object.getOwnPropertyNames(p));
show('symbols', Object.getOwnPropertySymbols(p).length);
show('hasOwn', Object.hasOwn(p, 'a'));
show('hasOwnProperty', p.hasOwnProperty('hid'));
show('propertyIsEnumerable', Object.prototype.propertyIsEnumerable.call(p, 'hid'));
show('assign', Object.assign({}, p));
show('spread', { ...p });
var { a, ...rest } = p;
show('rest', rest);
show('defineProperty', Object.defineProperty(p, 'c', { value: 3, writable: true, enumerable: true, configurable: true }) === p);
show('R.defineProperty', Reflect.defineProperty(p, 'd', { value: 4 }));
show('defineProperties', Object.defineProperties(p, { e: { value: 5, enumerable: true } }) === p);
show('getPrototypeOf', Object.getPrototypeOf(p) === Object.prototype);
show('R.getPrototypeOf', Reflect.getPrototypeOf(p) === Object.prototype);
show('__proto__', p.__proto__ === Object.prototype);
show('isPrototypeOf', Object.prototype.isPrototypeOf.call(Object.prototype, p));
show('setPrototypeOf', Object.setPrototypeOf(p, Array.prototype) === p);
show('R.setPrototypeOf', Reflect.setPrototypeOf(p, Object.prototype));
show('isExtensible', Object.isExtensible(p));
show('R.isExtensible', Reflect.isExtensible(p));
show('isSealed', Object.isSealed(p));
show('isFrozen', Object.isFrozen(p));
var q = new Proxy({ x: 1 }, logging());
show('seal', Object.seal(q) === q);
var r = new Proxy({ x: 1, get y() { return 2; } }, logging());
show('freeze', Object.freeze(r) === r);
show('frozen', [Object.isFrozen(r), Object.isSealed(r), Object.isExtensible(r)]);
var s = new Proxy({}, logging());
show('preventExtensions', Object.preventExtensions(s) === s);
show('R.preventExtensions', Reflect.preventExtensions(new Proxy({}, logging())));
show('R.ownKeys', Reflect.ownKeys(p));
show('R.has', Reflect.has(p, 'a'));
show('R.deleteProperty', Reflect.deleteProperty(p, 'e'));
show('R.get receiver', Reflect.get(p, 'a', {}));
// a plain object whose receiver is a proxy: the receiver's traps define the property
var recv = new Proxy({}, logging());
show('R.set receiver', Reflect.set({}, 'z', 9, recv));
// nested: a proxy whose target is a proxy falls through to the inner traps
var nested = new Proxy(p, {});
show('nested gOPD', Object.getOwnPropertyDescriptor(nested, 'a'));
show('nested keys', Object.keys(nested));
show('nested isExtensible', Object.isExtensible(nested));
// the traps see the real handler as `this`, the target and the key
var h2 = {
	getOwnPropertyDescriptor(t, k) {
		console.log('this is handler', this === h2, 'target', t === target, 'key', k);
		return undefined;
	}
};
console.log(Object.getOwnPropertyDescriptor(new Proxy(target, h2), 'nope'));
// [[Set]] with no trap: the receiver is the proxy, whose defineProperty trap
// (or, without one, the target) gets the property
var st = {};
var sp = new Proxy(st, {});
sp.x = 1;
console.log('set reaches target', st.x, JSON.stringify(Object.getOwnPropertyDescriptor(sp, 'x')));
var sp2 = new Proxy(st, { defineProperty(t, k, d) { log.push('defineProperty ' + k + ' ' + JSON.stringify(d)); return Reflect.defineProperty(t, k, d); } });
sp2.x = 2;
sp2.y = 3;
show('set through defineProperty', [st.x, st.y]);
var arr = [1, 2, 3];
var ap = new Proxy(new Proxy(arr, {}), { set: null });
ap.length = 0;
console.log('nested set', arr.length);
// Reflect.get/set/has on an object whose prototype is a proxy reach its traps
var calls = [];
var innerP = new Proxy({}, {
	set(t, k) { calls.push('set ' + k); return k === 'foo'; },
	has(t, k) { calls.push('has ' + k); return true; },
	get(t, k, r) { calls.push('get ' + k); return 7; },
});
var child = Object.create(new Proxy(innerP, {}));
console.log('through the prototype', Reflect.set(child, 'foo', 1), Reflect.has(child, 'x'), Reflect.get(child, 'y'), calls.join());
