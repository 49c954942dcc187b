// Methods are not constructors; number keys use the runtime's ToString;
// computed keys convert objects with ToPrimitive (which may give a symbol)
// and see the enclosing function's `arguments`; `get`/`set` before a
// generator on the next line are fields.
function t(label, f) {
	try {
		console.log(label, f());
	} catch (e) {
		console.log(label, e.name);
	}
}
var o = { m() { return 1; } };
class A {
	m() { return 2; }
	static s() { return 3; }
	get 0.0000001() { return 'small'; }
	static 1e21() { return 'big'; }
}
t('call', () => o.m() + new A().m() + A.s());
t('new object method', () => new o.m());
t('new class method', () => new A.prototype.m());
t('new static method', () => new A.s());
t('number keys', () => A.prototype['1e-7'] + ' ' + A['1e+21']());
var sym = Symbol('viaToPrimitive');
var keyObj = { [Symbol.toPrimitive]() { return sym; } };
var strObj = { toString() { return 'fromToString'; } };
class K {
	[keyObj]() { return 'sym method'; }
	[strObj] = 'field';
}
t('toPrimitive key', () => new K()[sym]() + ' ' + new K().fromToString);
function make() {
	return class {
		static [arguments[0]] = 7;
	};
}
t('arguments in key', () => make('first', 'second').first);
class G {
	get
	*gen() { yield 1; }
	static set
	*sgen() {}
}
t('get/set fields', () => [new G().hasOwnProperty('get'),
    typeof G.prototype.gen, G.hasOwnProperty('set')].join());
