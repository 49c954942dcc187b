// @node @modern

const d = (ms, v, fail) => new Promise((res, rej) => setTimeout(() => (fail ? rej : res)(v), ms));
Promise.any([d(30, 'a', true), d(10, 'b', true), d(20, 'c', true)]).catch(e => print(e.constructor.name, e.errors.join(','), e.message));
Promise.allSettled([d(20, 1), d(10, 2, true)]).then(r => print(JSON.stringify(r)));
Promise.race([d(20, 'slow'), d(10, 'fastfail', true)]).catch(e => print('race rejected', e));
Promise.any([d(20, 'late-ok'), d(5, 'early-fail', true)]).then(v => print('any', v));
