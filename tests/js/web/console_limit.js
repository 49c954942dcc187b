// CONSOLE_CAPTURE_LIMIT: each line charged its JSON wire length; the
// crossing line dropped whole, then one warn line, then nothing
__cm.setConsoleSink(null);
var LIMIT = __cm_spec.constants.CONSOLE_CAPTURE_LIMIT;
var shape = JSON.stringify({ level: 'log', text: '' }).length;
print(shape);
var big = new Array(LIMIT / 2 - shape + 1).join('x');
console.log(big);
console.log(big.slice(0, big.length - 1));
console.log('');
console.log('after');
console.error('more');
var l = __cm.takeLogs();
print(l.length, l[0].text.length, l[1].text.length, l[2].level);
print(l[2].text === __cm_spec.constants.CONSOLE_CAPTURE_MESSAGE);
console.log('x');
print(__cm.takeLogs().length);
