// Private methods and accessors: brands, double initialisation, names
// that Duktape itself would not accept as identifiers.
class Base {
	constructor(o) {
		return o;
	}
}
class Acc extends Base {
	get #p() { return 'got'; }
	set #p(v) { this.seen = v; }
	static read(o) { return o.#p; }
	static write(o, v) { o.#p = v; }
	static has(o) { return #p in o; }
}
var obj = {};
new Acc(obj);
console.log(Acc.read(obj), Acc.has(obj), Acc.has({}));
Acc.write(obj, 5);
console.log(obj.seen);
try {
	new Acc(obj);
	console.log('no error');
} catch (e) {
	console.log('second init:', e.name);
}
class Stat {
	static #m() { return 'sm'; }
	static get #g() { return 'sg'; }
	static run() { return Stat.#m() + Stat.#g; }
}
console.log(Stat.run());
class U {
	#\u{6F} = 'o';
	#\u2118 = 'weierstrass';
	\u2118 = 'public';
	get() { return this.#o + ' ' + this.#\u2118 + ' ' + this.\u2118; }
}
console.log(new U().get());
var lit = { get [Symbol.iterator]() { return 'computed getter'; } };
console.log(lit[Symbol.iterator]);
class ProxyBase {
	constructor() {
		return new Proxy(this, {});
	}
}
class OnProxy extends ProxyBase {
	#f = 'private on proxy';
	read() { return this.#f; }
}
console.log(new OnProxy().read());
