// capture mode: lines as {level, text}; other methods silent
__cm.setConsoleSink(null);
console.log('a', 1, { b: [2] });
console.warn('w');
console.error(new TypeError('bad'));
console.info('silent'); console.debug('silent'); console.trace('silent');
console.table([1]); console.dir({}); console.time('t'); console.timeEnd('t');
console.count(); console.assert(false, 'x'); console.group('g'); console.groupEnd();
var l = __cm.takeLogs();
print(JSON.stringify(l));
print(JSON.stringify(__cm.takeLogs()));
console.log('');
print(JSON.stringify(__cm.takeLogs()));
