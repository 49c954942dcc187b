// --memory 16: one allocation above the limit ends the run.
print('start');
var s = 'x'.repeat(32 * 1024 * 1024);
print(s.length);
