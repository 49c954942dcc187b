// @node
var te = new TextEncoder();
function b(s) { return Array.prototype.join.call(te.encode(s), ' '); }
print(b('\ud83d'), '|', b('\ude00'), '|', b('a\ud83dz'), '|', b('\ude00\ud83d'));
var r = te.encodeInto('\ud83d\ude00\ud83d', new Uint8Array(10)); print(r.read, r.written);
r = te.encodeInto('ab', new Uint8Array(new ArrayBuffer(8), 6)); print(r.read, r.written);
print(new TextDecoder().decode(te.encode('round \u00e9\u20ac')) === 'round \u00e9\u20ac');
