// @node
// {...src}: every own enumerable property, integer keys ascending then
// strings in creation order then symbols, read by [[Get]] once each, defined
// as plain data properties (no setter runs); literal segments keep their
// accessors; a Proxy source runs its traps in the spec's order.
const show = (o) => JSON.stringify(Reflect.ownKeys(o).map((k) => {
	const d = Object.getOwnPropertyDescriptor(o, k);
	return [String(k), 'value' in d ? d.value : (d.get ? 'get' : '') + (d.set ? 'set' : ''), d.writable, d.enumerable, d.configurable];
}));
const s1 = Symbol('s1'), s2 = Symbol('s2');
const src = { b: 1, [s1]: 2, a: 3, 10: 4, 2: 5, [s2]: 6, z: 7 };
print(show({ ...src }));
print(show({ x: 0, ...src, a: 'over', ...{ z: 'last' } }));
// Non-enumerable properties stay behind, frozen ones arrive writable.
const ne = Object.defineProperty({ v: 1 }, 'hidden', { value: 2, enumerable: false });
print(show({ ...ne }), show({ ...Object.freeze({ f: 1 }) }));
// Getters run once, with the source as receiver, in key order; a getter
// that deletes or adds a property: the deleted one is skipped, the added
// one is not copied.
const log = [];
const g = {
	get p() { log.push('p', this === g); delete this.q; this.added = 1; return 'P'; },
	q: 'Q',
	get r() { log.push('r'); return 'R'; },
};
print(show({ ...g }), JSON.stringify(log));
// A literal segment keeps its accessors; a later source turns one back
// into data.
print(show({ ...{ a: 1 }, get b() { return 2; }, set c(v) {} }));
print(show({ get b() { return 2; }, ...{ b: 'data' } }));
// No setter runs on the target or its prototypes.
Object.defineProperty(Object.prototype, 'trap', { set(v) { print('setter ran'); }, configurable: true });
print(show({ ...{ trap: 1 } }));
delete Object.prototype.trap;
// __proto__ as an own key is copied as a key, not as the prototype.
const withProto = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
const copied = { ...withProto };
print(show(copied), Object.getPrototypeOf(copied) === Object.prototype);
// Arrays, strings, typed arrays, arguments, primitives, null and undefined.
print(show({ ...[7, , 9] }), show({ ...'hé' }), show({ ...new Uint8Array([4, 5]) }));
(function () { print(show({ ...arguments })); })('a', 'b');
print(show({ ...1, ...true, ...null, ...undefined, ...Symbol('x') }));
// Objects with internal state: only own enumerable properties.
class K { #priv = 1; pub = 2; static st = 3; static has(o) { return #priv in o; } }
const e = new Error('m');
e.extra = 1;
const fn = function () {};
fn.prop = 1;
print(K.has(new K()), K.has({ ...new K() }));
print(show({ ...new K() }), show({ ...K }), show({ ...e }), show({ ...new Map([[1, 2]]) }), show({ ...fn }), show({ ...new Date(0) }), show({ ...(/x/g) }));
// A sparse object with many keys, and a deleted key.
const big = {};
for (let i = 0; i < 40; i++) big['k' + i] = i;
delete big.k3;
big[5] = 'five';
print(Object.keys({ ...big }).join(','));
// A Proxy source: ownKeys, then for each key getOwnPropertyDescriptor and,
// when enumerable, get.
const traps = [];
const px = new Proxy({ a: 1, b: 2 }, {
	ownKeys(t) { traps.push('ownKeys'); return [...Reflect.ownKeys(t), 'c']; },
	getOwnPropertyDescriptor(t, k) { traps.push('gopd ' + String(k)); return k === 'c' ? { value: 3, enumerable: false, configurable: true } : Reflect.getOwnPropertyDescriptor(t, k); },
	get(t, k) { traps.push('get ' + String(k)); return Reflect.get(t, k); },
});
print(show({ ...px }), JSON.stringify(traps));
// An object whose prototype has enumerable properties: only own ones.
print(show({ ...Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } }) }));
// Throwing getters propagate, and nothing is half-returned.
try { ({ ...{ a: 1, get b() { throw new Error('boom'); } } }); } catch (err) { print(err.message); }
// Object rest is unchanged.
const { a, ...rest } = { a: 1, b: 2, [s1]: 3 };
print(a, show(rest));
// The engine's internal slots (kept under hidden keys) are never copied: a
// copy of a promise, a map, a date, a generator or an iterator is none.
for (const [name, v] of Object.entries({ promise: Promise.resolve(1), map: new Map([[1, 2]]), date: new Date(0), gen: (function* () {})(), iter: [1].values(), re: /x/g, err: new Error('e'), ab: new ArrayBuffer(2) }))
	print(name, Object.prototype.toString.call({ ...v }), Reflect.ownKeys({ ...v }).length);
for (const [name, f] of [['then', () => Promise.prototype.then.call({ ...Promise.resolve(1) })], ['get', () => Map.prototype.get.call({ ...new Map() }, 1)], ['getTime', () => Date.prototype.getTime.call({ ...new Date() })], ['next', () => Object.getPrototypeOf((function* () {})()).next.call({ ...(function* () {})() })], ['iter', () => Object.getPrototypeOf([].values()).next.call({ ...[1].values() })]])
	try { f(); print(name, 'accepted a copy'); } catch (err) { print(name, err.name); }
