// @node @modern

let closed = 0;
const iterable = { [Symbol.iterator]() { let i = 0; return { next() { i++; if (i === 3) throw new Error('next threw'); return { value: i, done: false }; }, return() { closed++; return {}; } }; } };
Promise.all(iterable).catch(e => print('all rejected:', e.message, 'closed', closed));
const iterable2 = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { closed++; return {}; } }; } };
const origResolve = Promise.resolve;
Promise.resolve = function () { throw new Error('resolve threw'); };
Promise.all(iterable2).catch(e => print('resolve threw ->', e.message, 'closed', closed));
Promise.resolve = origResolve;
