// --memory 16: growth stops at the limit; the catch never gets to print.
var keep = [];
try {
	for (;;) keep.push({ i: keep.length, s: 'item ' + keep.length });
} catch (e) {
	print('caught ' + e);
}
