// Sticky and global lastIndex semantics (RegExpBuiltinExec).
const y = /a/y;
print(y.test('ba'), y.lastIndex);
y.lastIndex = 1;
print(y.test('ba'), y.lastIndex, y.test('ba'), y.lastIndex);
const tok = /\s*(\d+|[-+*/()])/y;
const src = '12 + (3*4)';
const out = [];
let m;
while ((m = tok.exec(src)) !== null) out.push(m[1]);
print(JSON.stringify(out), tok.lastIndex);
const g = /o/g;
print(g.exec('foo').index, g.lastIndex, g.exec('foo').index, g.exec('foo'), g.lastIndex);
g.lastIndex = 99;
print(g.test('foo'), g.lastIndex);
print('aaba'.replace(/a/y, 'x'), 'aaba'.replace(/a/gy, 'x'), 'baaa'.replace(/a/gy, 'x'));
print('xaxb'.search(/a/y), 'axb'.search(/a/y));
const f = Object.freeze(/a/g);
try { f.exec('a'); } catch (e) { print(e.name); }
