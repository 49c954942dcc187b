var text = __cm.fill('OUTBOUND_DISABLED', {});
print(text.indexOf('Outbound fetch is disabled') === 0);
fetch('https://example.com/').then(function () { print('resolved'); }, function (e) {
  print(e instanceof TypeError, e.name, e.message === text);
});
fetch('not a url').catch(function (e) { print('bad url', e.name, e.message); });
print(typeof fetch, fetch.length);
