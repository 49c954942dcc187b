// @node
// Function objects shaped as V8 shapes them (engine/host/duk_fnshape.inc, 33_builtins.js, 99_seal.js): own keys length, name ("" when anonymous), then for sloppy plain functions only arguments and caller (null, fixed), then prototype; no fileName anywhere; Function.prototype's caller/arguments accessors are %ThrowTypeError%, the function a strict arguments object's callee uses; the runtime's built-ins written in JS have exactly [length, name] and are no constructors.
const keys = (f) => Object.getOwnPropertyNames(f).join(',');
const d = (o, k) => { const x = Object.getOwnPropertyDescriptor(o, k); return x === undefined ? 'none' : JSON.stringify(x, (kk, v) => typeof v === 'function' ? 'fn:' + v.name : v); };
function plain(a, b) {}
const anon = function () {};
class K { m() {} static s() {} get g() { return 1; } }
const o = { m() {}, get g() { return 1; }, set g(v) {}, async a() {}, *gen() {}, arrow: () => 1 };
const rows = [
  ['plain', plain], ['anon', anon], ['arrow', () => 1], ['strict', function () { 'use strict'; }],
  ['method', o.m],
  ['async', async function () {}], ['async arrow', async () => 1], ['generator', function* () {}], ['async gen', async function* () {}],
  ['class', K], ['class method', K.prototype.m], ['static', K.s], ['class getter', Object.getOwnPropertyDescriptor(K.prototype, 'g').get],
  ['bound', plain.bind(null)], ['bound arrow', (() => 1).bind(null)], ['new Function', new Function('a', 'return a')],
  ['obj async', o.a], ['obj gen', o.gen], ['obj arrow', o.arrow],
];
for (const [label, f] of rows)
  console.log(label, '|', keys(f), '|', JSON.stringify(f.name), f.length, 'fileName' in f ? '| has fileName' : '|', Object.prototype.hasOwnProperty.call(f, 'caller'));
console.log('anon name', d(anon, 'name'));
console.log('plain caller', d(plain, 'caller'), 'arguments', d(plain, 'arguments'), 'prototype', d(plain, 'prototype'));
console.log('plain.caller', plain.caller, 'plain.arguments', plain.arguments);
console.log('Function.prototype', keys(Function.prototype));
const fpCaller = Object.getOwnPropertyDescriptor(Function.prototype, 'caller');
const fpArgs = Object.getOwnPropertyDescriptor(Function.prototype, 'arguments');
const tte = fpCaller.get;
const strictArgs = (function () { 'use strict'; return arguments; })();
console.log('accessor', typeof tte, fpCaller.enumerable, fpCaller.configurable, fpCaller.set === tte, fpArgs.get === tte, fpArgs.set === tte);
console.log('same thrower', Object.getOwnPropertyDescriptor(strictArgs, 'callee').get === tte, Object.getOwnPropertyDescriptor(strictArgs, 'callee').set === tte);
const nonSimple = (function (a = 1) { return arguments; })(2);
console.log('non-simple sloppy callee', d(nonSimple, 'callee'), Object.getOwnPropertyDescriptor(nonSimple, 'callee').get === tte, [...nonSimple].join());
console.log('%ThrowTypeError%', keys(tte), d(tte, 'length'), d(tte, 'name'), Object.isExtensible(tte), Object.isFrozen(tte), Object.getPrototypeOf(tte) === Function.prototype);
for (const [label, f] of [['strict', function () { 'use strict'; }], ['arrow', () => 1], ['method', o.m], ['class', K], ['bound', plain.bind(null)], ['map', [].map]]) {
  try { f.caller; console.log(label, 'caller read'); } catch (e) { console.log(label, e.name + ': ' + e.message); }
  try { f.arguments = 1; console.log(label, 'arguments written'); } catch (e) { console.log(label, e.name); }
}
try { tte(); } catch (e) { console.log('call', e.name + ': ' + e.message); }
// runtime built-ins written in JS
for (const [label, f] of [['eval', eval], ['globalThis.eval', globalThis.eval], ['map', Array.prototype.map], ['JSON.parse', JSON.parse], ['Array.from', Array.from], ['Object.entries', Object.entries], ['padStart', String.prototype.padStart], ['Promise.all', Promise.all], ['Promise.prototype.then', Promise.prototype.then], ['Map.prototype.get', Map.prototype.get], ['structuredClone', structuredClone], ['flags getter', Object.getOwnPropertyDescriptor(RegExp.prototype, 'flags').get], ['Intl.DateTimeFormat.prototype.formatToParts', Intl.DateTimeFormat.prototype.formatToParts], ['Intl.Collator.prototype.resolvedOptions', Intl.Collator.prototype.resolvedOptions]])
  console.log(label, '|', keys(f), '|', String(f));
try { new eval(); } catch (e) { console.log(e.name + ': ' + e.message); }
try { const E = eval; new E('1'); } catch (e) { console.log(e.name + ': ' + e.message); }
try { new Array.prototype.map(); } catch (e) { console.log(e.name + ': ' + e.message); }
try { new JSON.parse('1'); } catch (e) { console.log(e.name + ': ' + e.message); }
try { Reflect.construct(Object, [], Object.getOwnPropertyDescriptor(RegExp.prototype, 'global').get); } catch (e) { console.log('getter as newTarget', e.name); }
const first3 = (f) => Object.getOwnPropertyNames(f).slice(0, 3).join(',');
console.log('constructors', first3(Promise), first3(Map), first3(Set), first3(WeakMap), first3(Object), first3(Boolean), first3(String), first3(Array), first3(RegExp), first3(Symbol));
const acc = (o, k) => Object.getOwnPropertyDescriptor(o, k);
console.log('accessor names', [acc(Object.prototype, '__proto__').get, acc(Object.prototype, '__proto__').set, acc(URL.prototype, 'href').set, acc(Event.prototype, 'cancelBubble').set, acc(Intl.Collator.prototype, 'compare').get].map((f) => keys(f) + ' ' + f.name + ' ' + f.length).join(' | '));
console.log('names', URL.parse.name, URLSearchParams.prototype.delete.name, Headers.prototype.delete.name, performance.now.name, Intl.Collator.supportedLocalesOf.name, Date.prototype[Symbol.toPrimitive].name);
console.log('parseFloat', JSON.stringify(parseFloat.name), JSON.stringify(parseInt.name), Number.parseFloat === parseFloat);
