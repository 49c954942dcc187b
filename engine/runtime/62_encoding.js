/*
 * 62_encoding.js: DOMException (full: names and legacy codes), TextEncoder
 * and TextDecoder (Encoding Standard: UTF-8 over Duktape's codec, UTF-16LE,
 * UTF-16BE and windows-1252 in ES; encodeInto, labels, node's error texts),
 * atob and btoa (forgiving-base64).  Lazy group `encoding`.
 */
this.__cm.P.group('encoding', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var Uint8Array = P.TA.Uint8Array, ArrayBuffer = P.TA.ArrayBuffer;
	var NTE = P.nativeTextEncoder, NTD = P.nativeTextDecoder;
	var hasOwn = Object.prototype.hasOwnProperty;
	var tag = P.tag;

	/* --- DOMException ---------------------------------------------------- */

	var legacy = ['IndexSizeError', 'DOMStringSizeError',
	    'HierarchyRequestError', 'WrongDocumentError', 'InvalidCharacterError',
	    'NoDataAllowedError', 'NoModificationAllowedError', 'NotFoundError',
	    'NotSupportedError', 'InUseAttributeError', 'InvalidStateError',
	    'SyntaxError', 'InvalidModificationError', 'NamespaceError',
	    'InvalidAccessError', 'ValidationError', 'TypeMismatchError',
	    'SecurityError', 'NetworkError', 'AbortError', 'URLMismatchError',
	    'QuotaExceededError', 'TimeoutError', 'InvalidNodeTypeError',
	    'DataCloneError'];
	var constNames = ['INDEX_SIZE_ERR', 'DOMSTRING_SIZE_ERR',
	    'HIERARCHY_REQUEST_ERR', 'WRONG_DOCUMENT_ERR', 'INVALID_CHARACTER_ERR',
	    'NO_DATA_ALLOWED_ERR', 'NO_MODIFICATION_ALLOWED_ERR', 'NOT_FOUND_ERR',
	    'NOT_SUPPORTED_ERR', 'INUSE_ATTRIBUTE_ERR', 'INVALID_STATE_ERR',
	    'SYNTAX_ERR', 'INVALID_MODIFICATION_ERR', 'NAMESPACE_ERR',
	    'INVALID_ACCESS_ERR', 'VALIDATION_ERR', 'TYPE_MISMATCH_ERR',
	    'SECURITY_ERR', 'NETWORK_ERR', 'ABORT_ERR', 'URL_MISMATCH_ERR',
	    'QUOTA_EXCEEDED_ERR', 'TIMEOUT_ERR', 'INVALID_NODE_TYPE_ERR',
	    'DATA_CLONE_ERR'];
	var codeOf = {};
	var i;
	for (i = 0; i < legacy.length; i++)
		codeOf[legacy[i]] = i + 1;

	var DN = P.hidden('DOMExceptionName'), DM = P.hidden('DOMExceptionMsg');

	function DOMException(message, options) {
		var e, name = 'Error';
		P.requireNew(this, DOMException, 'DOMException');
		e = new P.NativeError(message === undefined ? '' : String(message));
		Object.setPrototypeOf(e, Object.getPrototypeOf(this));
		if (P.isObject(options)) {
			if (options.name !== undefined)
				name = String(options.name);
			if ('cause' in options)
				P.def(e, 'cause', options.cause);
		} else if (options !== undefined)
			name = String(options);
		e[DN] = name;
		e[DM] = message === undefined ? '' : String(message);
		/* Duktape's Error carries an own message; keep it consistent. */
		try {
			delete e.message;
		} catch (x) { /* ignore */ }
		return e;
	}
	DOMException.prototype = Object.create(P.NativeError.prototype);
	P.def(DOMException.prototype, 'constructor', DOMException);
	P.setLength(DOMException, 0);
	function brand(self) {
		if (!P.isObject(self) || !(DN in self))
			throw new TypeError('Illegal invocation');
		return self;
	}
	P.getter(DOMException.prototype, 'name', function () {
		return brand(this)[DN];
	});
	P.getter(DOMException.prototype, 'message', function () {
		return brand(this)[DM];
	});
	P.getter(DOMException.prototype, 'code', function () {
		var n = brand(this)[DN];
		return hasOwn.call(codeOf, n) ? codeOf[n] : 0;
	});
	for (i = 0; i < constNames.length; i++) {
		Object.defineProperty(DOMException, constNames[i], { value: i + 1,
		    enumerable: true });
		Object.defineProperty(DOMException.prototype, constNames[i],
		    { value: i + 1, enumerable: true });
	}
	tag(DOMException, 'DOMException');
	P.defGlobal('DOMException', DOMException);
	P.DOMException = DOMException;
	P.domError = function domError(name, message) {
		return new DOMException(message, name);
	};

	/* --- TextEncoder ------------------------------------------------------- */

	var native = new NTE();
	function TextEncoder() {
		P.requireNew(this, TextEncoder, 'TextEncoder');
	}
	P.getter(TextEncoder.prototype, 'encoding', function () {
		return 'utf-8';
	});
	P.defs(TextEncoder.prototype, {
		encode: function encode(input) {
			return native.encode(input === undefined ? '' :
			    String(input));
		},
		encodeInto: function encodeInto(source, destination) {
			var s = String(source), read = 0, written = 0;
			var n, c, d, len, cp;
			if (!(destination instanceof Uint8Array))
				throw new TypeError('The "dest" argument must be an ' +
				    'instance of Uint8Array.');
			n = destination.length;
			while (read < s.length) {
				c = s.charCodeAt(read);
				cp = c;
				len = 1;
				if (c >= 0xd800 && c <= 0xdbff && read + 1 < s.length) {
					d = s.charCodeAt(read + 1);
					if (d >= 0xdc00 && d <= 0xdfff) {
						cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
						len = 2;
					}
				}
				if (len === 1 && c >= 0xd800 && c <= 0xdfff)
					cp = 0xfffd;
				if (cp < 0x80) {
					if (written + 1 > n)
						break;
					destination[written++] = cp;
				} else if (cp < 0x800) {
					if (written + 2 > n)
						break;
					destination[written++] = 0xc0 | (cp >> 6);
					destination[written++] = 0x80 | (cp & 63);
				} else if (cp < 0x10000) {
					if (written + 3 > n)
						break;
					destination[written++] = 0xe0 | (cp >> 12);
					destination[written++] = 0x80 | ((cp >> 6) & 63);
					destination[written++] = 0x80 | (cp & 63);
				} else {
					if (written + 4 > n)
						break;
					destination[written++] = 0xf0 | (cp >> 18);
					destination[written++] = 0x80 | ((cp >> 12) & 63);
					destination[written++] = 0x80 | ((cp >> 6) & 63);
					destination[written++] = 0x80 | (cp & 63);
				}
				read += len;
			}
			return { read: read, written: written };
		}
	}, { encode: 0, encodeInto: 2 });
	tag(TextEncoder, 'TextEncoder');
	P.defGlobal('TextEncoder', TextEncoder);
	P.utf8Encode = function (s) {
		return native.encode(s);
	};

	/* --- TextDecoder ------------------------------------------------------- */

	var UTF8_LABELS = ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8',
	    'utf-8', 'utf8', 'x-unicode20utf8'];
	var UTF16LE_LABELS = ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode',
	    'unicodefeff', 'utf-16', 'utf-16le'];
	var UTF16BE_LABELS = ['unicodefffe', 'utf-16be'];
	var W1252_LABELS = ['ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819',
	    'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100', 'iso8859-1',
	    'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'latin1',
	    'us-ascii', 'windows-1252', 'x-cp1252'];
	var W1252 = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021,
	    0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018,
	    0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161,
	    0x203a, 0x153, 0x9d, 0x17e, 0x178];
	var TD = P.hidden('TextDecoder');

	function encodingOf(l) {
		if (UTF8_LABELS.indexOf(l) >= 0)
			return 'utf-8';
		if (UTF16LE_LABELS.indexOf(l) >= 0)
			return 'utf-16le';
		if (UTF16BE_LABELS.indexOf(l) >= 0)
			return 'utf-16be';
		if (W1252_LABELS.indexOf(l) >= 0)
			return 'windows-1252';
		return null;
	}

	function invalidData(enc) {
		return new TypeError('The encoded data was not valid for ' +
		    'encoding ' + enc);
	}

	/* The Encoding Standard's UTF-16 and windows-1252 decoders, with the
	 * interface of Duktape's native one (which does UTF-8). */
	function EsDecoder(enc, fatal, ignoreBOM) {
		this.encoding = enc;
		this.fatal = fatal;
		this.ignoreBOM = ignoreBOM;
		this.reset();
	}
	EsDecoder.prototype.reset = function () {
		this.lead = -1;
		this.surrogate = -1;
		this.started = false;
	};
	EsDecoder.prototype.bad = function () {
		if (this.fatal) {
			this.reset();
			throw invalidData(this.encoding);
		}
		return '\ufffd';
	};
	EsDecoder.prototype.decode = function (input, options) {
		var u = input === undefined ? new Uint8Array(0) : (input instanceof
		    ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer,
		    input.byteOffset, input.byteLength));
		var stream = !!(options && options.stream), out = '', i, b, unit;
		if (this.encoding === 'windows-1252') {
			for (i = 0; i < u.length; i++) {
				b = u[i];
				out += String.fromCharCode(b >= 0x80 && b <= 0x9f ?
				    W1252[b - 0x80] : b);
			}
			return out;
		}
		for (i = 0; i < u.length; i++) {
			if (this.lead < 0) {
				this.lead = u[i];
				continue;
			}
			unit = this.encoding === 'utf-16le' ? this.lead + (u[i] << 8) :
			    (this.lead << 8) + u[i];
			this.lead = -1;
			if (this.surrogate >= 0) {
				if (unit >= 0xdc00 && unit <= 0xdfff) {
					out += String.fromCharCode(this.surrogate, unit);
					this.surrogate = -1;
					continue;
				}
				this.surrogate = -1;
				out += this.bad();
			}
			if (unit >= 0xd800 && unit <= 0xdbff)
				this.surrogate = unit;
			else if (unit >= 0xdc00 && unit <= 0xdfff)
				out += this.bad();
			else
				out += String.fromCharCode(unit);
		}
		if (!stream) {
			if (this.lead >= 0 || this.surrogate >= 0)
				out += this.bad();
		}
		if (!this.started && out.length > 0) {
			this.started = true;
			if (!this.ignoreBOM && out.charCodeAt(0) === 0xfeff)
				out = out.slice(1);
		}
		if (!stream)
			this.reset();
		return out;
	};

	function makeDecoder(enc, fatal, ignoreBOM) {
		if (enc === 'utf-8')
			return new NTD('utf-8', { fatal: fatal, ignoreBOM: ignoreBOM });
		return new EsDecoder(enc, fatal, ignoreBOM);
	}

	function TextDecoder(label, options) {
		var l, fatal = false, ignoreBOM = false, enc;
		P.requireNew(this, TextDecoder, 'TextDecoder');
		l = label === undefined ? 'utf-8' : String(label);
		l = l.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').toLowerCase();
		if ((enc = encodingOf(l)) === null)
			throw new RangeError('The "' + String(label) +
			    '" encoding is not supported');
		if (options !== undefined && options !== null) {
			if (!P.isObject(options))
				throw new TypeError('The "options" argument must be of ' +
				    'type object.');
			fatal = !!options.fatal;
			ignoreBOM = !!options.ignoreBOM;
		}
		this[TD] = makeDecoder(enc, fatal, ignoreBOM);
	}
	function dec(self) {
		if (!P.isObject(self) || !(TD in self))
			throw new TypeError('Illegal invocation');
		return self[TD];
	}
	P.getter(TextDecoder.prototype, 'encoding', function () {
		return dec(this).encoding;
	});
	P.getter(TextDecoder.prototype, 'fatal', function () {
		return dec(this).fatal;
	});
	P.getter(TextDecoder.prototype, 'ignoreBOM', function () {
		return dec(this).ignoreBOM;
	});
	P.defs(TextDecoder.prototype, {
		decode: function decode(input, options) {
			var d = dec(this), stream = false;
			if (options !== undefined && options !== null) {
				if (!P.isObject(options))
					throw new TypeError('The "options" argument must ' +
					    'be of type object.');
				stream = !!options.stream;
			}
			if (input !== undefined && !(input instanceof ArrayBuffer) &&
			    !ArrayBuffer.isView(input))
				throw new TypeError('The "input" argument must be an ' +
				    'instance of ArrayBuffer or ArrayBufferView.');
			try {
				return input === undefined ? d.decode(undefined,
				    { stream: stream }) : d.decode(input,
				    { stream: stream });
			} catch (e) {
				/* a failed decode ends the stream: start afresh */
				this[TD] = makeDecoder(d.encoding, d.fatal, d.ignoreBOM);
				if (e instanceof TypeError && d.fatal)
					throw invalidData(d.encoding);
				throw e;
			}
		}
	}, { decode: 0 });
	tag(TextDecoder, 'TextDecoder');
	P.setLength(TextDecoder, 0);
	P.defGlobal('TextDecoder', TextDecoder);
	P.utf8Decode = function (bytes) {
		return new NTD().decode(bytes);
	};

	/* --- atob / btoa ------------------------------------------------------- */

	var ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	var REV = {};
	for (i = 0; i < 64; i++)
		REV[ALPHA.charAt(i)] = i;

	/* Both build their text in pieces joined once at the end: appending
	 * to a string copied it whole each time (826 ms for 100 KB). */
	function btoa(data) {
		var s, out = [], i, a, b, c;
		if (arguments.length === 0)
			throw new TypeError('The "data" argument must be specified');
		s = String(data);
		for (i = 0; i < s.length; i++)
			if (s.charCodeAt(i) > 255)
				throw new DOMException('Invalid character',
				    'InvalidCharacterError');
		for (i = 0; i < s.length; i += 3) {
			a = s.charCodeAt(i);
			b = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
			c = i + 2 < s.length ? s.charCodeAt(i + 2) : -1;
			out[out.length] = ALPHA.charAt(a >> 2) +
			    ALPHA.charAt(((a & 3) << 4) | (b < 0 ? 0 : b >> 4)) +
			    (b < 0 ? '=' : ALPHA.charAt(((b & 15) << 2) |
			    (c < 0 ? 0 : c >> 6))) +
			    (c < 0 ? '=' : ALPHA.charAt(c & 63));
		}
		return P.I.join(out, '');
	}

	function atob(data) {
		var s, out = [], i, bits = 0, nbits = 0, v;
		if (arguments.length === 0)
			throw new TypeError('The "data" argument must be specified');
		s = String(data);
		var count = 0, eq = 0, c, rem;
		/* node's order of checks, so the texts match its atob */
		for (i = 0; i < s.length; i++) {
			c = s.charAt(i);
			if (c === '\t' || c === '\n' || c === '\f' || c === '\r' ||
			    c === ' ')
				continue;
			if (c !== '=' && !hasOwn.call(REV, c))
				throw new DOMException('Invalid character',
				    'InvalidCharacterError');
			count++;
			if (c === '=')
				eq++;
			else if (eq)
				throw new DOMException('Invalid character',
				    'InvalidCharacterError');
			if (eq > 2)
				throw new DOMException('Invalid character',
				    'InvalidCharacterError');
		}
		rem = count % 4;
		if (!rem)
			rem = (count - eq) % 4;
		else if (eq)
			throw new DOMException('Invalid character',
			    'InvalidCharacterError');
		if (rem === 1)
			throw new DOMException('The string to be decoded is not ' +
			    'correctly encoded.', 'InvalidCharacterError');
		s = s.replace(/[\t\n\f\r =]/g, '');
		for (i = 0; i < s.length; i++) {
			v = REV[s.charAt(i)];
			bits = (bits << 6) | v;
			nbits += 6;
			if (nbits >= 8) {
				nbits -= 8;
				out[out.length] =
				    String.fromCharCode((bits >> nbits) & 255);
			}
		}
		return P.I.join(out, '');
	}
	P.defGlobal('btoa', btoa);
	P.defGlobal('atob', atob);
});
