// @node
function hex(b) { return Array.prototype.map.call(new Uint8Array(b), function (x) { return (x < 16 ? '0' : '') + x.toString(16); }).join(''); }
var enc = new TextEncoder();
var algs = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512', 'sha-256', { name: 'SHA-256' }];
var p = Promise.resolve();
algs.forEach(function (a) {
  p = p.then(function () { return crypto.subtle.digest(a, enc.encode('abc')); })
    .then(function (d) { print(JSON.stringify(a), d.byteLength, Object.prototype.toString.call(d), hex(d)); });
});
p = p.then(function () { return crypto.subtle.digest('SHA-256', new ArrayBuffer(0)); }).then(function (d) { print('empty', hex(d)); });
p = p.then(function () { return crypto.subtle.digest('SHA-256', new Uint8Array([0, 97, 98, 99, 0]).subarray(1, 4)); }).then(function (d) { print('view', hex(d).slice(0, 16)); });
p = p.then(function () { return crypto.subtle.digest('MD5', enc.encode('a')); }).catch(function (e) { print(e.name, e.message); });
p = p.then(function () { return crypto.subtle.digest('SHA-256', 'text'); }).catch(function (e) { print(e.name); });
