// @node @modern

const s = new RegExp('^.+$', 's'); print(s.test('line1\nline2'), new RegExp('^.+$').test('line1\nline2'));
const ms = new RegExp('^a.b$', 'sm'); print(ms.flags, ms.test('x\na\nb'));
const u = new RegExp('\\u{1F600}', 'u'); print(u.test('\u{1F600}'), u.source, u.unicode);
const cls = new RegExp('^[\\u{61}-\\u{63}]+$', 'u'); print(cls.test('abc'), cls.test('abd'));
print(new RegExp('a', 'u').toString(), new RegExp('a', 'ys').toString());
