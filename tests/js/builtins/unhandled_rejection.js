// __cm.takeUnhandledRejections (the dev epilogue prints them)
Promise.reject(new Error('never handled'));
var late = Promise.reject('handled in same drain');
Promise.resolve().then(function () { late.catch(function () {}); });
var handled = Promise.reject('handled right away'); handled.catch(function () {});
async function boom() { throw new TypeError('async boom'); }
boom();
setTimeout(function () { Promise.reject('from timer'); }, 1);
var p = Promise.reject('chained'); p.then(function () {});
print('sync done');
