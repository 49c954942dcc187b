// @node
var te = new TextEncoder();
print(te.encoding, Object.prototype.toString.call(te));
print(Array.prototype.join.call(te.encode('héllo €😀'), ','));
print(te.encode().length, te.encode(undefined).length, te.encode(123).length);
print(Array.prototype.join.call(te.encode('\ud800x'), ','));
var buf = new Uint8Array(5);
var r = te.encodeInto('a€b', buf);
print(r.read, r.written, Array.prototype.join.call(buf, ','));
buf = new Uint8Array(3);
r = te.encodeInto('ab€', buf);
print(r.read, r.written, Array.prototype.join.call(buf, ','));
buf = new Uint8Array(5);
r = te.encodeInto('x😀', buf);
print(r.read, r.written);
r = te.encodeInto('x😀', new Uint8Array(4));
print(r.read, r.written);
r = te.encodeInto('\udc00', new Uint8Array(3));
print(r.read, r.written);
print(JSON.stringify(te.encodeInto('', new Uint8Array(0))));
try { te.encodeInto('a', [1]); } catch (e) { print(e.name); }
try { TextEncoder(); } catch (e) { print(e.name); }
print(typeof TextEncoder.prototype.encodeInto, TextEncoder.prototype.encodeInto.length);
