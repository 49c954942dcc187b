// @node
var inputs = ['https://user:pa ss@EXAMPLE.com:443/a/./b/../c?x=1 2&y=\'#frag ment',
  'http://example.com:8080', 'HTTP://[::1]:80/', 'http://[2001:db8:0:0:1:0:0:1]/',
  'http://192.168.0.1/', 'http://0x7f.1/', 'http://3232235521/', 'ws://h/p', 'wss://h:443/',
  'file:///C:/x/../y', 'file://localhost/etc/passwd', 'mailto:Ada@Example.com', 'data:text/plain,hi there',
  'javascript:alert(1)', 'foo://Host/Path?Q#F', 'http://a/b/c/%2e%2E/d', 'http://ex.com/ä?ä#ä',
  'http://münchen.de/', 'http://a/\\b\\c', 'blob:https://a.com/uuid', 'sc:/p', 'sc://h', 'http://a/^`{}'];
for (var i = 0; i < inputs.length; i++) {
  var u = new URL(inputs[i]);
  print(u.href, '|', u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin);
}
