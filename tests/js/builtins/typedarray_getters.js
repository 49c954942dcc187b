// %TypedArray%.prototype's getters: typed array receivers only, 0 once
// detached; length and @@toStringTag as the spec has them; ArrayBuffer's
// constructor takes ToIndex and keeps a subclass's prototype.
var TAP = Object.getPrototypeOf(Int8Array.prototype);
['buffer', 'byteLength', 'byteOffset', 'length'].forEach(function (k) {
  var d = Object.getOwnPropertyDescriptor(TAP, k);
  var msg;
  try { d.get.call(new DataView(new ArrayBuffer(1))); msg = 'no error'; } catch (e) { msg = e.name; }
  print(k, d.get.name, d.configurable, d.enumerable, msg);
});
var tag = Object.getOwnPropertyDescriptor(TAP, Symbol.toStringTag);
print(tag.get.name, tag.get.call(new Float64Array(1)), tag.get.call({}), tag.get.call(3));
var b = new ArrayBuffer(8), u = new Uint16Array(b, 2, 2);
print(u.byteLength, u.byteOffset, u.length);
b.transfer();
print(u.byteLength, u.byteOffset, u.length, Object.getOwnPropertyDescriptor(TAP, 'length').get.call(u));
print(ArrayBuffer.length, typeof ArrayBuffer.isView, ArrayBuffer[Symbol.species] === ArrayBuffer);
try { ArrayBuffer(1); } catch (e) { print(e.name); }
try { new ArrayBuffer(-1); } catch (e) { print(e.name); }
print(new ArrayBuffer(2.7).byteLength, new ArrayBuffer().byteLength, new ArrayBuffer('3').byteLength);
class Sub extends ArrayBuffer {}
print(new Sub(2) instanceof Sub, Object.getPrototypeOf(new Sub(1)) === Sub.prototype);
var f = function () {}; f[Symbol.iterator] = {};
try { new Uint8Array(f); } catch (e) { print('iterator', e.name); }
print(new Uint8Array(new Set([1, 2, 3])).join());
