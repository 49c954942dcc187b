/*
 * 26_date.js: Date.prototype.toString, toDateString, toTimeString and
 * toUTCString (toGMTString is the same function) in the formats ES2018
 * fixed ("Fri Jul 01 2016 13:04:05 GMT+0000 (Coordinated Universal Time)",
 * "Fri, 01 Jul 2016 13:04:05 GMT"), where Duktape wrote ISO-like texts; and
 * toLocaleString, toLocaleDateString and toLocaleTimeString as node writes
 * them in en-US ("7/1/2016, 1:04:05 PM") for every locale, and given
 * options as Intl.DateTimeFormat writes them (32_intl.js). The time zone's
 * name is written for UTC only, as node names it; the spec leaves it to
 * the implementation. Also ES2017's Date.UTC(year), a month of 0 when
 * none is given (Duktape answered NaN), and the setters called with no
 * argument, which set NaN (ToNumber(undefined)) where Duktape changed
 * nothing.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var apply = Reflect.apply, proto = Date.prototype;
	var days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
	var months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug',
	    'Sep', 'Oct', 'Nov', 'Dec'];

	/* The getters as they are now: a guest's replacement is not used. */
	function own(name) {
		var f = proto[name];
		return function (d) {
			return apply(f, d, []);
		};
	}
	/* thisTimeValue: a TypeError for a receiver that is no Date. */
	var time = own('getTime');
	var local = {
		y: own('getFullYear'), mo: own('getMonth'), d: own('getDate'),
		wd: own('getDay'), h: own('getHours'), mi: own('getMinutes'),
		s: own('getSeconds')
	};
	var utc = {
		y: own('getUTCFullYear'), mo: own('getUTCMonth'),
		d: own('getUTCDate'), wd: own('getUTCDay'), h: own('getUTCHours'),
		mi: own('getUTCMinutes'), s: own('getUTCSeconds')
	};
	var offset = own('getTimezoneOffset');

	function pad2(n) {
		return n < 10 ? '0' + n : '' + n;
	}

	/* The year as four digits at least, with its sign when negative. */
	function year(y) {
		var s = '' + (y < 0 ? -y : y);
		while (s.length < 4)
			s = '0' + s;
		return (y < 0 ? '-' : '') + s;
	}

	function dateString(d, f) {
		return days[f.wd(d)] + ' ' + months[f.mo(d)] + ' ' + pad2(f.d(d)) +
		    ' ' + year(f.y(d));
	}

	function timeString(d, f) {
		return pad2(f.h(d)) + ':' + pad2(f.mi(d)) + ':' + pad2(f.s(d)) +
		    ' GMT';
	}

	/* +HHMM east of UTC, and the zone's name where it is UTC. */
	function zoneString(d) {
		var east = -offset(d), a = east < 0 ? -east : east;
		return (east < 0 ? '-' : '+') + pad2(Math.floor(a / 60)) +
		    pad2(a % 60) + (east === 0 ? ' (Coordinated Universal Time)' : '');
	}

	function valid(d) {
		var t = time(d);
		return t === t;
	}

	/* en-US's short date and its time: 7/1/2016 and 1:04:05 PM. */
	function localeDate(d) {
		var y = local.y(d);
		/* a year before 1 is shown as its year BC, without the era */
		return (local.mo(d) + 1) + '/' + local.d(d) + '/' + (y < 1 ? 1 - y : y);
	}

	function localeTime(d) {
		var h = local.h(d);
		return (h % 12 === 0 ? 12 : h % 12) + ':' + pad2(local.mi(d)) + ':' +
		    pad2(local.s(d)) + (h < 12 ? ' AM' : ' PM');
	}

	/*
	 * A toLocale*String method: plain(d) without options, else the text
	 * Intl.DateTimeFormat (32_intl.js) writes with the components required
	 * and the defaults ToDateTimeOptions gives. node's length is 0.
	 */
	function localeMethod(name, plain, required, defaults) {
		var f = function (locales, options) {
			if (!valid(this))
				return 'Invalid Date';
			if (options === void 0 && locales === void 0)
				return plain(this);
			P.need.intl();
			return P.intlDateString(this, locales, options, required,
			    defaults, plain);
		};
		P.setName(f, name);
		P.setLength(f, 0);
		return f;
	}

	var table = {
		toString: function toString() {
			return valid(this) ? dateString(this, local) + ' ' +
			    timeString(this, local) + zoneString(this) : 'Invalid Date';
		},
		toDateString: function toDateString() {
			return valid(this) ? dateString(this, local) : 'Invalid Date';
		},
		toTimeString: function toTimeString() {
			return valid(this) ? timeString(this, local) + zoneString(this)
			    : 'Invalid Date';
		},
		toUTCString: function toUTCString() {
			if (!valid(this))
				return 'Invalid Date';
			return days[utc.wd(this)] + ', ' + pad2(utc.d(this)) + ' ' +
			    months[utc.mo(this)] + ' ' + year(utc.y(this)) + ' ' +
			    timeString(this, utc);
		},
		toLocaleString: localeMethod('toLocaleString', function (d) {
			return localeDate(d) + ', ' + localeTime(d);
		}, 'any', 'all'),
		toLocaleDateString: localeMethod('toLocaleDateString', localeDate,
		    'date', 'date'),
		toLocaleTimeString: localeMethod('toLocaleTimeString', localeTime,
		    'time', 'time')
	};
	P.defs(proto, table);
	/* Annex B: one function under both names. */
	P.def(proto, 'toGMTString', table.toUTCString);

	var nativeUTC = Date.UTC;
	function UTC(year, month, date, hours, minutes, seconds, ms) {
		return apply(nativeUTC, Date,
		    arguments.length === 1 ? [year, 0] : arguments);
	}
	/* The global pass spares Date's capitalised keys: no constructor. */
	if (P.native.noCtor !== undefined)
		P.native.noCtor(UTC, 0);
	P.def(Date, 'UTC', UTC);

	/* A setter given nothing sets NaN, as ToNumber(undefined) is. */
	function noArgument(name) {
		var f = proto[name], length = f.length, w;
		w = function () {
			return apply(f, this,
			    arguments.length === 0 ? [void 0] : arguments);
		};
		P.setName(w, name);
		P.setLength(w, length);
		P.def(proto, name, w);
	}
	['setMilliseconds', 'setUTCMilliseconds', 'setSeconds',
	    'setUTCSeconds', 'setMinutes', 'setUTCMinutes', 'setHours',
	    'setUTCHours', 'setDate', 'setUTCDate', 'setMonth', 'setUTCMonth',
	    'setFullYear', 'setUTCFullYear', 'setTime'].forEach(noArgument);
})(this);
