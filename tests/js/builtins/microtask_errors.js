// @node
var log = [];
queueMicrotask(function () { log.push('q1'); });
Promise.resolve().then(function () { log.push('p1'); throw new Error('x'); }).catch(function (e) { log.push('caught ' + e.message); });
queueMicrotask(function () { log.push('q2'); queueMicrotask(function () { log.push('q3 nested'); }); });
try { queueMicrotask('nope'); } catch (e) { log.push(e.name); }
setTimeout(function () { print(log.join(',')); }, 0);
