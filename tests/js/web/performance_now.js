var a = performance.now();
var x = 0; for (var i = 0; i < 100000; i++) x += i;
var b = performance.now();
print(typeof a, a >= 0, b >= a, typeof performance.timeOrigin);
print(typeof performance.toJSON(), Object.prototype.toString.call(performance.now));
