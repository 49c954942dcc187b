// __cm.requestFromMessage / responseToMessage: the execution-handle wire shapes
var req = __cm.requestFromMessage({ method: 'POST', url: 'https://h/x?y=1', headers: [['X-A', '1'], ['content-type', 'text/plain']], body: new TextEncoder().encode('hi').buffer });
print(req instanceof Request, req.method, req.url, req.headers.get('x-a'));
req.text().then(function (t) {
  print('body', t);
  var g = __cm.requestFromMessage({ method: 'GET', url: 'https://h/', headers: [], body: new ArrayBuffer(0) });
  print(g.method, g.bodyUsed);
  return __cm.responseToMessage(new Response('ok', { status: 201, statusText: 'Made', headers: { 'Z': '1', 'a': '2' } }));
}).then(function (m) {
  print(Object.keys(m).join(','), m.status, m.statusText, JSON.stringify(m.headers), Object.prototype.toString.call(m.body), new TextDecoder().decode(m.body));
  return __cm.responseToMessage(new Response(null, { status: 204 }));
}).then(function (m) {
  print(m.status, m.body.byteLength);
  return __cm.responseToMessage({ status: 200 });
}).catch(function (e) {
  print(e.name, e.message);
  var big = new Response(new Uint8Array(__cm_spec.constants.PAYLOAD_LIMIT + 1));
  return __cm.responseToMessage(big);
}).catch(function (e) {
  print(e.name, e.message.indexOf('The handle answer is ') === 0);
});
