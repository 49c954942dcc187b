// @node
var h = new Headers();
h.append('a', '  padded\t ');
h.append('b', '');
print(JSON.stringify(h.get('a')), JSON.stringify(h.get('b')), h.has('b'));
['x\0y', 'x\ry', 'x\ny'].forEach(function (v) { try { h.set('c', v); print('ok'); } catch (e) { print(e.name); } });
['', 'a b', 'a:b', 'ü', '(x)'].forEach(function (n) { try { h.set(n, 'v'); print('ok', n); } catch (e) { print(e.name); } });
h.set('X-UP', 'v'); print(Array.from(h.keys()).join(','));
var it = h.keys(); print(it.next().value); h.append('0first', 'z'); print(it.next().value);
try { h.get(); } catch (e) { print('get()', e.name); }
