// @node
var log = [];
function L(x) { log.push(x); }
async function* ag(n) { for (var i = 0; i < n; i++) { L('before yield ' + i); var r = yield i; L('resumed with ' + r); await null; } return 'agret'; }
async function consume() {
  var it = ag(2);
  var r;
  while (!(r = await it.next('v')).done) L('value ' + r.value);
  L('done ' + r.value);
  L(Object.prototype.toString.call(it));
  L(String(it[Symbol.asyncIterator]() === it));
}
consume();
// queued requests: call next three times synchronously
async function* q() { L('q start'); yield 'a'; yield 'b'; }
var qi = q();
qi.next().then(function (r) { L('q1 ' + JSON.stringify(r)); });
qi.next().then(function (r) { L('q2 ' + JSON.stringify(r)); });
qi.next().then(function (r) { L('q3 ' + JSON.stringify(r)); });
qi.next().then(function (r) { L('q4 ' + JSON.stringify(r)); });
// yield awaits promises
async function* yp() { yield Promise.resolve('resolved-yield'); try { yield Promise.reject('rej-yield'); } catch (e) { L('caught ' + e); } }
var y = yp();
y.next().then(function (r) { L('yp1 ' + JSON.stringify(r)); });
y.next().then(function (r) { L('yp2 ' + JSON.stringify(r)); });
// return() while suspended at start and at yield
async function* rr() { try { yield 1; yield 2; } finally { L('rr finally'); } }
var r1 = rr(); r1.return('early').then(function (r) { L('r1 ' + JSON.stringify(r)); });
var r2 = rr(); r2.next().then(function () { r2.return(Promise.resolve('later')).then(function (r) { L('r2 ' + JSON.stringify(r)); }); });
// throw()
var t1 = rr(); t1.throw(new Error('at start')).catch(function (e) { L('t1 ' + e.message); });
var t2 = rr(); t2.next().then(function () { return t2.throw(new Error('at yield')); }).catch(function (e) { L('t2 ' + e.message); });
// error inside body rejects the request
async function* bad() { await null; throw new Error('body error'); }
bad().next().catch(function (e) { L('bad ' + e.message); });
L('sync end');
setTimeout(function () { print(log.join('\n')); }, 10);
