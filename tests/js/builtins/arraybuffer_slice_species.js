// ArrayBuffer.prototype.slice goes through SpeciesConstructor and checks
// what the species constructor made.
class Sub extends ArrayBuffer {}
var s = new Sub(8);
new Uint8Array(s).set([1, 2, 3, 4, 5, 6, 7, 8]);
var r = s.slice(2, -2);
print(r instanceof Sub, r.byteLength, Array.prototype.join.call(new Uint8Array(r)));
function tryWith(species, label) {
  var b = new ArrayBuffer(4);
  b.constructor = {};
  b.constructor[Symbol.species] = species;
  try { var x = b.slice(1); print(label, 'ok', x.byteLength); }
  catch (e) { print(label, e.name); }
}
tryWith(function (n) { return new ArrayBuffer(n); }, 'plain');
tryWith(function () { return new ArrayBuffer(1); }, 'too small');
tryWith(function () { return {}; }, 'not a buffer');
tryWith(Object, 'Object');
tryWith(undefined, 'undefined');
tryWith(false, 'false');
var same = new ArrayBuffer(4);
same.constructor = {};
same.constructor[Symbol.species] = function () { return same; };
try { same.slice(); } catch (e) { print('same', e.name); }
var b2 = new ArrayBuffer(2); b2.constructor = null;
try { b2.slice(); } catch (e) { print('null ctor', e.name); }
