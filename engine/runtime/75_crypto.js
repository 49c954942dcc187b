/*
 * 75_crypto.js: crypto.getRandomValues, crypto.randomUUID and crypto.subtle
 * (digest SHA-1/256/384/512; HMAC and AES-GCM keys: generateKey, importKey
 * and exportKey raw/jwk, sign/verify, encrypt/decrypt).  The work is done in
 * C (engine/host/crypto.c: __cm_native.randomBytes, digest, hmac, aesGcmEncrypt,
 * aesGcmDecrypt); this file validates as the Web Crypto API does and returns
 * Promises.  Every other SubtleCrypto method rejects with NotSupportedError.
 * Lazy group `crypto`.
 */
this.__cm.P.group('crypto', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var Int8Array = P.TA.Int8Array, Uint8Array = P.TA.Uint8Array,
	    Uint8ClampedArray = P.TA.Uint8ClampedArray, Int16Array =
	    P.TA.Int16Array, Uint16Array = P.TA.Uint16Array, Int32Array =
	    P.TA.Int32Array, Uint32Array = P.TA.Uint32Array, ArrayBuffer =
	    P.TA.ArrayBuffer;
	P.need.encoding();
	var N = P.native;
	var Promise_ = P.Promise;
	var DOMException = P.DOMException;
	var nat = {
		randomBytes: N.randomBytes, digest: N.digest, hmac: N.hmac,
		enc: N.aesGcmEncrypt, dec: N.aesGcmDecrypt
	};

	function need(f) {
		if (typeof f !== 'function')
			throw new DOMException('Cryptography is unavailable: the ' +
			    'engine host did not install its crypto natives.',
			    'NotSupportedError');
		return f;
	}
	function dom(msg, name) {
		return new DOMException(msg, name);
	}
	function bytesOf(x, what) {
		if (x instanceof ArrayBuffer)
			return new Uint8Array(x);
		if (ArrayBuffer.isView(x))
			return new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
		throw new TypeError('Failed to execute \'' + what + '\': parameter ' +
		    'is not of type \'BufferSource\'.');
	}
	function copy(u) {
		var c = new Uint8Array(u.length);
		c.set(u);
		return c;
	}

	/* --- getRandomValues / randomUUID -------------------------------------- */
	var INT_ARRAYS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray',
	    'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
	    'BigInt64Array', 'BigUint64Array'];

	function getRandomValues(array) {
		var tag, rnd, u;
		if (arguments.length === 0)
			throw new TypeError('The "typedArray" argument must be ' +
			    'specified');
		tag = ArrayBuffer.isView(array) ?
		    Object.prototype.toString.call(array).slice(8, -1) : '';
		if (INT_ARRAYS.indexOf(tag) < 0)
			throw dom('The data argument must be an integer-type ' +
			    'TypedArray', 'TypeMismatchError');
		if (array.byteLength > 65536)
			throw dom('The requested length exceeds 65,536 bytes',
			    'QuotaExceededError');
		rnd = new Uint8Array(need(nat.randomBytes)(array.byteLength));
		u = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
		u.set(rnd);
		return array;
	}
	function hex(b) {
		return (b < 16 ? '0' : '') + b.toString(16);
	}
	function randomUUID() {
		var b = new Uint8Array(need(nat.randomBytes)(16)), s = '', i;
		b[6] = (b[6] & 0x0f) | 0x40;
		b[8] = (b[8] & 0x3f) | 0x80;
		for (i = 0; i < 16; i++) {
			s += hex(b[i]);
			if (i === 3 || i === 5 || i === 7 || i === 9)
				s += '-';
		}
		return s;
	}

	/* --- base64url for JWK ------------------------------------------------- */
	function b64url(u) {
		var s = '', i;
		for (i = 0; i < u.length; i++)
			s += String.fromCharCode(u[i]);
		return G.btoa(s).replace(/\+/g, '-').replace(/\//g, '_')
		    .replace(/=+$/, '');
	}
	function unb64url(s) {
		var bin, u, i;
		if (typeof s !== 'string' || /[^A-Za-z0-9_\-]/.test(s))
			throw dom('Invalid keyData', 'DataError');
		try {
			bin = G.atob(s.replace(/-/g, '+').replace(/_/g, '/'));
		} catch (e) {
			throw dom('Invalid keyData', 'DataError');
		}
		u = new Uint8Array(bin.length);
		for (i = 0; i < bin.length; i++)
			u[i] = bin.charCodeAt(i);
		return u;
	}

	/* --- algorithms -------------------------------------------------------- */
	var NAMES = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512', 'HMAC', 'AES-GCM'];
	var SIGN_ONLY = ['sign', 'verify'];
	var AES_USAGES = ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'];
	var HASH_BITS = { 'SHA-1': 512, 'SHA-256': 512, 'SHA-384': 1024,
	    'SHA-512': 1024 };
	var JWK_HS = { 'SHA-1': 'HS1', 'SHA-256': 'HS256', 'SHA-384': 'HS384',
	    'SHA-512': 'HS512' };

	function algName(a) {
		var n, i;
		if (typeof a === 'string')
			n = a;
		else if (P.isObject(a) && a.name !== undefined)
			n = String(a.name);
		else
			throw new TypeError('Algorithm: name is missing');
		for (i = 0; i < NAMES.length; i++)
			if (NAMES[i].toUpperCase() === n.toUpperCase())
				return NAMES[i];
		throw dom('Unrecognized algorithm name', 'NotSupportedError');
	}
	function hashName(a) {
		var n = algName(a);
		if (!HASH_BITS[n])
			throw dom('Unrecognized algorithm name', 'NotSupportedError');
		return n;
	}

	/* --- CryptoKey --------------------------------------------------------- */
	var K = P.hidden('CryptoKey');
	var making = false;
	function CryptoKey() {
		if (!making)
			throw new TypeError('Illegal constructor');
	}
	function makeKey(alg, raw, extractable, usages) {
		var k;
		making = true;
		try {
			k = new CryptoKey();
		} finally {
			making = false;
		}
		k[K] = { alg: alg, raw: raw, extractable: !!extractable,
		    usages: usages };
		return k;
	}
	function ks(k) {
		if (!P.isObject(k) || !(K in k))
			throw new TypeError('The "key" argument must be an instance ' +
			    'of CryptoKey.');
		return k[K];
	}
	P.getter(CryptoKey.prototype, 'type', function () {
		ks(this);
		return 'secret';
	});
	P.getter(CryptoKey.prototype, 'extractable', function () {
		return ks(this).extractable;
	});
	P.getter(CryptoKey.prototype, 'algorithm', function () {
		var a = ks(this).alg, o = { name: a.name };
		if (a.hash)
			o.hash = { name: a.hash };
		o.length = a.length;
		return o;
	});
	P.getter(CryptoKey.prototype, 'usages', function () {
		return ks(this).usages.slice();
	});
	P.tag(CryptoKey, 'CryptoKey');

	function checkUsages(usages, allowed, what) {
		var list = [], i, u;
		if (!P.isObject(usages))
			throw new TypeError('The "keyUsages" argument must be an array');
		for (i = 0; i < usages.length; i++) {
			u = String(usages[i]);
			if (allowed.indexOf(u) < 0)
				throw dom('Unsupported key usage for ' + what,
				    'SyntaxError');
			if (list.indexOf(u) < 0)
				list.push(u);
		}
		/* canonical order, as implementations report them */
		return allowed.filter(function (a) {
			return list.indexOf(a) >= 0;
		});
	}
	function requireUsages(u) {
		if (u.length === 0)
			throw dom('Usages cannot be empty when creating a key.',
			    'SyntaxError');
		return u;
	}
	function aesLength(n) {
		if (n !== 16 && n !== 24 && n !== 32)
			throw dom('Invalid key length', 'DataError');
		return n * 8;
	}

	function importKey(format, keyData, algorithm, extractable, usages) {
		var name = algName(algorithm), raw, hash, len, jwk, u;
		if (name === 'HMAC') {
			hash = hashName(algorithm.hash);
			u = requireUsages(checkUsages(usages, SIGN_ONLY,
			    'an HMAC key'));
		} else if (name === 'AES-GCM') {
			u = requireUsages(checkUsages(usages, AES_USAGES,
			    'an AES-GCM key'));
		} else
			throw dom('Unrecognized algorithm name', 'NotSupportedError');
		if (format === 'raw')
			raw = copy(bytesOf(keyData, 'importKey'));
		else if (format === 'jwk') {
			jwk = keyData;
			if (!P.isObject(jwk))
				throw new TypeError('The "keyData" argument must be of ' +
				    'type object');
			if (jwk.kty !== 'oct')
				throw dom('Invalid JWK "kty" Parameter', 'DataError');
			raw = unb64url(jwk.k);
			if (jwk.ext === false && extractable)
				throw dom('JWK "ext" Parameter and extractable mismatch',
				    'DataError');
			if (jwk.alg !== undefined) {
				if (name === 'HMAC' && jwk.alg !== JWK_HS[hash])
					throw dom('JWK "alg" does not match the requested ' +
					    'algorithm', 'DataError');
				if (name === 'AES-GCM' && jwk.alg !== 'A' +
				    (raw.length * 8) + 'GCM')
					throw dom('JWK "alg" does not match the requested ' +
					    'algorithm', 'DataError');
			}
		} else
			throw dom('Unsupported key format: ' + String(format),
			    'NotSupportedError');
		if (name === 'HMAC') {
			if (raw.length === 0)
				throw dom('Zero-length key is not supported', 'DataError');
			len = raw.length * 8;
			if (algorithm.length !== undefined &&
			    P.toInt(algorithm.length) !== len)
				throw dom('Invalid key length', 'DataError');
			return makeKey({ name: 'HMAC', hash: hash, length: len }, raw,
			    extractable, u);
		}
		return makeKey({ name: 'AES-GCM', length: aesLength(raw.length) },
		    raw, extractable, u);
	}

	function generateKey(algorithm, extractable, usages) {
		var name = algName(algorithm), hash, len, u;
		if (name === 'HMAC') {
			hash = hashName(algorithm.hash);
			u = requireUsages(checkUsages(usages, SIGN_ONLY,
			    'an HMAC key'));
			len = algorithm.length !== undefined ?
			    P.toInt(algorithm.length) : HASH_BITS[hash];
			if (len <= 0 || len % 8 !== 0)
				throw dom('Invalid key length', 'OperationError');
			return makeKey({ name: 'HMAC', hash: hash, length: len },
			    new Uint8Array(need(nat.randomBytes)(len / 8)),
			    extractable, u);
		}
		if (name === 'AES-GCM') {
			u = requireUsages(checkUsages(usages, AES_USAGES,
			    'an AES-GCM key'));
			len = P.toInt(algorithm.length);
			if (len !== 128 && len !== 192 && len !== 256)
				throw dom('AES key length must be 128, 192, or 256 bits',
				    'OperationError');
			return makeKey({ name: 'AES-GCM', length: len },
			    new Uint8Array(need(nat.randomBytes)(len / 8)),
			    extractable, u);
		}
		throw dom('Unrecognized algorithm name', 'NotSupportedError');
	}

	function exportKey(format, key) {
		var s = ks(key), jwk;
		if (!s.extractable)
			throw dom('key is not extractable', 'InvalidAccessError');
		if (format === 'raw')
			return copy(s.raw).buffer;
		if (format === 'jwk') {
			jwk = { key_ops: s.usages.slice(), ext: true, kty: 'oct',
			    k: b64url(s.raw) };
			jwk.alg = s.alg.name === 'HMAC' ? JWK_HS[s.alg.hash] :
			    'A' + s.alg.length + 'GCM';
			return jwk;
		}
		throw dom('Unsupported key format: ' + String(format),
		    'NotSupportedError');
	}

	function useKey(algorithm, key, usage) {
		var s = ks(key), name = algName(algorithm);
		if (name !== s.alg.name)
			throw dom('The requested operation is not valid for the ' +
			    'provided key', 'InvalidAccessError');
		if (s.usages.indexOf(usage) < 0)
			throw dom('The requested operation is not valid for the ' +
			    'provided key', 'InvalidAccessError');
		return s;
	}
	function sign(algorithm, key, data) {
		var s = useKey(algorithm, key, 'sign');
		return need(nat.hmac)(s.alg.hash, s.raw, bytesOf(data, 'sign'));
	}
	function verify(algorithm, key, signature, data) {
		var s = useKey(algorithm, key, 'verify'), mac, sig, diff = 0, i;
		sig = bytesOf(signature, 'verify');
		mac = new Uint8Array(need(nat.hmac)(s.alg.hash, s.raw,
		    bytesOf(data, 'verify')));
		if (sig.length !== mac.length)
			return false;
		for (i = 0; i < mac.length; i++)
			diff |= mac[i] ^ sig[i];
		return diff === 0;
	}
	function gcmParams(algorithm) {
		var tl = algorithm.tagLength === undefined ? 128 :
		    P.toInt(algorithm.tagLength), iv, aad;
		if (algorithm.iv === undefined)
			throw new TypeError('algorithm.iv is required');
		iv = bytesOf(algorithm.iv, 'AesGcmParams');
		aad = algorithm.additionalData === undefined ? null :
		    bytesOf(algorithm.additionalData, 'AesGcmParams');
		if ([32, 64, 96, 104, 112, 120, 128].indexOf(tl) < 0)
			throw dom('is not a valid AES-GCM tag length', 'OperationError');
		if (iv.length === 0)
			throw dom('The operation failed for an operation-specific ' +
			    'reason', 'OperationError');
		return { iv: iv, aad: aad, tag: tl / 8 };
	}
	function encrypt(algorithm, key, data) {
		var s = useKey(algorithm, key, 'encrypt'), g = gcmParams(algorithm);
		return need(nat.enc)(s.raw, g.iv, g.aad, bytesOf(data, 'encrypt'),
		    g.tag);
	}
	function decrypt(algorithm, key, data) {
		var s = useKey(algorithm, key, 'decrypt'), g = gcmParams(algorithm);
		var r = need(nat.dec)(s.raw, g.iv, g.aad, bytesOf(data, 'decrypt'),
		    g.tag);
		if (r === null)
			throw dom('The operation failed for an operation-specific ' +
			    'reason', 'OperationError');
		return r;
	}
	function digest(algorithm, data) {
		var n = hashName(algorithm);
		return need(nat.digest)(n, bytesOf(data, 'digest'));
	}

	/* Runs fn(args) now; its value or throw settles the returned Promise. */
	function later(fn) {
		return function () {
			var args = arguments, self = this;
			return new Promise_(function (resolve) {
				resolve(fn.apply(self, args));
			});
		};
	}
	function unsupported(name) {
		return function () {
			return Promise_.reject(dom(name + ' is not supported by this ' +
			    'runtime. Supported: digest, HMAC and AES-GCM keys.',
			    'NotSupportedError'));
		};
	}

	function SubtleCrypto() {
		throw new TypeError('Illegal constructor');
	}
	var subtle = Object.create(SubtleCrypto.prototype);
	var methods = { digest: digest, importKey: importKey,
	    exportKey: exportKey, generateKey: generateKey, sign: sign,
	    verify: verify, encrypt: encrypt, decrypt: decrypt };
	var lengths = { digest: 2, importKey: 5, exportKey: 2, generateKey: 3,
	    sign: 3, verify: 4, encrypt: 3, decrypt: 3 };
	var k, f;
	for (k in methods) {
		if (!Object.prototype.hasOwnProperty.call(methods, k))
			continue;
		f = later(methods[k]);
		P.setName(f, k);
		P.setLength(f, lengths[k]);
		P.def(SubtleCrypto.prototype, k, f);
	}
	var rest = ['deriveBits', 'deriveKey', 'wrapKey', 'unwrapKey'];
	for (k = 0; k < rest.length; k++) {
		f = unsupported(rest[k]);
		P.setName(f, rest[k]);
		P.def(SubtleCrypto.prototype, rest[k], f);
	}
	P.tag(SubtleCrypto, 'SubtleCrypto');

	function Crypto() {
		throw new TypeError('Illegal constructor');
	}
	var crypto = Object.create(Crypto.prototype);
	P.defs(Crypto.prototype, { getRandomValues: getRandomValues,
	    randomUUID: randomUUID }, { getRandomValues: 1, randomUUID: 0 });
	P.getter(Crypto.prototype, 'subtle', function () {
		return subtle;
	});
	P.tag(Crypto, 'Crypto');
	P.defGlobal('crypto', crypto);
	P.defGlobal('Crypto', Crypto);
	P.defGlobal('SubtleCrypto', SubtleCrypto);
	P.defGlobal('CryptoKey', CryptoKey);
});
