// @node
var u = new URL('http://example.com/path?a=1#h');
u.protocol = 'https'; print(u.href);
u.protocol = 'foo'; print(u.href);
u.port = '8443'; print(u.href, u.port);
u.port = '443'; print(u.href, u.port);
u.port = 'abc'; print(u.href);
u.port = '99999'; print(u.href);
u.hostname = 'other.org'; print(u.href);
u.host = 'h.net:81'; print(u.href);
u.username = 'us er'; u.password = 'p@ss'; print(u.href);
u.pathname = '/a b/../c'; print(u.href, u.pathname);
u.pathname = 'noslash'; print(u.pathname);
u.search = 'x=1&y=2'; print(u.href, u.searchParams.get('y'));
u.search = ''; print(u.href, u.searchParams.size);
u.hash = 'top'; print(u.href);
u.hash = ''; print(u.href);
u.href = 'http://new.com/'; print(u.href, u.host);
try { u.href = 'nope'; } catch (e) { print(e.name); }
var m = new URL('mailto:a@b'); m.pathname = 'x'; m.host = 'y'; print(m.href);
var f = new URL('file:///tmp/x'); f.port = '80'; f.username = 'u'; print(f.href);
u.port = ''; print(u.href);
