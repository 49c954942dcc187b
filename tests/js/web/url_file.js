// @node
var list = ['file:///C:/a/b', 'file:/x', 'file:x', 'file://host/share/f', 'file:///a/../../b', 'file:c:\\dir\\f.txt', 'file://LOCALHOST/p', 'file:///a?q#f', 'file:////x'];
for (var i = 0; i < list.length; i++) { var u = new URL(list[i]); print(u.href, JSON.stringify(u.host), u.pathname, u.origin); }
print(new URL('..', 'file:///C:/').href, new URL('/d', 'file:///C:/a/b').href, new URL('x', 'file:///a/b').href);
