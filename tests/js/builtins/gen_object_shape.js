// @node @modern

function* g() {}
const it = g();
print(typeof it.next, typeof it.return, typeof it.throw, it[Symbol.iterator]() === it);
print(Object.prototype.toString.call(it), String(it));
const GenProto = Object.getPrototypeOf(Object.getPrototypeOf(it));
print(typeof GenProto.next, Object.keys(GenProto).length);
const IterProto = Object.getPrototypeOf(GenProto);
print(typeof IterProto[Symbol.iterator]);
try { GenProto.next.call({}); } catch (e) { print(e.constructor.name); }
const obj = { *m() { yield 'method'; }, *[Symbol.iterator]() { yield 'computed'; } };
print(obj.m().next().value, [...obj].join());
class C { *gen() { yield this.v; } constructor() { this.v = 'class'; } static *s() { yield 'static'; } }
print(new C().gen().next().value, C.s().next().value);
