// @node
// The texts of a third round of Duktape's own refusals, as V8 words them: Object's and Reflect's functions given a primitive where they want an object, a prototype that is neither an object nor null, Number/Boolean/String/Symbol methods on the wrong `this`, String.fromCodePoint's range, typed arrays over an ArrayBuffer at a bad offset or length, Map/Set/WeakMap/WeakSet methods on a foreign receiver (#<Ctor>, V8's value text), Array.prototype.concat and String.prototype.substr on undefined/null, and `new` of a method reached through a parenthesized class expression.
const t = (label, f) => { try { f(); console.log(label, 'no error') } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
t('defineProperty 5', () => Object.defineProperty(5, 'a', {}));
t('defineProperty string', () => Object.defineProperty('x', 'a', {}));
t('defineProperty undefined', () => Object.defineProperty(undefined, 'a', {}));
t('defineProperty desc 5', () => Object.defineProperty({}, 'a', 5));
t('defineProperty desc string', () => Object.defineProperty({}, 'a', 'd'));
t('defineProperties 5', () => Object.defineProperties(5, {}));
t('create 5', () => Object.create(5));
t('create string', () => Object.create('x'));
t('create undefined', () => Object.create(undefined));
t('create true', () => Object.create(true));
t('create symbol', () => Object.create(Symbol('s')));
t('create null ok', () => Object.create(null));
t('setPrototypeOf 1 2', () => Object.setPrototypeOf(1, 2));
t('setPrototypeOf {} 2', () => Object.setPrototypeOf({}, 2));
t('setPrototypeOf {} string', () => Object.setPrototypeOf({}, 'x'));
t('setPrototypeOf {} undefined', () => Object.setPrototypeOf({}, undefined));
t('setPrototypeOf undefined', () => Object.setPrototypeOf(undefined, {}));
t('setPrototypeOf null null', () => Object.setPrototypeOf(null, null));
t('setPrototypeOf 1 null ok', () => Object.setPrototypeOf(1, null));
t('__proto__ = 5 ignored', () => { const o = {}; o.__proto__ = 5; if (Object.getPrototypeOf(o) !== Object.prototype) throw new Error('x') });
for (const m of ['defineProperty', 'deleteProperty', 'get', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has', 'isExtensible', 'ownKeys', 'preventExtensions', 'set', 'setPrototypeOf']) {
  t('Reflect.' + m + ' 5', () => Reflect[m](5, 'a', {}));
  t('Reflect.' + m + ' string', () => Reflect[m]('x', 'a', {}));
}
t('Reflect.setPrototypeOf {} 5', () => Reflect.setPrototypeOf({}, 5));
const thisCases = [
  ['Number', ['toString', 'valueOf', 'toFixed', 'toPrecision', 'toExponential', 'toLocaleString']],
  ['Boolean', ['toString', 'valueOf']],
  ['String', ['toString', 'valueOf']],
  ['Symbol', ['toString', 'valueOf']],
  ['BigInt', ['toString', 'valueOf', 'toLocaleString']],
];
for (const [C, ms] of thisCases) for (const m of ms) {
  t(C + '.' + m + ' string', () => globalThis[C].prototype[m].call('x'));
  t(C + '.' + m + ' object', () => globalThis[C].prototype[m].call({}));
  t(C + '.' + m + ' undefined', () => globalThis[C].prototype[m].call(undefined));
  t(C + '.' + m + ' number', () => globalThis[C].prototype[m].call(1));
}
t('Number.toFixed wrapped ok', () => Number.prototype.toFixed.call(new Number(1.5), 1));
t('Symbol.toString wrapped ok', () => Symbol.prototype.toString.call(Object(Symbol('w'))));
t('fromCodePoint -1', () => String.fromCodePoint(-1));
t('fromCodePoint 1.5', () => String.fromCodePoint(1.5));
t('fromCodePoint 0x110000', () => String.fromCodePoint(0x110000));
t('fromCodePoint NaN', () => String.fromCodePoint(NaN));
t('fromCodePoint string', () => String.fromCodePoint('x'));
t('fromCodePoint Infinity', () => String.fromCodePoint(Infinity));
t('fromCodePoint second', () => String.fromCodePoint(65, -3));
t('Uint8Array offset 8', () => new Uint8Array(new ArrayBuffer(4), 8));
t('Uint8Array offset 5', () => new Uint8Array(new ArrayBuffer(4), 5));
t('Uint8Array offset 4 ok', () => new Uint8Array(new ArrayBuffer(4), 4));
t('Uint8Array offset -1', () => new Uint8Array(new ArrayBuffer(4), -1));
t('Uint16Array offset 1', () => new Uint16Array(new ArrayBuffer(4), 1));
t('Uint16Array offset 9', () => new Uint16Array(new ArrayBuffer(4), 9));
t('Uint32Array offset 2', () => new Uint32Array(new ArrayBuffer(8), 2));
t('Float64Array offset 4', () => new Float64Array(new ArrayBuffer(16), 4));
t('Uint8Array offset 1 length 8', () => new Uint8Array(new ArrayBuffer(4), 1, 8));
t('Uint8Array offset 8 length 1', () => new Uint8Array(new ArrayBuffer(4), 8, 1));
t('Uint8Array length -1', () => new Uint8Array(new ArrayBuffer(4), 0, -1));
t('Uint16Array length 3', () => new Uint16Array(new ArrayBuffer(4), 0, 3));
t('Uint16Array length 2 ok', () => new Uint16Array(new ArrayBuffer(4), 0, 2));
t('Uint16Array buffer 3', () => new Uint16Array(new ArrayBuffer(3)));
t('Uint32Array buffer 6', () => new Uint32Array(new ArrayBuffer(6)));
t('Float64Array buffer 12 offset 8', () => new Float64Array(new ArrayBuffer(12), 8));
t('Uint16Array buffer 5 offset 2', () => new Uint16Array(new ArrayBuffer(5), 2));
t('Uint16Array buffer 3 offset 4', () => new Uint16Array(new ArrayBuffer(3), 4));
t('Int16Array buffer 5 offset 2 length 1 ok', () => new Int16Array(new ArrayBuffer(5), 2, 1));
t('Map.get {}', () => Map.prototype.get.call({}));
t('Map.get 5', () => Map.prototype.get.call(5));
t('Map.get string', () => Map.prototype.get.call('x'));
t('Map.get undefined', () => Map.prototype.get.call(undefined));
t('Map.get null', () => Map.prototype.get.call(null));
t('Map.get array', () => Map.prototype.get.call([]));
t('Map.get Set', () => Map.prototype.get.call(new Set()));
t('Map.get symbol', () => Map.prototype.get.call(Symbol('q')));
t('Map.get true', () => Map.prototype.get.call(true));
t('Map.get class', () => { class Foo {} Map.prototype.get.call(new Foo()) });
t('Map.get null prototype', () => Map.prototype.get.call(Object.create(null)));
t('Map.set {}', () => Map.prototype.set.call({}, 1, 2));
t('Map.has {}', () => Map.prototype.has.call({}));
t('Map.delete {}', () => Map.prototype.delete.call({}));
t('Map.clear {}', () => Map.prototype.clear.call({}));
t('Map.forEach {}', () => Map.prototype.forEach.call({}, x => x));
t('Map.keys {}', () => Map.prototype.keys.call({}));
t('Map.entries {}', () => Map.prototype.entries.call({}));
t('Map.size {}', () => Object.getOwnPropertyDescriptor(Map.prototype, 'size').get.call({}));
t('Set.add {}', () => Set.prototype.add.call({}, 1));
t('Set.has {}', () => Set.prototype.has.call({}));
t('Set.delete 5', () => Set.prototype.delete.call(5));
t('Set.values Map', () => Set.prototype.values.call(new Map()));
t('Set.size {}', () => Object.getOwnPropertyDescriptor(Set.prototype, 'size').get.call({}));
t('WeakMap.get {}', () => WeakMap.prototype.get.call({}, {}));
t('WeakMap.set {}', () => WeakMap.prototype.set.call({}, {}, 1));
t('WeakMap.has Map', () => WeakMap.prototype.has.call(new Map(), {}));
t('WeakSet.add {}', () => WeakSet.prototype.add.call({}, {}));
t('WeakSet.has 5', () => WeakSet.prototype.has.call(5, {}));
t('concat undefined', () => Array.prototype.concat.call(undefined));
t('concat null', () => Array.prototype.concat.call(null, 1));
t('concat string ok', () => { if (Array.prototype.concat.call('a', 1).length !== 2) throw new Error('x') });
t('substr null', () => String.prototype.substr.call(null));
t('substr undefined', () => String.prototype.substr.call(undefined, 1));
t('substr number ok', () => { if (String.prototype.substr.call(12345, 1, 2) !== '23') throw new Error('x') });
t('trimStart null', () => String.prototype.trimStart.call(null));
t('trimEnd undefined', () => String.prototype.trimEnd.call(undefined));
t('new static of class expression', () => new (class A { static m() {} }).m());
t('new static of anonymous class', () => new (class { static m() {} }).m());
t('new static no arguments', () => new (class A { static m() { return 5 } }).m);
t('new static named', () => { class A { static m() {} } return new A.m() });
t('new proto method', () => { class A { m() {} } return new (new A()).m() });
t('new object method', () => { const o = { m() {} }; return new o.m() });
t('new getter', () => { const o = { get g() { return 1 } }; return new (Object.getOwnPropertyDescriptor(o, 'g').get)() });
t('new setter', () => { const o = { set s(v) {} }; return new (Object.getOwnPropertyDescriptor(o, 's').set)() });
t('new arrow', () => { const f = () => 1; return new f() });
t('new async', () => { async function f() {} return new f() });
t('new generator', () => { function* g() {} return new g() });
t('new async method', () => { const o = { async m() {} }; return new o.m() });
t('new generator method', () => { const o = { *m() {} }; return new o.m() });
t('new static async', () => { class A { static async m() {} } return new A.m() });
t('new bound method', () => { const o = { m() {} }; const b = o.m.bind(o); return new b() });
t('new call member', () => { function f() { return { a: { m: function () { this.z = 1 } } } } const r = new (f().a.m)(); if (r.z !== 1) throw new Error('x') });
t('new function expression member ok', () => { const r = new (function () { this.q = 1 }); if (r.q !== 1) throw new Error('x') });
