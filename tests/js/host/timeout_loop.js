// --timeout 100: the deadline stops the loop; catch and finally never run.
print('start');
try {
	while (true) {}
} catch (e) {
	print('caught ' + e);
} finally {
	print('finally');
}
