// @node
var a = new AbortController(), b = new AbortController();
var inner = AbortSignal.any([a.signal]);
var outer = AbortSignal.any([inner, b.signal]);
var log = [];
inner.addEventListener('abort', function () { log.push('inner'); });
outer.addEventListener('abort', function () { log.push('outer:' + outer.reason); });
a.abort('A');
print(inner.aborted, outer.aborted, outer.reason, log.join(','));
b.abort('B');
print(outer.reason);
var t = AbortSignal.any([AbortSignal.timeout(5)]);
t.onabort = function () { print('any(timeout)', t.reason.name); };
setTimeout(function () { print('done'); }, 20);
