// @node @modern

print('😀'.at(0).length, 'abc'.at(-0), 'abc'.at('x'));
print(String.raw`a\nb${1 + 1}\t`, String.raw`\u{41}`.length);
const tag = (s, ...v) => s.raw.join('|') + ':' + v.join(',');
print(tag`x${1}y${2}z`);
print(String.raw({ raw: ['a', 'b'] }), String.raw({ raw: [] }, 1));
