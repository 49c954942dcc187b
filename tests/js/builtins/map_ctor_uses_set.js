// @node @modern

const calls = [];
class LoggingMap extends Map { set(k, v) { calls.push(k); return super.set(k, v); } }
new LoggingMap([['a', 1], ['b', 2]]);
print(calls.join());
class LoggingSet extends Set { add(v) { calls.push('add ' + v); return super.add(v); } }
new LoggingSet(['x']);
print(calls.join());
const m = new Map(null), s = new Set(undefined); print(m.size, s.size);
try { new Map({}); } catch (e) { print(e.constructor.name); }
