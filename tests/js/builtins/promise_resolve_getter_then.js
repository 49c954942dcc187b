// @node @modern

let count = 0;
const obj = { get then() { count++; return undefined; } };
Promise.resolve(obj).then(v => print('fulfilled with obj', v === obj, 'then read', count));
const fnThen = function () {}; fnThen.then = (r) => r('function thenable');
Promise.resolve(fnThen).then(v => print(v));
const nested = { then(r) { r({ then(r2) { r2('deep'); } }); } };
Promise.resolve(nested).then(v => print('nested thenable', v));
