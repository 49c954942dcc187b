/*
 * 28_string.js: String.prototype padStart/padEnd/trimStart/trimEnd/at/
 * normalize/isWellFormed and String.raw (the methods that take a regex,
 * replaceAll and matchAll among them, are in 40_regexp.js).
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
	}, { padStart: 1, padEnd: 1, at: 1, normalize: 0 });
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
