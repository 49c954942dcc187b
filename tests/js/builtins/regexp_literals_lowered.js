// @node @modern

const m = /(?<y>\d{4})-(?<m>\d\d)/.exec('2024-06');
print(m.groups.y, m.groups.m);
print(/a.c/s.test('a\nc'), /a.c/s.flags);
print('2024-06'.replace(/(?<y>\d+)-(?<m>\d+)/, '$<m>/$<y>'));
const sticky = /b/y; sticky.lastIndex = 1; print(sticky.test('ab'));
print(/\u{61}/u.test('a'), /(?<x>.)\k<x>/.test('aa'), /(?<x>.)\k<x>/.test('ab'));
for (const r of [/x/, /x/g, /x/s, /x/dgimsuy]) print(r.flags, r.global, r.sticky, r.dotAll, r.hasIndices, r.unicode);
