// @node @modern

const log = [];
Promise.resolve('a').finally(() => log.push('f')).then(v => log.push('then ' + v));
Promise.resolve().then(() => log.push('x1')).then(() => log.push('x2')).then(() => log.push('x3')).then(() => log.push('x4')).then(() => log.push('x5'));
setTimeout(() => print(log.join(',')), 0);
