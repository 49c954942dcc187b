// @node
var h = new Headers({ 'Content-Type': 'text/plain', 'X-B': ' 2 ' });
h.append('x-a', '1'); h.append('X-A', '3');
print(h.get('content-type'), h.get('x-a'), JSON.stringify(h.get('x-b')), h.get('missing'), h.has('X-A'));
var e = []; h.forEach(function (v, k) { e.push(k + '=' + v); }); print(e.join('; '));
h.set('x-a', 'z'); h.delete('content-type');
print(JSON.stringify(Array.from(h.entries())));
print(JSON.stringify(Array.from(h.keys())), JSON.stringify(Array.from(h.values())));
try { h.append('bad name', 'v'); } catch (x) { print(x.name, x.message); }
try { h.set('ok', 'a\nb'); } catch (x) { print(x.name, x.message); }
print(Object.prototype.toString.call(h));
