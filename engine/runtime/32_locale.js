/*
 * 32_locale.js: Number.prototype.toLocaleString in the en-US format (there
 * is no Intl in Duktape; every locale argument gets en-US).  Supports the
 * options minimumFractionDigits, maximumFractionDigits, useGrouping and
 * style "decimal" / "percent" / "currency" (currency "USD" as "$", any other
 * code as "CODE " prefix).  Lazy group `locale`: the method itself is
 * defined in 31_lazy.js and loads this on its first call.
 */
this.__cm.P.group('locale', function (G, P) {
	'use strict';

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
		var s, alt, m, mant, exp;
		if (x >= 1e21) {
			/* toFixed gives exponent notation here: expand "d.ddde+N" */
			m = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(String(x));
			mant = m[1] + (m[2] || '');
			exp = +m[3];
			while (mant.length <= exp)
				mant += '0';
			return mant;
		}
		s = x.toFixed(digits);
		if (digits < 20) {
			alt = (+(Math.round(+(x + 'e' + digits)) + 'e-' + digits)).toFixed(digits);
			if (alt !== 'NaN' && isFinite(+alt))
				s = alt;
		}
		return s;
	}

	function digitsOpt(v, def, name) {
		var n;
		if (v === undefined)
			return def;
		n = Math.floor(+v);
		if (!(n >= 0 && n <= 100))
			throw new RangeError(name + ' value is out of range.');
		return n;
	}

	function format(x, options) {
		var o = options == null ? {} : Object(options);
		var style = o.style === undefined ? 'decimal' : String(o.style);
		var cur = o.currency === undefined ? undefined : String(o.currency).toUpperCase();
		var minF, maxF, neg, s, dot, intPart, frac, prefix = '', suffix = '';
		var grouping = o.useGrouping === undefined ? true : !!o.useGrouping;
		if (style === 'currency' && cur === undefined)
			throw new TypeError('Currency code is required with currency style.');
		minF = digitsOpt(o.minimumFractionDigits,
		    style === 'currency' ? 2 : 0, 'minimumFractionDigits');
		maxF = digitsOpt(o.maximumFractionDigits,
		    Math.max(minF, style === 'currency' ? 2 : (style === 'percent' ? 0 : 3)),
		    'maximumFractionDigits');
		if (maxF < minF)
			throw new RangeError('maximumFractionDigits value is out of range.');
		if (style === 'percent')
			x = x * 100;
		if (x !== x)
			return 'NaN';
		neg = x < 0 || (x === 0 && 1 / x < 0);
		x = Math.abs(x);
		if (x === Infinity) {
			s = '\u221e';
		} else {
			s = fixed(x, maxF);
			dot = s.indexOf('.');
			intPart = dot < 0 ? s : s.substring(0, dot);
			frac = dot < 0 ? '' : s.substring(dot + 1);
			while (frac.length > minF && frac.charAt(frac.length - 1) === '0')
				frac = frac.substring(0, frac.length - 1);
			if (grouping)
				intPart = group(intPart);
			s = frac.length > 0 ? intPart + '.' + frac : intPart;
		}
		if (style === 'percent')
			suffix = '%';
		else if (style === 'currency')
			prefix = cur === 'USD' ? '$' : (cur === 'EUR' ? '\u20ac' :
			    (cur === 'GBP' ? '\u00a3' : (cur === 'JPY' ? '\u00a5' : cur + '\u00a0')));
		if (neg)
			return '-' + prefix + s + suffix;
		return prefix + s + suffix;
	}

	P.formatNumberLocale = format;
});
