// The constructor, the flag getters, source, toString, compile, species.
const r = /a/g;
print(RegExp(r) === r, new RegExp(r) === r, RegExp(r, 'i') === r);
print(new RegExp(r, 'y').flags, new RegExp('a', 'dgimsy').flags, /x/v.flags);
print(new RegExp(/[/]\//).source, new RegExp('/').source, new RegExp('').source,
    new RegExp('\n').source, String(new RegExp('a/b', 'g')));
print(RegExp.prototype.source, RegExp.prototype.flags, RegExp.prototype.global,
    RegExp.prototype.toString());
for (const f of ['g', 'gg', 'uv', 'x'])
	try { new RegExp('a', f); print(f, 'ok'); } catch (e) { print(f, e.name); }
const d = Object.getOwnPropertyDescriptor(r, 'lastIndex');
print(JSON.stringify(d), Object.keys(r).length);
print(Object.prototype.toString.call(r), Object.prototype.toString.call(RegExp.prototype));
const like = { [Symbol.match]: true, source: 'b+', flags: 'i', constructor: RegExp };
print(RegExp(like) === like, new RegExp(like).toString());
class Sub extends RegExp {}
const s = new Sub('x', 'g');
print(s instanceof Sub, s instanceof RegExp, s.test('x'), s.constructor === Sub);
print(RegExp[Symbol.species] === RegExp, RegExp.length, RegExp.name);
const c = /a/g;
c.lastIndex = 3;
print(c.compile('b', 'i') === c, c.source, c.flags, c.lastIndex);
try { RegExp.prototype.exec.call({}, 'a'); } catch (e) { print(e.name); }
try { RegExp.prototype.global; print('proto ok'); } catch (e) { print(e.name); }
try { Object.getOwnPropertyDescriptor(RegExp.prototype, 'global').get.call({}); } catch (e) { print(e.name); }
const flagsOrder = [];
const fake = {};
for (const k of ['hasIndices', 'global', 'ignoreCase', 'multiline', 'dotAll',
    'unicode', 'unicodeSets', 'sticky'])
	Object.defineProperty(fake, k, { get() { flagsOrder.push(k); return true; } });
print(Object.getOwnPropertyDescriptor(RegExp.prototype, 'flags').get.call(fake), flagsOrder.join());
const lits = [];
for (let i = 0; i < 2; i++) lits.push(/x/g);
print(lits[0] === lits[1]);
