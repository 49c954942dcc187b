// @node
// GetIterator reads an iterator's next method once, as a for-of or for await opens, and every step calls that method on the iterator (with no argument), whatever next becomes meanwhile; a next that is no function fails at the first step in V8's words (`number 5 is not a function`), the same in for-of, for await, destructuring and Array.from, and the iterator is not closed.
const t = (label, f) => { try { const r = f(); console.log(label, 'no error', r === undefined ? '' : JSON.stringify(r)) } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
function counting(async) {
  const log = [];
  let i = 0;
  const it = {
    get next() { log.push('get next'); return function (...a) { log.push('next this ' + (this === it) + ' args ' + a.length); const r = { done: i >= 3, value: i++ }; return async ? Promise.resolve(r) : r } },
    return() { log.push('return'); return {} }
  };
  return { log, it, iterable: { [async ? Symbol.asyncIterator : Symbol.iterator]() { return it } } };
}
{
  const c = counting(false), seen = [];
  for (const x of c.iterable) { seen.push(x); Object.defineProperty(c.it, 'next', { get() { throw new Error('next read again') } }) }
  console.log('for-of', seen.join(), c.log.join('; '));
}
{
  const c = counting(false), seen = [];
  for (const x of c.iterable) { seen.push(x); if (x === 1) break }
  console.log('for-of break', seen.join(), c.log.join('; '));
}
{
  let calls = 0;
  const it = { next() { calls++; it.next = () => { throw new Error('replaced next called') }; return { done: calls > 2, value: calls } } };
  const seen = [];
  for (const x of { [Symbol.iterator]: () => it }) seen.push(x);
  console.log('for-of next replaced', seen.join(), calls);
}
const mk = (n) => ({ [Symbol.iterator]() { return { next: n, return() { console.log('  return called'); return {} } } } });
const mka = (n) => ({ [Symbol.asyncIterator]() { return { next: n, return() { console.log('  return called'); return {} } } } });
const values = [['5', 5], ['undefined', undefined], ['null', null], ['object', {}], ['array', [1]], ['string', 'abc'], ['true', true], ['symbol', Symbol('q')]];
for (const [k, v] of values) {
  t('for-of next ' + k, () => { for (const x of mk(v)) console.log('  body ran') });
  t('for-of assign next ' + k, () => { let x; for (x of mk(v)) console.log('  body ran') });
  t('destructure next ' + k, () => { const [a] = mk(v) });
  t('assign next ' + k, () => { let a; [a] = mk(v) });
  t('Array.from next ' + k, () => Array.from(mk(v)));
  t('Map next ' + k, () => new Map(mk(v)));
}
(async () => {
  {
    const c = counting(true), seen = [];
    for await (const x of c.iterable) { seen.push(x); Object.defineProperty(c.it, 'next', { get() { throw new Error('next read again') } }) }
    console.log('for await', seen.join(), c.log.join('; '));
  }
  {
    const c = counting(false), seen = [];
    for await (const x of c.iterable) { seen.push(x); Object.defineProperty(c.it, 'next', { get() { throw new Error('next read again') } }) }
    console.log('for await over a sync iterator', seen.join(), c.log.join('; '));
  }
  for (const [k, v] of values) {
    try { for await (const x of mka(v)) console.log('  body ran') } catch (e) { console.log('for await next ' + k, '|', e.name + ': ' + e.message) }
    try { for await (const x of mk(v)) console.log('  body ran') } catch (e) { console.log('for await sync next ' + k, '|', e.name + ': ' + e.message) }
  }
})();
const closing = (k, v) => ({ [Symbol.iterator]() { return { next() { return { done: false, value: 1 } }, [k]: v } } });
for (const v of [5, 'x', {}, null]) {
  t('for-of break, return ' + String(v), () => { for (const x of closing('return', v)) break });
  t('destructure, return ' + String(v), () => { const [a] = closing('return', v) });
  const o = closing('return', v);
  function* g() { yield* o }
  const gi = g();
  gi.next();
  t('yield* return ' + String(v), () => gi.return(1));
}
function* gn() { yield* { [Symbol.iterator]() { return { next: 5 } } } }
t('yield* next 5', () => gn().next());
// an array literal's spread: V8 words a next that is no function as the spread's value not iterating, named as the source writes it; a call's spread that is not its only last argument describes next's value
{
  const o = mk(5), obj = { o }, c = true;
  t('spread', () => [...o]);
  t('spread member', () => [0, ...obj.o]);
  t('spread conditional', () => [...(c ? o : 0)]);
  t('spread logical', () => [...(c && o)]);
  t('spread optional', () => [...obj?.o]);
  t('spread element', () => [...[o][0]]);
  t('call spread middle', () => Math.max(1, ...o, 2));
}
