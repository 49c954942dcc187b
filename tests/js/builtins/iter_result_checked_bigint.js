// @node
// iter_result_checked.js's check where the source may make a BigInt (the lowering then sends every answer to __cm.iterResult, and a BigInt, an object in this runtime, is a primitive there).
const t = (label, f) => { try { const r = f(); console.log(label, 'no error', r === undefined ? '' : JSON.stringify(r)) } catch (e) { console.log(label, '|', e.name + ': ' + e.message) } };
const answering = (v) => ({ [Symbol.iterator]() { return { next() { return v } } } });
for (const v of [10n, 5, 'a string', undefined]) {
  const it = answering(v);
  t('for-of ' + String(v), () => { for (const x of it) {} });
  t('spread ' + String(v), () => [...it]);
  t('destructure ' + String(v), () => { const [a, b] = it; return [a, b] });
  t('Set ' + String(v), () => new Set(it));
  t('Array.from ' + String(v), () => Array.from(it));
}
const fine = { [Symbol.iterator]() { let i = 0n; return { next() { return { done: i >= 3n, value: i++ } } } } };
for (const x of fine) console.log('bigint values', String(x));
(async () => {
  for (const v of [10n, 5]) {
    const ait = { [Symbol.asyncIterator]() { return { next() { return v } } } };
    try { for await (const x of ait) {} } catch (e) { console.log('for-await ' + String(v), '|', e.name + ': ' + e.message) }
    try { for await (const x of answering(v)) {} } catch (e) { console.log('for-await sync ' + String(v), '|', e.name + ': ' + e.message) }
  }
})();
