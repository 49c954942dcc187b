// DataView: the spec's order of coercions and checks, Float16, shapes.
var dv = new DataView(new ArrayBuffer(8), 2);
print(DataView.length, dv.byteOffset, dv.byteLength, Object.prototype.toString.call(dv));
print(DataView.prototype.getInt8.length, DataView.prototype.setFloat64.length, DataView.prototype.setFloat64.name);
function poisoned() { return { valueOf: function () { throw new Error('value read'); } }; }
try { dv.setInt32(Infinity, poisoned()); } catch (e) { print(e.name); }
try { dv.setInt32(100, poisoned()); } catch (e) { print(e.name, e.message); }
try { dv.getUint16(-1); } catch (e) { print(e.name); }
try { dv.getUint16(5); } catch (e) { print(e.name); }
dv.setUint16(4, 0x1234, true); print(dv.getUint16(4, true).toString(16), dv.getUint16(4).toString(16));
[1.5, -2, 65504, 65520, 1e-8, 5.960464477539063e-08, 0.1, -0, NaN, Infinity, 2049, 2051].forEach(function (v) {
  dv.setFloat16(0, v);
  var h = dv.getUint16(0).toString(16);
  print(v, '->', h, dv.getFloat16(0), 1 / dv.getFloat16(0) < 0);
});
dv.setFloat16(0, 1, true); print(dv.getUint8(0), dv.getUint8(1), dv.getFloat16(0, true));
try { DataView.prototype.getInt8.call(new ArrayBuffer(4), 0); } catch (e) { print(e.name); }
try { Object.getOwnPropertyDescriptor(DataView.prototype, 'byteLength').get.call(new Uint8Array(2)); } catch (e) { print(e.name); }
try { DataView(new ArrayBuffer(1)); } catch (e) { print(e.name); }
try { new DataView({}); } catch (e) { print(e.name); }
try { new DataView(new ArrayBuffer(2), 3); } catch (e) { print(e.name); }
try { new DataView(new ArrayBuffer(2), 1, 2); } catch (e) { print(e.name); }
try { new DataView(new ArrayBuffer(2), -1); } catch (e) { print(e.name); }
class MyView extends DataView {}
var m = new MyView(new ArrayBuffer(2));
print(m instanceof MyView, m.byteLength);
var buf = new ArrayBuffer(4), v = new DataView(buf);
buf.transfer();
try { v.byteLength; } catch (e) { print('detached byteLength', e.name); }
try { v.getInt8(0); } catch (e) { print('detached get', e.name); }
print(v.buffer === buf);
