// @node @modern

const log = [];
const make = (name) => ({ [Symbol.iterator]() { let i = 0; return { next() { return { value: i++, done: i > 5 }; }, return(v) { log.push(name + ' return'); return { done: true }; } }; } });
for (const v of make('break')) { if (v === 1) break; }
try { for (const v of make('throw')) { throw new Error('x'); } } catch (e) { log.push('caught'); }
(function () { for (const v of make('return')) { return; } })();
const [a, b] = make('destructure');
for (const v of make('complete-not-called-when-exhausted')) {}
outer: for (const x of make('labeled')) { for (const y of [1]) continue outer; }
print(log.join('\n'));
