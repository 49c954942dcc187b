// @node @modern

const r = x => Math.round(x * 1e12) / 1e12;
print(Math.fround(0.1), Math.fround(16777217), Math.fround(-1.5));
print(r(Math.sinh(-2)), r(Math.cosh(-2)), r(Math.tanh(0.5)), r(Math.asinh(0.5)), r(Math.acosh(1.5)), r(Math.atanh(-0.5)));
print(r(Math.expm1(-1)), r(Math.log1p(-0.5)), Math.expm1(-Infinity), Math.log1p(Infinity), Math.cosh(0), Math.atanh(-1));
print(Math.cbrt(-8), Math.cbrt(1000), Math.cbrt(2) === Math.pow(2, 1 / 3) || Math.abs(Math.cbrt(2) - 1.2599210498948732) < 1e-15, Math.cbrt(-0) === 0 && 1 / Math.cbrt(-0));
