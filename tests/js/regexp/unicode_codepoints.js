// u-flag code point semantics and the code unit semantics without it.
print('I ❤️ JS 😀'.match(/./gu).length, 'I ❤️ JS 😀'.match(/./g).length);
print(/^.$/u.test('😀'), /^.$/.test('😀'));
print(/\u{1F600}/u.test('😀'), /^[😀]$/u.test('😀'));
print(JSON.stringify('😀😀'.split(/(?:)/u)), '😀'.split(/(?:)/).length);
const r = /\S/gu;
r.lastIndex = 1;
print(JSON.stringify(r.exec('😀x')), r.lastIndex);
print(/\u{61}/.test('a'), /\u{61}/.test('u'.repeat(61)));
print(/[\uD83D\uDE00]/u.test('\uD83D'), /[\uD83D\uDE00]/.test('\uD83D'));
print(/ſ/iu.test('s'), /ſ/i.test('s'), /\u212A/iu.test('k'));
print('aBc'.replace(/b/gi, 'x'), /σ/iu.test('Σ'));
