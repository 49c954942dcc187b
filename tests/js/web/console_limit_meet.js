// CONSOLE_CAPTURE_LIMIT without a host: the line whose charge meets the
// bound (brings the total exactly to it) is dropped whole, then one warn line
__cm.setConsoleSink(null);
var LIMIT = __cm_spec.constants.CONSOLE_CAPTURE_LIMIT;
var big = new Array(LIMIT / 2 - 25 + 1).join('x');
Object.prototype.toJSON = function () { return 1; };
console.log(big);
console.log(big);
var l = __cm.takeLogs();
print(l.length, l[0].text.length, l[1].level);
print(l[1].text === __cm_spec.constants.CONSOLE_CAPTURE_MESSAGE);
