// @node @modern

async function f({ a }) { return a; }
f().catch(e => print('destructure error is rejection', e.constructor.name));
async function g(x = (() => { throw new Error('default threw'); })()) { return x; }
g().catch(e => print('default error is rejection', e.message));
let sync = 'before';
const p = (async () => { sync = 'during'; await null; sync = 'after'; })();
print('body runs synchronously:', sync);
p.then(() => print('then:', sync));
