// @node  A run of digits after a time zone sign is read without overflow:
// one beyond a long's digits is refused like any other long run, and
// 2^64 + 5 before a colon is not an offset of +05:00 (the value wrapped).
[
	"Tue Mar 01 2022 00:00:00 GMT+" + "9".repeat(30),
	"Tue Mar 01 2022 00:00:00 GMT-" + "1".repeat(19),
	"Jan 15, 2024 10:30:00 GMT+" + "0".repeat(25) + "2",
	"Jan 15, 2024 10:30:00 GMT+123456",
	"Jan 15, 2024 10:30:00 GMT+18446744073709551621:00",
	"Jan 15, 2024 10:30:00 GMT+00000000000000000005:00",
	"Jan 15, 2024 10:30:00 GMT+0200",
	"Jan 15, 2024 10:30:00 GMT+2",
].forEach(function (s) {
	console.log(s.length, Date.parse(s));
});
