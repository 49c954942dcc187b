// @node
var r = new Request('https://ex.com/a?b#frag', { method: 'post', headers: { 'X-K': 'v' }, body: 'data' });
print(r.method, r.url, r.headers.get('x-k'), r.headers.get('content-type'), r.bodyUsed, r.redirect);
print(r.signal instanceof AbortSignal, r.signal.aborted);
r.text().then(function (t) { print('body', t, r.bodyUsed); });
print(new Request('http://a/').method, new Request('http://a/', { method: 'patch' }).method, new Request('http://a', { method: 'Delete' }).method);
try { new Request('/relative'); } catch (e) { print(e.name, e.message); }
try { new Request('http://a/', { method: 'GET', body: 'x' }); } catch (e) { print(e.name, e.message); }
try { new Request('http://a/', { method: 'CONNECT' }); } catch (e) { print(e.name, e.message); }
try { new Request('http://a/', { method: 'bad method' }); } catch (e) { print(e.name, e.message); }
var r2 = new Request(new Request('http://x/', { method: 'PUT', body: 'q' }), { headers: { a: 'b' } });
print(r2.method, r2.url, r2.headers.get('a'));
r2.text().then(function (t) { print('r2', t); });
var r3 = new Request('http://x/', { method: 'POST', body: new Uint8Array([65, 66]) });
var c3 = r3.clone();
setTimeout(function () { c3.text().then(function (t) { print('clone', t); }); }, 0);
print(Object.prototype.toString.call(r3));
