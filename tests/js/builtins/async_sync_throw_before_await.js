// @node @modern

const log = [];
async function f() { log.push('f body'); throw new Error('sync part'); }
const p = f();
log.push('after call ' + (p instanceof Promise));
p.catch(e => { log.push('rejected ' + e.message); print(log.join(',')); });
