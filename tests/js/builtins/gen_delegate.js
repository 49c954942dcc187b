// @node
function* inner() { var x = yield 'i1'; print('inner got', x); try { yield 'i2'; } finally { print('inner finally'); } return 'inner-ret'; }
function* outer() { var r = yield* inner(); print('delegate returned', r); yield* [10, 20]; yield* 'ab'; return 'outer-ret'; }
var all = []; var it = outer(); var s;
s = it.next(); all.push(s.value);
s = it.next('X'); all.push(s.value);
while (!(s = it.next()).done) all.push(s.value);
all.push(s.value);
print(all.join(','));
var o2 = outer(); o2.next(); o2.next(); print(JSON.stringify(o2.return('early')));
function* catching() { try { yield 1; } catch (e) { print('inner caught', e); yield 'recovered'; } }
function* wrap() { yield* catching(); yield 'after'; }
var w = wrap(); w.next(); print(JSON.stringify(w.throw('T'))); print(JSON.stringify(w.next()));
var custom = { i: 0 };
custom[Symbol.iterator] = function () { return this; };
custom.next = function (v) { this.i++; return { value: 'c' + this.i + ':' + v, done: this.i > 2 }; };
function* dc() { var r = yield* custom; print('custom ret', r); }
var d = dc(); print(JSON.stringify(d.next('a')), JSON.stringify(d.next('b')), JSON.stringify(d.next('c')));
var noThrow = {}; noThrow[Symbol.iterator] = function () { return { next: function () { return { value: 1, done: false }; }, 'return': function () { print('closed'); return {}; } }; };
function* nt() { yield* noThrow; }
var n = nt(); n.next(); try { n.throw(new Error('x')); } catch (e) { print(e.name); }
var passthrough = { next: function () { return { value: 'raw', done: false, extra: 1 }; } };
passthrough[Symbol.iterator] = function () { return this; };
function* pt() { yield* passthrough; }
print(pt().next().extra);
