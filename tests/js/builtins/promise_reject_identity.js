// @node @modern

const err = new Error('same');
Promise.reject(err).catch(e => print('identity', e === err));
const obj = { k: 1 };
Promise.resolve(obj).then(v => print('fulfill identity', v === obj));
const p = Promise.resolve(1);
const rp = Promise.reject(p); rp.catch(() => {});
print('resolve returns same', Promise.resolve(p) === p, rp !== p);
Promise.reject(p).catch(v => print('reject with promise keeps promise', v === p));
