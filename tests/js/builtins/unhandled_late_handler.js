// @modern
// unhandled rejections are reported at the end of the drain they were rejected in (expected by hand)

const p = Promise.reject(new Error('late'));
setTimeout(() => { p.catch(() => print('handled too late')); }, 1);
const q = Promise.reject(new Error('caught in time'));
queueMicrotask(() => q.catch(() => print('handled in same drain')));
