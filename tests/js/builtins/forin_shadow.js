// @node
// for-in visits a key only while the property the prototype chain finds first
// under it is enumerable: a non-enumerable property hides an enumerable one
// further up, at any depth, and one made non-enumerable during the loop is
// not visited after.
const keys = (o) => { const r = []; for (const k in o) r.push(k); return r.join(','); };
const base = { a: 1, b: 2, c: 3 };
const mid = Object.create(base);
Object.defineProperty(mid, 'b', { value: 0, enumerable: false });
mid.d = 4;
const top = Object.create(mid);
top.e = 5;
Object.defineProperty(top, 'a', { get() { return 9; }, enumerable: false });
print(keys(base), '|', keys(mid), '|', keys(top));
// An own enumerable key still wins over a non-enumerable inherited one.
const up = Object.create(Object.defineProperty({}, 'x', { value: 1, enumerable: false }));
up.x = 2;
up.y = 3;
print(keys(up));
// Classes: methods are non-enumerable, fields enumerable.
class A { constructor() { this.f = 1; } m() {} }
A.prototype.g = 2;
class B extends A { constructor() { super(); Object.defineProperty(this, 'g', { value: 3, enumerable: false }); } }
print(keys(new A()), '|', keys(new B()));
// Arrays and array-likes: indices first, in order; a non-enumerable own
// 'length' hides nothing it did not hide before.
const arr = [10, 20];
arr.extra = 1;
const child = Object.create(arr);
child[5] = 1;
print(keys(arr), '|', keys(child), '|', keys(new String('hi')), '|', keys(Object.create(new String('ab'))));
const ta = new Uint8Array(3);
print(keys(ta), '|', keys(Object.create({ 0: 'p', 1: 'q' }, { 0: { value: 'own', enumerable: false } })));
// Changes during the loop: deleted keys are skipped, a key made
// non-enumerable before its turn is skipped, added keys may or may not be
// visited (node: not).
const live = { p: 1, q: 2, r: 3, s: 4 };
const seen = [];
for (const k in live) {
	seen.push(k);
	if (k === 'p') {
		delete live.q;
		Object.defineProperty(live, 'r', { enumerable: false });
		live.t = 5;
	}
}
print(seen.join(','));
// A key deleted from the object but still held by a prototype is visited
// through the prototype.
const pr = Object.create({ k: 'proto' });
pr.k = 'own';
pr.z = 1;
const seen2 = [];
for (const k in pr) { seen2.push(k); if (k === 'k') delete pr.z; }
print(seen2.join(','));
// Symbols are never visited; a non-enumerable symbol hides nothing.
const sym = Symbol('s');
print(keys(Object.assign(Object.create({ [sym]: 1, w: 1 }), { v: 1 })));
// arguments and functions.
(function () { print(keys(arguments)); })(1, 2);
function F() {}
F.prototype.shared = 1;
print(keys(F), '|', keys(new F()));
// for (var k in ...) and for (k in ...) take the same path.
var kk, out = [];
for (kk in top) out.push(kk);
for (var vv in mid) out.push(vv);
print(out.join(','));
// Object.keys, JSON.stringify, Object.assign and spread are own-only and
// unchanged.
print(JSON.stringify(Object.keys(top)), JSON.stringify(top), JSON.stringify({ ...top }), JSON.stringify(Object.assign({}, mid)));
