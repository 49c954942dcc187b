// @node
var bad = ['', 'foo', 'http://', 'http://a b/', 'http://[::1', 'http://1.2.3.4.5/', 'http://256.0.0.1/',
  'http://a:99999/', 'http://a:b/', '//x', 'http://user@/', 'http://[1:2:3:4:5:6:7:8:9]/', 'https://a%00b/'];
for (var i = 0; i < bad.length; i++) {
  try { new URL(bad[i]); print('ok', bad[i]); }
  catch (e) { print(JSON.stringify(bad[i]), e.name, e.message, e.code, e instanceof TypeError); }
}
print(URL.canParse('http://a'), URL.canParse('nope'), URL.canParse('/p', 'http://a'), URL.canParse('/p', 'bad'));
try { new URL('/p', 'bad base'); } catch (e) { print(e.name, e.message); }
print(new URL('http://a').toJSON(), JSON.stringify({ u: new URL('http://a/b?c') }), String(new URL('http://A/')));
print(Object.prototype.toString.call(new URL('http://a')));
