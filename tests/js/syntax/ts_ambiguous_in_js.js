// The text TypeScript reads as a generic call stays comparisons in
// JavaScript (tests/js/ts/ambiguous.ts reads it the other way).
function a(x) { return "call " + x; }
var b = 1, c = 2, d = 3;
print(a < b > (c));
var t = false;
var r1 = t ? (b) : c => d;
print(typeof r1);
