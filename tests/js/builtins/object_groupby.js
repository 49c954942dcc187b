// Object.groupBy / Map.groupBy (ES2024; node 20 lacks them, expected written by hand)
var g = Object.groupBy([1, 2, 3, 4, 5], function (x) { return x % 2 ? 'odd' : 'even'; });
print(JSON.stringify(g), Object.getPrototypeOf(g) === null);
var mg = Map.groupBy([1, 2, 3], function (x) { return x > 1; });
print(mg.get(true).join(), mg.get(false).join(), mg.size);
var byLen = Object.groupBy(['a', 'bb', 'cc', 'd'], function (s, i) { return s.length + ':' + (i > 1); });
print(JSON.stringify(byLen));
try { Object.groupBy([1], 5); } catch (e) { print(e.name); }
var wr = Promise.withResolvers(); wr.promise.then(function (v) { print('withResolvers', v); }); wr.resolve(42);
print(typeof wr.resolve, typeof wr.reject, Object.keys(wr).join());
