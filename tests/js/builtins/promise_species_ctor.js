// @node @modern

const p = Promise.resolve(1);
print(p.constructor === Promise, Object.getPrototypeOf(p) === Promise.prototype, p instanceof Promise);
const t = p.then(() => {});
print(t instanceof Promise, t !== p);
print(Object.prototype.toString.call(Promise.prototype), Promise.prototype[Symbol.toStringTag]);
print(Object.getOwnPropertyNames(Promise.prototype).sort().join());
print(['all', 'allSettled', 'any', 'race', 'reject', 'resolve'].every(k => typeof Promise[k] === 'function'));
print(Object.keys(Promise).length, Object.keys(Promise.prototype).length);
