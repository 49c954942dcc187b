// ES2015+ non-constructors: arrows, methods, accessors, async and generator
// functions throw TypeError on `new`, and only generators have `prototype`.
function tryNew(f) {
	try {
		new f();
		return 'constructed';
	} catch (e) {
		return e instanceof TypeError ? 'TypeError' : 'other ' + e;
	}
}
function isCtor(f) {
	try {
		Reflect.construct(String, [], f);
		return true;
	} catch (e) {
		return false;
	}
}
const gd = (o, k) => Object.getOwnPropertyDescriptor(o, k);
const o = {
	m() { return 1; },
	get g() { return 2; },
	set g(v) {},
	*gen() {},
	async am() {},
	async *ag() {},
	['c' + 'm']() { return 3; },
	arrow: () => 4,
	fe: function () {},
};
class K {
	m() {}
	static s() {}
	get x() { return 1; }
	set x(v) {}
	static get sx() { return 1; }
	*gm() {}
	async am() {}
	#p() { return 5; }
	p() { return this.#p; }
}
function* g() {}
async function af() {}
async function* ag() {}
function f() {}
const key = 'k';
const oc = { get [key]() { return 1; }, set [key](v) {} };
const AsyncFunction = (async function () {}).constructor;
const GeneratorFunction = (function* () {}).constructor;
const kinds = {
	computedGetter: gd(oc, key).get,
	computedSetter: gd(oc, key).set,
	evalArrow: eval('() => 1'),
	asyncFunctionCtor: AsyncFunction('return 1'),
	generatorFunctionCtor: GeneratorFunction('yield 1'),
	arrow: () => 1,
	asyncArrow: async () => 1,
	asyncFnExpr: async function () {},
	asyncDecl: af,
	objMethod: o.m,
	objComputed: o.cm,
	objGetter: gd(o, 'g').get,
	objSetter: gd(o, 'g').set,
	objArrowProp: o.arrow,
	objGen: o.gen,
	objAsync: o.am,
	objAsyncGen: o.ag,
	classMethod: K.prototype.m,
	classStatic: K.s,
	classGetter: gd(K.prototype, 'x').get,
	classSetter: gd(K.prototype, 'x').set,
	classStaticGetter: gd(K, 'sx').get,
	classGen: K.prototype.gm,
	classAsync: K.prototype.am,
	privateMethod: new K().p(),
	genDecl: g,
	genExpr: function* () {},
	asyncGenDecl: ag,
	boundArrow: (() => 1).bind(null),
};
for (const [name, fn] of Object.entries(kinds)) {
	console.log(name, tryNew(fn), isCtor(fn), 'prototype' in fn,
	    Object.prototype.hasOwnProperty.call(fn, 'prototype'));
}
// constructors stay constructors
for (const [name, fn] of Object.entries({ f, fe: o.fe, K,
    fexpr: function () {}, bound: f.bind(null),
    functionCtor: Function('this.a = 1'), evalFn: eval('(function () {})'),
    inArrow: (() => function () {})() })) {
	console.log(name, tryNew(fn), isCtor(fn),
	    Object.prototype.hasOwnProperty.call(fn, 'prototype'));
}
console.log(new f() instanceof f, new K() instanceof K, new o.fe() instanceof o.fe);
// a generator's own prototype: writable, not enumerable, not configurable
const d = gd(g, 'prototype');
console.log(d.writable, d.enumerable, d.configurable,
    Object.getPrototypeOf(g()) === g.prototype,
    Object.getPrototypeOf(ag()) === ag.prototype);
// the functions still work
console.log(kinds.arrow(), o.m(), o.g, o.cm(), K.prototype.p.call(new K())());
// a class cannot extend a non-constructor
for (const base of [() => {}, o.m, af, g]) {
	try {
		class D extends base {}
		console.log('extended', typeof D);
	} catch (e) {
		console.log(e instanceof TypeError ? 'TypeError' : 'other ' + e);
	}
}
// the lowering's directive cannot be used by a script: these stay constructors
function sneaky1() { 'use cm noctor'; }
function sneaky2() { ('use cm noctor'); }
function sneaky3() { `use cm noctor`; }
console.log(tryNew(sneaky1), tryNew(sneaky2), tryNew(sneaky3),
    tryNew(Function('"use cm noctor"; this.a = 1;')),
    tryNew(eval('(function () { "use cm noctor"; })')));
// a parenthesized string is no directive
function notStrict() { ('use strict'); return this === undefined; }
console.log(notStrict());
console.log(eval('"use cm noctor"'));
