/*
 * 29_math.js: the ES2015 Math functions Duktape 2.7 lacks.
 */
(function (G) {
	'use strict';
	var P = G.__cm.P;
	var f32 = new Float32Array(1);
	var table = {
		fround: function fround(x) {
			f32[0] = x;
			return f32[0];
		},
		expm1: function expm1(x) {
			x = +x;
			if (x === 0 || x !== x)
				return x;
			if (Math.abs(x) < 1e-5)
				return x + x * x / 2 + x * x * x / 6;
			return Math.exp(x) - 1;
		},
		log1p: function log1p(x) {
			var u;
			x = +x;
			if (x === 0 || x !== x || x === Infinity)
				return x;
			u = 1 + x;
			if (u === 1)
				return x;
			return Math.log(u) * x / (u - 1);
		},
		sinh: function sinh(x) {
			x = +x;
			if (x === 0 || x !== x)
				return x;
			if (Math.abs(x) < 1e-5)
				return x + x * x * x / 6;
			return (Math.exp(x) - Math.exp(-x)) / 2;
		},
		cosh: function cosh(x) {
			x = +x;
			return (Math.exp(x) + Math.exp(-x)) / 2;
		},
		tanh: function tanh(x) {
			var a, b;
			x = +x;
			if (x === 0 || x !== x)
				return x;
			if (x > 20)
				return 1;
			if (x < -20)
				return -1;
			a = Math.exp(x);
			b = Math.exp(-x);
			return (a - b) / (a + b);
		},
		asinh: function asinh(x) {
			x = +x;
			if (x === 0 || !isFinite(x))
				return x;
			return x < 0 ? -asinhPos(-x) : asinhPos(x);
		},
		acosh: function acosh(x) {
			x = +x;
			return Math.log(x + Math.sqrt(x * x - 1));
		},
		atanh: function atanh(x) {
			x = +x;
			if (x === 0)
				return x;
			return Math.log((1 + x) / (1 - x)) / 2;
		}
	};
	function asinhPos(x) {
		return Math.log(x + Math.sqrt(x * x + 1));
	}
	var k;
	for (k in table)
		if (typeof Math[k] !== 'function')
			P.def(Math, k, table[k]);
	/* Duktape's cbrt is pow(x, 1/3): cbrt(27) is 3.0000000000000004. */
	P.def(Math, 'cbrt', function cbrt(x) {
		var y, a;
		x = +x;
		if (x === 0 || !isFinite(x))
			return x;
		a = Math.abs(x);
		y = Math.pow(a, 1 / 3);
		y = y - (y * y * y - a) / (3 * y * y);
		return x < 0 ? -y : y;
	});
})(this);
