// @node
var log = [];
function L(x) { log.push(x); }
setTimeout(function () { L('t150'); }, 150);
setTimeout(function () { L('t0-a'); }, 0);
setTimeout(function () { L('t1'); }, 1);
setTimeout(function () { L('t0-b'); Promise.resolve().then(function () { L('micro after t0-b'); }); }, 0);
setTimeout(function (a, b) { L('args ' + a + b); }, 5, 'x', 'y');
var id = setTimeout(function () { L('cleared!'); }, 2);
clearTimeout(id);
var n = 0;
var iv = setInterval(function () { n++; L('iv' + n); if (n === 2) clearInterval(iv); }, 40);
setTimeout(function () { L('t200'); setTimeout(function () { L('nested'); }, 0); }, 200);
setTimeout(function () { print(log.join(',')); }, 300);
Promise.resolve().then(function () { L('micro first'); });
L('sync');
clearTimeout(undefined); clearTimeout(12345); clearInterval(null);
print(typeof setTimeout(function () {}, 0) !== 'undefined');
