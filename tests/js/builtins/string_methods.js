// @node
print('[' + 'abc'.padStart(6) + ']', 'abc'.padStart(6, '12'), 'abc'.padEnd(7, 'xy'), 'abc'.padStart(2, 'z'), 'abc'.padEnd(5, ''), '5'.padStart(3, 0));
print('[' + '  x  '.trimStart() + ']', '[' + '  x  '.trimEnd() + ']', '[' + '\u00a0\ufeff x\n\t'.trimStart() + ']', String.prototype.trimLeft === String.prototype.trimStart);
print('abc'.at(-1), 'abc'.at(0), 'abc'.at(3), 'abc'.at(-4));
print('a-b-c'.replaceAll('-', '+'), 'aaa'.replaceAll('a', '$&$&'), 'x.y'.replaceAll('.', '$$'), 'abc'.replaceAll('', '_'));
print('abab'.replaceAll('b', function (m, pos, s) { return '[' + m + pos + s.length + ']'; }));
print('a1b2c3'.replaceAll(/\d/g, '#'), 'a1b2'.replaceAll(/(\d)/g, '<$1>'));
try { 'x'.replaceAll(/x/, 'y'); } catch (e) { print(e.name); }
var ms = []; var it = 'a1b22c333'.matchAll(/\d+/g); var r;
while (!(r = it.next()).done) ms.push(r.value[0] + '@' + r.value.index);
print(ms.join(','));
print(Array.from('x1y2'.matchAll(/(\w)(\d)/g), function (m) { return m[1] + m[2]; }).join('|'));
try { 'x'.matchAll(/x/); } catch (e) { print(e.name); }
print(String.raw({ raw: ['a', 'b', 'c'] }, 1, 2, 3), String.raw({ raw: 'xyz' }, '-', '+'));
print('abc'.normalize(), 'abc'.normalize('NFD'));
try { 'a'.normalize('bad'); } catch (e) { print(e.name); }
print('ab'.isWellFormed(), 'a\ud800'.isWellFormed());
print('abc'.padStart.length, 'x'.replaceAll.length);
print(Array.from('a.b.c'.matchAll('.'), function (m) { return m.index; }).join());
