// @node  Intl.DateTimeFormat formats a time value only within TimeClip's
// range: one past +-8.64e15 is a RangeError, as NaN is, before any zone's
// rule reads it (which overflowed there: UBSan in engine/host/tz.c).
var f = new Intl.DateTimeFormat('en', { timeZone: 'America/New_York', timeZoneName: 'short' });
[1e300, -1e300, 8.64e15 + 1, -8.64e15 - 1, 2 ** 63, Infinity, NaN, 0, 1.7e12].forEach(function (t) {
	try {
		console.log(t, f.format(t));
	} catch (e) {
		console.log(t, e.name, e.message);
	}
});
try {
	console.log(f.formatToParts(1e300).length);
} catch (e) {
	console.log(e.name, e.message);
}
