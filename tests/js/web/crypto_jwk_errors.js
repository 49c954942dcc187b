var enc = new TextEncoder();
var s = crypto.subtle, alg = { name: 'HMAC', hash: 'SHA-256' };
s.importKey('jwk', { kty: 'RSA', k: 'AAAA' }, alg, true, ['sign']).catch(function (e) { print('kty', e.name); })
.then(function () { return s.importKey('jwk', { kty: 'oct', k: 'SmVmZQ', alg: 'HS512' }, alg, true, ['sign']); }).catch(function (e) { print('alg', e.name); })
.then(function () { return s.importKey('jwk', { kty: 'oct', k: 'Sm*', alg: 'HS256' }, alg, true, ['sign']); }).catch(function (e) { print('k', e.name); })
.then(function () { return s.importKey('jwk', { kty: 'oct', k: 'SmVmZQ', ext: false }, alg, true, ['sign']); }).catch(function (e) { print('ext', e.name); })
.then(function () { return s.importKey('spki', new Uint8Array(4), alg, true, ['sign']); }).catch(function (e) { print('format', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(4), alg, true, []); }).catch(function (e) { print('usages', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(4), { name: 'HMAC' }, true, ['sign']); }).catch(function (e) { print('no hash', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(0), alg, true, ['sign']); }).catch(function (e) { print('empty', e.name); })
.then(function () { return s.importKey('raw', new Uint8Array(4), { name: 'RSA-PSS' }, true, ['sign']); }).catch(function (e) { print('alg name', e.name); })
.then(function () { return s.importKey('jwk', { kty: 'oct', k: 'AAAAAAAAAAAAAAAAAAAAAA', alg: 'A128GCM' }, 'AES-GCM', false, ['decrypt']); })
.then(function (k) { print('aes jwk', k.algorithm.length, k.usages.join()); return s.exportKey('raw', k); }).catch(function (e) { print('export', e.name); });
