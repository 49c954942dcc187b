/*
 * 28_string.js: String.prototype padStart/padEnd/trimStart/trimEnd/at/
 * normalize/isWellFormed/toWellFormed, toLowerCase's Final_Sigma,
 * String.fromCharCode and String.raw (the methods that take a regex,
 * replaceAll and matchAll among them, are in 40_regexp.js).
 * normalize() and localeCompare's canonical equivalence are
 * engine/host/unorm.c (the native `normalize`).
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var toInt = P.toInt, toLength = P.toLength, describe = P.describe;
	var SP = String.prototype;
	var fapply = P.uncurry(Function.prototype.apply);
	var duktapeLower = SP.toLowerCase;	/* before the wrappers */
	var nativeLower = P.uncurry(duktapeLower);
	var nativeNormalize = P.native.normalize;

	function str(self, name) {
		if (self == null)
			throw new TypeError('String.prototype.' + name +
			    ' called on null or undefined');
		return toStr(self);
	}

	/* ToString: String(x) would describe a Symbol, the spec throws. */
	function toStr(x) {
		if (typeof x === 'symbol')
			throw new TypeError('Cannot convert a Symbol value to a string');
		return String(x);
	}

	function pad(s, maxLength, fill, atStart) {
		var len = toLength(maxLength), f, n, p;
		if (len <= s.length)
			return s;
		f = fill === undefined ? ' ' : toStr(fill);
		if (f === '')
			return s;
		n = len - s.length;
		p = f.repeat(Math.ceil(n / f.length)).substring(0, n);
		return atStart ? p + s : s + p;
	}

	/* ES whitespace + line terminators, as String.prototype.trim uses. */
	var WS = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+';
	var reStart = new RegExp('^' + WS), reEnd = new RegExp(WS + '$');

	/* V8 names them by their Annex B aliases, trimLeft and trimRight */
	function trimStart() {
		return str(this, 'trimLeft').replace(reStart, '');
	}
	function trimEnd() {
		return str(this, 'trimRight').replace(reEnd, '');
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
			var s = str(this, 'normalize'), f, i;
			f = form === undefined ? 'NFC' : toStr(form);
			i = f === 'NFC' ? 0 : f === 'NFD' ? 1 : f === 'NFKC' ? 2 :
			    f === 'NFKD' ? 3 : -1;
			if (i < 0)
				throw new RangeError('The normalization form should be one of NFC, NFD, NFKC, NFKD.');
			return nativeNormalize(s, i);
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
		},
		toWellFormed: function toWellFormed() {
			var s = str(this, 'toWellFormed'), r = '', from = 0, i, c, d;
			for (i = 0; i < s.length; i++) {
				c = s.charCodeAt(i);
				if (c >= 0xd800 && c <= 0xdbff) {
					d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
					if (d >= 0xdc00 && d <= 0xdfff) {
						i++;
						continue;
					}
				} else if (c < 0xdc00 || c > 0xdfff) {
					continue;
				}
				r += s.substring(from, i) + '\ufffd';
				from = i + 1;
			}
			return from === 0 ? s : r + s.substring(from);
		},
	}, { padStart: 1, padEnd: 1, at: 1, normalize: 0 });

	/*
	 * Natives of engine/host/natives.c behind the thinnest methods: a C
	 * function would be a constructor (Duktape's API makes no other), so
	 * each is called from an ES method that the seal makes no
	 * constructor, `this` passed as the first argument.
	 */
	var lcNative = P.native.localeCompare;
	/* What the native asks for localeCompare given locales or options:
	 * Intl.Collator's reading of them (32_intl.js), as flags. */
	P.native.setCollatorFlags(function collatorFlags(locales, options) {
		P.need.intl();
		return P.collatorFlags(locales, options);
	});
	var fccNative = P.native.fromCharCode;
	var upperPlain = P.uncurry(SP.toLocaleUpperCase);

	/*
	 * toLocale{Upper,Lower}Case given locales: the languages whose case
	 * rules are not the default ones (Turkish and Azeri dotted and dotless
	 * i, Lithuanian dots, Greek accents) by ICU's (engine/host/icu.c),
	 * as V8 does; any other the default mapping.
	 */
	function localeCase(s, locales, upper) {
		var lang;
		if (s === null || s === void 0)
			throw new TypeError('String.prototype.toLocale' +
			    (upper ? 'Upper' : 'Lower') +
			    'Case called on null or undefined');
		P.need.locale();
		lang = P.caseLanguage(locales);
		if (lang === void 0)
			return upper ? upperPlain(s) : lowerNative(s);
		return P.native.icuCase(String(s), lang, upper);
	}
	function lowerSlow() {
		return lower(this);
	}
	var lowerNative = P.native.lowerCase(duktapeLower, lowerSlow,
	    'toLowerCase');
	P.defs(SP, {
		/* The root collation's broad order (engine/host/collate.c) of
		 * the NFD forms: canonically equivalent strings compare equal,
		 * as the spec requires. Options are Intl.Collator's (the
		 * native asks setCollatorFlags' function). */
		localeCompare: function localeCompare(that, locales, options) {
			return lcNative(this, that, locales, options);
		},
		/* Duktape's unless there is a capital sigma (lower below). */
		toLowerCase: function toLowerCase() {
			return lowerNative(this);
		},
		toLocaleLowerCase: function toLocaleLowerCase(locales) {
			return locales === void 0 ? lowerNative(this) :
			    localeCase(this, locales, false);
		},
		toLocaleUpperCase: function toLocaleUpperCase(locales) {
			return locales === void 0 ? upperPlain(this) :
			    localeCase(this, locales, true);
		}
	});
	P.setLength(SP.toLocaleLowerCase, 0);
	P.setLength(SP.toLocaleUpperCase, 0);
	P.setLength(SP.localeCompare, 1);

	/* String.fromCharCode applies ToUint16; Duktape's applies ToUint32
	 * and makes a non-BMP code point of what is left. */
	P.def(String, 'fromCharCode', function fromCharCode(codeUnits) {
		return arguments.length === 1 ? fccNative(codeUnits) :
		    fapply(fccNative, undefined, arguments);
	});

	/*
	 * toLowerCase with the Final_Sigma rule of SpecialCasing.txt for every
	 * code point: Duktape's own looks at one code unit on either side, so
	 * a supplementary cased letter before a capital sigma is missed.  The
	 * pieces between capital sigmas are lowered by Duktape (no other rule
	 * of the default lowering depends on context); each sigma is decided
	 * here with Cased and Case_Ignorable from engine/regexp's tables.
	 */
	var rxCompile = P.native.rxCompile, rxExec = P.native.rxExec;
	var reCased, reIgnorable;	/* compiled on the first capital sigma */

	/* Whether the code point at i is case-ignorable (0), else cased (1),
	 * else neither (-1).  Ignorable first: a code point that is both
	 * (U+0345) is skipped over, as ICU and test262 read the rule. */
	function caseClass(s, i) {
		if (rxExec(reIgnorable, s, i, 2) !== null)
			return 0;
		return rxExec(reCased, s, i, 2) !== null ? 1 : -1;
	}

	function finalSigma(s, i) {
		var j = i, k, c;
		for (;;) {
			if (j === 0)
				return false;
			c = s.charCodeAt(j - 1);
			j -= c >= 0xdc00 && c <= 0xdfff && j >= 2 &&
			    (k = s.charCodeAt(j - 2)) >= 0xd800 && k <= 0xdbff ? 2 : 1;
			c = caseClass(s, j);
			if (c === 1)
				break;
			if (c !== 0)
				return false;
		}
		for (j = i + 1; j < s.length; j++) {
			c = caseClass(s, j);
			if (c === 1)
				return false;
			if (c !== 0)
				return true;
			k = s.charCodeAt(j);
			if (k >= 0xd800 && k <= 0xdbff && j + 1 < s.length)
				j++;
		}
		return true;
	}

	function lower(s) {
		var i = s.indexOf('\u03a3'), from = 0, r = '';
		if (i < 0)
			return nativeLower(s);
		if (reCased === undefined) {
			reCased = rxCompile('\\p{Cased}', 'uy');
			reIgnorable = rxCompile('\\p{Case_Ignorable}', 'uy');
		}
		do {
			r += nativeLower(s.substring(from, i)) +
			    (finalSigma(s, i) ? '\u03c2' : '\u03c3');
			from = i + 1;
		} while ((i = s.indexOf('\u03a3', from)) >= 0);
		return r + nativeLower(s.substring(from));
	}
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
			r += toStr(rawv[i]);
			if (i + 1 < len && i + 1 < arguments.length)
				r += toStr(arguments[i + 1]);
		}
		return r;
	});
})(this);
