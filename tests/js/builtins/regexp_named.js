// @node
var re = new RegExp('(?<year>\\d{4})-(?<month>\\d{2})', '');
var m = re.exec('on 2024-05 and 2023-01');
print(m[0], m[1], m[2], m.index, m.groups.year, m.groups.month, JSON.stringify(m.groups));
print('2024-05'.replace(re, '$<month>/$<year>'), '2024-05'.replace(re, '$2/$1 [$&] $$ $<nope>|'));
print('a 2024-05 b 1999-12'.replace(new RegExp(re.source, 'g'), function (all, y, mo, pos, s, groups) { return groups.month + '.' + groups.year + '@' + pos; }));
var m2 = 'x 2020-02'.match(re); print(m2.groups.year, m2.index);
print(JSON.stringify('2020-01 2021-02'.match(new RegExp(re.source, 'g'))));
var dup = new RegExp('(?<c>[a-z])\\k<c>'); print(dup.test('xaab'), dup.exec('xaab')[0], dup.test('abc'));
print(re.source, re.flags, String(re), re instanceof RegExp, Object.prototype.toString.call(re));
var all = []; var it = 'k1=v1;k2=v2'.matchAll(new RegExp('(?<k>\\w+)=(?<v>\\w+)', 'g')); var r;
while (!(r = it.next()).done) all.push(r.value.groups.k + ':' + r.value.groups.v + '@' + r.value.index);
print(all.join(','));
print('a-b_c'.split(new RegExp('(?<sep>[-_])')).join('|'));
print('2024-05'.search(re), 'none'.search(re));
print('aXbX'.replaceAll(new RegExp('(?<x>X)', 'g'), '[$<x>]'));
var noNames = /(\d)/.exec('a1'); print(noNames[1], noNames.index);
