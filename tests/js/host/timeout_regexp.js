// --timeout 1000: a catastrophic pattern is interrupted by the run's own
// deadline inside the matcher (engine/host/rxhost.c); the catch never runs
// and the run ends with the timeout text, not a killed process.
print('start');
try {
	print(/^(a+)+$/.test('a'.repeat(40) + '!'));
} catch (e) {
	print('caught ' + e);
} finally {
	print('finally');
}
print('after');
