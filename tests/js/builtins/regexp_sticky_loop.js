// @node @modern

const re = new RegExp('\\s*(\\w+|[=;])', 'y');
const src = 'let x = 42;';
const toks = []; let m;
while ((m = re.exec(src)) !== null) toks.push(m[1]);
print(toks.join('|'), re.lastIndex);
const y2 = new RegExp('a', 'y'); y2.lastIndex = 3; print(y2.test('aaaa'), y2.lastIndex, y2.test('aaaa'), y2.lastIndex);
print('xa'.search(new RegExp('a', 'y')), JSON.stringify('aab'.split(new RegExp('a', 'y'))));
