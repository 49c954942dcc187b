// @node
var j = Response.json({ a: 1 }, { status: 202 });
print(j.status, j.headers.get('content-type'));
j.text().then(function (t) { print(t); });
var r = Response.redirect('https://ex.com/next', 301);
print(r.status, r.headers.get('location'), r.ok);
print(Response.redirect('https://ex.com').status);
try { Response.redirect('https://ex.com', 200); } catch (e) { print(e.name, e.message); }
try { Response.redirect('nope'); } catch (e) { print(e.name); }
var er = Response.error();
print(er.type, er.status, er.ok, er.statusText === '');
try { er.headers.set('a', 'b'); } catch (e) { print('immutable', e.name); }
print(Response.json('x', { headers: { 'content-type': 'text/x' } }).headers.get('content-type'));
