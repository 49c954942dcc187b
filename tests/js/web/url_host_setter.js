// @node
var u = new URL('http://a.com:81/p');
u.host = 'b.com'; print(u.href);
u.host = 'c.com:82'; print(u.href);
u.host = ''; print(u.href);
u.host = 'bad host'; print(u.href);
u.hostname = 'd.com:99'; print(u.href);
u.hostname = '[::1]'; print(u.href);
u.host = 'e.com:99999'; print(u.href);
u.host = 'f.com:12abc'; print(u.href);
var s = new URL('sc://x/p'); s.host = ''; print(s.href); s.hostname = 'Y'; print(s.href);
var f = new URL('file://host/p'); f.host = 'localhost'; print(f.href); f.hostname = 'other'; print(f.href);
