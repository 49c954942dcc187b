// @node @modern

const log = [];
Promise.resolve().then(() => log.push('micro'));
let s = 0; for (let i = 0; i < 100000; i++) s += i;
log.push('sync ' + s);
setTimeout(() => print(log.join()), 0);
