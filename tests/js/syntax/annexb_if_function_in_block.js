// Annex B: a function declaration as the body of an if (or its else)
// inside a block is hoisted to the block's top by the lowering; its place
// keeps an empty statement, so the statement after the if stays where it
// was (it became the if's body: skipped, made conditional, or a `break`
// lost, which looped test262's annexB *-skip-early-err-for tests forever).
var out = [];
{
	if (true) function a() {} else function b() {}
	out.push('after if/else');
}
{
	if (false) function c() {}
	out.push('after if false');
}
var n = 0;
for (;;) {
	if (n++ > 3) break;
	if (true) function d() {} else function e() {}
	break;
}
out.push('loop ran ' + n);
for (let f; ; ) {
	if (n++ > 10) break;
	if (true) function f() {} else function _f() {}
	break;
}
out.push('for-let ran ' + n);
console.log(out.join('\n'));
