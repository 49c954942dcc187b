// @node
// An accessor of an object literal is named "get x" / "set x" after its key,
// as V8 names it; the prelude's own anonymous functions (a promise's
// resolving functions, Promise.all's element functions) stay named "".

const names = (o) => Reflect.ownKeys(o).map((k) => {
	const d = Object.getOwnPropertyDescriptor(o, k);
	return [d.get && d.get.name, d.set && d.set.name];
});
print(JSON.stringify(names({ get x() { return 1; }, set x(v) {} })));
print(JSON.stringify(names({ get 'two words'() { return 1; }, set ''(v) {} })));
print(JSON.stringify(names({ get 1.50() { return 1; }, set 0x10(v) {}, get 1e21() { return 1; } })));
print(JSON.stringify(names({ get if() { return 1; }, set get(v) {}, get set() { return 1; } })));
const k = 'computed';
print(JSON.stringify(names({ get [k]() { return 1; }, set [k + 2](v) {} })));
print(JSON.stringify(names({ get [Symbol.iterator]() { return 1; }, set [Symbol('desc')](v) {}, get [Symbol()]() { return 1; } })));
class C { static get s() { return 1; } get i() { return 1; } set i(v) {} }
print(JSON.stringify(names(C)), JSON.stringify(names(C.prototype)));
// The name is an own, non-writable, configurable property, and the getter
// still runs as a getter.
const g = Object.getOwnPropertyDescriptor({ get x() { return 42; } }, 'x').get;
print(JSON.stringify(Object.getOwnPropertyDescriptor(g, 'name')), g(), 'prototype' in g);
// Inside, the accessor has no binding of its own name.
const o = { get x() { return typeof x; } };
print(o.x);
// Functions the prelude hands to user code keep the empty name.
let res, rej;
new Promise((a, b) => { res = a; rej = b; });
print(JSON.stringify([res.name, rej.name, res.length, Object.getOwnPropertyNames(res)]));
function Cap(ex) { ex(() => {}, () => {}); }
Cap.resolve = (v) => v;
Promise.all.call(Cap, [{ then(f, r) { print(JSON.stringify(['all', f.name, r.name, f.length])); } }]);
Promise.allSettled.call(Cap, [{ then(f, r) { print(JSON.stringify(['allSettled', f.name, r.name, f.length, r.length])); } }]);
Promise.prototype.finally.call({ then(f, r) { print(JSON.stringify(['finally', f.name, r.name, f.length, r.length, Object.getOwnPropertyNames(f)])); }, constructor: Promise }, () => {});
Promise.resolve(1).finally(() => {}).then(() => {});
