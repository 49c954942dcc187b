// @node
try { new Response('x', { status: 600 }); } catch (e) { print(e.name, e.message); }
try { new Response('x', { status: 199 }); } catch (e) { print(e.name); }
try { new Response('x', { status: 204 }); } catch (e) { print(e.name, e.message); }
print(new Response(null, { status: 204 }).status);
try { new Response('x', 5); } catch (e) { print(e.name); }
var r = new Response('abc');
var c = r.clone();
Promise.all([r.text(), c.text()]).then(function (v) { print(v.join(',')); try { r.clone(); } catch (e) { print(e.name); } });
var u = new Response(new URLSearchParams('a=1&b=2'));
print(u.headers.get('content-type'));
u.text().then(function (t) { print(t); });
