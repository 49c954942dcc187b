// ArrayBuffer.prototype.transfer / transferToFixedLength / detached:
// the source is detached, every view over it reads as out of bounds.
var b = new ArrayBuffer(8);
var u = new Uint8Array(b);
u[0] = 7; u[7] = 9;
var early = new Uint8Array(4).buffer;
print(b.detached, b.byteLength, typeof b.transfer, b.transfer.length, b.transferToFixedLength.name);
var c = b.transfer(4);
print(b.detached, b.byteLength, c.byteLength, new Uint8Array(c)[0]);
print(u.length, u.byteLength, u.byteOffset, u[0]);
u[0] = 5; print(u[0]);
try { b.transfer(); } catch (e) { print(e.name); }
try { b.slice(0); } catch (e) { print(e.name); }
try { new Uint8Array(b); } catch (e) { print(e.name); }
try { new DataView(b); } catch (e) { print(e.name); }
try { u.map(function (x) { return x; }); } catch (e) { print(e.name); }
var d = c.transferToFixedLength(16);
print(c.detached, d.byteLength, Array.prototype.join.call(new Uint8Array(d), ''));
var z = d.transfer(0); print(z.byteLength, d.detached, d.byteLength);
try { z.transfer(-1); } catch (e) { print(e.name); }
try { ArrayBuffer.prototype.transfer.call(new DataView(z)); } catch (e) { print(e.name); }
try { Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached').get.call({}); } catch (e) { print(e.name); }
print(early.transfer(2).byteLength, early.detached);
// the length argument is ToIndex'd before the detached check
var calls = 0, e2 = new ArrayBuffer(1);
e2.transfer();
try { e2.transfer({ valueOf: function () { calls++; return 1; } }); } catch (e) { print(e.name, calls); }
print(Object.prototype.toString.call(new ArrayBuffer(1)), ArrayBuffer.prototype[Symbol.toStringTag]);
var bl = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength');
print(bl.configurable, bl.get.name);
