// Date.parse / new Date(string): the spec's date time string format read
// exactly (a malformed one is NaN, where Duktape returned a date), then the
// fallback forms: what toString/toUTCString write, and common data forms.
// The sandbox's time zone is UTC, so local forms read as UTC here.
[
	// valid instances of the format
	"2024-01-15", "2024-01", "2024", "+002024-01-15", "-000001-01-01T00:00:00Z",
	"2024-01-15T10:30Z", "2024-01-15T10:30:00.123+02:00", "2024-01-15T24:00:00Z",
	"2024-01-15T10:30:00.123456Z", "+275760-09-13T00:00:00.000Z",
	// malformed: NaN
	"2024-13-01", "2024-01-00", "2024-01-32", "2024-01-15T25:00:00Z",
	"2024-01-15T24:00:01Z", "2024-01-15T10:30:60Z", "2024-01-15T10:60Z",
	"-000000-01-01T00:00:00Z", "2024-01-15T10:30:00+24:00", "2024-01-15T10:30:00+02",
	"2024-01-15T10:30:00.Z", "2024-01-15T", "2024-01-15T10", "2024-01-15T10:30:00ZZ",
	"+275760-09-13T00:00:00.001Z", "garbage", "",
	// fallback forms
	"Mon, 15 Jan 2024 10:30:00 GMT", "Tue Jan 16 2024 10:30:00 GMT+0000 (Coordinated Universal Time)",
	"Jan 15 2024", "January 15, 2024", "15 January 2024 10:30", "2024/01/15",
	"1/15/2024", "1/15/2024 10:30 PM", "Jan 15, 2024 10:30:00 GMT+0200", "2024-01-15 10:30:00",
].forEach(function (s) {
	console.log(JSON.stringify(s), Date.parse(s));
});
// new Date(string) reads the same way.
console.log(isNaN(new Date("2024-02-30T10:00:00Z")), isNaN(new Date("2024-13-01")));
// toString, toUTCString and toISOString read back to the same time.
var d = new Date(Date.UTC(2024, 0, 16, 10, 30, 5));
console.log(Date.parse(d.toString()) === d.getTime(), Date.parse(d.toUTCString()) === d.getTime(),
	Date.parse(d.toISOString()) === d.getTime());
var e = new Date(-5e13);
console.log(Date.parse(e.toISOString()) === e.getTime(), Date.parse(e.toString()) === e.getTime());
