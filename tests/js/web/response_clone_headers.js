// @node
var r = new Response('body', { status: 418, statusText: 'Teapot', headers: { a: '1' } });
var c = r.clone();
c.headers.set('a', '2');
print(r.headers.get('a'), c.headers.get('a'), c.status, c.statusText);
r.text().then(function (t) {
  print('orig', t, r.bodyUsed, c.bodyUsed);
  return c.arrayBuffer();
}).then(function (b) {
  print('clone', b.byteLength);
  return r.json();
}).catch(function (e) { print(e.name); });
