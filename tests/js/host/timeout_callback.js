// --timeout 300: a callback that never returns, called from C by forEach
// (a leaf: entered without the executor's own catchpoint,
// engine/host/duk_call.inc) is still stopped by the run's deadline; the
// catch and finally around the call never run.
print('start');
try {
	[1, 2].forEach(function () { for (;;) {} });
} catch (e) {
	print('caught ' + e);
} finally {
	print('finally');
}
print('after');
