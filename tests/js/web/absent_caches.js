var names = ['open', 'has', 'delete', 'keys', 'match'];
var text = __cm.fill('CACHE_STORAGE_ABSENT', {});
names.forEach(function (n) {
  var p = caches[n]('x');
  print(n, p instanceof Promise);
  p.then(function () { print('resolved'); }, function (e) {
    print(n, e instanceof DOMException, e.name, e.message === text);
  });
});
print(text.indexOf('Cache storage is absent') === 0);
