// node 20 names the error InvalidAccessException; the spec and we say InvalidAccessError
function hex(b) { return Array.prototype.map.call(new Uint8Array(b), function (x) { return (x < 16 ? '0' : '') + x.toString(16); }).join(''); }
var enc = new TextEncoder();
var key;
crypto.subtle.importKey('raw', enc.encode('Jefe'), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign', 'verify'])
.then(function (k) {
  key = k;
  print(k.type, k.extractable, k.algorithm.name, k.algorithm.hash.name, k.algorithm.length, k.usages.join(','), Object.prototype.toString.call(k));
  return crypto.subtle.sign('HMAC', k, enc.encode('what do ya want for nothing?'));
}).then(function (sig) {
  print(hex(sig));
  return crypto.subtle.verify('HMAC', key, sig, enc.encode('what do ya want for nothing?'));
}).then(function (ok) {
  print('verify', ok);
  return crypto.subtle.verify({ name: 'HMAC' }, key, new Uint8Array(32), enc.encode('x'));
}).then(function (ok) {
  print('verify bad', ok);
  return crypto.subtle.exportKey('raw', key);
}).then(function (raw) {
  print('raw', hex(raw));
  return crypto.subtle.exportKey('jwk', key);
}).then(function (jwk) {
  print(JSON.stringify(jwk));
  return crypto.subtle.importKey('jwk', jwk, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}).then(function (k2) {
  print('jwk import', k2.extractable, k2.usages.join(','));
  return crypto.subtle.exportKey('raw', k2).catch(function (e) { print(e.name); return crypto.subtle.verify('HMAC', k2, new Uint8Array(32), new Uint8Array(1)); });
}).catch(function (e) { print('verify with sign-only key:', e.name); })
.then(function () {
  return crypto.subtle.importKey('raw', new Uint8Array(20).fill(11), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
}).then(function (k) {
  print(k.algorithm.hash.name, k.algorithm.length);
  return crypto.subtle.sign('HMAC', k, enc.encode('Hi There'));
}).then(function (s) { print(hex(s)); });
