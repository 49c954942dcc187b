var pending = [];
__cm.setOutbound(function (msg) {
  return new Promise(function (resolve) { pending.push(function () { resolve({ status: 200, statusText: 'OK', headers: [], body: new ArrayBuffer(0) }); }); });
});
fetch('http://h/', { signal: AbortSignal.abort() }).catch(function (e) { print('pre-aborted', e.name, e.message); });
fetch('http://h/', { signal: AbortSignal.abort('my reason') }).catch(function (e) { print('reason', e); });
var ac = new AbortController();
var p = fetch('http://h/slow', { signal: ac.signal });
p.then(function () { print('resolved'); }, function (e) { print('aborted in flight', e.name); });
setTimeout(function () { ac.abort(); pending.forEach(function (f) { f(); }); }, 5);
var ac2 = new AbortController();
fetch('http://h/ok', { signal: ac2.signal }).then(function (r) { print('completed', r.status); ac2.abort(); });
setTimeout(function () { pending.forEach(function (f) { f(); }); }, 10);
