// @node
var ac = new AbortController(), log = [];
var s = ac.signal;
s.onabort = function () { log.push('first'); };
s.onabort = function () { log.push('second'); };
s.addEventListener('abort', function () { log.push('listener'); }, { once: true });
print(typeof s.onabort);
ac.abort();
print(log.join(','));
s.onabort = null; print(s.onabort);
var ac2 = new AbortController(); var order = [];
ac2.signal.addEventListener('abort', function (e) { order.push(e.type + ':' + e.isTrusted + ':' + ac2.signal.aborted); });
ac2.abort(undefined);
print(order.join(), ac2.signal.reason.name);
var ac3 = new AbortController(); ac3.abort(null); print(ac3.signal.reason);
