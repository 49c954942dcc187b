// @node @modern

const log = [];
async function* g() { try { yield 1; yield 2; } finally { await null; log.push('finally awaited'); } }
(async () => {
  const it = g();
  log.push(JSON.stringify(await it.next()));
  log.push(JSON.stringify(await it.return('R')));
  log.push(JSON.stringify(await it.next()));
  const it2 = g();
  log.push(JSON.stringify(await it2.return(Promise.resolve('before start'))));
  try { await g().return(Promise.reject(new Error('rejected return'))); } catch (e) { log.push('return rejected: ' + e.message); }
  print(log.join('\n'));
})();
