// @node
var r = new Response(new Uint8Array([0xe2, 0x82, 0xac]).buffer);
r.bytes ? print('has bytes') : print('has bytes');
new Response(new Uint8Array([1, 2, 3])).arrayBuffer().then(function (b) {
  print(Array.prototype.join.call(new Uint8Array(b), ','));
  return r.text();
}).then(function (t) {
  print(t, t.length);
  var src = new Uint8Array([9, 9]);
  var rr = new Response(src); src[0] = 1;
  return rr.arrayBuffer();
}).then(function (b) { print('copied at construction', new Uint8Array(b)[0]); 
  return new Response('{"n": [1, {"m": null}]}').json(); })
.then(function (j) { print(JSON.stringify(j)); return new Response(null).arrayBuffer(); })
.then(function (b) { print('null body', b.byteLength); });
