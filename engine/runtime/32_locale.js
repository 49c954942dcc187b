/*
 * 32_locale.js: the number formatter behind Number.prototype.
 * toLocaleString and Intl.NumberFormat (32_intl.js), and the locales.
 * en-US (and en) is written here: fraction, significant and integer
 * digits, grouping, style decimal / percent / currency (symbol, narrow
 * symbol, code or name; accounting sign) / unit (a table of common units),
 * notation standard / compact / scientific / engineering, sign display.
 * Any other locale ICU has (engine/host/icu.c) is negotiated against ICU's
 * available locales and written by ICU's number formatter from a number
 * skeleton of the same resolved options: ICU's formatter replaces this one
 * there rather than feeding it data, since CLDR's patterns (en-IN's
 * grouping, where a currency's sign goes, compact forms per plural) are
 * more than symbols. en-US stays here: the common case touches no ICU and
 * keeps the text the tests pin against node. Lazy group `locale`: the
 * method itself is defined in 31_lazy.js and loads this on first use.
 */
this.__cm.P.group('locale', function (G, P) {
	'use strict';

	var icuLocale = P.native.icuLocale, icuNumber = P.native.icuNumber;

	/* --- locales ---------------------------------------------------------- */

	function canonical(tag) {
		var parts, i, p;
		if (typeof tag !== 'string' && (tag === null ||
		    typeof tag !== 'object'))
			throw new TypeError('Language ID should be string or object.');
		tag = String(tag);
		if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag))
			throw new RangeError('Incorrect locale information provided');
		parts = tag.split('-');
		parts[0] = parts[0].toLowerCase();
		for (i = 1; i < parts.length; i++) {
			p = parts[i];
			if (p.length === 1)
				break;
			parts[i] = p.length === 4 && /^[A-Za-z]+$/.test(p) ?
			    p.charAt(0).toUpperCase() + p.substring(1).toLowerCase() :
			    (p.length === 2 || /^\d{3}$/.test(p) ? p.toUpperCase() :
			    p.toLowerCase());
		}
		for (; i < parts.length; i++)
			parts[i] = parts[i].toLowerCase();
		return parts.join('-');
	}

	/* CanonicalizeLocaleList: the tags, checked, without repeats. */
	function localeList(locales) {
		var list = [], o, n, i, t;
		if (locales === void 0)
			return list;
		o = typeof locales === 'string' ? [locales] : Object(locales);
		n = o.length >>> 0;
		for (i = 0; i < n; i++) {
			if (!(i in o))
				continue;
			t = canonical(o[i]);
			if (list.indexOf(t) < 0)
				list.push(t);
		}
		return list;
	}

	var ENGLISH = /^en(-US)?$/;

	/* The locale a tag resolves to (BestAvailableLocale over ICU's
	 * locales), or undefined. en and en-US ask ICU nothing. */
	function available(tag) {
		return ENGLISH.test(tag) ? tag : icuLocale(tag);
	}

	/*
	 * ResolveLocale (lookup): the first requested tag ICU has, or its
	 * longest available prefix ("de-XX" is "de"); none: en-US, the
	 * run's default locale.
	 */
	function resolveLocale(locales, nu, ca) {
		var list = localeList(locales), i, r;
		for (i = 0; i < list.length; i++) {
			r = available(list[i]);
			if (r !== void 0)
				return withKeywords(list[i], r, nu, ca);
		}
		return nu === void 0 && ca === void 0 ? 'en-US' :
		    withKeywords('en-US', 'en-US', nu, ca);
	}

	/* The option name of o (numberingSystem, calendar: a type name), or
	 * undefined. */
	function typeOption(o, name) {
		var v = o[name];
		if (v === void 0)
			return v;
		v = String(v);
		if (!/^[A-Za-z0-9]{3,8}(-[A-Za-z0-9]{3,8})*$/.test(v))
			throw new RangeError('Invalid ' + name + ' : ' + v);
		return v.toLowerCase();
	}
	P.numberingOption = function numberingOption(o) {
		return typeOption(o, 'numberingSystem');
	};
	P.calendarOption = function calendarOption(o) {
		return typeOption(o, 'calendar');
	};

	/*
	 * The tag's -u-ca- and -u-nu- (its calendar and numbering system; nu
	 * and ca: the calendar and numberingSystem options, which win) kept
	 * on the locale it resolved to, where ICU has them: "hi-IN-u-nu-deva",
	 * "ja-JP-u-ca-japanese". ICU's "islamic" and "islamic-rgsa" are
	 * astronomical calendars ECMA-402 has no data for: dropped.
	 */
	var KEYWORDS = [['ca', 'icuCalendar'], ['nu', 'icuNumberingSystem']];
	(function () {
		var i;
		for (i = 0; i < KEYWORDS.length; i++)
			KEYWORDS[i][2] = new RegExp('-u-(?:[a-z0-9-]*-)?' +
			    KEYWORDS[i][0] + '-([a-z0-9]{3,8}(?:-[a-z0-9]{3,8})*?)' +
			    '(?=-[a-z0-9]{2}-|-[a-z0-9]{2}$|$)');
	})();
	function withKeywords(tag, loc, nu, ca) {
		var u = tag.split('-x-')[0], ext = '', i, k, m, v;
		if (u.indexOf('-u-') < 0 && nu === void 0 && ca === void 0)
			return loc;
		for (i = 0; i < KEYWORDS.length; i++) {
			k = KEYWORDS[i][0];
			m = KEYWORDS[i][2].exec(u);
			v = k === 'nu' && nu !== void 0 ? nu : k === 'ca' &&
			    ca !== void 0 ? ca : m !== null ? m[1] : void 0;
			if (v === void 0 || /^islamic(-rgsa)?$/.test(v))
				continue;
			try {
				if (P.native[KEYWORDS[i][1]](loc + '-u' + ext + '-' + k +
				    '-' + v) === v)
					ext += '-' + k + '-' + v;
			} catch (e) {
				/* an unknown value is dropped */
			}
		}
		return ext === '' ? loc : loc + '-u' + ext;
	}

	/* resolvedOptions().numberingSystem */
	P.numberingSystem = function numberingSystem(loc) {
		return english(loc) ? 'latn' : P.native.icuNumberingSystem(loc);
	};

	/* Whether loc is written by the prelude's own en-US code. */
	function english(loc) {
		return ENGLISH.test(loc);
	}

	/* The language whose own case rules toLocale*Case applies: the
	 * first tag's, if ICU's are not the default ones for it. */
	P.caseLanguage = function caseLanguage(locales) {
		var list = localeList(locales), lang = list.length > 0 ?
		    list[0].split('-')[0] : '';
		return /^(tr|az|lt|el)$/.test(lang) ? lang : void 0;
	};

	P.localeList = localeList;
	P.resolveLocale = resolveLocale;
	P.englishLocale = english;
	P.supportedLocales = function supportedLocales(locales) {
		return localeList(locales).filter(function (t) {
			return available(t) !== void 0;
		});
	};

	function group(intPart) {
		var out = '', n = intPart.length, i;
		for (i = 0; i < n; i++) {
			if (i > 0 && (n - i) % 3 === 0)
				out += ',';
			out += intPart.charAt(i);
		}
		return out;
	}

	/* Round |x| to `digits` decimals, half away from zero, on the decimal
	 * string (toFixed alone is off for e.g. 1.005). */
	function fixed(x, digits) {
		var s, alt;
		/* toFixed gives exponent notation here: "d.ddde+N" */
		if (x >= 1e21)
			return expand(String(x));
		s = x.toFixed(digits);
		if (digits < 20) {
			alt = (+(Math.round(+(x + 'e' + digits)) + 'e-' + digits)).toFixed(digits);
			if (alt !== 'NaN' && isFinite(+alt))
				s = alt;
		}
		return s;
	}

	function digitsOpt(v, def, name, lo, hi) {
		var n;
		if (v === void 0)
			return def;
		n = Math.floor(+v);
		if (!(n >= (lo === void 0 ? 0 : lo) &&
		    n <= (hi === void 0 ? 100 : hi)))
			throw new RangeError(name + ' value is out of range.');
		return n;
	}

	/* Option name of o: one of allowed, or def when absent (what: the
	 * constructor named in the error). 32_intl.js reads its own so. */
	function oneOf(o, name, allowed, def, what) {
		var v = o[name];
		if (v === void 0)
			return def;
		v = String(v);
		if (allowed.indexOf(v) < 0)
			throw new RangeError('Value ' + v + ' out of range for ' +
			    (what || 'Intl.NumberFormat') + ' options property ' +
			    name);
		return v;
	}
	P.intlOption = oneOf;

	/* Currencies written with a symbol of their own (CLDR's en); digits:
	 * their minor unit where it is not 2. Any other code is written as
	 * the code and a no-break space. */
	var CURRENCIES = {
		USD: ['$', '$', 'US dollar', 'US dollars'],
		EUR: ['\u20ac', '\u20ac', 'euro', 'euros'],
		GBP: ['\u00a3', '\u00a3', 'British pound', 'British pounds'],
		JPY: ['\u00a5', '\u00a5', 'Japanese yen', 'Japanese yen', 0],
		CNY: ['CN\u00a5', '\u00a5', 'Chinese yuan', 'Chinese yuan'],
		INR: ['\u20b9', '\u20b9', 'Indian rupee', 'Indian rupees'],
		CAD: ['CA$', '$', 'Canadian dollar', 'Canadian dollars'],
		AUD: ['A$', '$', 'Australian dollar', 'Australian dollars'],
		KRW: ['\u20a9', '\u20a9', 'South Korean won', 'South Korean won', 0],
		MXN: ['MX$', '$', 'Mexican peso', 'Mexican pesos'],
		BRL: ['R$', 'R$', 'Brazilian real', 'Brazilian reals'],
		HKD: ['HK$', '$', 'Hong Kong dollar', 'Hong Kong dollars'],
		NZD: ['NZ$', '$', 'New Zealand dollar', 'New Zealand dollars'],
		ILS: ['\u20aa', '\u20aa', 'Israeli new shekel', 'Israeli new shekels'],
		VND: ['\u20ab', '\u20ab', 'Vietnamese dong', 'Vietnamese dong', 0],
		TWD: ['NT$', '$', 'New Taiwan dollar', 'New Taiwan dollars'],
		PHP: ['\u20b1', '\u20b1', 'Philippine peso', 'Philippine pesos'],
		CHF: ['CHF', 'CHF', 'Swiss franc', 'Swiss francs']
	};

	/* Units: [short one, short other, long one, long other, narrow]; "%s"
	 * is where the number goes. */
	var UNITS = {
		percent: ['%s%', '%s%', '%s percent', '%s percent', '%s%'],
		bit: ['%s bit', '%s bit', '%s bit', '%s bits', '%sbit'],
		byte: ['%s byte', '%s byte', '%s byte', '%s bytes', '%sB'],
		kilobyte: ['%s kB', '%s kB', '%s kilobyte', '%s kilobytes', '%skB'],
		megabyte: ['%s MB', '%s MB', '%s megabyte', '%s megabytes', '%sMB'],
		gigabyte: ['%s GB', '%s GB', '%s gigabyte', '%s gigabytes', '%sGB'],
		terabyte: ['%s TB', '%s TB', '%s terabyte', '%s terabytes', '%sTB'],
		millisecond: ['%s ms', '%s ms', '%s millisecond', '%s milliseconds', '%sms'],
		second: ['%s sec', '%s sec', '%s second', '%s seconds', '%ss'],
		minute: ['%s min', '%s min', '%s minute', '%s minutes', '%sm'],
		hour: ['%s hr', '%s hr', '%s hour', '%s hours', '%sh'],
		day: ['%s day', '%s days', '%s day', '%s days', '%sd'],
		week: ['%s wk', '%s wks', '%s week', '%s weeks', '%sw'],
		month: ['%s mth', '%s mths', '%s month', '%s months', '%sm'],
		year: ['%s yr', '%s yrs', '%s year', '%s years', '%sy'],
		meter: ['%s m', '%s m', '%s meter', '%s meters', '%sm'],
		kilometer: ['%s km', '%s km', '%s kilometer', '%s kilometers', '%skm'],
		centimeter: ['%s cm', '%s cm', '%s centimeter', '%s centimeters', '%scm'],
		mile: ['%s mi', '%s mi', '%s mile', '%s miles', '%smi'],
		kilogram: ['%s kg', '%s kg', '%s kilogram', '%s kilograms', '%skg'],
		gram: ['%s g', '%s g', '%s gram', '%s grams', '%sg'],
		pound: ['%s lb', '%s lb', '%s pound', '%s pounds', '%slb'],
		liter: ['%s L', '%s L', '%s liter', '%s liters', '%sL'],
		celsius: ['%s\u00b0C', '%s\u00b0C', '%s degree Celsius', '%s degrees Celsius', '%s\u00b0C'],
		fahrenheit: ['%s\u00b0F', '%s\u00b0F', '%s degree Fahrenheit', '%s degrees Fahrenheit', '%s\u00b0'],
		'kilometer-per-hour': ['%s km/h', '%s km/h', '%s kilometer per hour', '%s kilometers per hour', '%skm/h'],
		'mile-per-hour': ['%s mph', '%s mph', '%s mile per hour', '%s miles per hour', '%smph']
	};

	var COMPACT = [[1e3, 'K', ' thousand'], [1e6, 'M', ' million'],
	    [1e9, 'B', ' billion'], [1e12, 'T', ' trillion']];

	/* |x| to at most maxS significant digits (at least minS shown). */
	function significant(x, minS, maxS) {
		var s, dot, frac;
		if (x === 0)
			s = '0';
		else {
			s = x.toPrecision(maxS);
			if (s.indexOf('e') >= 0)
				s = expand(s);
		}
		dot = s.indexOf('.');
		if (dot >= 0) {
			frac = s.substring(dot + 1);
			while (frac.length > 0 && countSig(s.substring(0, dot) +
			    frac) > minS && frac.charAt(frac.length - 1) === '0')
				frac = frac.substring(0, frac.length - 1);
			s = frac.length > 0 ? s.substring(0, dot) + '.' + frac :
			    s.substring(0, dot);
		}
		while (countSig(s.replace('.', '')) < minS)
			s += s.indexOf('.') < 0 ? '.0' : '0';
		return s;
	}

	function countSig(digits) {
		var i = 0;
		while (i < digits.length - 1 && digits.charAt(i) === '0')
			i++;
		return digits.length - i;
	}

	/* "1.23e+25" or "1.2e-7" written out in full. */
	function expand(s) {
		var m = /^(\d)(?:\.(\d+))?e([+-])(\d+)$/.exec(s), mant, exp;
		if (m === null)
			return s;
		mant = m[1] + (m[2] || '');
		exp = +m[4];
		if (m[3] === '+') {
			while (mant.length <= exp)
				mant += '0';
			return mant.length > exp + 1 ? mant.substring(0, exp + 1) +
			    '.' + mant.substring(exp + 1) : mant;
		}
		return '0.' + new Array(exp).join('0') + mant;
	}

	function digitsOf(x, d) {
		var s, dot, intPart, frac;
		if (d.sig)
			s = significant(x, d.minS, d.maxS);
		else {
			s = fixed(x, d.maxF);
			dot = s.indexOf('.');
			intPart = dot < 0 ? s : s.substring(0, dot);
			frac = dot < 0 ? '' : s.substring(dot + 1);
			while (frac.length > d.minF &&
			    frac.charAt(frac.length - 1) === '0')
				frac = frac.substring(0, frac.length - 1);
			s = frac.length > 0 ? intPart + '.' + frac : intPart;
		}
		dot = s.indexOf('.');
		intPart = dot < 0 ? s : s.substring(0, dot);
		while (intPart.length < d.minI)
			intPart = '0' + intPart;
		if (d.grouping)
			intPart = group(intPart);
		return dot < 0 ? intPart : intPart + s.substring(dot);
	}

	/*
	 * The options as Intl.NumberFormat resolves them (en-US): read once by
	 * a formatter, or per call by toLocaleString.
	 */
	function resolve(options, locale) {
		var o = options == null ? Object.create(null) : Object(options),
		    r = {}, cur, dflt;
		r.locale = locale === void 0 ? 'en-US' : locale;
		r.style = oneOf(o, 'style', ['decimal', 'percent', 'currency',
		    'unit'], 'decimal');
		cur = o.currency === void 0 ? undefined : String(o.currency);
		if (cur !== void 0 && !/^[A-Za-z]{3}$/.test(cur))
			throw new RangeError('Invalid currency code : ' + cur);
		if (r.style === 'currency' && cur === void 0)
			throw new TypeError('Currency code is required with currency style.');
		r.currency = cur === void 0 ? undefined : cur.toUpperCase();
		r.currencyDisplay = oneOf(o, 'currencyDisplay', ['symbol',
		    'narrowSymbol', 'code', 'name'], 'symbol');
		r.currencySign = oneOf(o, 'currencySign', ['standard',
		    'accounting'], 'standard');
		r.unit = o.unit === void 0 ? undefined : String(o.unit);
		if (r.style === 'unit') {
			if (r.unit === void 0)
				throw new TypeError('Unit is required with unit style.');
			if (!Object.prototype.hasOwnProperty.call(UNITS, r.unit))
				throw new RangeError('Invalid unit argument for ' +
				    'Intl.NumberFormat() \'' + r.unit + '\'');
		}
		r.unitDisplay = oneOf(o, 'unitDisplay', ['short', 'narrow',
		    'long'], 'short');
		r.notation = oneOf(o, 'notation', ['standard', 'scientific',
		    'engineering', 'compact'], 'standard');
		r.compactDisplay = oneOf(o, 'compactDisplay', ['short', 'long'],
		    'short');
		r.signDisplay = oneOf(o, 'signDisplay', ['auto', 'never',
		    'always', 'exceptZero', 'negative'], 'auto');
		r.minimumIntegerDigits = digitsOpt(o.minimumIntegerDigits, 1,
		    'minimumIntegerDigits', 1, 21);
		/* a currency's minor unit: the table's, else ICU's (BHD 3) */
		dflt = r.style !== 'currency' ? 0 : !Object.prototype.hasOwnProperty.
		    call(CURRENCIES, r.currency) ? P.native.icuCurrencyDigits(
		    r.currency) : CURRENCIES[r.currency][4] !== void 0 ?
		    CURRENCIES[r.currency][4] : 2;
		if (o.minimumSignificantDigits !== void 0 ||
		    o.maximumSignificantDigits !== void 0) {
			r.minimumSignificantDigits = digitsOpt(
			    o.minimumSignificantDigits, 1,
			    'minimumSignificantDigits', 1, 21);
			r.maximumSignificantDigits = digitsOpt(
			    o.maximumSignificantDigits, 21,
			    'maximumSignificantDigits', r.minimumSignificantDigits,
			    21);
		} else {
			r.minimumFractionDigits = digitsOpt(o.minimumFractionDigits,
			    r.notation === 'compact' ? 0 : dflt,
			    'minimumFractionDigits');
			r.maximumFractionDigits = digitsOpt(o.maximumFractionDigits,
			    Math.max(r.minimumFractionDigits, r.notation ===
			    'compact' ? 0 : (r.style === 'currency' ? dflt :
			    (r.style === 'percent' ? 0 : 3))),
			    'maximumFractionDigits');
			if (r.maximumFractionDigits < r.minimumFractionDigits)
				throw new RangeError('maximumFractionDigits value is out of range.');
			/* compact's own rounding: two digits below 100 */
			r.compactRound = r.notation === 'compact' &&
			    o.minimumFractionDigits === void 0 &&
			    o.maximumFractionDigits === void 0;
		}
		r.useGrouping = o.useGrouping === void 0 ?
		    (r.notation === 'compact' ? 'min2' : 'auto') :
		    (o.useGrouping ? 'auto' : false);
		return r;
	}

	function part(out, type, value) {
		out.push({ type: type, value: value });
	}

	/* The number's own parts: "1,234.5", "1.235E8", with a compact unit
	 * ("K", or " thousand" after a space). */
	function bodyParts(s, compact, text) {
		var out = [], i = 0, c, m, fraction = false, exp = false;
		/* for the text alone, one piece: no scan */
		if (text)
			return [{ type: 'literal', value: s + compact }];
		if (s === 'NaN' || s === '\u221e')
			return [{ type: s === 'NaN' ? 'nan' : 'infinity', value: s }];
		while (i < s.length) {
			c = s.charAt(i);
			if (c >= '0' && c <= '9') {
				for (m = i + 1; m < s.length && s.charAt(m) >= '0' &&
				    s.charAt(m) <= '9'; m++)
					;
				part(out, exp ? 'exponentInteger' : fraction ? 'fraction' :
				    'integer', s.substring(i, m));
				i = m;
				continue;
			}
			part(out, c === ',' ? 'group' : c === '.' ? 'decimal' :
			    c === 'E' ? 'exponentSeparator' : 'exponentMinusSign', c);
			fraction = fraction || c === '.';
			exp = exp || c === 'E';
			i++;
		}
		if (compact !== '') {
			if (compact.charAt(0) === ' ')
				part(out, 'literal', ' ');
			part(out, 'compact', compact.replace(/^ /, ''));
		}
		return out;
	}

	/* Text after the number (a unit, a currency's name): its spaces are
	 * literals, the rest is one part of the given type. */
	function suffix(out, type, text) {
		var m = /^([ \u00a0]*)(.*)$/.exec(text);
		if (m[1] !== '')
			part(out, 'literal', m[1]);
		if (m[2] !== '')
			part(out, type, m[2]);
	}

	/* The whole number's parts around body (its text, which decides a
	 * name's plural) and its parts. */
	function affix(r, x, neg, body, parts) {
		var c, u, one, zero = x === 0 && !neg, sign = '', out = [], i;
		switch (r.signDisplay) {
		case 'never':
			break;
		case 'always':
			sign = neg ? '-' : '+';
			break;
		case 'exceptZero':
			sign = zero ? '' : (neg ? '-' : '+');
			break;
		case 'negative':
			sign = neg && x !== 0 ? '-' : '';
			break;
		default:
			sign = neg ? '-' : '';
		}
		/* most numbers: no affix at all */
		if (sign === '' && r.style === 'decimal')
			return parts;
		if (r.style === 'currency' && r.currencySign === 'accounting' &&
		    sign === '-' && r.currencyDisplay !== 'name') {
			part(out, 'literal', '(');
			sign = '';
		}
		if (sign !== '')
			part(out, sign === '-' ? 'minusSign' : 'plusSign', sign);
		if (r.style === 'currency' && r.currencyDisplay !== 'name') {
			c = CURRENCIES[r.currency];
			u = r.currencyDisplay === 'code' || c === void 0 ?
			    r.currency : (r.currencyDisplay === 'narrowSymbol' ?
			    c[1] : c[0]);
			part(out, 'currency', u);
			/* a code, or a symbol ending in a letter (CHF) */
			if (/[A-Z]$/.test(u))
				part(out, 'literal', '\u00a0');
		}
		for (i = 0; i < parts.length; i++)
			out.push(parts[i]);
		if (r.style === 'percent')
			part(out, 'percentSign', '%');
		else if (r.style === 'unit') {
			u = UNITS[r.unit];
			one = body === '1';
			suffix(out, 'unit', (r.unitDisplay === 'long' ?
			    u[one ? 2 : 3] : (r.unitDisplay === 'narrow' ? u[4] :
			    u[one ? 0 : 1])).replace('%s', ''));
		} else if (r.style === 'currency') {
			c = CURRENCIES[r.currency];
			if (r.currencyDisplay === 'name')
				suffix(out, 'currency', ' ' + (c === void 0 ?
				    r.currency : c[body === '1' ? 2 : 3]));
			else if (out[0].value === '(')
				part(out, 'literal', ')');
		}
		return out;
	}

	/* --- other locales: ICU's formatter (engine/host/icu.c) ----------------- */

	var SIGNS = { auto: '', never: 'sign-never', always: 'sign-always',
	    exceptZero: 'sign-except-zero', negative: 'sign-negative' };
	var WIDTHS = { symbol: '', narrowSymbol: 'unit-width-narrow',
	    code: 'unit-width-iso-code', name: 'unit-width-full-name',
	    'short': '', narrow: 'unit-width-narrow', long: 'unit-width-full-name' };

	function repeat(c, n) {
		var s = '';
		while (n-- > 0)
			s += c;
		return s;
	}

	/* The resolved options as an ICU number skeleton. */
	function skeleton(r) {
		var s = ['rounding-mode-half-up'], sign = r.signDisplay || 'auto';
		if (r.style === 'percent')
			s.push('percent', 'scale/100');
		else if (r.style === 'currency')
			s.push('currency/' + r.currency, WIDTHS[r.currencyDisplay]);
		else if (r.style === 'unit')
			s.push('unit/' + r.unit, WIDTHS[r.unitDisplay]);
		if (r.notation === 'compact')
			s.push(r.compactDisplay === 'long' ? 'compact-long' :
			    'compact-short');
		else if (r.notation === 'scientific' || r.notation === 'engineering')
			s.push(r.notation);
		if (r.maximumSignificantDigits !== void 0)
			s.push(repeat('@', r.minimumSignificantDigits) + repeat('#',
			    r.maximumSignificantDigits - r.minimumSignificantDigits));
		else if (!r.compactRound)
			s.push(r.maximumFractionDigits === 0 ? 'precision-integer' :
			    '.' + repeat('0', r.minimumFractionDigits) + repeat('#',
			    r.maximumFractionDigits - r.minimumFractionDigits));
		if (r.minimumIntegerDigits > 1)
			s.push('integer-width/*' + repeat('0', r.minimumIntegerDigits));
		s.push(r.useGrouping === false ? 'group-off' : r.useGrouping ===
		    'min2' ? 'group-min2' : 'group-auto');
		if (r.style === 'currency' && r.currencySign === 'accounting')
			s.push(sign === 'auto' ? 'sign-accounting' :
			    sign === 'never' ? 'sign-never' :
			    'sign-accounting-' + SIGNS[sign].substring(5));
		else
			s.push(SIGNS[sign]);
		return s.join(' ').replace(/ +/g, ' ');
	}
	P.numberSkeleton = skeleton;

	/* unumberformatter.h's fields (category 2) as the parts' types */
	var NUMBER_FIELDS = ['integer', 'fraction', 'decimal',
	    'exponentSeparator', 'exponentMinusSign', 'exponentInteger', 'group',
	    'currency', 'percentSign', 'percentSign', 'sign', 'unit', 'compact'];

	/*
	 * The parts of ICU's text from its fields ([text, field, begin, end,
	 * ...], field = category * 256 + field): each code unit takes the
	 * innermost field over it (ICU gives the outer first), the rest are
	 * literals, and runs of one type are one part. names(cat, field, text)
	 * names a field, or undefined for a literal.
	 */
	function cutParts(a, names) {
		var text = a[0], types = [], out = [], i, k, t, from, f = [];
		for (i = 0; i < text.length; i++)
			types[i] = 'literal';
		for (k = 1; k < a.length; k += 3)
			f.push([a[k], a[k + 1], a[k + 2]]);
		/* outer before inner: ICU gives a group separator before the
		 * integer around it; by start, the integer comes first (no two
		 * fields named here start together) */
		f.sort(function (x, y) {
			return x[1] - y[1];
		});
		for (k = 0; k < f.length; k++) {
			t = names(f[k][0] >> 8, f[k][0] & 255, text.substring(f[k][1],
			    f[k][2]));
			if (t !== void 0)
				for (i = f[k][1]; i < f[k][2]; i++)
					types[i] = t;
		}
		for (from = 0, i = 1; i <= text.length; i++)
			if (i === text.length || types[i] !== types[from]) {
				out.push({ type: types[from], value: text.substring(from,
				    i) });
				from = i;
			}
		return out;
	}
	P.cutParts = cutParts;

	/* A number field's type: a sign is plus or minus by its text; the
	 * integer of NaN or an infinity is nan or infinity. x: the number. */
	function numberNames(x) {
		return function (cat, field, value) {
			var t;
			if (cat !== 2)
				return void 0;
			t = NUMBER_FIELDS[field];
			if (t === 'sign')
				return value === '+' ? 'plusSign' : 'minusSign';
			if (t === 'integer' && x !== x)
				return 'nan';
			if (t === 'integer' && (x === Infinity || x === -Infinity))
				return 'infinity';
			return t;
		};
	}
	P.numberNames = numberNames;

	/* x: a number, or a BigInt's digits */
	function icuParts(x, r, text) {
		if (r.skeleton === void 0)
			r.skeleton = skeleton(r);
		if (text)
			return [{ type: 'literal', value: icuNumber(r.locale,
			    r.skeleton, x, false) }];
		return cutParts(icuNumber(r.locale, r.skeleton, x, true),
		    numberNames(typeof x === 'string' ? 0 : x));
	}

	function formatParts(x, r, text) {
		var neg, d, unit = '', e, m, k, v, b;
		/* ICU writes every digit of a BigInt */
		x = P.isBigInt(x) && r.locale !== void 0 && !english(r.locale) ?
		    String(x) : +x;
		/* a record of the prelude's own (digits only) is en-US's */
		if (r.locale !== void 0 && !english(r.locale))
			return icuParts(x, r, text);
		if (r.style === 'percent')
			x = x * 100;
		if (x !== x)
			return affix({ style: r.style, signDisplay: 'never',
			    currency: r.currency, currencyDisplay: r.currencyDisplay,
			    unit: r.unit, unitDisplay: r.unitDisplay }, 0, false, 'NaN',
			    bodyParts('NaN', '', text));
		neg = x < 0 || (x === 0 && 1 / x < 0);
		x = Math.abs(x);
		d = { sig: r.maximumSignificantDigits !== void 0,
		    minS: r.minimumSignificantDigits,
		    maxS: r.maximumSignificantDigits,
		    minF: r.minimumFractionDigits, maxF: r.maximumFractionDigits,
		    minI: r.minimumIntegerDigits,
		    grouping: r.useGrouping !== false };
		if (x === Infinity)
			return affix(r, x, neg, '\u221e', bodyParts('\u221e', '', text));
		if (r.notation === 'compact') {
			/* The unit from the magnitude, then CLDR's rounding (whole
			 * from 100 up, else two significant digits); a rounding
			 * that reaches 1000 takes the next unit (999,999 is 1M). */
			for (k = COMPACT.length - 1; k >= 0; k--)
				if (x >= COMPACT[k][0])
					break;
			if (r.compactRound) {
				v = k < 0 ? x : x / COMPACT[k][0];
				if (+significant(v, 1, v >= 100 ?
				    String(Math.floor(v)).length : 2) >= 1000 &&
				    k < COMPACT.length - 1)
					k++;
			}
			if (k >= 0) {
				x = x / COMPACT[k][0];
				unit = r.compactDisplay === 'long' ? COMPACT[k][2] :
				    COMPACT[k][1];
			}
			if (r.compactRound) {
				d.sig = true;
				d.minS = 1;
				d.maxS = x >= 100 ? String(Math.floor(x)).length : 2;
			}
			if (d.grouping && r.useGrouping === 'min2' && x < 1e4)
				d.grouping = false;
			b = digitsOf(x, d);
			return affix(r, x, neg, b + unit, bodyParts(b, unit, text));
		}
		if (r.notation === 'scientific' || r.notation === 'engineering') {
			e = x === 0 ? 0 : Math.floor(Math.log(x) / Math.LN10);
			if (x !== 0 && x / Math.pow(10, e) >= 10)
				e++;
			if (r.notation === 'engineering')
				e = Math.floor(e / 3) * 3;
			m = x === 0 ? 0 : x / Math.pow(10, e);
			d.grouping = false;
			b = digitsOf(m, d) + 'E' + e;
			return affix(r, x, neg, b, bodyParts(b, '', text));
		}
		b = digitsOf(x, d);
		return affix(r, x, neg, b, bodyParts(b, '', text));
	}

	function formatResolved(x, r) {
		var p = formatParts(x, r, true), s = '', i;
		for (i = 0; i < p.length; i++)
			s += p[i].value;
		return s;
	}

	var plain = null;

	/* toLocaleString's locales and options, resolved per call; none,
	 * once. */
	function format(x, options, locales) {
		if (options === void 0 && locales === void 0) {
			if (plain === null)
				plain = resolve(void 0);
			return formatResolved(x, plain);
		}
		return formatResolved(x, resolve(options, resolveLocale(locales,
		    options == null ? void 0 : P.numberingOption(Object(options)))));
	}

	/* BigInt.prototype.toLocaleString: decimal is the BigInt's digits
	 * ("-123"); ICU writes every digit, en-US's formatter a Number's. */
	P.formatBigIntLocale = function formatBigIntLocale(decimal, locales,
	    options) {
		var r = resolve(options, resolveLocale(locales));
		if (english(r.locale))
			return options === void 0 ? decimal.replace(
			    /\B(?=(\d{3})+(?!\d))/g, ',') : formatResolved(+decimal, r);
		return icuParts(decimal, r, true)[0].value;
	};

	P.formatNumberLocale = format;
	P.numberFormatResolve = resolve;
	P.numberFormatResolved = formatResolved;
	P.numberFormatParts = formatParts;

});
