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
	var LOCALE = 'en-US';

	P.need.locale();
	var numberResolve = P.numberFormatResolve;
	var numberFormat = P.numberFormatResolved;

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

	function supportedLocalesOf(locales) {
		return localeList(locales).filter(function (t) {
			return /^en(-|$)/.test(t);
		});
	}

	function optionsObject(options) {
		if (options === void 0)
			return Object.create(null);
		if (options === null)
			throw new TypeError('Cannot convert undefined or null to object');
		return Object(options);
	}

	var oneOf = P.intlOption;

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
			return supportedLocalesOf(l);
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
		localeList(locales);
		r = numberResolve(options === void 0 ? undefined :
		    optionsObject(options));
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
			o = { locale: LOCALE, numberingSystem: 'latn' };
			for (k in r)
				if (k !== 'kind' && k !== 'compactRound' &&
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
	var OPTION_KEYS = FIELD_KEYS.concat(['dateStyle', 'timeStyle',
	    'timeZone', 'hour12', 'hourCycle']);

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
		var o = optionsObject(options), c = {}, none = true, i;
		/* each option read once, into a record of our own */
		for (i = 0; i < OPTION_KEYS.length; i++)
			c[OPTION_KEYS[i]] = o[OPTION_KEYS[i]];
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

	function resolveDate(c) {
		var r = { kind: 'DateTimeFormat' }, what = 'Intl.DateTimeFormat', i, k;
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

	function formatParts(r, x) {
		var t = x === void 0 ? Date.now() : x instanceof Date ? getTime(x) :
		    +x, f, date = [], time = [], out, ds, join, zoneStyle;
		/* TimeClip: NaN past 8.64e15, as the zone's local time would be */
		if (!(t >= -8.64e15 && t <= 8.64e15))
			throw new RangeError('Invalid time value');
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
		localeList(locales);
		attach(this, resolveDate(withDefaults(options, 'any', 'date')));
	}
	define('DateTimeFormat', DateTimeFormat, {
		formatToParts: function formatToParts(d) {
			return formatParts(slot(this, 'DateTimeFormat',
			    'formatToParts'), d);
		},
		formatRange: function formatRange(a, b) {
			var r = slot(this, 'DateTimeFormat', 'formatRange');
			return joinParts(formatParts(r, a)) + ' \u2013 ' +
			    joinParts(formatParts(r, b));
		},
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'DateTimeFormat', 'resolvedOptions'), o, i, k;
			o = { locale: LOCALE, calendar: 'gregory',
			    numberingSystem: 'latn', timeZone: r.zone.id };
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
	    required, defaults) {
		localeList(locales);
		return joinParts(formatParts(resolveDate(withDefaults(options,
		    required, defaults)), d));
	};

	/* --- PluralRules ------------------------------------------------------- */

	function PluralRules(locales, options) {
		var o, r;
		needNew(this, PluralRules, 'PluralRules');
		localeList(locales);
		o = optionsObject(options);
		r = numberResolve(o);
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
			return { locale: LOCALE, type: r.type,
			    minimumIntegerDigits: r.minimumIntegerDigits,
			    minimumFractionDigits: r.minimumFractionDigits,
			    maximumFractionDigits: r.maximumFractionDigits,
			    pluralCategories: r.type === 'ordinal' ?
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
		localeList(locales);
		o = optionsObject(options);
		r.style = oneOf(o, 'style', ['long', 'short', 'narrow'], 'long',
		    what);
		r.numeric = oneOf(o, 'numeric', ['always', 'auto'], 'always',
		    what);
		attach(this, r);
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
			return { locale: LOCALE, style: r.style, numeric: r.numeric,
			    numberingSystem: 'latn' };
		}
	});

	/* --- ListFormat -------------------------------------------------------- */

	function ListFormat(locales, options) {
		var o, r = { kind: 'ListFormat' }, what = 'Intl.ListFormat';
		needNew(this, ListFormat, 'ListFormat');
		localeList(locales);
		o = optionsObject(options);
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
			return { locale: LOCALE, type: r.type, style: r.style };
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
		localeList(locales);
		o = optionsObject(options);
		r.usage = oneOf(o, 'usage', ['sort', 'search'], 'sort', what);
		r.sensitivity = oneOf(o, 'sensitivity', ['base', 'accent', 'case',
		    'variant'], 'variant', what);
		r.ignorePunctuation = o.ignorePunctuation === void 0 ? false :
		    !!o.ignorePunctuation;
		r.numeric = o.numeric === void 0 ? false : !!o.numeric;
		r.caseFirst = oneOf(o, 'caseFirst', ['upper', 'lower', 'false'],
		    'false', what);
		r.flags = LEVELS[r.sensitivity] + (r.numeric ? 4 : 0) +
		    (r.ignorePunctuation ? 8 : 0) + (r.caseFirst === 'upper' ?
		    16 : 0);
		return r;
	}

	P.collatorFlags = function collatorFlags(locales, options) {
		return resolveCollator(locales, options).flags;
	};

	function Collator(locales, options) {
		if (!(this instanceof Collator))
			return new Collator(locales, options);
		attach(this, resolveCollator(locales, options));
	}

	define('Collator', Collator, {
		resolvedOptions: function resolvedOptions() {
			var r = slot(this, 'Collator', 'resolvedOptions');
			return { locale: LOCALE, usage: r.usage,
			    sensitivity: r.sensitivity,
			    ignorePunctuation: r.ignorePunctuation,
			    collation: 'default', numeric: r.numeric,
			    caseFirst: r.caseFirst };
		}
	}, {
		compare: function () {
			var r = slot(this, 'Collator', 'compare');
			if (r.bound === void 0)
				r.bound = function (x, y) {
					return lcNative(String(x), String(y), r.flags);
				};
			return r.bound;
		}
	});

	P.defGlobal('Intl', Intl);
});
