/*
 * 32_intl.js: the Intl namespace in English (group `intl`, preloaded; its
 * triggers are the global `Intl` and the options of a Date's
 * toLocale*String and of localeCompare). Every locale resolves to en-US,
 * as a node built with English data only resolves them: NumberFormat
 * (32_locale.js's formatter), DateTimeFormat, PluralRules,
 * RelativeTimeFormat, ListFormat, Collator (String.prototype.
 * localeCompare's order, engine/host/collate.c).
 * Time zones: every zone and link of Debian's tzdata (engine/host/tz.c),
 * with CLDR's en-US names for the common ones and GMT±h for the rest.
 */
this.__cm.P.group('intl', function (G, P) {
	'use strict';
	var hasOwn = Object.prototype.hasOwnProperty;
	var defineProperty = Object.defineProperty;

	P.need.locale();
	var numberResolve = P.numberFormatResolve;
	var numberFormat = P.numberFormatResolved;

	/* --- locales (32_locale.js negotiates them with ICU) ---------------- */

	var localeList = P.localeList;
	var resolveLocale = P.resolveLocale;
	var english = P.englishLocale;
	var supportedLocalesOf = P.supportedLocales;

	/* ICU's side (engine/host/icu.c) for the locales en-US is not */
	var icuPlural = P.native.icuPlural;
	var icuCollate = P.native.icuCollate;
	var skeletonOf = P.numberSkeleton;
	/* width names as icu.c numbers them */
	var WIDTHS = { long: 0, 'short': 1, narrow: 2 };
	var LIST_TYPES = { conjunction: 0, disjunction: 1, unit: 2 };
	function listNames(cat, field) {
		return cat === 3 && field === 1 ? 'element' : void 0;
	}

	function optionsObject(options) {
		if (options === void 0)
			return Object.create(null);
		if (options === null)
			throw new TypeError('Cannot convert undefined or null to object');
		return Object(options);
	}

	var oneOf = P.intlOption;

	/* The localeMatcher option, read first as ECMA-402 orders it: every
	 * matcher is ours (lookup), but a wrong value is a RangeError. */
	function matcher(o, what) {
		oneOf(o, 'localeMatcher', ['lookup', 'best fit'], 'best fit', what);
	}

	var def = P.def;

	/* A constructor as Intl.name: its methods and getters on the
	 * prototype, not enumerable, its toStringTag, supportedLocalesOf. */
	function define(name, ctor, methods, getters) {
		var proto = ctor.prototype, k;
		for (k in methods)
			if (hasOwn.call(methods, k))
				def(proto, k, methods[k]);
		for (k in getters)
			if (hasOwn.call(getters, k))
				defineProperty(proto, k, { get: getters[k],
				    enumerable: false, configurable: true });
		defineProperty(proto, Symbol.toStringTag, { value: 'Intl.' + name,
		    configurable: true });
		def(ctor, 'supportedLocalesOf', function supportedLocalesOf_(l) {
			var list = supportedLocalesOf(l), o = arguments[1];
			if (o !== void 0)
				matcher(optionsObject(o), 'Intl.' + name);
			return list;
		});
		P.setName(ctor.supportedLocalesOf, 'supportedLocalesOf');
		def(Intl, name, ctor);
	}

	/* The internal record of an Intl object, or a TypeError. */
	var SLOT = Symbol('Intl record');
	function slot(o, kind, method) {
		var r = o !== null && typeof o === 'object' && hasOwn.call(o, SLOT) ?
		    o[SLOT] : undefined;
		if (r === void 0 || r.kind !== kind)
			throw new TypeError('Method Intl.' + kind + '.prototype.' +
			    method + ' called on incompatible receiver ' +
			    P.describe(o));
		return r;
	}
	function attach(o, r) {
		defineProperty(o, SLOT, { value: r });
		return o;
	}
	function needNew(t, C, name) {
		if (!(t instanceof C) || hasOwn.call(t, SLOT))
			throw new TypeError("Constructor Intl." + name +
			    " requires 'new'");
	}

	var Intl = {};
	defineProperty(Intl, Symbol.toStringTag, { value: 'Intl',
	    configurable: true });
	def(Intl, 'getCanonicalLocales', function getCanonicalLocales(l) {
		return localeList(l);
	});

	/* --- NumberFormat ------------------------------------------------------ */

	function NumberFormat(locales, options) {
		var r;
		if (!(this instanceof NumberFormat))
			return new NumberFormat(locales, options);
		var o = options === void 0 ? undefined : optionsObject(options);
		if (o !== void 0)
			matcher(o, 'Intl.NumberFormat');
		r = numberResolve(o, resolveLocale(locales, o === void 0 ? o :
		    P.numberingOption(o)));
		r.kind = 'NumberFormat';
		attach(this, r);
	}
	define('NumberFormat', NumberFormat, {
		formatToParts: function formatToParts(x) {
			return P.numberFormatParts(x, slot(this, 'NumberFormat',
			    'formatToParts'));
		},
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'NumberFormat', 'resolvedOptions'), o, k;
			o = { locale: r.locale,
			    numberingSystem: P.numberingSystem(r.locale) };
			for (k in r)
				if (k !== 'kind' && k !== 'compactRound' &&
				    k !== 'locale' && k !== 'skeleton' &&
				    k !== 'bound' && r[k] !== void 0)
					o[k] = r[k];
			return o;
		}
	}, {
		format: function () {
			var r = slot(this, 'NumberFormat', 'format');
			if (r.bound === void 0)
				r.bound = function (x) {
					return numberFormat(x, r);
				};
			return r.bound;
		}
	});

	/* --- DateTimeFormat ---------------------------------------------------- */

	var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June',
	    'July', 'August', 'September', 'October', 'November', 'December'];
	var DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday',
	    'Friday', 'Saturday'];
	var DATE_KEYS = ['weekday', 'year', 'month', 'day'];
	var TIME_KEYS = ['dayPeriod', 'hour', 'minute', 'second',
	    'fractionalSecondDigits'];
	var TEXT = ['narrow', 'short', 'long'];
	var NUM = ['numeric', '2-digit'];
	var STYLES = ['full', 'long', 'medium', 'short'];
	/* the components dateStyle and timeStyle exclude */
	var FIELD_KEYS = DATE_KEYS.concat(TIME_KEYS, ['timeZoneName']);
	/* in the order ECMA-402 reads them */
	var OPTION_KEYS = ['localeMatcher', 'calendar', 'numberingSystem',
	    'hour12', 'hourCycle', 'timeZone'].concat(FIELD_KEYS,
	    ['dateStyle', 'timeStyle']);

	/*
	 * The zone: UTC, a fixed Etc/GMT±N (its offset east of UTC in
	 * minutes), or a zone of tzdata (engine/host/tz.c), whose offset
	 * depends on the time (fields). The host's own zone is UTC.
	 */
	var tzLocal = P.native.tzLocal;

	function zone(name) {
		var m, n, info;
		if (name === void 0)
			return { id: 'UTC', off: 0, local: true, utc: true };
		name = String(name);
		if (/^(etc\/)?(utc|gmt|uct|zulu|universal|greenwich)$/i.test(name) ||
		    /^etc\/gmt[+-]?0$/i.test(name))
			return { id: 'UTC', off: 0, utc: true };
		m = /^etc\/gmt([+-])(\d{1,2})$/i.exec(name);
		if (m !== null && (n = +m[2]) <= (m[1] === '-' ? 14 : 12) && n !== 0)
			return { id: 'Etc/GMT' + m[1] + n, off: (m[1] === '+' ?
			    -n : n) * 60 };
		info = tzLocal !== void 0 ? tzLocal(name, 0) : void 0;
		if (info === void 0)
			throw new RangeError('Invalid time zone specified: ' + name);
		return { id: info[3], named: true };
	}

	/* en-US writes these abbreviations for the Americas' zones (CLDR's
	 * metazones there); elsewhere a zone is GMT and its offset. */
	var US_SHORT = /^(E|C|M|P|AK|H|A)[SD]T$/;
	var LONG = {
		EST: 'Eastern Standard Time', EDT: 'Eastern Daylight Time',
		CST: 'Central Standard Time', CDT: 'Central Daylight Time',
		MST: 'Mountain Standard Time', MDT: 'Mountain Daylight Time',
		PST: 'Pacific Standard Time', PDT: 'Pacific Daylight Time',
		AKST: 'Alaska Standard Time', AKDT: 'Alaska Daylight Time',
		HST: 'Hawaii-Aleutian Standard Time',
		HDT: 'Hawaii-Aleutian Daylight Time',
		AST: 'Atlantic Standard Time', ADT: 'Atlantic Daylight Time',
		NST: 'Newfoundland Standard Time', NDT: 'Newfoundland Daylight Time',
		GMT: 'Greenwich Mean Time', BST: 'British Summer Time',
		CET: 'Central European Standard Time',
		CEST: 'Central European Summer Time',
		EET: 'Eastern European Standard Time',
		EEST: 'Eastern European Summer Time',
		WET: 'Western European Standard Time',
		WEST: 'Western European Summer Time',
		MSK: 'Moscow Standard Time', JST: 'Japan Standard Time',
		KST: 'Korean Standard Time', HKT: 'Hong Kong Standard Time',
		AEST: 'Australian Eastern Standard Time',
		AEDT: 'Australian Eastern Daylight Time',
		ACST: 'Australian Central Standard Time',
		ACDT: 'Australian Central Daylight Time',
		AWST: 'Australian Western Standard Time',
		NZST: 'New Zealand Standard Time', NZDT: 'New Zealand Daylight Time',
		SAST: 'South Africa Standard Time', WAT: 'West Africa Time',
		CAT: 'Central Africa Time', EAT: 'East Africa Time',
		PKT: 'Pakistan Standard Time', WIB: 'Western Indonesia Time',
		IST: 'India Standard Time'
	};
	var AMERICAS = /^(America|US|Canada|Pacific\/Honolulu|Navajo)(\/|$)/;
	/* Zones tzdata names by their offset ("+08"): CLDR's standard and
	 * daylight names of the common ones. */
	var ZONE_LONG = {
		'America/Sao_Paulo': ['Brasilia Standard Time', 'Brasilia Summer Time'],
		'America/Argentina/Buenos_Aires': ['Argentina Standard Time',
		    'Argentina Summer Time'],
		'America/Bogota': ['Colombia Standard Time', 'Colombia Summer Time'],
		'America/Lima': ['Peru Standard Time', 'Peru Summer Time'],
		'America/Santiago': ['Chile Standard Time', 'Chile Summer Time'],
		'America/Caracas': ['Venezuela Time'],
		'America/La_Paz': ['Bolivia Time'],
		'America/Montevideo': ['Uruguay Standard Time', 'Uruguay Summer Time'],
		'Asia/Dubai': ['Gulf Standard Time'],
		'Asia/Riyadh': ['Arabian Standard Time'],
		'Asia/Qatar': ['Arabian Standard Time'],
		'Asia/Baghdad': ['Arabian Standard Time', 'Arabian Daylight Time'],
		'Asia/Tehran': ['Iran Standard Time', 'Iran Daylight Time'],
		'Europe/Istanbul': ['T\u00fcrkiye Standard Time'],
		'Asia/Singapore': ['Singapore Standard Time'],
		'Asia/Kuala_Lumpur': ['Malaysia Time'],
		'Asia/Manila': ['Philippine Standard Time', 'Philippine Summer Time'],
		'Asia/Bangkok': ['Indochina Time'],
		'Asia/Ho_Chi_Minh': ['Indochina Time'],
		'Asia/Kathmandu': ['Nepal Time'],
		'Asia/Dhaka': ['Bangladesh Standard Time', 'Bangladesh Summer Time'],
		'Asia/Yangon': ['Myanmar Time'],
		'Asia/Tashkent': ['Uzbekistan Standard Time', 'Uzbekistan Summer Time'],
		'Asia/Colombo': ['India Standard Time'],
		'Asia/Taipei': ['Taiwan Standard Time', 'Taiwan Daylight Time'],
		'Asia/Jerusalem': ['Israel Standard Time', 'Israel Daylight Time'],
		'Pacific/Chatham': ['Chatham Standard Time', 'Chatham Daylight Time'],
		'Pacific/Fiji': ['Fiji Standard Time', 'Fiji Summer Time']
	};
	/* before 1970 CLDR gives a zone no name of its own: GMT and offset */
	var NAMED_FROM = 0;

	/* "GMT-5", "GMT+5:30" (long: "GMT-05:00"); seconds where a zone's
	 * old offset has them. zero: what an offset of 0 writes. */
	function offsetName(off, long, zero) {
		var a = Math.round((off < 0 ? -off : off) * 60), h = Math.floor(a /
		    3600), m = Math.floor(a / 60) % 60, sec = a % 60;
		if (a === 0)
			return zero;
		return 'GMT' + (off < 0 ? '-' : '+') + (long ? pad2(h) + ':' +
		    pad2(m) : h + (m || sec ? ':' + pad2(m) : '')) +
		    (sec ? ':' + pad2(sec) : '');
	}

	/*
	 * The zone's name at the time of f (fields) in style: "short" and
	 * "long" above; the offsets as written; the generic names (without
	 * standard or daylight) from the long ones, and for the Americas'
	 * short ones "ET", "PT"... (CLDR names other zones' generic short
	 * names by country, "France Time": here the long generic name).
	 */
	function zoneStyled(z, style, f) {
		var n, now, one;
		if (style === 'short' || style === 'long')
			return zoneName(z, style === 'long', f);
		if (style === 'shortOffset' || ((z.utc || !z.named) &&
		    style === 'shortGeneric'))
			return offsetName(f.off, false, 'GMT+0');
		if (style === 'longOffset' || z.utc || !z.named)
			return offsetName(f.off, true, 'GMT+00:00');
		/* a zone that keeps one offset all year keeps its standard name */
		now = tzLocal(z.id, f.t + 182.5 * 86400000);
		one = now !== void 0 && now[0] / 60 === f.off && !f.dst;
		if (style === 'shortGeneric' && AMERICAS.test(z.id) &&
		    US_SHORT.test(f.abbr))
			return one ? f.abbr : f.abbr.replace(/[SD]T$/, 'T');
		n = zoneName(z, true, f);
		return one ? n : n.replace(/ (Standard|Daylight|Summer) Time$/,
		    ' Time');
	}

	function zoneName(z, long, f) {
		var ab = f.abbr, americas, zl;
		if (z.utc)
			return long ? 'Coordinated Universal Time' : 'UTC';
		if (!z.named)
			return offsetName(f.off, long, 'GMT');
		americas = AMERICAS.test(z.id);
		if (f.t < NAMED_FROM)
			return offsetName(f.off, long, long ? 'GMT' : 'GMT+0');
		if (!long)
			return americas && US_SHORT.test(ab) ? ab :
			    offsetName(f.off, false, ab === 'GMT' ? 'GMT' : 'GMT+0');
		zl = hasOwn.call(ZONE_LONG, z.id) ? ZONE_LONG[z.id] : void 0;
		if (zl !== void 0)
			return zl[f.dst && zl.length > 1 ? 1 : 0];
		/* the Americas' abbreviations elsewhere: China's CST, Manila's
		 * PST (written as their offset below) */
		if (ab === 'CST' && /^Asia\//.test(z.id))
			return 'China Standard Time';
		if (ab === 'IST' && z.id === 'Europe/Dublin')
			return 'Irish Standard Time';
		if (hasOwn.call(LONG, ab) && (americas || !US_SHORT.test(ab)))
			return LONG[ab];
		return offsetName(f.off, true, 'Greenwich Mean Time');
	}

	function pad2(n) {
		return n < 10 ? '0' + n : '' + n;
	}

	/*
	 * ToDateTimeOptions: what toLocaleDateString ('date', 'date'),
	 * toLocaleTimeString ('time', 'time'), toLocaleString and the
	 * constructor ('any', 'all' / 'date') add when no component is asked.
	 */
	function withDefaults(options, required, defaults) {
		var o = optionsObject(options), c = Object.create(null), none = true,
		    i;
		/* each option read once, into a record of our own */
		for (i = 0; i < OPTION_KEYS.length; i++)
			c[OPTION_KEYS[i]] = o[OPTION_KEYS[i]];
		matcher(c, 'Intl.DateTimeFormat');
		if (required !== 'time')
			for (i = 0; i < DATE_KEYS.length; i++)
				if (c[DATE_KEYS[i]] !== void 0)
					none = false;
		if (required !== 'date')
			for (i = 0; i < TIME_KEYS.length; i++)
				if (c[TIME_KEYS[i]] !== void 0)
					none = false;
		if (c.dateStyle !== void 0 || c.timeStyle !== void 0)
			none = false;
		if (required === 'date' && c.timeStyle !== void 0)
			throw new TypeError('Invalid option : timeStyle');
		if (required === 'time' && c.dateStyle !== void 0)
			throw new TypeError('Invalid option : dateStyle');
		if (none && defaults !== 'time')
			c.year = c.month = c.day = 'numeric';
		if (none && defaults !== 'date')
			c.hour = c.minute = c.second = 'numeric';
		return c;
	}

	/* The cycle of a locale other than en-US: its own, or as V8 reads
	 * hour12 there (h11 where the locale's own cycle starts at 0). */
	function localeCycle(locale, hour12) {
		var own = P.native.icuHourCycle(locale), zero = own === 'h11' ||
		    own === 'h23';
		if (hour12 === void 0)
			return own;
		return hour12 ? (zero ? 'h11' : 'h12') : (zero ? 'h23' : 'h24');
	}

	function resolveDate(c, locale) {
		var r = { kind: 'DateTimeFormat' }, what = 'Intl.DateTimeFormat', i, k;
		r.locale = locale;
		/* the hour's cycle asked, not en-US's default (ICU's pattern) */
		r.hour12 = c.hour12 === void 0 ? void 0 : !!c.hour12;
		r.cycleAsked = c.hourCycle !== void 0;
		r.zone = zone(c.timeZone);
		r.weekday = oneOf(c, 'weekday', TEXT, undefined, what);
		r.year = oneOf(c, 'year', NUM, undefined, what);
		r.month = oneOf(c, 'month', NUM.concat(TEXT), undefined, what);
		r.day = oneOf(c, 'day', NUM, undefined, what);
		r.hour = oneOf(c, 'hour', NUM, undefined, what);
		r.minute = oneOf(c, 'minute', NUM, undefined, what);
		r.second = oneOf(c, 'second', NUM, undefined, what);
		r.timeZoneName = oneOf(c, 'timeZoneName', ['short', 'long',
		    'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'],
		    undefined, what);
		r.dateStyle = oneOf(c, 'dateStyle', STYLES, undefined, what);
		r.timeStyle = oneOf(c, 'timeStyle', STYLES, undefined, what);
		r.hourCycle = oneOf(c, 'hourCycle', ['h11', 'h12', 'h23', 'h24'],
		    undefined, what);
		if (c.fractionalSecondDigits !== void 0) {
			k = Math.floor(+c.fractionalSecondDigits);
			if (!(k >= 1 && k <= 3))
				throw new RangeError('fractionalSecondDigits value is out of range.');
			r.fractionalSecondDigits = k;
		}
		if (c.hour12 !== void 0)
			/* node 20 (en-US): hour12 false is the 1-24 cycle */
			r.hourCycle = c.hour12 ? 'h12' : 'h24';
		if (r.dateStyle !== void 0 || r.timeStyle !== void 0)
			for (i = 0; i < FIELD_KEYS.length; i++)
				if (r[FIELD_KEYS[i]] !== void 0)
					throw new TypeError("Can't set option " +
					    FIELD_KEYS[i] + ' when ' + (r.dateStyle !==
					    void 0 ? 'dateStyle' : 'timeStyle') + ' is used');
		if ((r.hour !== void 0 || r.timeStyle !== void 0) &&
		    r.hourCycle === void 0)
			r.hourCycle = 'h12';
		/* another locale's own cycle (ICU's), or hour12's in it */
		if (!english(locale) && (r.hour !== void 0 ||
		    r.timeStyle !== void 0) && !r.cycleAsked)
			r.hourCycle = localeCycle(locale, r.hour12);
		return r;
	}

	/* Date's getters as the prelude has them, bound now: a guest's
	 * replacement of a getter or of call is not used. */
	var GETTERS = ['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes',
	    'Seconds', 'Milliseconds'], LOCAL = [], UTC = [];
	(function () {
		var i, DP = Date.prototype;
		for (i = 0; i < GETTERS.length; i++) {
			LOCAL[i] = P.uncurry(DP['get' + GETTERS[i]]);
			UTC[i] = P.uncurry(DP['getUTC' + GETTERS[i]]);
		}
	})();
	var getTime = P.uncurry(Date.prototype.getTime);

	/* The fields of time value t in the record's zone. */
	function fields(t, z) {
		var info = z.named ? tzLocal(z.id, t) : void 0, off = info !== void 0 ?
		    info[0] / 60 : z.off, d = new Date(z.local ? t : t + off * 60000),
		    g = z.local ? LOCAL : UTC;
		return { y: g[0](d), mo: g[1](d), d: g[2](d), wd: g[3](d),
		    h: g[4](d), mi: g[5](d), s: g[6](d), ms: g[7](d), off: off, t: t,
		    abbr: info !== void 0 ? info[2] : void 0,
		    dst: info !== void 0 && info[1] };
	}

	function text(list, i, width) {
		return width === 'long' ? list[i] : width === 'short' ?
		    list[i].substring(0, 3) : list[i].charAt(0);
	}

	function num(v, width) {
		return width === '2-digit' ? pad2(v % 100) : '' + v;
	}

	/* The date's parts as en-US orders them. */
	function dateParts(f, r, out) {
		var month = r.month, textMonth = month !== void 0 &&
		    TEXT.indexOf(month) >= 0, y = f.y < 1 ? 1 - f.y : f.y;
		function push(type, value) {
			out.push({ type: type, value: value });
		}
		function lit(v) {
			out.push({ type: 'literal', value: v });
		}
		if (r.weekday !== void 0) {
			push('weekday', text(DAYS, f.wd, r.weekday));
			if (month !== void 0 || r.day !== void 0 ||
			    r.year !== void 0)
				lit(', ');
		}
		if (textMonth) {
			push('month', text(MONTHS, f.mo, month));
			if (r.day !== void 0) {
				lit(' ');
				push('day', num(f.d, r.day));
			}
			if (r.year !== void 0) {
				lit(r.day !== void 0 ? ', ' : ' ');
				push('year', num(y, r.year));
			}
		} else if (month !== void 0) {
			push('month', num(f.mo + 1, month));
			if (r.day !== void 0) {
				lit('/');
				push('day', num(f.d, r.day));
			}
			if (r.year !== void 0) {
				lit('/');
				push('year', num(y, r.year));
			}
		} else {
			if (r.day !== void 0)
				push('day', num(f.d, r.day));
			if (r.year !== void 0) {
				if (r.day !== void 0)
					lit(' ');
				push('year', num(y, r.year));
			}
		}
	}

	function timeParts(f, r, out, zoneStyle) {
		var h = f.h, cyc = r.hourCycle, ampm = cyc === 'h12' || cyc === 'h11',
		    fsd = r.fractionalSecondDigits, hour = r.hour, minute = r.minute,
		    second = r.second;
		function push(type, value) {
			out.push({ type: type, value: value });
		}
		if (r.timeStyle !== void 0) {
			hour = 'numeric';
			minute = '2-digit';
			second = r.timeStyle === 'short' ? undefined : '2-digit';
		}
		if (hour !== void 0) {
			if (cyc === 'h12')
				h = h % 12 === 0 ? 12 : h % 12;
			else if (cyc === 'h11')
				h = h % 12;
			else if (cyc === 'h24')
				h = h === 0 ? 24 : h;
			push('hour', hour === '2-digit' || (!ampm &&
			    minute !== void 0) ? pad2(h) : '' + h);
		}
		if (minute !== void 0) {
			if (hour !== void 0)
				push('literal', ':');
			push('minute', hour !== void 0 || second !== void 0 ?
			    pad2(f.mi) : num(f.mi, minute));
		}
		if (second !== void 0) {
			if (hour !== void 0 || minute !== void 0)
				push('literal', ':');
			push('second', hour !== void 0 || minute !== void 0 ?
			    pad2(f.s) : num(f.s, second));
		}
		if (fsd !== void 0) {
			if (out.length > 0)
				push('literal', '.');
			push('fractionalSecond',
			    ('00' + f.ms).slice(-3).substring(0, fsd));
		}
		if (hour !== void 0 && ampm) {
			/* CLDR's narrow no-break space; format() writes a space,
			 * as V8 does for the web's sake, formatToParts keeps it */
			push('literal', '\u202f');
			push('dayPeriod', f.h < 12 ? 'AM' : 'PM');
		}
		if (zoneStyle !== void 0) {
			push('literal', out.length > 0 ? ' ' : '');
			push('timeZoneName', zoneStyled(r.zone, zoneStyle, f));
		}
	}

	var DATE_STYLE = {
		full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
		long: { month: 'long', day: 'numeric', year: 'numeric' },
		medium: { month: 'short', day: 'numeric', year: 'numeric' },
		short: { month: 'numeric', day: 'numeric', year: '2-digit' }
	};

	/* --- other locales: ICU's patterns and names (engine/host/icu.c) ---- */

	var SK_WEEKDAY = { narrow: 'EEEEE', 'short': 'EEE', long: 'EEEE' };
	var SK_MONTH = { numeric: 'M', '2-digit': 'MM', 'short': 'MMM',
	    long: 'MMMM', narrow: 'MMMMM' };
	var SK_CYCLE = { h11: 'K', h12: 'h', h23: 'H', h24: 'k' };
	var SK_ZONE = { 'short': 'z', long: 'zzzz', shortOffset: 'O',
	    longOffset: 'OOOO', shortGeneric: 'v', longGeneric: 'vvvv' };
	/* UDateFormatStyle's numbers; none is -1 */
	var STYLE_IDS = { full: 0, long: 1, medium: 2, 'short': 3 };
	/* udat.h's fields as the parts' types */
	var DATE_FIELDS = { 0: 'era', 1: 'year', 2: 'month', 3: 'day', 4: 'hour',
	    5: 'hour', 6: 'minute', 7: 'second', 8: 'fractionalSecond',
	    9: 'weekday', 14: 'dayPeriod', 15: 'hour', 16: 'hour',
	    17: 'timeZoneName', 18: 'year', 19: 'weekday', 20: 'year',
	    23: 'timeZoneName', 24: 'timeZoneName', 25: 'weekday', 26: 'month',
	    29: 'timeZoneName', 30: 'yearName', 31: 'timeZoneName',
	    32: 'timeZoneName', 33: 'timeZoneName', 34: 'relatedYear',
	    35: 'dayPeriod', 36: 'dayPeriod' };
	function dateNames(cat, field) {
		return DATE_FIELDS[field];
	}

	/* The components as a skeleton: ICU's generator finds the locale's
	 * pattern for it; the hour's cycle is the locale's (j) unless asked. */
	function dateSkeleton(r) {
		var s = '', h;
		if (r.weekday !== void 0)
			s += SK_WEEKDAY[r.weekday];
		if (r.year !== void 0)
			s += r.year === '2-digit' ? 'yy' : 'y';
		if (r.month !== void 0)
			s += SK_MONTH[r.month];
		if (r.day !== void 0)
			s += r.day === '2-digit' ? 'dd' : 'd';
		if (r.hour !== void 0) {
			h = r.hour12 !== void 0 || r.cycleAsked ?
			    SK_CYCLE[r.hourCycle] : 'j';
			s += r.hour === '2-digit' ? h + h : h;
		}
		if (r.minute !== void 0)
			s += r.minute === '2-digit' ? 'mm' : 'm';
		if (r.second !== void 0)
			s += r.second === '2-digit' ? 'ss' : 's';
		if (r.fractionalSecondDigits !== void 0)
			s += 'SSS'.substring(0, r.fractionalSecondDigits);
		if (r.timeZoneName !== void 0)
			s += SK_ZONE[r.timeZoneName];
		return s;
	}

	/* ICU formats in a fixed zone of the offset engine/host/tz.c gives
	 * for this time ("GMT+01:00"), so tzdata stays the one source of
	 * offsets; a zone's name is then the locale's GMT form. */
	/* The zone at t as ICU takes it. The offset only: no Date getter
	 * (the run's own zone is UTC, and local time asks the C library). */
	function zoneId(r, t) {
		var z = r.zone, info = z.named ? tzLocal(z.id, t) : void 0,
		    off = info !== void 0 ? info[0] / 60 : z.off, a =
		    Math.round(off < 0 ? -off : off);
		return z.utc || a === 0 && !z.named ? 'UTC' : 'GMT' + (off < 0 ?
		    '-' : '+') + pad2(Math.floor(a / 60)) + ':' + pad2(a % 60);
	}

	function dateIcu(r, t) {
		var styled = r.dateStyle !== void 0 || r.timeStyle !== void 0,
		    parts = P.cutParts(P.native.icuDate(r.locale, styled ? '' :
		    dateSkeleton(r), styled && r.dateStyle !== void 0 ?
		    STYLE_IDS[r.dateStyle] : -1, styled && r.timeStyle !== void 0 ?
		    STYLE_IDS[r.timeStyle] : -1, zoneId(r, t), t, true), dateNames),
		    letters = r.timeStyle === 'full' ? 'zzzz' : r.timeStyle ===
		    'long' ? 'z' : SK_ZONE[r.timeZoneName], i;
		/* a tzdata zone's name is the locale's for it (MEZ), not the
		 * GMT form of the fixed zone ICU formatted in; its offsets
		 * stay tz.c's */
		if (r.zone.named && /^[zv]/.test(letters))
			for (i = 0; i < parts.length; i++)
				if (parts[i].type === 'timeZoneName')
					parts[i].value = P.native.icuZoneName(r.locale,
					    r.zone.id, letters, t);
		return parts;
	}

	/* formatRange in another locale: ICU's interval format for the
	 * components (the zone's offset at the start); given styles, the
	 * two dates joined as in en-US. */
	function rangeIcu(r, a, b) {
		var ta = a instanceof Date ? getTime(a) : +a, tb = b instanceof
		    Date ? getTime(b) : +b;
		if (!isFinite(ta) || !isFinite(tb))
			throw new RangeError('Invalid time value');
		return P.native.icuRange(r.locale, dateSkeleton(r), zoneId(r, ta),
		    ta, tb);
	}

	function formatParts(r, x) {
		var t = x === void 0 ? Date.now() : x instanceof Date ? getTime(x) :
		    +x, f, date = [], time = [], out, ds, join, zoneStyle;
		/* TimeClip: NaN past 8.64e15, as the zone's local time would be */
		if (!(t >= -8.64e15 && t <= 8.64e15))
			throw new RangeError('Invalid time value');
		if (!english(r.locale))
			return dateIcu(r, t);
		f = fields(t, r.zone);
		ds = r.dateStyle !== void 0 ? DATE_STYLE[r.dateStyle] : r;
		if (r.dateStyle !== void 0 || DATE_KEYS.some(function (k) {
			return r[k] !== void 0;
		}))
			dateParts(f, ds, date);
		zoneStyle = r.timeStyle === 'full' ? 'long' : r.timeStyle ===
		    'long' ? 'short' : r.timeZoneName;
		timeParts(f, r, time, date.length > 0 && r.timeStyle === void 0 &&
		    r.hour === void 0 && r.minute === void 0 &&
		    r.second === void 0 ? undefined : zoneStyle);
		if (date.length > 0 && time.length === 0 && zoneStyle !== void 0) {
			time.push({ type: 'timeZoneName',
			    value: zoneStyled(r.zone, zoneStyle, f) });
		}
		if (date.length === 0 || time.length === 0)
			return date.concat(time);
		/* CLDR's glue: "at" after a long month; a weekday alone takes
		 * a plain time after a space (its "E h:mm a" forms) */
		join = ds.month === 'long' ? ' at ' : (ds.month === void 0 &&
		    ds.day === void 0 && ds.year === void 0 &&
		    r.fractionalSecondDigits === void 0 ? ' ' : ', ');
		out = date.concat([{ type: 'literal', value: join }], time);
		return out;
	}

	function joinParts(parts) {
		var s = '', i;
		for (i = 0; i < parts.length; i++)
			s += parts[i].value === '\u202f' ? ' ' : parts[i].value;
		return s;
	}

	function DateTimeFormat(locales, options) {
		if (!(this instanceof DateTimeFormat))
			return new DateTimeFormat(locales, options);
		var c = withDefaults(options, 'any', 'date');
		attach(this, resolveDate(c, resolveLocale(locales,
		    P.numberingOption(c), P.calendarOption(c))));
	}
	define('DateTimeFormat', DateTimeFormat, {
		formatToParts: function formatToParts(d) {
			return formatParts(slot(this, 'DateTimeFormat',
			    'formatToParts'), d);
		},
		formatRange: function formatRange(a, b) {
			var r = slot(this, 'DateTimeFormat', 'formatRange');
			if (!english(r.locale) && r.dateStyle === void 0 &&
			    r.timeStyle === void 0)
				return rangeIcu(r, a, b);
			return joinParts(formatParts(r, a)) + ' \u2013 ' +
			    joinParts(formatParts(r, b));
		},
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'DateTimeFormat', 'resolvedOptions'), o, i, k;
			o = { locale: r.locale, calendar: english(r.locale) ?
			    'gregory' : P.native.icuCalendar(r.locale),
			    numberingSystem: P.numberingSystem(r.locale),
			    timeZone: r.zone.id };
			if (r.hour !== void 0 || r.timeStyle !== void 0) {
				o.hourCycle = r.hourCycle;
				o.hour12 = r.hourCycle === 'h12' || r.hourCycle === 'h11';
			}
			for (i = 0; i < FIELD_KEYS.length; i++) {
				k = FIELD_KEYS[i];
				if (r[k] !== void 0)
					o[k] = k === 'minute' || k === 'second' ?
					    (r.hour !== void 0 || k === 'second' &&
					    r.minute !== void 0 ? '2-digit' : r[k]) :
					    r[k];
			}
			if (r.dateStyle !== void 0)
				o.dateStyle = r.dateStyle;
			if (r.timeStyle !== void 0)
				o.timeStyle = r.timeStyle;
			return o;
		}
	}, {
		format: function () {
			var r = slot(this, 'DateTimeFormat', 'format');
			if (r.bound === void 0)
				r.bound = function (d) {
					return joinParts(formatParts(r, d));
				};
			return r.bound;
		}
	});

	/* Date.prototype.toLocale*String given options (26_date.js). */
	P.intlDateString = function intlDateString(d, locales, options,
	    required, defaults, plain) {
		var loc, c;
		if (options === void 0 && english(loc = resolveLocale(locales)))
			return plain(d);
		c = withDefaults(options, required, defaults);
		return joinParts(formatParts(resolveDate(c, loc !== void 0 ? loc :
		    resolveLocale(locales, P.numberingOption(c),
		    P.calendarOption(c))), d));
	};

	/* --- PluralRules ------------------------------------------------------- */

	function PluralRules(locales, options) {
		var o, r, loc;
		needNew(this, PluralRules, 'PluralRules');
		loc = resolveLocale(locales);
		o = optionsObject(options);
		matcher(o, 'Intl.PluralRules');
		r = numberResolve(o, loc);
		r.kind = 'PluralRules';
		r.type = oneOf(o, 'type', ['cardinal', 'ordinal'], 'cardinal',
		    'Intl.PluralRules');
		/* how select writes a number: 1.0 (a fraction digit shown) is
		 * other, as 1.00 dollars is */
		r.digits = { style: 'decimal', minimumIntegerDigits: 1,
		    minimumFractionDigits: r.minimumFractionDigits,
		    maximumFractionDigits: r.maximumFractionDigits,
		    minimumSignificantDigits: r.minimumSignificantDigits,
		    maximumSignificantDigits: r.maximumSignificantDigits,
		    useGrouping: false, signDisplay: 'never' };
		attach(this, r);
	}
	define('PluralRules', PluralRules, {
		select: function select(n) {
			var r = slot(this, 'PluralRules', 'select'), a, t;
			n = +n;
			if (!english(r.locale))
				return icuPlural(r.locale, r.type === 'ordinal',
				    skeletonOf(r.digits), n);
			if (r.type === 'ordinal') {
				a = Math.abs(n);
				if (a !== Math.floor(a))
					return 'other';
				t = a % 100;
				return a % 10 === 1 && t !== 11 ? 'one' : a % 10 === 2 &&
				    t !== 12 ? 'two' : a % 10 === 3 && t !== 13 ? 'few' :
				    'other';
			}
			return numberFormat(Math.abs(n), r.digits) === '1' ? 'one' :
			    'other';
		},
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'PluralRules', 'resolvedOptions');
			return { locale: r.locale, type: r.type,
			    minimumIntegerDigits: r.minimumIntegerDigits,
			    minimumFractionDigits: r.minimumFractionDigits,
			    maximumFractionDigits: r.maximumFractionDigits,
			    pluralCategories: !english(r.locale) ?
			    P.native.icuPluralCategories(r.locale, r.type ===
			    'ordinal').split(' ') : r.type === 'ordinal' ?
			    ['few', 'one', 'two', 'other'] : ['one', 'other'] };
		}
	});

	/* --- RelativeTimeFormat ------------------------------------------------ */

	var RT_UNITS = {
		year: ['year', 'yr.', 'yr.', 'last year', 'this year', 'next year'],
		quarter: ['quarter', 'qtr.', 'qtrs.', 'last quarter',
		    'this quarter', 'next quarter'],
		month: ['month', 'mo.', 'mo.', 'last month', 'this month',
		    'next month'],
		week: ['week', 'wk.', 'wk.', 'last week', 'this week', 'next week'],
		day: ['day', 'day', 'days', 'yesterday', 'today', 'tomorrow'],
		hour: ['hour', 'hr.', 'hr.', undefined, 'this hour', undefined],
		minute: ['minute', 'min.', 'min.', undefined, 'this minute',
		    undefined],
		second: ['second', 'sec.', 'sec.', undefined, 'now', undefined]
	};

	function RelativeTimeFormat(locales, options) {
		var o, r = { kind: 'RelativeTimeFormat' }, what =
		    'Intl.RelativeTimeFormat';
		needNew(this, RelativeTimeFormat, 'RelativeTimeFormat');
		o = optionsObject(options);
		matcher(o, what);
		r.locale = resolveLocale(locales, P.numberingOption(o));
		r.style = oneOf(o, 'style', ['long', 'short', 'narrow'], 'long',
		    what);
		r.numeric = oneOf(o, 'numeric', ['always', 'auto'], 'always',
		    what);
		attach(this, r);
	}

	/* URelativeDateTimeUnit's numbers */
	var RT_UNIT_IDS = { year: 0, quarter: 1, month: 2, week: 3, day: 4,
	    hour: 5, minute: 6, second: 7 };

	/* ICU's text; its number's parts carry the unit, as V8 writes them */
	function relativeIcu(r, value, u) {
		var parts = P.cutParts(P.native.icuRelTime(r.locale, WIDTHS[r.style],
		    r.numeric === 'always', value, RT_UNIT_IDS[u], true),
		    P.numberNames(value)), i;
		for (i = 0; i < parts.length; i++)
			if (parts[i].type !== 'literal')
				parts[i].unit = u;
		return parts;
	}

	function relativeParts(r, value, unit) {
		var u = String(unit), w, n, s, one, neg;
		value = +value;
		if (!isFinite(value))
			throw new RangeError('Invalid number value');
		if (u.charAt(u.length - 1) === 's')
			u = u.substring(0, u.length - 1);
		w = hasOwn.call(RT_UNITS, u) ? RT_UNITS[u] : undefined;
		if (w === void 0)
			throw new RangeError('Invalid unit argument for format() \'' +
			    String(unit) + '\'');
		if (!english(r.locale))
			return relativeIcu(r, value, u);
		if (r.numeric === 'auto' && (value === -1 || value === 0 ||
		    value === 1) && w[value + 4] !== void 0 &&
		    !(value === 0 && 1 / value < 0 && u !== 'second'))
			return [{ type: 'literal', value: w[value + 4] }];
		neg = value < 0 || (value === 0 && 1 / value < 0);
		n = P.formatNumberLocale(Math.abs(value));
		one = n === '1';
		s = r.style === 'long' ? w[0] + (one ? '' : 's') :
		    (one ? w[1] : w[2]);
		return neg ? [{ type: 'integer', value: n, unit: u },
		    { type: 'literal', value: ' ' + s + ' ago' }] :
		    [{ type: 'literal', value: 'in ' },
		    { type: 'integer', value: n, unit: u },
		    { type: 'literal', value: ' ' + s }];
	}

	define('RelativeTimeFormat', RelativeTimeFormat, {
		format: function format(value, unit) {
			return joinParts(relativeParts(slot(this,
			    'RelativeTimeFormat', 'format'), value, unit));
		},
		formatToParts: function formatToParts(value, unit) {
			return relativeParts(slot(this, 'RelativeTimeFormat',
			    'formatToParts'), value, unit);
		},
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'RelativeTimeFormat', 'resolvedOptions');
			return { locale: r.locale, style: r.style, numeric: r.numeric,
			    numberingSystem: P.numberingSystem(r.locale) };
		}
	});

	/* --- ListFormat -------------------------------------------------------- */

	function ListFormat(locales, options) {
		var o, r = { kind: 'ListFormat' }, what = 'Intl.ListFormat';
		needNew(this, ListFormat, 'ListFormat');
		r.locale = resolveLocale(locales);
		o = optionsObject(options);
		matcher(o, what);
		r.type = oneOf(o, 'type', ['conjunction', 'disjunction', 'unit'],
		    'conjunction', what);
		r.style = oneOf(o, 'style', ['long', 'short', 'narrow'], 'long',
		    what);
		attach(this, r);
	}

	function listParts(r, list) {
		var items = [], out = [], i, two, last, mid, it, next, step;
		if (list !== void 0) {
			it = P.getIterator(list);
			next = it.next;
			for (;;) {
				step = P.stepValue(it, next);
				if (step === P.DONE)
					break;
				if (typeof step !== 'string') {
					P.iterClose(it, true);
					throw new TypeError('Iterable yielded ' +
					    P.describe(step) +
					    ' which is not a string');
				}
				items.push(step);
			}
		}
		if (!english(r.locale))
			return P.cutParts(P.native.icuList(r.locale, LIST_TYPES[r.type],
			    WIDTHS[r.style], items, true), listNames);
		mid = r.type === 'unit' && r.style === 'narrow' ? ' ' : ', ';
		if (r.type === 'conjunction') {
			two = r.style === 'long' ? ' and ' : r.style === 'short' ?
			    ' & ' : ', ';
			last = r.style === 'long' ? ', and ' : r.style === 'short' ?
			    ', & ' : ', ';
		} else if (r.type === 'disjunction') {
			two = ' or ';
			last = ', or ';
		} else
			two = last = mid;
		for (i = 0; i < items.length; i++) {
			if (i > 0)
				out.push({ type: 'literal', value: i < items.length - 1 ?
				    mid : (items.length === 2 ? two : last) });
			out.push({ type: 'element', value: items[i] });
		}
		return out;
	}

	define('ListFormat', ListFormat, {
		format: function format(list) {
			return joinParts(listParts(slot(this, 'ListFormat', 'format'),
			    list));
		},
		formatToParts: function formatToParts(list) {
			return listParts(slot(this, 'ListFormat', 'formatToParts'),
			    list);
		},
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'ListFormat', 'resolvedOptions');
			return { locale: r.locale, type: r.type, style: r.style };
		}
	});

	/* --- Collator ---------------------------------------------------------- */

	/*
	 * compare is String.prototype.localeCompare's native (engine/host/
	 * collate.c: the root collation's broad order), given the options as
	 * collate.h's flags.
	 */
	var lcNative = P.native.localeCompare;
	var LEVELS = { base: 0, accent: 1, 'case': 2, variant: 3 };

	function resolveCollator(locales, options) {
		var o, r = { kind: 'Collator' }, what = 'Intl.Collator';
		r.locale = resolveLocale(locales);
		o = optionsObject(options);
		r.usage = oneOf(o, 'usage', ['sort', 'search'], 'sort', what);
		matcher(o, what);
		r.sensitivity = oneOf(o, 'sensitivity', ['base', 'accent', 'case',
		    'variant'], 'variant', what);
		/* unless asked, the locale's own (Thai ignores punctuation) */
		r.ignorePunctuation = o.ignorePunctuation !== void 0 ?
		    !!o.ignorePunctuation : !english(r.locale) &&
		    P.native.icuPunctuation(r.locale);
		r.numeric = o.numeric === void 0 ? false : !!o.numeric;
		r.caseFirst = oneOf(o, 'caseFirst', ['upper', 'lower', 'false'],
		    'false', what);
		r.flags = LEVELS[r.sensitivity] + (r.numeric ? 4 : 0) +
		    (r.ignorePunctuation ? 8 : 0) + (r.caseFirst === 'upper' ?
		    16 : 0);
		/* another locale's tailoring is ICU's (engine/host/icu.c), which
		 * also tells caseFirst "lower" from "false" */
		if (!english(r.locale))
			r.icu = [r.locale, r.flags + (r.caseFirst === 'lower' ? 32 :
			    0)];
		return r;
	}

	/* localeCompare's native takes collate.h's flags, or [locale, flags]
	 * for ICU's collation of another locale. */
	P.collatorFlags = function collatorFlags(locales, options) {
		var r = resolveCollator(locales, options);
		return r.icu !== void 0 ? r.icu : r.flags;
	};

	function Collator(locales, options) {
		if (!(this instanceof Collator))
			return new Collator(locales, options);
		attach(this, resolveCollator(locales, options));
	}

	define('Collator', Collator, {
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'Collator', 'resolvedOptions');
			return { locale: r.locale, usage: r.usage,
			    sensitivity: r.sensitivity,
			    ignorePunctuation: r.ignorePunctuation,
			    collation: 'default', numeric: r.numeric,
			    caseFirst: r.caseFirst };
		}
	}, {
		compare: function () {
			var r = slot(this, 'Collator', 'compare');
			if (r.bound === void 0)
				r.bound = r.icu !== void 0 ? function (x, y) {
					return icuCollate(String(x), String(y), r.icu[0],
					    r.icu[1]);
				} : function (x, y) {
					return lcNative(String(x), String(y), r.flags);
				};
			return r.bound;
		}
	});

	P.defGlobal('Intl', Intl);
});
