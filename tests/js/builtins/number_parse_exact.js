// @node
// Decimal strings of at most 15 significant digits and a power of ten
// within 10^22 to numbers (JSON.parse, Number, parseFloat, literals through
// eval; engine/host/duk_numconv.inc): every result's bits folded into a
// hash, so one wrong rounding anywhere changes the line.
var seed = 42;
function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
function digits(n) { var s = ''; for (var i = 0; i < n; i++) s += rnd(10); return s; }
function gen() {
	var s = (rnd(4) === 0 ? '-' : '');
	var ip = rnd(5) === 0 ? '0' : String(1 + rnd(9)) + digits(rnd(8));
	s += ip;
	if (rnd(3) !== 0) s += '.' + digits(1 + rnd(6));
	if (rnd(4) === 0) s += (rnd(2) ? 'e' : 'E') + (['', '+', '-'][rnd(3)]) + rnd(16);
	return s;
}
var f = new Float64Array(1), u = new Uint32Array(f.buffer);
var h1 = 0, h2 = 0, n = 0, i, s, v;
function fold(x) {
	f[0] = x;
	h1 = (Math.imul(h1, 31) + u[0]) | 0;
	h2 = (Math.imul(h2, 37) + u[1]) | 0;
	n++;
}
for (i = 0; i < 20000; i++) {
	s = gen();
	v = JSON.parse(s);
	fold(v);
	if (Number(s) !== v || parseFloat(s) !== v || (1 / Number(s)) !== (1 / v))
		print('differ', s, v, Number(s), parseFloat(s));
}
for (i = 0; i < 2000; i++) {
	s = gen();
	fold((0, eval)(s));
}
print(n, h1, h2);
// edges: exact powers, the 15-digit bound, -0, leading zeros in the fraction
var edges = ['0', '-0', '0.0', '1e22', '123456789012345', '0.000000000000000000001', '-1234567.12345678e-15',
	'0.000001', '1e-22', '1e-23', '4.35', '0.1', '0.2', '0.30000000000000004', '7498.75', '2.2250738585072014e-308',
	'1.7976931348623157e308', '5e-324', '1e400', '-1e-400', '00', '01', '1.', '.5', '+1', '1e', '1e+', '0x10', '1_0'];
for (i = 0; i < edges.length; i++) {
	var j;
	try { j = JSON.parse(edges[i]); j = 1 / j === -Infinity ? '-0' : String(j); } catch (e) { j = e.name; }
	print(edges[i], j, String(Number(edges[i])), String(parseFloat(edges[i])), parseInt(edges[i], 10));
}
