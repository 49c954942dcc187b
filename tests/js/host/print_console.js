// print and every console method write one line to stdout in script mode
// (console formats through the runtime; print joins ToString with spaces).
print('a', 1, true, null, undefined, { toString: function () { return 'obj'; } });
print();
console.log('log', 'x', 2);
console.info('info');
console.debug('debug');
console.warn('warn');
console.error('error');
