// errors: no V8 stack, so the first line only (bracketed when nested, as node prints a stackless error)
__cm.setConsoleSink(null);
console.log(new Error('boom'));
console.log([new TypeError('t')], { e: new RangeError('r') });
var e = new Error('m'); e.name = 'Custom'; console.error(e);
console.warn(new DOMException('gone', 'AbortError'));
console.log(new Error(''));
print(JSON.stringify(__cm.takeLogs()));
