// @node @modern

async function* g() { yield 1; }
const it = g();
print(Object.prototype.toString.call(it), typeof it[Symbol.asyncIterator], it[Symbol.asyncIterator]() === it, typeof it[Symbol.iterator]);
print(typeof Symbol.asyncIterator, Symbol.asyncIterator.toString());
const p = it.next();
print(p instanceof Promise);
Object.getPrototypeOf(Object.getPrototypeOf(it)).next.call({}).catch(e => print('bad receiver rejects', e.constructor.name));
const o = { async *m() { yield 'm'; } };
o.m().next().then(r => print(r.value, r.done));
