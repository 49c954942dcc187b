// @node
var log = [];
function L(x) { log.push(x); }
async function a() { L('a1'); await null; L('a2'); await null; L('a3'); }
a();
Promise.resolve().then(function () { L('p1'); }).then(function () { L('p2'); }).then(function () { L('p3'); });
async function b() { L('b1'); return 'bv'; }
b().then(function (v) { L('b ' + v); });
async function c() { return Promise.resolve('cv'); }
c().then(function (v) { L('c ' + v); });
async function d() { await Promise.resolve(); L('d after await promise'); }
d();
async function e() { await { then: function (r) { L('thenable then'); r(5); } }; L('e after thenable'); }
e();
L('sync');
setTimeout(function () { print(log.join('\n')); }, 0);
