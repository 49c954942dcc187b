// @node
var r = new Response('hello', { status: 201, statusText: 'Created', headers: { 'X-Y': '1' } });
print(r.status, r.statusText, r.ok, r.type, JSON.stringify(r.url), r.redirected, r.bodyUsed, r.headers.get('content-type'), r.headers.get('x-y'));
r.text().then(function (t) {
  print('text', t, r.bodyUsed);
  return r.text();
}).catch(function (e) { print(e.name, e.message); });
var r2 = new Response(new Uint8Array([104, 105]));
r2.arrayBuffer().then(function (b) { print('ab', b.byteLength, Object.prototype.toString.call(b)); });
new Response('{"a":[1]}').json().then(function (j) { print('json', j.a[0]); });
new Response('bad json').json().catch(function (e) { print('json error', e.name); });
var e = new Response(); print(e.status, e.ok, e.headers.get('content-type'));
setTimeout(function () { e.text().then(function (t) { print('empty', JSON.stringify(t), e.bodyUsed); }); }, 0);
print(new Response(null, { status: 404 }).ok, new Response('x', { status: 299 }).ok);
