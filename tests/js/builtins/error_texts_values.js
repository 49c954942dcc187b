// @node
// A value inside an error's text as V8 writes it (its NoSideEffectsToString, our engine's valueText): #<Ctor> for an object whose toString is Object.prototype.toString, [object Tag] for the rest (arrays, dates, regexps, boxed primitives, a null prototype, an own toString, a class with its @@toStringTag), "Name: message" for errors; strings unquoted, a Proxy as its target (no trap runs). Then the texts that carry such values or V8's own words: Reflect.apply and Reflect.construct, Function.prototype.bind, the Symbol description getter, Map/Set forEach's default call site, flatMap, node's "Received ..." of setTimeout and queueMicrotask, species constructors, RegExp's getters and methods on foreign receivers, __defineGetter__/__defineSetter__.
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
class A {}
class Tagged { get [Symbol.toStringTag]() { return 'T' } }
const err = new RangeError('r');
const named = Object.assign(new Error('m'), { name: 'Custom' });
const noName = Object.assign(new Error('m'), { name: '' });
const noMsg = new TypeError();
const protoErr = Object.create(Error.prototype);
const values = {
  five: 5, x: 'x', empty: '', nul: null, undef: undefined, tru: true, sym: Symbol('s'), f: 1.5, negz: -0, nan: NaN,
  obj: {}, obja: { a: 1 }, arr: [], arr2: [1, 2], date: new Date(0), re: /r/g, math: Math, json: JSON, nullp: Object.create(null),
  instA: new A(), protoA: A.prototype, map: new Map(), set: new Set(), weak: new WeakMap(), promise: Promise.resolve(),
  err, named, noName, noMsg, protoErr, boxedNum: new Number(3), boxedStr: new String('s'), boxedBool: new Boolean(false),
  tagged: { [Symbol.toStringTag]: 'Tg' }, taggedNullp: Object.assign(Object.create(null), { [Symbol.toStringTag]: 'Np' }),
  classTagged: new Tagged(), ownToString: { toString() { return 'T' } }, ctorAccessor: Object.defineProperty({}, 'constructor', { get() { throw new Error('ran') } }),
  ctorNoName: { constructor: function () {} }, anonInst: new ((() => function () {})())(), ctorString: { constructor: 'S' }, u8: new Uint8Array(2), ab: new ArrayBuffer(2), dv: new DataView(new ArrayBuffer(2)),
  args: (function () { return arguments })(1), global: globalThis, gen: (function* () {})(),
  proxyObj: new Proxy({}, {}), proxyArr: new Proxy([1], {}), proxyDate: new Proxy(new Date(0), {}),
  proxyTraps: new Proxy({}, { get() { throw new Error('a trap ran') }, getPrototypeOf() { throw new Error('a trap ran') }, getOwnPropertyDescriptor() { throw new Error('a trap ran') } }),
};
for (const [k, v] of Object.entries(values)) {
  t(k + ' Reflect.apply', () => Reflect.apply(v, null, []));
  t(k + ' Reflect.construct', () => Reflect.construct(v, []));
  t(k + ' newTarget', () => Reflect.construct(function () {}, [], v));
  t(k + ' bind', () => Function.prototype.bind.call(v));
  t(k + ' Map.get', () => Map.prototype.get.call(v, 1));
  t(k + ' in', () => 'a' in v);
}
t('apply bigint', () => Reflect.apply(10n, null, []));
t('construct bigint', () => Reflect.construct(10n, []));
t('apply list', () => Reflect.apply(function () {}, null, 5));
t('apply no list', () => Reflect.apply(function () {}, null));
t('construct list', () => Reflect.construct(function () {}, 5));
t('apply ok', () => { if (Reflect.apply(function (a, b) { return a + b }, null, [1, 2]) !== 3) throw new Error('x') });
t('bind ok', () => { if (function (a) { return this.v + a }.bind({ v: 1 }, 2)() !== 3) throw new Error('x') });
const desc = Object.getOwnPropertyDescriptor(Symbol.prototype, 'description').get;
for (const v of [1, 'x', {}, null, undefined, Object(Symbol('boxed'))]) t('description ' + String(v && typeof v === 'object' ? 'object' : v), () => { const r = desc.call(v); console.log('  ->', r) });
console.log(Symbol('d').description, Symbol().description, Symbol('').description === '');
for (const [k, v] of Object.entries({ str: 'x', obj: {}, num: 5, nul: null, undef: undefined, sym: Symbol('q'), arr: [], tru: false })) {
  t(k + ' Map.forEach', () => new Map([[1, 1]]).forEach(v));
  t(k + ' Set.forEach', () => new Set([1]).forEach(v));
  t(k + ' flatMap', () => [1].flatMap(v));
  t(k + ' array species', () => { const a = [1]; a.constructor = { [Symbol.species]: v }; a.map((x) => x) });
  t(k + ' promise species', () => { const p = Promise.resolve(); p.constructor = { [Symbol.species]: v }; p.then() });
  t(k + ' defineGetter', () => ({}).__defineGetter__('a', v));
  t(k + ' defineSetter', () => ({}).__defineSetter__('a', v));
}
for (const v of ['x', 'it\'s', 'say "hi"', 'a\nb\\c\u0001', 'a'.repeat(40), 'b'.repeat(28), 'c'.repeat(29), 5, -0, 1.5, NaN, true, Symbol('s'), 10n, {}, [1], new Map(), new (class Q {})(), null, undefined]) {
  t('setTimeout', () => setTimeout(v));
  t('queueMicrotask', () => queueMicrotask(v));
}
for (const g of ['flags', 'global', 'source', 'sticky', 'unicode', 'hasIndices', 'dotAll', 'ignoreCase', 'multiline']) {
  const get = Object.getOwnPropertyDescriptor(RegExp.prototype, g).get;
  t(g + ' 5', () => get.call(5));
  t(g + ' "x"', () => get.call('x'));
  t(g + ' obj', () => get.call({}));
  t(g + ' proto', () => console.log('  ->', get.call(RegExp.prototype)));
}
for (const m of ['exec', 'toString', 'compile', Symbol.match, Symbol.search, Symbol.split, Symbol.matchAll]) {
  t(String(m) + ' 5', () => RegExp.prototype[m].call(5, 'a'));
  t(String(m) + ' obj', () => RegExp.prototype[m].call({}, 'a'));
}
for (const C of [class {}, class A {}, (() => class {})(), class extends Array {}]) {
  t('call class ' + C.name, () => C());
  t('apply class ' + C.name, () => Reflect.apply(C, null, []));
}
