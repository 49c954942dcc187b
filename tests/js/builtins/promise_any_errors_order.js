// @node @modern
// Settled by timers of different lengths; each line is printed in input
// order once all have settled, so the lines do not race one another.

const d = (ms, v, fail) => new Promise((res, rej) => setTimeout(() => (fail ? rej : res)(v), ms));
Promise.all([
	Promise.any([d(30, 'a', true), d(10, 'b', true), d(20, 'c', true)]).catch(e => [e.constructor.name, e.errors.join(','), e.message].join(' ')),
	Promise.allSettled([d(20, 1), d(10, 2, true)]).then(r => JSON.stringify(r)),
	Promise.race([d(20, 'slow'), d(10, 'fastfail', true)]).catch(e => 'race rejected ' + e),
	Promise.any([d(20, 'late-ok'), d(5, 'early-fail', true)]).then(v => 'any ' + v),
]).then(lines => lines.forEach(l => print(l)));
