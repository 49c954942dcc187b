// @node @modern

const a = [1, 2];
const it = a.values();
print(JSON.stringify(it.next()));
a.push(3);
print(JSON.stringify(it.next()), JSON.stringify(it.next()), JSON.stringify(it.next()));
a.push(4); print(JSON.stringify(it.next()));
const e = ['x'].entries(); print(JSON.stringify([...e]));
print(Object.prototype.toString.call([][Symbol.iterator]()), Object.getPrototypeOf([][Symbol.iterator]()) === Object.getPrototypeOf([].keys()));
const ArrayIteratorProto = Object.getPrototypeOf([].values());
print(typeof ArrayIteratorProto.next, ArrayIteratorProto[Symbol.toStringTag]);
