// @node @modern

print('aaaa'.replaceAll('aa', 'b'), 'abc'.replaceAll('', '-'), ''.replaceAll('', 'x'), 'a+b+c'.replaceAll('+', '$`'));
print('xyx'.replaceAll('x', "$'"), 'ab'.replaceAll('a', '$0$1$$'));
print('a.b.c'.replaceAll('.', (m, i) => `[${i}]`));
const r = /o/g; print('foo boo'.replaceAll(r, '0'), r.lastIndex);
print('Hello'.replaceAll('l', () => '$&'));
