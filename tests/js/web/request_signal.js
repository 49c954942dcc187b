// @node
var ac = new AbortController();
var r = new Request('http://h/', { signal: ac.signal });
print(r.signal === ac.signal, r.signal.aborted);
ac.abort('stop');
print(r.signal.aborted, r.signal.reason);
var r2 = new Request(r);
print(r2.signal.aborted, r2.signal.reason);
var pre = new Request('http://h/', { signal: AbortSignal.abort('early') });
print(pre.signal.aborted, pre.signal.reason);
try { new Request('http://h/', { signal: {} }); } catch (e) { print(e.name); }
print(new Request('http://h/', { signal: null }).signal.aborted);
