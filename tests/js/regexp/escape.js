// RegExp.escape (ES2025).
print(RegExp.escape('Hello, World. (1+1=2)?'));
print(RegExp.escape('foo'), RegExp.escape('1a'), RegExp.escape('_x'));
print(RegExp.escape('a/b\\c^$|[]{}'), RegExp.escape('\t\n\v\f\r '));
print(RegExp.escape('-=<>#&!%:;@~\'`"'), RegExp.escape('\u2028\uFEFF\u00A0'));
print(RegExp.escape('😀\uD800x'));
const s = 'price: $5.00 (approx.)';
print(new RegExp(RegExp.escape(s)).test('the ' + s), RegExp.escape.length);
try { RegExp.escape(1); } catch (e) { print(e.name); }
