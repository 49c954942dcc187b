// @node
var hosts = ['münchen.de', 'bücher.example', 'EXAMPLE.COM', 'ñ.com', 'xn--mnchen-3ya.de', 'δοκιμή.gr', '例え.jp'];
for (var i = 0; i < hosts.length; i++) print(new URL('https://' + hosts[i] + '/').hostname);
