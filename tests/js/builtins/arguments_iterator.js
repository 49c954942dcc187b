// @node
// Every arguments object, mapped or unmapped, has its own @@iterator: the original Array.prototype.values (CreateMappedArgumentsObject step 21; engine/host/duk_fnshape.inc), so spreading, for-of and destructuring read it like any other property: replaced, it is called; deleted, the object is not iterable.
const values = Array.prototype.values;
function mapped(a, b) { return arguments; }
function unmapped() { 'use strict'; return arguments; }
function rest(a, ...r) { return arguments; }
const show = (label, args) => {
  const desc = Object.getOwnPropertyDescriptor(args, Symbol.iterator);
  console.log(label, Reflect.ownKeys(args).map(String).join(','), desc.value === values, desc.writable, desc.enumerable, desc.configurable, [...args].join(','));
};
show('mapped', mapped(1, 2, 3));
show('unmapped', unmapped(4, 5));
show('rest', rest(6, 7));
show('none', mapped());
Array.prototype.values = function () { return [].values(); };
show('after replacing Array.prototype.values', mapped(8, 9));
Array.prototype.values = values;
(function (a, b) {
  a = 'changed';
  const out = [];
  for (const x of arguments) out.push(x);
  console.log('for-of sees the mapping', out.join(','));
})(1, 2);
(function () {
  arguments[Symbol.iterator] = function* () { yield 'own'; };
  console.log('replaced', [...arguments].join(','));
})(1, 2);
(function () {
  delete arguments[Symbol.iterator];
  try { [...arguments]; console.log('spread after delete'); } catch (e) { console.log('deleted', e.name); }
  const [x = 'none'] = Object.assign([], arguments);
  console.log('destructure a copy', x);
})(1, 2);
(function () {
  const [p, q] = arguments;
  console.log('destructure', p, q, Array.from(arguments).length);
})('p', 'q');
const it = mapped('i', 'j')[Symbol.iterator]();
console.log(Object.prototype.toString.call(it), JSON.stringify(it.next()), JSON.stringify(it.next()), JSON.stringify(it.next()));
