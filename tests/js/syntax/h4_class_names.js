// `name` of classes, methods, accessors, private methods and fields.
var sym = Symbol('tag'), anon = Symbol();
class A {
	m() {}
	get g() { return 1; }
	set g(v) {}
	[sym]() {}
	static [anon]() {}
	#p() {}
	get #q() { return 1; }
	static #s() {}
	names() { return [this.#p.name, A.#s.name]; }
}
var d = Object.getOwnPropertyDescriptor(A.prototype, 'g');
console.log(A.prototype.m.name, d.get.name, d.set.name,
    A.prototype[sym].name, JSON.stringify(A[anon].name));
console.log(new A().names().join(' '));
var nd = Object.getOwnPropertyDescriptor(A.prototype.m, 'name');
console.log(nd.writable, nd.enumerable, nd.configurable);
console.log(JSON.stringify((class {}).name),
    Object.prototype.hasOwnProperty.call(class {}, 'name'));
class S {
	static name() { return 'static method'; }
}
console.log(typeof S.name, S.name());
class F {
	static field = 'field value';
	static get name() { return 'getter'; }
}
console.log(F.name);
var k = 'computed';
class Fields {
	a = function () {};
	#b = () => {};
	[k] = function () {};
	static c = function () {};
	b() { return this.#b.name; }
}
var f = new Fields();
console.log(f.a.name, f.b(), f.computed.name, Fields.c.name);
