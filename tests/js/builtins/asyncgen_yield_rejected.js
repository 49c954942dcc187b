// @node @modern

const log = [];
async function* g() { try { yield Promise.reject(new Error('yielded rejection')); } catch (e) { log.push('caught in gen: ' + e.message); yield 'recovered'; } }
(async () => {
  const it = g();
  log.push(JSON.stringify(await it.next()));
  log.push(JSON.stringify(await it.next()));
  print(log.join('\n'));
})();
