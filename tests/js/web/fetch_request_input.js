var seen = [];
__cm.setOutbound(function (m) { seen.push(m); return Promise.resolve({ status: 200, statusText: 'OK', headers: [['x-r', '1']], body: new ArrayBuffer(0) }); });
var req = new Request('http://h/a', { method: 'POST', body: 'orig', headers: { 'x-one': '1' } });
fetch(req, { method: 'PUT', headers: new Headers({ 'x-two': '2' }) }).then(function (r) {
  var m = seen[0];
  print(m.method, m.url, JSON.stringify(m.headers), new TextDecoder().decode(m.body), req.bodyUsed);
  return fetch('http://h/b', { method: 'POST', body: new URLSearchParams({ q: 'a b' }) });
}).then(function () {
  var m = seen[1];
  print(JSON.stringify(m.headers), new TextDecoder().decode(m.body));
  return fetch(new URL('http://h/c?d=1'));
}).then(function (r) {
  print(seen[2].url, r.headers.get('x-r'), r instanceof Response);
});
