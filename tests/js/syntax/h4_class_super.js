// super(): the constructor's [[Prototype]] at the time of the call, found
// even when the body shadows the class name; `extends null`; super
// property access on a null home prototype; super[key] checks `this` first.
function t(label, f) {
	try {
		console.log(label, f());
	} catch (e) {
		console.log(label, e.name);
	}
}
class N extends null {}
t('extends null', () => new N());
class N2 extends null {
	constructor() { return Object.create(N2.prototype); }
	m() { return super.x; }
}
t('extends null, own object', () => new N2() instanceof N2);
t('super.x with null proto', () => new N2().m());
class A1 { constructor() { this.a = 1; } }
class A2 { constructor() { this.a = 2; } }
class D extends A1 {
	constructor() {
		var D = 0, A1 = 5;
		super();
	}
}
t('static parent', () => new D().a);
Object.setPrototypeOf(D, A2);
t('changed parent', () => new D().a);
class P extends Object {
	constructor() {
		super();
	}
}
Object.setPrototypeOf(P, parseInt);
t('parent not a constructor', () => new P());
var log = [];
class Base {
	constructor() { log.push('base'); }
}
class Key extends Base {
	constructor() {
		super[(log.push('key'), 'x')];
	}
}
t('super[key] before super()', () => new Key());
t('key evaluated', () => log.join());
function* gen() {}
t('extends generator', () => class extends gen {});
class Counter {
	constructor() { this.own = 1; }
}
Counter.prototype.n = 10;
class Sub extends Counter {
	m() {
		var k = 'n';
		var a = super.n++, b = ++super.n, c = super[k]--;
		return [a, b, c, this.n, Counter.prototype.n].join();
	}
}
t('super update', () => new Sub().m());
var lit = { __proto__: { z: '5' }, f() { return [super.z++, this.z].join(); } };
t('super update in literal', () => lit.f());
var withParam = {
	method(x = super.toString) { return x === Object.prototype.toString; }
};
withParam.toString = null;
t('super in a parameter default', () => withParam.method());
