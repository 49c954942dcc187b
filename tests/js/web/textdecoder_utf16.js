// @node
var le = new TextDecoder('utf-16le');
print(le.encoding, new TextDecoder('UTF-16').encoding, new TextDecoder('utf-16be').encoding, new TextDecoder('latin1').encoding, new TextDecoder('ascii').encoding);
print(le.decode(new Uint8Array([0x68, 0, 0x69, 0, 0xac, 0x20])));
print(JSON.stringify(new TextDecoder('utf-16le').decode(new Uint8Array([0xff, 0xfe, 0x41, 0]))));
print(JSON.stringify(new TextDecoder('utf-16le', { ignoreBOM: true }).decode(new Uint8Array([0xff, 0xfe, 0x41, 0]))).length);
print(new TextDecoder('utf-16be').decode(new Uint8Array([0, 0x41, 0x20, 0xac])));
var s = new TextDecoder('utf-16le'), out = '';
out += s.decode(new Uint8Array([0x3d]), { stream: true });
out += s.decode(new Uint8Array([0xd8, 0x00]), { stream: true });
out += s.decode(new Uint8Array([0xde, 0x41, 0x00]));
print(out.length, out.charCodeAt(0).toString(16), out.charCodeAt(1).toString(16), out.charAt(2));
print(JSON.stringify(new TextDecoder('utf-16le').decode(new Uint8Array([0x41, 0x00, 0x42]))));
print(JSON.stringify(new TextDecoder('utf-16le').decode(new Uint8Array([0x00, 0xdc, 0x41, 0x00]))));
try { new TextDecoder('utf-16le', { fatal: true }).decode(new Uint8Array([0x00, 0xd8])); } catch (e) { print(e.name, e.message); }
print(new TextDecoder('latin1').decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9])));
