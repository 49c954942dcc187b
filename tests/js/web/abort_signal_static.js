// @node
var a = AbortSignal.abort();
print(a.aborted, a.reason.name, a.reason.message);
print(AbortSignal.abort(5).reason);
var c1 = new AbortController(), c2 = new AbortController();
var any = AbortSignal.any([c1.signal, c2.signal]);
var log = [];
any.addEventListener('abort', function () { log.push('any:' + any.reason); });
print(any.aborted);
c2.abort('second');
c1.abort('first');
print(any.aborted, any.reason, log.join(','));
print(AbortSignal.any([AbortSignal.abort('pre'), c1.signal]).reason);
print(AbortSignal.any([]).aborted);
try { AbortSignal.any([1]); } catch (e) { print(e.name); }
var t = AbortSignal.timeout(10);
print(t.aborted);
t.onabort = function () { print('timeout fired', t.reason.name, t.reason.message, t.reason.code); };
setTimeout(function () { print('after', t.aborted); }, 20);
try { AbortSignal.timeout(-1); } catch (e) { print(e.name); }
