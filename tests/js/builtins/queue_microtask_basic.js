// @node @modern

const log = [];
queueMicrotask(() => log.push(1));
Promise.resolve().then(() => log.push(2));
queueMicrotask(() => { log.push(3); queueMicrotask(() => log.push(5)); Promise.resolve().then(() => log.push(6)); });
Promise.resolve().then(() => log.push(4));
setTimeout(() => print(log.join()), 0);
print(typeof queueMicrotask, queueMicrotask.length);
try { queueMicrotask(); } catch (e) { print(e.constructor.name); }
