// @node @modern

const log = [];
async function retPromise() { return Promise.resolve('rp'); }
async function retValue() { return 'rv'; }
async function awaitReturn() { return await Promise.resolve('ar'); }
retPromise().then(v => log.push(v));
retValue().then(v => log.push(v));
awaitReturn().then(v => log.push(v));
Promise.resolve().then(() => log.push('t1')).then(() => log.push('t2')).then(() => log.push('t3')).then(() => log.push('t4'));
setTimeout(() => print(log.join(',')), 0);
