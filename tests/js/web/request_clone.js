// @node
var r = new Request('http://h/x', { method: 'POST', body: 'payload', headers: { k: 'v' } });
var c = r.clone();
print(c.method, c.url, c.headers.get('k'), c.headers !== r.headers);
c.headers.set('k', 'changed'); print(r.headers.get('k'));
c.text().then(function (t) { print('clone', t); return r.text(); }).then(function (t) {
  print('orig', t, r.bodyUsed);
  try { r.clone(); } catch (e) { print(e.name); }
  try { new Request(r); } catch (e) { print('reuse', e.name); }
});
