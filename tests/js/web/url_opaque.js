// @node
var list = ['mailto:user@example.com?subject=Hi there', 'data:,Hello%2C World!', 'urn:isbn:0451450523', 'about:blank', 'tel:+1-555 0100', 'sc:\u00e9 x#y z', 'git+ssh://git@github.com/a/b.git', 'custom://h:99/p/../q', 'x:/a/../b', 'non-spec:/.//p', 'web+demo:/.//not-a-host/'];
for (var i = 0; i < list.length; i++) { var u = new URL(list[i]); print(u.href, '|', u.protocol, JSON.stringify(u.host), u.pathname, u.search, u.hash, u.origin); }
