// @node
var log = [];
function L(x) { log.push(x); }
Promise.resolve().then(function () { L('a1'); }).then(function () { L('a2'); }).then(function () { L('a3'); });
Promise.resolve().then(function () { L('b1'); }).then(function () { L('b2'); }).then(function () { L('b3'); });
queueMicrotask(function () { L('q1'); });
new Promise(function (res) { L('exec'); res(1); }).then(function (v) { L('n' + v); });
setTimeout(function () { print(log.join(',')); }, 0);
L('sync');
