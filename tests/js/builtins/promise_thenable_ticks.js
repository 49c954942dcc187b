// @node @modern

const log = [];
const thenable = { then(r) { log.push('then called'); r('T'); } };
(async () => { log.push('await thenable start'); const v = await thenable; log.push('await thenable ' + v); })();
(async () => { const v = await Promise.resolve('P'); log.push('await promise ' + v); })();
(async () => { const v = await 'plain'; log.push('await plain ' + v); })();
Promise.resolve().then(() => log.push('tick1')).then(() => log.push('tick2')).then(() => log.push('tick3'));
setTimeout(() => print(log.join('\n')), 0);
