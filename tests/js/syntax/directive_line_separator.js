// U+2028 / U+2029 may stand raw in a string (ES2019), also when the string
// is a directive-prologue statement, which the lowering copies as written.
console.log(eval("\x27\u2028\x27") === "\u2028", eval("\"\u2029\"").length);
function f() {
	'a b';
	return 1;
}
console.log(f(), eval("\x27x\u2028y\u2029z\x27").length);
