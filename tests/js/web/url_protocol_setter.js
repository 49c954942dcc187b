// @node
var u = new URL('http://h:80/p');
u.protocol = 'https'; print(u.href);
u.protocol = 'ws:'; print(u.href);
u.protocol = 'mailto'; print(u.href);
u.protocol = 'HTTP:junk'; print(u.href);
u.protocol = '1http'; print(u.href);
u.protocol = 'file'; print(u.href);
var s = new URL('sc://h/p'); s.protocol = 'http'; print(s.href); s.protocol = 'other'; print(s.href);
var f = new URL('file:///x'); f.protocol = 'http'; print(f.href);
var w = new URL('https://h:8080/'); w.protocol = 'http'; print(w.href); w.port = '80'; print(w.href, JSON.stringify(w.port));
