// @node
var enc = new TextEncoder();
crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-384' }, true, ['sign', 'verify']).then(function (k) {
  print(k.algorithm.name, k.algorithm.hash.name, k.algorithm.length, k.extractable, k.usages.join(','));
  return crypto.subtle.sign('HMAC', k, enc.encode('m')).then(function (s) {
    print(s.byteLength);
    return crypto.subtle.verify('HMAC', k, s, enc.encode('m'));
  });
}).then(function (ok) {
  print('ok', ok);
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}).then(function (k) {
  print(k.algorithm.name, k.algorithm.length, k.extractable);
  var iv = crypto.getRandomValues(new Uint8Array(12));
  return crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv }, k, enc.encode('secret')).then(function (c) {
    print(c.byteLength);
    return crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv }, k, c);
  });
}).then(function (p) {
  print(new TextDecoder().decode(p));
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 100 }, true, ['encrypt']);
}).catch(function (e) {
  print(e.name);
  return crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, []);
}).catch(function (e) { print(e.name); });
