// @node @modern

const log = [];
for (let i = 0; i < 5; i++) setTimeout(() => log.push(i), 100);
setTimeout(() => log.push('short'), 50);
setTimeout(() => { log.push('outer'); setTimeout(() => log.push('inner0'), 0); Promise.resolve().then(() => log.push('micro')); }, 1);
setTimeout(() => print(log.join()), 100);
