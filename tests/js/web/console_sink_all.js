// setConsoleSink(fn, true): info/debug/trace reach the sink too (script mode); capture never records them
var seen = [];
__cm.setConsoleSink(function (level, text) { seen.push(level + ':' + text); }, true);
console.log('a'); console.info('i', 1); console.debug('d'); console.trace('t'); console.warn('w'); console.table('no');
print(seen.join(' | '));
seen = [];
__cm.setConsoleSink(function (level, text) { seen.push(level + ':' + text); });
console.info('hidden'); console.error('e');
print(seen.join(' | '));
__cm.setConsoleSink(null);
console.info('x'); console.log('y');
print(JSON.stringify(__cm.takeLogs()));
