// @node
function hex(b) { return Array.prototype.map.call(new Uint8Array(b), function (x) { return (x < 16 ? '0' : '') + x.toString(16); }).join(''); }
function unhex(h) { var u = new Uint8Array(h.length / 2); for (var i = 0; i < u.length; i++) u[i] = parseInt(h.substr(i * 2, 2), 16); return u; }
var key, iv = unhex('cafebabefacedbaddecaf888'), aad = unhex('feedfacedeadbeeffeedfacedeadbeefabaddad2');
var pt = unhex('d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39');
var ct;
crypto.subtle.importKey('raw', unhex('feffe9928665731c6d6a8f9467308308'), 'AES-GCM', true, ['encrypt', 'decrypt'])
.then(function (k) {
  key = k;
  print(k.algorithm.name, k.algorithm.length, k.usages.join(','));
  return crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv, additionalData: aad }, k, pt);
}).then(function (c) {
  ct = c;
  print(c.byteLength, hex(c));
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv, additionalData: aad }, key, c);
}).then(function (p) {
  print('roundtrip', hex(p) === hex(pt));
  var bad = new Uint8Array(ct.slice(0)); bad[0] ^= 1;
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv, additionalData: aad }, key, bad);
}).catch(function (e) {
  print('tampered', e.name, e instanceof DOMException);
  return crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv, tagLength: 96 }, key, new TextEncoder().encode('short'));
}).then(function (c) {
  print('tag96', c.byteLength, hex(c));
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv, tagLength: 96 }, key, c);
}).then(function (p) {
  print(new TextDecoder().decode(p));
  return crypto.subtle.exportKey('jwk', key);
}).then(function (j) {
  print(JSON.stringify(j));
  return crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv, tagLength: 100 }, key, pt);
}).catch(function (e) {
  print('taglen', e.name);
  return crypto.subtle.importKey('raw', new Uint8Array(10), 'AES-GCM', false, ['encrypt']);
}).catch(function (e) {
  print('keylen', e.name);
  return crypto.subtle.importKey('raw', new Uint8Array(32), { name: 'AES-GCM' }, false, ['sign']);
}).catch(function (e) { print('usage', e.name); });
