// @modern (expected: ideal timer order; node drifts)

const log = [];
const sleep = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
async function worker(name, ms) { log.push(name + ' start'); await sleep(ms); log.push(name + ' mid'); await sleep(ms); log.push(name + ' end'); return name; }
Promise.all([worker('A', 60), worker('B', 90), worker('C', 20)]).then(r => { log.push('all ' + r.join('')); print(log.join('\n')); });
