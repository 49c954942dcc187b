// @node @modern

const m = new Map();
m.set(1, 'num').set('1', 'str').set('x', 'x');
print(m.get(1), m.get('1'), m.size);
const a = [], b = [];
m.set(a, 'a').set(b, 'b');
print(m.get(a), m.get(b), m.get([]));
m.set(Infinity, 'inf').set(-Infinity, '-inf');
print(m.get(Infinity), m.get(-Infinity), m.get(1 / 0));
const k = {}; m.set(k, 1); m.delete(k); m.set(k, 2); print(m.get(k), [...m.keys()].indexOf(k) === m.size - 1);
m.set('__proto__', 'p').set('constructor', 'c').set('hasOwnProperty', 'h');
print(m.get('__proto__'), m.get('constructor'), m.get('hasOwnProperty'), m.has('toString'));
