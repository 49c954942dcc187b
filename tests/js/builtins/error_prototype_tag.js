// The native error prototypes are ordinary objects, not Error instances.
var names = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'AggregateError'];
names.forEach(function (n) {
  var P = globalThis[n].prototype;
  print(n, Object.prototype.toString.call(P), Error.isError(P), Object.prototype.toString.call(Object.create(P)));
});
print(Object.prototype.toString.call(new TypeError('x')), Error.isError(new RangeError()));
try { null.x; } catch (e) { print(Object.prototype.toString.call(e)); }
