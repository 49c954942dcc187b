// @node
var p = new URLSearchParams('?a=1&b=2&a=3&c=%20x+y&d');
print(p.get('a'), p.getAll('a').join(','), p.get('c'), JSON.stringify(p.get('d')), p.get('zz'), p.has('b'), p.size);
p.append('e', 'é&=');
p.delete('b');
p.set('a', 'only');
print(p.toString());
p.sort();
print(p.toString());
var keys = []; for (var it = p.keys(), r = it.next(); !r.done; r = it.next()) keys.push(r.value);
print(keys.join(','));
var ents = []; p.forEach(function (v, k) { ents.push(k + '=' + v); }); print(ents.join(';'));
print(new URLSearchParams({ x: 1, y: 'two' }).toString(), new URLSearchParams([['k', 'v'], ['k', 'w']]).toString());
print(new URLSearchParams(new URLSearchParams('q=1')).toString(), new URLSearchParams('').toString() === '');
print(new URLSearchParams('a=1&a=2&b=3').has('a', '2'), new URLSearchParams('a=1&a=2').has('a', '3'));
var q = new URLSearchParams('a=1&a=2&b=3'); q.delete('a', '2'); print(q.toString());
print(new URLSearchParams('x=~!*()\'-._').toString(), new URLSearchParams({ s: 'a b+c' }).toString());
try { new URLSearchParams([['a']]); } catch (e) { print(e.name); }
print(Object.prototype.toString.call(p), typeof p[Symbol.iterator]);
var z = new URLSearchParams('z=1&a=2&m=3&a=1'); z.sort(); print(z.toString());
