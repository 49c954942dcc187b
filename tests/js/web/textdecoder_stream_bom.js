// @node
var d = new TextDecoder();
var out = d.decode(new Uint8Array([0xef]), { stream: true });
out += d.decode(new Uint8Array([0xbb, 0xbf, 0x68]), { stream: true });
out += d.decode(new Uint8Array([0x69]));
print(JSON.stringify(out), out.length);
var again = d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x21]));
print(JSON.stringify(again), again.length);
var e = new TextDecoder();
var parts = [[0xf0], [0x9f, 0x98], [0x80, 0x41]], s = '';
for (var i = 0; i < parts.length; i++) s += e.decode(new Uint8Array(parts[i]), { stream: true });
s += e.decode();
print(s.length, s.charCodeAt(0).toString(16), s.charCodeAt(1).toString(16), s.charAt(2));
var f = new TextDecoder('utf-8', { fatal: true });
print(f.decode(new Uint8Array([0xe2, 0x82]), { stream: true }).length);
try { f.decode(); } catch (x) { print(x.name); }
print(JSON.stringify(f.decode(new Uint8Array([0x6f, 0x6b]))));
