// @node @modern

const log = [];
setTimeout(() => { log.push('timeout1'); Promise.resolve().then(() => log.push('micro in timeout1')); queueMicrotask(() => log.push('qm in timeout1')); }, 0);
setTimeout(() => { log.push('timeout2'); }, 0);
Promise.resolve().then(() => { log.push('m1'); setTimeout(() => log.push('timeout from micro'), 0); Promise.resolve().then(() => log.push('m1-nested')); });
queueMicrotask(() => log.push('qm1'));
setTimeout(() => print(log.join(',')), 50);
