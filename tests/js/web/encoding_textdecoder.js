// @node
var td = new TextDecoder();
print(td.encoding, td.fatal, td.ignoreBOM, Object.prototype.toString.call(td));
print(td.decode(new Uint8Array([104, 195, 169, 226, 130, 172])));
print(JSON.stringify(td.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))));
print(JSON.stringify(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])).length));
print(JSON.stringify(td.decode(new Uint8Array([0x41, 0xff, 0x42]))));
print(JSON.stringify(td.decode()));
print(td.decode(new Uint8Array([0x61, 0x62, 0x63]).buffer));
print(td.decode(new Uint8Array([0x61, 0x62, 0x63]).subarray(1)));
print(td.decode(new DataView(new Uint8Array([0x61, 0x62, 0x63]).buffer, 2)));
var s = new TextDecoder();
var parts = [new Uint8Array([0xe2]), new Uint8Array([0x82]), new Uint8Array([0xac, 0x21])];
var out = '';
for (var i = 0; i < parts.length; i++) out += s.decode(parts[i], { stream: true });
out += s.decode();
print(out);
var f = new TextDecoder('utf-8', { fatal: true });
print(f.fatal);
try { f.decode(new Uint8Array([0xc3])); } catch (e) { print(e.name, e.message); }
try { f.decode(new Uint8Array([0x80])); } catch (e) { print(e.name, e.message); }
print(new TextDecoder(' UTF8 ').encoding, new TextDecoder('unicode-1-1-utf-8').encoding);
try { new TextDecoder('nope'); } catch (e) { print(e.name, e.message); }
try { td.decode('abc'); } catch (e) { print(e.name); }
