// @node
var log = [];
function L(x) { log.push(x); }
var p = Promise.resolve(1);
// resolving with a native promise takes two extra ticks
new Promise(function (res) { res(p); }).then(function () { L('resolved-with-promise'); });
p.then(function () { L('t1'); }).then(function () { L('t2'); }).then(function () { L('t3'); }).then(function () { L('t4'); });
// a plain thenable
var th = { then: function (r) { L('then-called'); r('tv'); } };
Promise.resolve(th).then(function (v) { L('thenable ' + v); });
// a thenable whose then throws after resolving
new Promise(function (res) { res({ then: function (r) { r('ok'); throw new Error('ignored'); } }); }).then(function (v) { L('after-throw ' + v); });
// then getter throws
var bad = {}; Object.defineProperty(bad, 'then', { get: function () { throw new Error('getter'); } });
Promise.resolve(bad).catch(function (e) { L('getter-threw ' + e.message); });
// self resolution
var self; self = new Promise(function (res) { setTimeout(function () { res(self); }, 0); });
self.catch(function (e) { L(e instanceof TypeError ? 'cycle TypeError' : 'other'); });
print(Promise.resolve(p) === p, Promise.resolve(th) === th);
setTimeout(function () { setTimeout(function () { print(log.join('\n')); }, 0); }, 0);
