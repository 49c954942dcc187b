// @node
var log = [];
var ps = [];
for (var i = 0; i < 3; i++) (function (i) {
  ps.push(new Promise(function (r) { setTimeout(function () { log.push('t' + i); r(i); }, 30 - i * 10); }));
})(i);
Promise.all(ps).then(function (v) { log.push('all ' + v.join('|')); });
Promise.race(ps).then(function (v) { log.push('race ' + v); });
Promise.allSettled(ps).then(function (v) { log.push('settled ' + v.length); print(log.join(',')); });
