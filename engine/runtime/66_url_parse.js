/*
 * 66_url_parse.js: the WHATWG URL Standard's machinery for 67_url.js: the
 * basic URL parser with state overrides (so the setters follow the spec),
 * special and opaque schemes, IPv4 and IPv6 hosts, percent-encode sets and
 * the serializer.  Domains are percent-decoded, ASCII-lowercased and
 * non-ASCII labels punycode-encoded; the UTS 46 mapping beyond lowercasing
 * is not done.  Lazy group `url`, with 67_url.js.
 */
this.__cm.P.group('url', function (G, P) {
	'use strict';
	/* the globals are the cold group `buffer`'s triggers (38_buffer.js) */
	var Uint8Array = P.TA.Uint8Array;
	P.need.encoding();
	var hasOwn = Object.prototype.hasOwnProperty;
	var SPECIAL = { 'ftp': 21, 'file': null, 'http': 80, 'https': 443,
	    'ws': 80, 'wss': 443 };
	var FAIL = {};

	function isSpecial(s) {
		return hasOwn.call(SPECIAL, s);
	}
	function isAlpha(c) {
		return /^[A-Za-z]$/.test(c);
	}
	function isDigit(c) {
		return c >= '0' && c <= '9' && c.length === 1;
	}
	function isHex(c) {
		return /^[0-9A-Fa-f]$/.test(c);
	}

	/* Percent-encode sets as predicates over a code unit. */
	function c0(c) {
		return c < 0x20 || c > 0x7e;
	}
	function fragSet(c) {
		return c0(c) || c === 0x20 || c === 0x22 || c === 0x3c ||
		    c === 0x3e || c === 0x60;
	}
	function querySet(c) {
		return c0(c) || c === 0x20 || c === 0x22 || c === 0x23 ||
		    c === 0x3c || c === 0x3e;
	}
	function specialQuerySet(c) {
		return querySet(c) || c === 0x27;
	}
	function pathSet(c) {
		return querySet(c) || c === 0x3f || c === 0x60 || c === 0x7b ||
		    c === 0x7d;
	}
	function userinfoSet(c) {
		return pathSet(c) || c === 0x2f || c === 0x3a || c === 0x3b ||
		    c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5d) ||
		    c === 0x7c;
	}
	function formSet(c) {
		return !((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) ||
		    (c >= 0x61 && c <= 0x7a) || c === 0x2a || c === 0x2d ||
		    c === 0x2e || c === 0x5f);
	}

	function hex2(b) {
		return '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase();
	}
	/* Percent-encodes the UTF-8 of s for the code units set() selects. */
	function pct(s, set, spaceAsPlus) {
		var out = '', i, c, bytes, j;
		for (i = 0; i < s.length; i++) {
			c = s.charCodeAt(i);
			if (spaceAsPlus && c === 0x20) {
				out += '+';
				continue;
			}
			if (c < 0x80) {
				out += set(c) ? hex2(c) : s.charAt(i);
				continue;
			}
			if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length &&
			    (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
				bytes = P.utf8Encode(s.substr(i, 2));
				i++;
			} else
				bytes = P.utf8Encode(s.charAt(i));
			for (j = 0; j < bytes.length; j++)
				out += hex2(bytes[j]);
		}
		return out;
	}
	/* Percent-decodes s to bytes, then UTF-8 decodes (with replacement). */
	function pdecodeBytes(s) {
		var bytes = P.utf8Encode(s), out = [], i, b;
		for (i = 0; i < bytes.length; i++) {
			b = bytes[i];
			if (b === 0x25 && i + 2 < bytes.length &&
			    isHex(String.fromCharCode(bytes[i + 1])) &&
			    isHex(String.fromCharCode(bytes[i + 2]))) {
				out.push(parseInt(String.fromCharCode(bytes[i + 1],
				    bytes[i + 2]), 16));
				i += 2;
			} else
				out.push(b);
		}
		return new Uint8Array(out);
	}
	function pdecode(s) {
		return P.utf8Decode(pdecodeBytes(s));
	}
	P.pctEncode = pct;

	/* --- hosts ------------------------------------------------------------- */

	function parseIPv6(input) {
		var a = [0, 0, 0, 0, 0, 0, 0, 0], piece = 0, comp = null, p = 0;
		var c, value, length, numbersSeen, ipv4, n, swaps, t;
		function ch() {
			return input.charAt(p);
		}
		if (ch() === ':') {
			if (input.charAt(1) !== ':')
				return FAIL;
			p += 2;
			piece++;
			comp = piece;
		}
		while (p < input.length) {
			if (piece === 8)
				return FAIL;
			if (ch() === ':') {
				if (comp !== null)
					return FAIL;
				p++;
				piece++;
				comp = piece;
				continue;
			}
			value = 0;
			length = 0;
			while (length < 4 && isHex(ch())) {
				value = value * 16 + parseInt(ch(), 16);
				p++;
				length++;
			}
			if (ch() === '.') {
				if (length === 0)
					return FAIL;
				p -= length;
				if (piece > 6)
					return FAIL;
				numbersSeen = 0;
				while (p < input.length) {
					ipv4 = null;
					if (numbersSeen > 0) {
						if (ch() === '.' && numbersSeen < 4)
							p++;
						else
							return FAIL;
					}
					if (!isDigit(ch()))
						return FAIL;
					while (isDigit(ch())) {
						n = parseInt(ch(), 10);
						if (ipv4 === null)
							ipv4 = n;
						else if (ipv4 === 0)
							return FAIL;
						else
							ipv4 = ipv4 * 10 + n;
						if (ipv4 > 255)
							return FAIL;
						p++;
					}
					a[piece] = a[piece] * 256 + ipv4;
					numbersSeen++;
					if (numbersSeen === 2 || numbersSeen === 4)
						piece++;
				}
				if (numbersSeen !== 4)
					return FAIL;
				break;
			} else if (ch() === ':') {
				p++;
				if (p >= input.length)
					return FAIL;
			} else if (p < input.length)
				return FAIL;
			a[piece] = value;
			piece++;
		}
		if (comp !== null) {
			swaps = piece - comp;
			piece = 7;
			while (piece !== 0 && swaps > 0) {
				t = a[piece];
				a[piece] = a[comp + swaps - 1];
				a[comp + swaps - 1] = t;
				piece--;
				swaps--;
			}
		} else if (piece !== 8)
			return FAIL;
		return a;
	}
	function serializeIPv6(a) {
		var best = -1, bestLen = 1, i, j, out = '', ignore0 = false;
		for (i = 0; i < 8; i++) {
			if (a[i] !== 0)
				continue;
			for (j = i; j < 8 && a[j] === 0; j++)
				;
			if (j - i > bestLen) {
				best = i;
				bestLen = j - i;
			}
			i = j;
		}
		for (i = 0; i < 8; i++) {
			if (ignore0 && a[i] === 0)
				continue;
			ignore0 = false;
			if (best === i) {
				out += i === 0 ? '::' : ':';
				ignore0 = true;
				continue;
			}
			out += a[i].toString(16);
			if (i !== 7)
				out += ':';
		}
		return '[' + out + ']';
	}
	function parseIPv4Number(s) {
		var r = 10;
		if (s === '')
			return FAIL;
		if (s.length >= 2 && (s.substr(0, 2) === '0x' ||
		    s.substr(0, 2) === '0X')) {
			s = s.substr(2);
			r = 16;
		} else if (s.length >= 2 && s.charAt(0) === '0') {
			s = s.substr(1);
			r = 8;
		}
		if (s === '')
			return 0;
		if ((r === 10 && !/^[0-9]+$/.test(s)) ||
		    (r === 16 && !/^[0-9A-Fa-f]+$/.test(s)) ||
		    (r === 8 && !/^[0-7]+$/.test(s)))
			return FAIL;
		return parseInt(s, r);
	}
	function endsInNumber(s) {
		var parts = s.split('.'), last;
		if (parts[parts.length - 1] === '') {
			if (parts.length === 1)
				return false;
			parts.pop();
		}
		last = parts[parts.length - 1];
		if (last !== '' && /^[0-9]+$/.test(last))
			return true;
		return parseIPv4Number(last) !== FAIL;
	}
	function parseIPv4(s) {
		var parts = s.split('.'), nums = [], i, n, ipv4;
		if (parts[parts.length - 1] === '' && parts.length > 1)
			parts.pop();
		if (parts.length > 4)
			return FAIL;
		for (i = 0; i < parts.length; i++) {
			n = parseIPv4Number(parts[i]);
			if (n === FAIL)
				return FAIL;
			nums.push(n);
		}
		for (i = 0; i < nums.length - 1; i++)
			if (nums[i] > 255)
				return FAIL;
		if (nums[nums.length - 1] >= Math.pow(256, 5 - nums.length))
			return FAIL;
		ipv4 = nums[nums.length - 1];
		for (i = 0; i < nums.length - 1; i++)
			ipv4 += nums[i] * Math.pow(256, 3 - i);
		return ipv4;
	}
	function serializeIPv4(n) {
		var out = [], i;
		for (i = 0; i < 4; i++) {
			out.unshift(String(n % 256));
			n = Math.floor(n / 256);
		}
		return out.join('.');
	}

	/* RFC 3492 punycode for one label. */
	function punycode(label) {
		var cps = [], i, c, out = '', n = 128, delta = 0, bias = 72, h, b;
		var m, q, k, t, base = 36;
		for (i = 0; i < label.length; i++) {
			c = label.charCodeAt(i);
			if (c >= 0xd800 && c <= 0xdbff && i + 1 < label.length) {
				c = 0x10000 + ((c - 0xd800) << 10) +
				    (label.charCodeAt(++i) - 0xdc00);
			}
			cps.push(c);
		}
		for (i = 0; i < cps.length; i++)
			if (cps[i] < 128)
				out += String.fromCharCode(cps[i]);
		h = b = out.length;
		if (b > 0)
			out += '-';
		function digit(d) {
			return String.fromCharCode(d + 22 + 75 * (d < 26 ? 1 : 0));
		}
		function adapt(d, num, first) {
			var kk = 0;
			d = first ? Math.floor(d / 700) : d >> 1;
			d += Math.floor(d / num);
			while (d > 455) {
				d = Math.floor(d / 35);
				kk += base;
			}
			return kk + Math.floor(36 * d / (d + 38));
		}
		while (h < cps.length) {
			m = Infinity;
			for (i = 0; i < cps.length; i++)
				if (cps[i] >= n && cps[i] < m)
					m = cps[i];
			delta += (m - n) * (h + 1);
			n = m;
			for (i = 0; i < cps.length; i++) {
				if (cps[i] < n)
					delta++;
				if (cps[i] === n) {
					q = delta;
					for (k = base; ; k += base) {
						t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias);
						if (q < t)
							break;
						out += digit(t + (q - t) % (base - t));
						q = Math.floor((q - t) / (base - t));
					}
					out += digit(q);
					bias = adapt(delta, h + 1, h === b);
					delta = 0;
					h++;
				}
			}
			delta++;
			n++;
		}
		return 'xn--' + out;
	}
	function toASCII(domain) {
		var labels = domain.toLowerCase().split('.'), i;
		for (i = 0; i < labels.length; i++)
			if (/[^\x00-\x7f]/.test(labels[i]))
				labels[i] = punycode(labels[i]);
		return labels.join('.');
	}

	var FORBIDDEN_HOST = /[\x00\t\n\r #\/:<>?@\[\\\]^|]/;
	var FORBIDDEN_DOMAIN = /[\x00-\x1f \x25\x7f#\/:<>?@\[\\\]^|]/;

	function parseHost(input, notSpecial) {
		var domain, ascii, a;
		if (input.charAt(0) === '[') {
			if (input.charAt(input.length - 1) !== ']')
				return FAIL;
			a = parseIPv6(input.slice(1, -1));
			return a === FAIL ? FAIL : serializeIPv6(a);
		}
		if (notSpecial) {
			if (FORBIDDEN_HOST.test(input))
				return FAIL;
			return pct(input, c0);
		}
		domain = pdecode(input);
		ascii = toASCII(domain);
		if (ascii === '' || FORBIDDEN_DOMAIN.test(ascii))
			return FAIL;
		if (endsInNumber(ascii)) {
			a = parseIPv4(ascii);
			return a === FAIL ? FAIL : serializeIPv4(a);
		}
		return ascii;
	}

	/* --- the basic URL parser ---------------------------------------------- */

	function newRecord() {
		return { scheme: '', username: '', password: '', host: null,
		    port: null, path: [], opaque: false, query: null,
		    fragment: null };
	}
	function shortenPath(url) {
		if (url.scheme === 'file' && url.path.length === 1 &&
		    /^[A-Za-z]:$/.test(url.path[0]))
			return;
		url.path.pop();
	}
	function isWinLetter(s, normalizedOnly) {
		return s.length === 2 && isAlpha(s.charAt(0)) &&
		    (s.charAt(1) === ':' || (!normalizedOnly && s.charAt(1) === '|'));
	}
	function startsWithWinLetter(s, p) {
		var c;
		if (s.length - p < 2 || !isWinLetter(s.substr(p, 2), false))
			return false;
		if (s.length - p === 2)
			return true;
		c = s.charAt(p + 2);
		return c === '/' || c === '\\' || c === '?' || c === '#';
	}
	function isSingleDot(s) {
		return s === '.' || s.toLowerCase() === '%2e';
	}
	function isDoubleDot(s) {
		s = s.toLowerCase();
		return s === '..' || s === '.%2e' || s === '%2e.' || s === '%2e%2e';
	}
	function copy(u) {
		return { scheme: u.scheme, username: u.username,
		    password: u.password, host: u.host, port: u.port,
		    path: u.opaque ? u.path : u.path.slice(), opaque: u.opaque,
		    query: u.query, fragment: u.fragment };
	}

	/*
	 * parse(input, base, url, override): returns the record, FAIL, or (with a
	 * state override) undefined when the setter must leave url as it was.
	 */
	function parse(input, base, url, state) {
		var override = state !== undefined, buf = '', atSeen = false;
		var inBrackets = false, passwordSeen = false, p, c, i, cp, r, h;
		var bufcps, special;
		if (!url) {
			url = newRecord();
			input = input.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
		}
		input = input.replace(/[\t\n\r]/g, '');
		state = state || 'scheme start';
		for (p = 0; ; p++) {
			c = p < input.length ? input.charAt(p) : '';
			special = isSpecial(url.scheme);
			switch (state) {
			case 'scheme start':
				if (c !== '' && isAlpha(c)) {
					buf += c.toLowerCase();
					state = 'scheme';
				} else if (!override) {
					state = 'no scheme';
					p--;
				} else
					return FAIL;
				break;
			case 'scheme':
				if (c !== '' && /[A-Za-z0-9+\-.]/.test(c))
					buf += c.toLowerCase();
				else if (c === ':') {
					if (override) {
						if (isSpecial(url.scheme) !== isSpecial(buf))
							return undefined;
						if ((url.username !== '' || url.password !== '' ||
						    url.port !== null) && buf === 'file')
							return undefined;
						if (url.scheme === 'file' && url.host === '')
							return undefined;
					}
					url.scheme = buf;
					if (override) {
						if (url.port === SPECIAL[url.scheme])
							url.port = null;
						return url;
					}
					buf = '';
					if (url.scheme === 'file')
						state = 'file';
					else if (isSpecial(url.scheme) && base &&
					    base.scheme === url.scheme)
						state = 'special relative or authority';
					else if (isSpecial(url.scheme))
						state = 'special authority slashes';
					else if (input.charAt(p + 1) === '/') {
						state = 'path or authority';
						p++;
					} else {
						url.opaque = true;
						url.path = '';
						state = 'opaque path';
					}
				} else if (!override) {
					buf = '';
					state = 'no scheme';
					p = -1;
				} else
					return FAIL;
				break;
			case 'no scheme':
				if (!base || (base.opaque && c !== '#'))
					return FAIL;
				if (base.opaque && c === '#') {
					url.scheme = base.scheme;
					url.path = base.path;
					url.opaque = true;
					url.query = base.query;
					url.fragment = '';
					state = 'fragment';
				} else if (base.scheme !== 'file') {
					state = 'relative';
					p--;
				} else {
					state = 'file';
					p--;
				}
				break;
			case 'special relative or authority':
				if (c === '/' && input.charAt(p + 1) === '/') {
					state = 'special authority ignore slashes';
					p++;
				} else {
					state = 'relative';
					p--;
				}
				break;
			case 'path or authority':
				if (c === '/')
					state = 'authority';
				else {
					state = 'path';
					p--;
				}
				break;
			case 'relative':
				url.scheme = base.scheme;
				special = isSpecial(url.scheme);
				if (c === '/')
					state = 'relative slash';
				else if (special && c === '\\')
					state = 'relative slash';
				else {
					url.username = base.username;
					url.password = base.password;
					url.host = base.host;
					url.port = base.port;
					url.path = base.path.slice();
					url.query = base.query;
					if (c === '?') {
						url.query = '';
						state = 'query';
					} else if (c === '#') {
						url.fragment = '';
						state = 'fragment';
					} else if (c !== '') {
						url.query = null;
						shortenPath(url);
						state = 'path';
						p--;
					}
				}
				break;
			case 'relative slash':
				if (special && (c === '/' || c === '\\'))
					state = 'special authority ignore slashes';
				else if (c === '/')
					state = 'authority';
				else {
					url.username = base.username;
					url.password = base.password;
					url.host = base.host;
					url.port = base.port;
					state = 'path';
					p--;
				}
				break;
			case 'special authority slashes':
				if (c === '/' && input.charAt(p + 1) === '/') {
					state = 'special authority ignore slashes';
					p++;
				} else {
					state = 'special authority ignore slashes';
					p--;
				}
				break;
			case 'special authority ignore slashes':
				if (c !== '/' && c !== '\\') {
					state = 'authority';
					p--;
				}
				break;
			case 'authority':
				if (c === '@') {
					if (atSeen)
						buf = '%40' + buf;
					atSeen = true;
					for (i = 0; i < buf.length; i++) {
						cp = buf.charAt(i);
						if (cp === ':' && !passwordSeen) {
							passwordSeen = true;
							continue;
						}
						if (passwordSeen)
							url.password += pct(cp, userinfoSet);
						else
							url.username += pct(cp, userinfoSet);
					}
					buf = '';
				} else if (c === '' || c === '/' || c === '?' || c === '#' ||
				    (special && c === '\\')) {
					if (atSeen && buf === '')
						return FAIL;
					p -= buf.length + 1;
					buf = '';
					state = 'host';
				} else
					buf += c;
				break;
			case 'host':
			case 'hostname':
				if (override && url.scheme === 'file') {
					p--;
					state = 'file host';
				} else if (c === ':' && !inBrackets) {
					if (buf === '')
						return FAIL;
					if (override && state === 'hostname')
						return undefined;
					h = parseHost(buf, !special);
					if (h === FAIL)
						return FAIL;
					url.host = h;
					buf = '';
					state = 'port';
				} else if (c === '' || c === '/' || c === '?' || c === '#' ||
				    (special && c === '\\')) {
					p--;
					if (special && buf === '')
						return FAIL;
					if (override && buf === '' &&
					    (url.username !== '' || url.password !== '' ||
					    url.port !== null))
						return undefined;
					h = parseHost(buf, !special);
					if (h === FAIL)
						return FAIL;
					url.host = h;
					buf = '';
					state = 'path start';
					if (override)
						return url;
				} else {
					if (c === '[')
						inBrackets = true;
					if (c === ']')
						inBrackets = false;
					buf += c;
				}
				break;
			case 'port':
				if (isDigit(c))
					buf += c;
				else if (c === '' || c === '/' || c === '?' || c === '#' ||
				    (special && c === '\\') || override) {
					if (buf !== '') {
						r = parseInt(buf, 10);
						if (r > 65535)
							return FAIL;
						url.port = SPECIAL[url.scheme] === r ? null : r;
						buf = '';
						if (override)
							return url;
					}
					if (override)
						return undefined;
					state = 'path start';
					p--;
				} else
					return FAIL;
				break;
			case 'file':
				url.scheme = 'file';
				url.host = '';
				if (c === '/' || c === '\\')
					state = 'file slash';
				else if (base && base.scheme === 'file') {
					url.host = base.host;
					url.path = base.path.slice();
					url.query = base.query;
					if (c === '?') {
						url.query = '';
						state = 'query';
					} else if (c === '#') {
						url.fragment = '';
						state = 'fragment';
					} else if (c !== '') {
						url.query = null;
						if (!startsWithWinLetter(input, p))
							shortenPath(url);
						else
							url.path = [];
						state = 'path';
						p--;
					}
				} else {
					state = 'path';
					p--;
				}
				break;
			case 'file slash':
				if (c === '/' || c === '\\')
					state = 'file host';
				else {
					if (base && base.scheme === 'file') {
						url.host = base.host;
						if (!startsWithWinLetter(input, p) &&
						    base.path.length > 0 &&
						    isWinLetter(base.path[0], true))
							url.path.push(base.path[0]);
					}
					state = 'path';
					p--;
				}
				break;
			case 'file host':
				if (c === '' || c === '/' || c === '\\' || c === '?' ||
				    c === '#') {
					p--;
					if (!override && isWinLetter(buf, false))
						state = 'path';
					else if (buf === '') {
						url.host = '';
						if (override)
							return url;
						state = 'path start';
					} else {
						h = parseHost(buf, false);
						if (h === FAIL)
							return FAIL;
						if (h === 'localhost')
							h = '';
						url.host = h;
						if (override)
							return url;
						buf = '';
						state = 'path start';
					}
				} else
					buf += c;
				break;
			case 'path start':
				if (special) {
					state = 'path';
					if (c !== '/' && c !== '\\')
						p--;
				} else if (!override && c === '?') {
					url.query = '';
					state = 'query';
				} else if (!override && c === '#') {
					url.fragment = '';
					state = 'fragment';
				} else if (c !== '') {
					state = 'path';
					if (c !== '/')
						p--;
				} else if (override && url.host === null)
					url.path.push('');
				break;
			case 'path':
				if (c === '' || c === '/' || (special && c === '\\') ||
				    (!override && (c === '?' || c === '#'))) {
					if (isDoubleDot(buf)) {
						shortenPath(url);
						if (c !== '/' && !(special && c === '\\'))
							url.path.push('');
					} else if (isSingleDot(buf) && c !== '/' &&
					    !(special && c === '\\'))
						url.path.push('');
					else if (!isSingleDot(buf)) {
						if (url.scheme === 'file' &&
						    url.path.length === 0 && isWinLetter(buf, false))
							buf = buf.charAt(0) + ':';
						url.path.push(buf);
					}
					buf = '';
					if (c === '?') {
						url.query = '';
						state = 'query';
					}
					if (c === '#') {
						url.fragment = '';
						state = 'fragment';
					}
				} else
					buf += pct(c, pathSet);
				break;
			case 'opaque path':
				if (c === '?') {
					url.query = '';
					state = 'query';
				} else if (c === '#') {
					url.fragment = '';
					state = 'fragment';
				} else if (c !== '')
					url.path += pct(c, c0);
				break;
			case 'query':
				if ((!override && c === '#') || c === '') {
					url.query += pct(buf, special ? specialQuerySet :
					    querySet);
					buf = '';
					if (c === '#') {
						url.fragment = '';
						state = 'fragment';
					}
				} else
					buf += c;
				break;
			case 'fragment':
				if (c !== '')
					buf += c;
				else
					url.fragment += pct(buf, fragSet);
				break;
			}
			/* EOF handled; a state that stepped back sees it again */
			if (p >= input.length)
				break;
		}
		void bufcps;
		return url;
	}

	function serializePath(u) {
		if (u.opaque)
			return u.path;
		var out = '', i;
		for (i = 0; i < u.path.length; i++)
			out += '/' + u.path[i];
		return out;
	}
	function serialize(u, noFragment) {
		var out = u.scheme + ':';
		if (u.host !== null) {
			out += '//';
			if (u.username !== '' || u.password !== '') {
				out += u.username;
				if (u.password !== '')
					out += ':' + u.password;
				out += '@';
			}
			out += u.host;
			if (u.port !== null)
				out += ':' + u.port;
		}
		if (u.host === null && !u.opaque && u.path.length > 1 &&
		    u.path[0] === '')
			out += '/.';
		out += serializePath(u);
		if (u.query !== null)
			out += '?' + u.query;
		if (!noFragment && u.fragment !== null)
			out += '#' + u.fragment;
		return out;
	}

	/* The parser's surface for 67_url.js. */
	P.url = { FAIL: FAIL, parse: parse, serialize: serialize,
	    serializePath: serializePath, copy: copy, pct: pct, pdecode: pdecode,
	    userinfoSet: userinfoSet, formSet: formSet };
});
