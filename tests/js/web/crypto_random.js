// as node 20, except Object.prototype.toString(crypto) is [object Crypto] as the spec says
var a = new Uint8Array(32);
print(crypto.getRandomValues(a) === a);
var allZero = true; for (var i = 0; i < a.length; i++) if (a[i] !== 0) allZero = false;
print('nonzero', !allZero);
var b = new Uint32Array(4); crypto.getRandomValues(b); print(b.length);
print(crypto.getRandomValues(new Uint8Array(0)).length);
crypto.getRandomValues(new Uint8Array(65536));
try { crypto.getRandomValues(new Uint8Array(65537)); } catch (e) { print(e.name, e.code, e.message); }
try { crypto.getRandomValues(new Float32Array(2)); } catch (e) { print(e.name, e.code); }
try { crypto.getRandomValues([1, 2]); } catch (e) { print(e.name); }
var u = crypto.randomUUID();
print(typeof u, u.length, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u), u !== crypto.randomUUID());
print(Object.prototype.toString.call(crypto), Object.prototype.toString.call(crypto.subtle), typeof crypto.subtle.digest);
try { new CryptoKey(); } catch (e) { print(e.name); }
