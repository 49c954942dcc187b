// @node
// IteratorStep's check (in a source the lowering finds no big integer in, so its test is the inline one; iter_result_checked_bigint.js has the other): an iterator whose next() answers a primitive (or undefined) is a TypeError in V8's words wherever the runtime steps an iterator, never a loop that reads `done` off the primitive until the deadline; and the next method read once, as GetIterator reads it.
const t = (label, f) => { try { const r = f(); console.log(label, 'no error', r === undefined ? '' : JSON.stringify(r)) } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
const answering = (v) => ({ [Symbol.iterator]() { return { next() { return v } } } });
const bad = answering('a string');
for (const v of [undefined, null, 5, -0, 1.5, 'a string', '', true, false, Symbol('q')]) {
  const it = answering(v);
  t('for-of ' + String(v), () => { for (const x of it) {} });
  t('for-of label ' + String(v), () => { outer: for (const x of it) { continue outer } });
  t('spread ' + String(v), () => [...it]);
  t('call spread ' + String(v), () => Math.max(...it));
  t('destructure ' + String(v), () => { const [a, b] = it; return [a, b] });
  t('destructure rest ' + String(v), () => { const [...r] = it; return r });
  t('assign pattern ' + String(v), () => { let a; [a] = it; return a });
  t('Array.from ' + String(v), () => Array.from(it));
}
const noNext = (n) => ({ [Symbol.iterator]() { return { next: n } } });
for (const n of [undefined, 5, 'str', {}]) {
  t('next ' + typeof n + ' destructure', () => { const [a] = noNext(n) });
  t('next ' + typeof n + ' Set', () => new Set(noNext(n)));
  t('next ' + typeof n + ' Map', () => new Map(noNext(n)));
  t('next ' + typeof n + ' Array.from', () => Array.from(noNext(n)));
  t('next ' + typeof n + ' AggregateError', () => new AggregateError(noNext(n)));
  t('next ' + typeof n + ' fromEntries', () => Object.fromEntries(noNext(n)));
}
t('Map', () => new Map(bad));
t('Set', () => new Set(bad));
t('WeakMap', () => new WeakMap(bad));
t('WeakSet', () => new WeakSet(bad));
t('Object.fromEntries', () => Object.fromEntries(bad));
t('AggregateError', () => new AggregateError(bad));
t('AggregateError undefined', () => new AggregateError(answering(undefined)));
t('Array.from mapped', () => Array.from(bad, (x) => x));
t('Uint8Array.from', () => Uint8Array.from(bad));
t('new Uint8Array', () => new Uint8Array(bad));
t('Intl.ListFormat', () => new Intl.ListFormat('en').format(bad));
t('URLSearchParams', () => new URLSearchParams(bad));
t('URLSearchParams pair', () => new URLSearchParams([answering(3)]));
t('yield*', () => { function* g() { yield* bad } return [...g()] });
t('generator loop', () => { function* g() { for (const x of bad) yield x } return [...g()] });
const p = (label, f) => f().then((r) => console.log(label, 'resolved', JSON.stringify(r)), (e) => console.log(label, '|', e.name + ': ' + e.message));
(async () => {
  for (const v of [5, 'a string', undefined]) {
    const ait = { [Symbol.asyncIterator]() { return { next() { return v } } } };
    await p('for-await ' + String(v), async () => { for await (const x of ait) {} });
    await p('for-await sync ' + String(v), async () => { for await (const x of answering(v)) {} });
    await p('for-await promise ' + String(v), async () => { const pit = { [Symbol.asyncIterator]() { return { next() { return Promise.resolve(v) } } } }; for await (const x of pit) {} });
  }
  await p('Promise.all', () => Promise.all(bad));
  await p('Promise.allSettled', () => Promise.allSettled(bad));
  await p('Promise.any', () => Promise.any(bad));
  await p('Promise.race', () => Promise.race(bad));
  // next is read once, as the iterator is opened; a getter on it runs once
  let gets = 0;
  const counted = { [Symbol.iterator]() { let i = 0; return { get next() { gets++; return () => ({ done: i >= 3, value: i++ }) } } } };
  const once = (label, f) => { gets = 0; const v = f(); console.log(label, JSON.stringify(v), 'next read', gets, 'time(s)') };
  once('spread', () => [...counted]);
  once('Array.from', () => Array.from(counted));
  once('Set', () => [...new Set(counted)]);
  once('Map', () => [...new Map([...counted].map((i) => [i, i]))]);
  once('for-await', () => { (async () => { const out = []; for await (const x of counted) out.push(x); console.log('for-await values', JSON.stringify(out)) })() });
  once('destructure', () => { const [a, b, ...r] = counted; return [a, b, r] });
  // a function is an object: it is an iterator result
  const fnres = { [Symbol.iterator]() { let n = 0; return { next() { const f = () => {}; f.done = n++ > 1; f.value = n; return f } } } };
  console.log('function results', JSON.stringify([...fnres]));
  for (const x of fnres) console.log('for-of function result', x);
})();
