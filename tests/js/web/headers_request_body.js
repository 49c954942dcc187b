// @node
var bodies = [['string', 'hi'], ['bytes', new Uint8Array([1])], ['buffer', new ArrayBuffer(2)], ['params', new URLSearchParams('a=b')], ['number', 42]];
bodies.forEach(function (b) {
  var r = new Request('http://h/', { method: 'POST', body: b[1] });
  print(b[0], r.headers.get('content-type'));
});
var r = new Request('http://h/', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/custom' } });
print(r.headers.get('content-type'));
var res = new Response('x', { headers: [['content-type', 'a/b']] });
print(res.headers.get('content-type'));
new Response(42).text().then(function (t) { print('number body', t); });
