// @node
var s = new RegExp('a.c', 's');
print(s.test('a\nc'), /a.c/.test('a\nc'), s.dotAll, s.flags, s.source, String(s));
var y = new RegExp('foo', 'y');
print(y.sticky, y.test('foofoo'), y.lastIndex, y.test('foofoo'), y.lastIndex, y.test('foofoo'), y.lastIndex);
y.lastIndex = 1; print(y.test('xfoo'), y.lastIndex, y.exec('afoo'), y.lastIndex);
var gy = new RegExp('a', 'gy'); print(JSON.stringify('aaba'.match(gy)), 'aaba'.replace(gy, 'X'));
var u = new RegExp('\\u{41}\\u{62}', 'u'); print(u.test('Ab'), u.unicode, u.flags);
var d = new RegExp('(a)(b)?(c)', 'd'); var m = d.exec('xxabc'); print(JSON.stringify(m.indices), d.hasIndices);
var dn = new RegExp('(?<first>a)(?<second>b)', 'dg'); var mn = dn.exec('zab'); print(JSON.stringify(mn.indices.groups), dn.flags);
print(/x/g.flags, /x/gim.flags, /x/.sticky, /x/.unicode, /x/.dotAll, /x/.hasIndices, /x/g.global, /x/i.ignoreCase);
print(new RegExp('x', 'gimsuyd').flags);
try { new RegExp('x', 'gg'); } catch (e) { print(e.name); }
try { new RegExp('x', 'q'); } catch (e) { print(e.name); }
var r1 = /abc/g; var r2 = RegExp(r1); var r3 = new RegExp(r1); var r4 = new RegExp(r1, 'i');
print(r1 === r2, r1 === r3, r3.flags, r4.flags, r4.source);
print(new RegExp('').source, String(new RegExp('')), new RegExp('a/b').source);
var emptyU = new RegExp('', 'gu'); print(JSON.stringify('a\ud83d\ude00b'.match(emptyU).length));
print(RegExp.prototype.flags, RegExp.prototype.source, RegExp.prototype.global);
var cnt = 0; 'aaa'.replace(new RegExp('a', 'gy'), function () { cnt++; return ''; }); print(cnt);
