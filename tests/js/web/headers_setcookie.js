// @node
var h = new Headers([['Set-Cookie', 'a=1'], ['set-cookie', 'b=2'], ['Accept', 'x']]);
print(h.get('set-cookie'));
print(JSON.stringify(h.getSetCookie()));
var all = []; for (var it = h[Symbol.iterator](), r = it.next(); !r.done; r = it.next()) all.push(r.value.join(': '));
print(all.join(' | '));
var h2 = new Headers(h); h2.append('zeta', '1'); h2.append('alpha', '2');
print(JSON.stringify(Array.from(h2)));
try { new Headers([['a']]); } catch (x) { print(x.name); }
print(new Headers().getSetCookie().length, new Headers({ 'set-cookie': 'x' }).getSetCookie()[0]);
