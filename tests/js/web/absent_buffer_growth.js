var ab = new ArrayBuffer(8);
try { ab.resize(16); print('resized'); }
catch (e) {
  print(e instanceof DOMException, e.name, e.code, ab.byteLength);
  print(e.message === __cm.fill('BUFFER_GROWTH_ABSENT', { name: 'ArrayBuffer.prototype.resize' }));
}
print(ab.resizable, ab.maxByteLength);
var sab = new SharedArrayBuffer(4);
var u = new Uint8Array(sab); u[0] = 7;
print(sab.byteLength, u[0], sab.growable, Object.prototype.toString.call(sab));
try { sab.grow(8); print('grew'); }
catch (e) {
  print(e.name, e.message === __cm.fill('BUFFER_GROWTH_ABSENT', { name: 'SharedArrayBuffer.prototype.grow' }));
}
try { ArrayBuffer.prototype.resize.call(new ArrayBuffer(1), 2); } catch (e) { print(e.name); }
