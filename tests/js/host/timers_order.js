// Timers fire by due time, then insertion order; microtasks drain after each
// callback. Delays are far apart so a loaded machine cannot reorder them.
var log = [];
setTimeout(function () { log.push('t200'); print(log.join(' ')); }, 200);
setTimeout(function () {
	log.push('t100a');
	Promise.resolve().then(function () { log.push('m-in-t100a'); });
}, 100);
setTimeout(function () { log.push('t100b'); }, 100);
var c = setTimeout(function () { log.push('cancelled'); }, 5);
clearTimeout(c);
setTimeout(function () {
	log.push('t0');
	setTimeout(function () { log.push('nested'); }, 0);
}, 0);
Promise.resolve().then(function () { log.push('m1'); });
queueMicrotask(function () { log.push('m2'); });
log.push('sync');
