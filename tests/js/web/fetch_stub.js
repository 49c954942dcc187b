var seen;
__cm.setOutbound(function (msg) {
  seen = msg;
  return Promise.resolve({ status: 201, statusText: 'Created',
    headers: [['Content-Type', 'application/json'], ['Set-Cookie', 'a=1'], ['set-cookie', 'b=2']],
    body: new TextEncoder().encode('{"ok":true}').buffer });
});
fetch('https://api.example.com/v1/items?q=1#frag', { method: 'POST', headers: { 'X-Z': 'z', 'accept': 'a', 'X-A': '1' }, body: 'hello' })
.then(function (r) {
  print(seen.method, seen.url);
  print(JSON.stringify(seen.headers));
  print(Object.prototype.toString.call(seen.body), new TextDecoder().decode(seen.body));
  print(Object.keys(seen).join(','));
  print(r.status, r.statusText, r.ok, r.url, r.type, r.headers.get('content-type'), JSON.stringify(r.headers.getSetCookie()));
  try { r.headers.set('x', 'y'); } catch (e) { print('immutable headers', e.name); }
  return r.json();
}).then(function (j) {
  print('json', j.ok);
  return fetch(new Request('http://h/get'));
}).then(function (r) {
  print(seen.method, seen.url, seen.body, JSON.stringify(seen.headers));
  return r.text();
}).then(function (t) {
  print('text', t);
  return fetch('http://h/bytes', { method: 'PUT', body: new Uint8Array([1, 2, 3]) });
}).then(function () {
  print(seen.method, new Uint8Array(seen.body).join(','), JSON.stringify(seen.headers));
});
