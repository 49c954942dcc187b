// @node
var u = new URL('http://h/p a t h/ü/%41?q=a b&c=ü\'"<>#f r"<>`');
print(u.pathname, u.search, u.hash);
var w = new URL('sc://h/p a?q=a b\'#f');
print(w.pathname, w.search, w.hash);
print(new URL('http://h/?' + '\u{1F600}').search, new URL('http://h/\ud800').pathname);
print(new URL('http://ex.com/%zz%2F').pathname, new URL('http://EX%41MPLE.com/').host);
print(new URL('http://us%20er:p%3Ass@h/').username, new URL('http://a:b:c@h/').password);
print(new URL('http://h/a\tb\nc').href, new URL('  http://h/x  ').href);
print(new URL('http://h:0080/').port, new URL('https://h:443/').port, new URL('http://h:/').href);
