// @node
var ac = new AbortController();
var s = ac.signal, log = [];
print(s.aborted, s.reason, s instanceof EventTarget, Object.prototype.toString.call(s), Object.prototype.toString.call(ac));
s.onabort = function (e) { log.push('onabort:' + e.type + ':' + (this === s)); };
s.addEventListener('abort', function () { log.push('listener'); });
ac.abort();
ac.abort('again');
print(s.aborted, s.reason.name, s.reason.message, s.reason.code, s.reason instanceof DOMException);
print(log.join(' '));
try { s.throwIfAborted(); } catch (e) { print('threw', e.name); }
var ac2 = new AbortController();
ac2.abort('why');
print(ac2.signal.reason);
try { ac2.signal.throwIfAborted(); } catch (e) { print('threw', e); }
new AbortController().signal.throwIfAborted();
print(ac2.signal === ac2.signal, typeof s.onabort);
try { new AbortSignal(); } catch (e) { print(e.name, e.message); }
var ac3 = new AbortController(); var err = new Error('custom');
ac3.abort(err); print(ac3.signal.reason === err);
