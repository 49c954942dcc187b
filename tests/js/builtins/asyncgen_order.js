// @node
var log = [];
function L(x) { log.push(x); }
async function* g() { L('g0'); yield 1; L('g1'); await null; L('g2'); yield 2; L('g3'); return 3; }
var it = g();
it.next().then(function (r) { L('n1 ' + r.value); });
it.next().then(function (r) { L('n2 ' + r.value); });
it.next().then(function (r) { L('n3 ' + r.value + r.done); });
it.return(Promise.resolve(9)).then(function (r) { L('ret ' + r.value + r.done); });
Promise.resolve().then(function () { L('p1'); }).then(function () { L('p2'); }).then(function () { L('p3'); }).then(function () { L('p4'); }).then(function () { L('p5'); }).then(function () { L('p6'); }).then(function () { L('p7'); });
L('sync');
setTimeout(function () { print(log.join(',')); }, 0);
