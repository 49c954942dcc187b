var LIMIT = __cm_spec.constants.PAYLOAD_LIMIT;
var called = 0;
__cm.setOutbound(function () { called++; return Promise.resolve({ status: 200, statusText: '', headers: [], body: new ArrayBuffer(0) }); });
var body = new Uint8Array(LIMIT);
var url = 'http://h/x';
fetch(url, { method: 'POST', body: body }).then(function () { print('sent'); }, function (e) {
  var size = url.length + LIMIT;
  print(e.name, e.message === __cm.fill('PAYLOAD_TOO_LARGE', { part: __cm_spec.payloadParts.OUTBOUND_REQUEST, size: size, limit: LIMIT }));
  print(e.message.slice(0, 30), called);
  return fetch(url, { method: 'POST', body: new Uint8Array(LIMIT - url.length) });
}).then(function (r) { print('at the bound', r.status, called); });
