__cm.setOutbound(function (msg) {
  if (msg.url.indexOf('fail') >= 0) return Promise.reject(new TypeError('network down'));
  if (msg.url.indexOf('junk') >= 0) return Promise.resolve(42);
  return Promise.resolve({ status: 204, statusText: 'No Content', headers: [], body: new ArrayBuffer(0) });
});
fetch('http://h/fail').catch(function (e) { print('1', e.name, e.message); })
.then(function () { return fetch('http://h/junk'); }).catch(function (e) { print('2', e.name, e.message); })
.then(function () { return fetch('http://h/empty'); }).then(function (r) { print('3', r.status, r.ok); return r.text(); })
.then(function (t) { print('4', JSON.stringify(t)); })
.then(function () { return fetch('http://h/', { method: 'GET', body: 'x' }); }).catch(function (e) { print('5', e.name, e.message); })
.then(function () { return fetch('http://user:pw@h/'); }).catch(function (e) { print('6', e.name); });
