/*
 * 28_string.js: String.prototype padStart/padEnd/trimStart/trimEnd/at/
 * replaceAll/matchAll/normalize and String.raw.  replaceAll and matchAll
 * defer to the RegExp wrapper (40_regexp.js) for regex arguments.
 * normalize() is the identity: Duktape has no Unicode data tables; that is
 * exact for ASCII and for text that is already NFC, which covers what
 * model-written code usually feeds it.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var toInt = P.toInt, toLength = P.toLength, describe = P.describe;
	var SP = String.prototype;

	function str(self, name) {
		if (self == null)
			throw new TypeError('String.prototype.' + name +
			    ' called on null or undefined');
		return String(self);
	}

	function pad(s, maxLength, fill, atStart) {
		var len = toLength(maxLength), f, n, p;
		if (len <= s.length)
			return s;
		f = fill === undefined ? ' ' : String(fill);
		if (f === '')
			return s;
		n = len - s.length;
		p = f.repeat(Math.ceil(n / f.length)).substring(0, n);
		return atStart ? p + s : s + p;
	}

	/* ES whitespace + line terminators, as String.prototype.trim uses. */
	var WS = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+';
	var reStart = new RegExp('^' + WS), reEnd = new RegExp(WS + '$');

	function trimStart() {
		return str(this, 'trimStart').replace(reStart, '');
	}
	function trimEnd() {
		return str(this, 'trimEnd').replace(reEnd, '');
	}

	/* Literal replacement with GetSubstitution patterns ($$, $&, $`, $'). */
	function substitute(matched, s, pos, repl) {
		var r = '', i, c, n = repl.length;
		if (repl.indexOf('$') < 0)
			return repl;
		for (i = 0; i < n; i++) {
			c = repl.charAt(i);
			if (c === '$' && i + 1 < n) {
				c = repl.charAt(i + 1);
				if (c === '$') {
					r += '$';
					i++;
				} else if (c === '&') {
					r += matched;
					i++;
				} else if (c === '`') {
					r += s.substring(0, pos);
					i++;
				} else if (c === "'") {
					r += s.substring(pos + matched.length);
					i++;
				} else {
					r += '$';
				}
			} else {
				r += c;
			}
		}
		return r;
	}
	P.substitute = substitute;

	function replaceAll(search, replace) {
		var s, needle, fnRepl, positions = [], pos, adv, r, last, i, m;
		if (this == null)
			throw new TypeError('String.prototype.replaceAll called on null or undefined');
		if (search != null && typeof search === 'object' &&
		    P.isRegExp !== undefined && P.isRegExp(search)) {
			if (String(search.flags).indexOf('g') < 0)
				throw new TypeError('replaceAll must be called with a global RegExp');
			return P.regexpReplace(search, String(this), replace);
		}
		s = String(this);
		needle = String(search);
		fnRepl = typeof replace === 'function';
		if (!fnRepl)
			replace = String(replace);
		adv = needle.length > 0 ? needle.length : 1;
		pos = s.indexOf(needle, 0);
		while (pos >= 0) {
			positions.push(pos);
			pos = pos + adv > s.length ? -1 : s.indexOf(needle, pos + adv);
		}
		r = '';
		last = 0;
		for (i = 0; i < positions.length; i++) {
			pos = positions[i];
			r += s.substring(last, pos);
			if (fnRepl)
				m = String(replace.call(undefined, needle, pos, s));
			else
				m = substitute(needle, s, pos, replace);
			r += m;
			last = pos + needle.length;
		}
		return r + s.substring(last);
	}

	function matchAll(re) {
		var s, rx;
		if (this == null)
			throw new TypeError('String.prototype.matchAll called on null or undefined');
		s = String(this);
		if (re != null && typeof re === 'object' && P.isRegExp(re)) {
			if (String(re.flags).indexOf('g') < 0)
				throw new TypeError('String.prototype.matchAll called with a non-global RegExp argument');
			return P.regexpMatchAll(re, s);
		}
		rx = new RegExp(re === undefined ? '(?:)' : re, 'g');
		return P.regexpMatchAll(rx, s);
	}

	P.defs(SP, {
		padStart: function padStart(maxLength, fill) {
			return pad(str(this, 'padStart'), maxLength, fill, true);
		},
		padEnd: function padEnd(maxLength, fill) {
			return pad(str(this, 'padEnd'), maxLength, fill, false);
		},
		trimStart: trimStart,
		trimEnd: trimEnd,
		at: function at(index) {
			var s = str(this, 'at'), k = toInt(index);
			if (k < 0)
				k += s.length;
			if (k < 0 || k >= s.length)
				return undefined;
			return s.charAt(k);
		},
		replaceAll: replaceAll,
		matchAll: matchAll,
		normalize: function normalize(form) {
			var s = str(this, 'normalize'), f;
			f = form === undefined ? 'NFC' : String(form);
			if (f !== 'NFC' && f !== 'NFD' && f !== 'NFKC' && f !== 'NFKD')
				throw new RangeError('The normalization form should be one of NFC, NFD, NFKC, NFKD.');
			return s;
		},
		isWellFormed: function isWellFormed() {
			var s = str(this, 'isWellFormed'), i, c, d;
			for (i = 0; i < s.length; i++) {
				c = s.charCodeAt(i);
				if (c >= 0xd800 && c <= 0xdbff) {
					d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
					if (d < 0xdc00 || d > 0xdfff)
						return false;
					i++;
				} else if (c >= 0xdc00 && c <= 0xdfff) {
					return false;
				}
			}
			return true;
		}
	}, { padStart: 1, padEnd: 1, at: 1, replaceAll: 2, matchAll: 1,
	    normalize: 0 });
	P.def(SP, 'trimLeft', trimStart);
	P.def(SP, 'trimRight', trimEnd);

	P.def(String, 'raw', function raw(template) {
		var cooked, rawv, len, r = '', i;
		if (template == null)
			throw new TypeError('Cannot convert undefined or null to object');
		cooked = Object(template);
		rawv = cooked.raw;
		if (rawv == null)
			throw new TypeError('Cannot convert undefined or null to object');
		rawv = Object(rawv);
		len = toLength(rawv.length);
		for (i = 0; i < len; i++) {
			r += String(rawv[i]);
			if (i + 1 < len && i + 1 < arguments.length)
				r += String(arguments[i + 1]);
		}
		return r;
	});
})(this);
