// Generator, async generator and async function objects: intrinsic
// prototypes, per-function `prototype`, instanceof, not constructors.
function* g(a, b) { yield a + b; }
var GF = Object.getPrototypeOf(g);
var GenProto = GF.prototype;
console.log(GF === Object.getPrototypeOf(function* () {}), GF !== Function.prototype);
console.log(Object.getPrototypeOf(GF) === Function.prototype);
console.log(GF.constructor.name, GF.constructor.length, GF[Symbol.toStringTag]);
console.log(Object.getPrototypeOf(GF.constructor) === Function);
console.log(GenProto.constructor === GF, GenProto[Symbol.toStringTag]);
console.log(typeof GenProto.next, typeof GenProto.return, typeof GenProto.throw);
console.log(g.name, g.length, Object.getOwnPropertyNames(g.prototype).length);
console.log(Object.getPrototypeOf(g.prototype) === GenProto);
var d = Object.getOwnPropertyDescriptor(g, 'prototype');
console.log(d.writable, d.enumerable, d.configurable);
var it = g(1, 2);
console.log(it instanceof g, Object.getPrototypeOf(it) === g.prototype);
console.log(Object.prototype.toString.call(it), it.next().value);
// each function has its own prototype object
function* h() {}
console.log(h.prototype !== g.prototype, h() instanceof g);
// a non-object `prototype` falls back to %GeneratorPrototype%
g.prototype = null;
console.log(Object.getPrototypeOf(g()) === GenProto);
g.prototype = 5;
console.log(Object.getPrototypeOf(g()) === GenProto);
var p = { extra: 1 };
Object.setPrototypeOf(p, GenProto);
g.prototype = p;
console.log(g().extra, typeof g().next);
// reassigning the declared name does not change what the function makes
function* k() { yield 1; }
var k2 = k;
k = null;
console.log(Object.getPrototypeOf(k2()) === k2.prototype);
// not constructors
try { new k2(); } catch (e) { console.log(e instanceof TypeError); }
var o = { *m() {}, async *n() {}, async p() {}, q: async () => 1 };
['m', 'n', 'p', 'q'].forEach(function (key) {
	try { new o[key](); console.log(key, 'constructed'); } catch (e) { console.log(key, e instanceof TypeError); }
});
// methods and anonymous expressions
console.log(Object.getPrototypeOf(o.m) === GF, o.m.name, o.m() instanceof o.m);
var anon = [function* () {}][0];
console.log(JSON.stringify(anon.name), Object.getPrototypeOf(anon) === GF);
class C { *gen() { yield this; } static async *agen() {} async am() {} }
var c = new C();
console.log(Object.getPrototypeOf(C.prototype.gen) === GF, c.gen().next().value === c);
// async generator functions
var AGF = Object.getPrototypeOf(async function* () {});
var AGenProto = AGF.prototype;
console.log(AGF.constructor.name, AGF[Symbol.toStringTag], AGenProto[Symbol.toStringTag]);
console.log(Object.getPrototypeOf(C.agen) === AGF, AGenProto.constructor === AGF);
console.log(Object.getPrototypeOf(C.agen.prototype) === AGenProto, C.agen() instanceof C.agen);
console.log(typeof Object.getPrototypeOf(AGenProto)[Symbol.asyncIterator]);
// async functions
var AF = Object.getPrototypeOf(async function () {});
console.log(AF.constructor.name, AF[Symbol.toStringTag], AF.hasOwnProperty('prototype'));
console.log(Object.getPrototypeOf(async () => {}) === AF, Object.getPrototypeOf(c.am) === AF);
console.log(Object.getPrototypeOf(AF) === Function.prototype, o.p.name, JSON.stringify((async () => {}).name));
// a generator named like its parameter still makes its own objects
var self = function* self(self) { yield self; };
console.log(self(7).next().value, self(1) instanceof self, self.name);
// the constructors make functions from source
var made = new GF.constructor('a', 'b', 'yield a; yield b;');
console.log(made.name, made.length, Array.from(made(1, 2)), Object.getPrototypeOf(made) === GF);
var AGFc = AGF.constructor, AFc = AF.constructor;
new AGFc('x', 'yield x * 2;')(21).next().then(function (r) { console.log('agen', r.value); });
AFc('x', 'return await x + 1;')(1).then(function (v) { console.log('async', v); });
console.log(Object.getPrototypeOf(GF.constructor) === Function, Object.getPrototypeOf(AFc) === Function);
