// @modern
// Map/WeakMap getOrInsert and getOrInsertComputed (upsert proposal).
// Expected output written by hand (node 20 lacks them).

const m = new Map([['a', 1]]);
print(Map.prototype.getOrInsert.length, Map.prototype.getOrInsertComputed.length, Map.prototype.getOrInsert.name);
print(m.getOrInsert('a', 2), m.getOrInsert('b', 3), [...m].join(';'));

// -0 is stored and passed to the callback as +0
const z = new Map();
print(Object.is(z.getOrInsertComputed(-0, k => (print('cb key is +0', Object.is(k, 0)), 'zero')), 'zero'), Object.is([...z.keys()][0], 0));
print(z.getOrInsert(-0, 'other'));

// the callback runs only for a missing key, with undefined this
let calls = 0;
m.getOrInsertComputed('a', () => calls++);
m.getOrInsertComputed('c', function (k) { 'use strict'; calls++; print('this', this, 'args', arguments.length, k); return 'C'; });
print('calls', calls, m.get('c'));

// a callback that inserts the key itself is overwritten by its result
const m2 = new Map();
print(m2.getOrInsertComputed('k', k => { m2.set(k, 'inner'); return 'outer'; }), m2.get('k'), m2.size);

// a throwing callback inserts nothing; a non-callable throws TypeError
try { m2.getOrInsertComputed('t', () => { throw new RangeError('x'); }); } catch (e) { print(e.name, m2.has('t')); }
try { m2.getOrInsertComputed('u', 1); } catch (e) { print(e.name, m2.has('u')); }
try { Map.prototype.getOrInsert.call(new Set(), 1, 2); } catch (e) { print('receiver', e.name); }

// WeakMap
const wm = new WeakMap();
const o = {}, s = Symbol('s');
print(wm.getOrInsert(o, 1), wm.getOrInsert(o, 2), wm.get(o));
print(wm.getOrInsertComputed(s, () => 'sym'), wm.getOrInsertComputed(s, () => 'again'));
try { wm.getOrInsert(1, 1); } catch (e) { print('primitive key', e.name); }
try { wm.getOrInsert(Symbol.for('r'), 1); } catch (e) { print('registered key', e.name); }
try { wm.getOrInsertComputed({}, null); } catch (e) { print('non-callable', e.name); }
const p = {};
print(wm.getOrInsertComputed(p, k => { wm.set(k, 'inner'); return 'outer'; }), wm.get(p));
