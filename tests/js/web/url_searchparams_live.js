// @node
var u = new URL('https://ex.com/p?a=1');
var sp = u.searchParams;
print(sp === u.searchParams);
sp.append('b', 'x y');
print(u.href, u.search);
u.search = '?c=3';
print(sp.get('a'), sp.get('c'), sp.size);
sp.delete('c');
print(u.href, JSON.stringify(u.search));
sp.set('q', 'ä');
print(u.href);
u.href = 'https://other/?z=9';
print(sp.get('z'));
var e = []; var it = sp.entries(); var r = it.next(); while (!r.done) { e.push(r.value.join('=')); r = it.next(); } print(e.join('&'));
