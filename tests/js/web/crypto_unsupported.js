var s = crypto.subtle;
var names = ['deriveBits', 'deriveKey', 'wrapKey', 'unwrapKey'];
var p = Promise.resolve();
names.forEach(function (n) {
  p = p.then(function () { return s[n](); }).then(function () { print(n, 'resolved'); }, function (e) { print(n, e.name); });
});
p.then(function () { return s.digest('SHA-256'); }).catch(function (e) { print('no data', e.name); })
.then(function () { return s.sign('HMAC', {}, new Uint8Array(1)); }).catch(function (e) { print('not a key', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['encrypt']); })
.then(function (k) { return s.sign('HMAC', k, new Uint8Array(1)); }).catch(function (e) { print('wrong alg', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['encrypt']); })
.then(function (k) { return s.encrypt({ name: 'AES-GCM' }, k, new Uint8Array(1)); }).catch(function (e) { print('no iv', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['encrypt']); })
.then(function (k) { return s.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, k, new Uint8Array(20)); }).catch(function (e) { print('no decrypt usage', e.name); });
print(typeof SubtleCrypto, typeof Crypto, typeof CryptoKey);
