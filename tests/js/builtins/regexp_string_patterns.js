// @node @modern
print('2024-05'.match('(?<y>\\d+)-(?<m>\\d+)').groups.m, 'abc'.match('b').index, 'abc'.match('x'), 'a.c'.search('\\.'), 'xyz'.search('(?<n>z)'));
print('a1b2'.match(/\d/g).join(), JSON.stringify('aXbX'.split('X')), 'a.b'.replace('.', '!'), 'a.b.c'.split('.', 2).join('|'));
print('Ab'.match('a'), 'x'.match(), 'x'.search());
