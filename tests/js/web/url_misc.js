// @node
var u = new URL('https://user:pw@h.com:8443/a/b?x=1#y');
print(u.origin, u.toString() === u.href, JSON.stringify(u));
print(Object.keys(u).length, 'href' in u, typeof URL.prototype.toJSON);
var keys = []; for (var k in u) keys.push(k); print(keys.length > 5);
print(new URL('http://h').pathname, new URL('sc:').pathname === '', new URL('http://h?').search, new URL('http://h#').hash);
print(new URL('http://h?a').href, new URL('http://h#').href, new URL('http://h/?#').href);
var p = new URL('sc:opaque?a=1'); p.searchParams.append('b', '2'); print(p.href);
try { URL.canParse(); } catch (e) { print(e.name, URL.length); }
