// @node
// Reading a Number from text (engine/host/duk_numconv.inc, numconv.c):
// the spec's white space only (U+180E is not), Infinity, "", a sign
// before 0x/0o/0b (NaN for Number, not for parseInt), exact ties, and
// writing the nearest of the shortest digits.

function show(x) { return Object.is(x, -0) ? '-0' : String(x); }
print([Number('\u180E'), Number('\u180E1'), parseFloat('\u180E1.1'),
	Number(' \u00a0\u2028\ufeff 12 \u3000'), Number(''), Number('  '),
	Number('+'), Number('-Infinity'), Number('Infinity '),
	Number('Infinityx'), Number('infinity')].map(show).join(' '));
print([parseFloat('-Infinityx'), parseFloat('+Infinity'), parseFloat(''),
	parseFloat('.'), parseFloat('1e+x'), parseFloat('.5e-1z')].map(show).join(' '));
print([Number('+0x10'), Number('-0b1'), Number('-0o7'), Number('0x10'),
	Number('0o17'), Number('0b11'), Number(' 0x10 '), parseInt('-0x10'),
	parseInt('  -0x1f  '), parseInt('Infinity'), parseInt(''),
	parseInt('12.5'), parseInt('9007199254740993')].map(show).join(' '));
print([Number('9007199254740993'), JSON.parse('9007199254740993'),
	parseFloat('9007199254740993'), Number('1e1000000000000'),
	JSON.parse('-0'), Number('1\u00002'), Number('007'), Number('.5'),
	Number('5.')].map(show).join(' '));
print([1e23, 5e-324, 2 ** -44, 0.1 + 0.2, 1e21, 999999999999999868928,
	1e-7, 0.000001, -0, 132405809496.453125].map(show).join(' '));
print(JSON.stringify([1e23, 0.1, -1.5e-300, 2 ** 53 + 2, -0]));
