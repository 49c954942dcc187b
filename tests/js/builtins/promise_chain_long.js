// @node @modern

let p = Promise.resolve(0);
for (let i = 0; i < 5000; i++) p = p.then(v => v + 1);
p.then(v => print('long chain', v));
let q = Promise.reject(new Error('e'));
for (let i = 0; i < 100; i++) q = q.then(() => 'skipped');
q.catch(e => print('rejection traversed chain', e.message));
