// @node @modern

const log = [];
async function* g() { log.push('start'); await new Promise(r => setTimeout(r, 5)); yield 'a'; log.push('after a'); yield 'b'; }
const it = g();
const p1 = it.next();
const p2 = it.return('R');
const p3 = it.next();
Promise.all([p1, p2, p3]).then(rs => { log.push(rs.map(r => JSON.stringify(r)).join(' ')); print(log.join('\n')); });
