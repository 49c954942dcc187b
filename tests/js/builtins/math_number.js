// @node
function r(x) { return Math.round(x * 1e10) / 1e10; }
print(Math.fround(5.5), Math.fround(5.05), Math.fround(1e40), Math.fround(NaN), 1 / Math.fround(-0));
print(r(Math.expm1(1)), Math.expm1(0), r(Math.expm1(1e-10) * 1e10), r(Math.log1p(1)), Math.log1p(-1), r(Math.log1p(1e-10) * 1e10));
print(r(Math.sinh(1)), r(Math.cosh(1)), r(Math.tanh(1)), Math.tanh(100), Math.tanh(-100), 1 / Math.tanh(-0));
print(r(Math.asinh(1)), r(Math.acosh(2)), r(Math.atanh(0.5)), Math.acosh(0.5), Math.atanh(1), Math.asinh(-Infinity));
print(Math.cbrt(27), Math.hypot(3, 4), Math.trunc(-4.7), Math.sign(-3), Math.log2(8), Math.clz32(1), Math.imul(3, 4));
print(Number.isInteger(5.0), Number.isSafeInteger(Math.pow(2, 53)), Number.EPSILON > 0, Number.parseFloat('1.5x'));
