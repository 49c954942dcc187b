// @node @modern

const log = [];
async function* g() { while (true) { try { yield 'y'; } catch (e) { log.push('caught ' + e); } } }
(async () => {
  const it = g();
  await it.next();
  log.push(JSON.stringify(await it.throw('E1')));
  log.push(JSON.stringify(await it.throw('E2')));
  const it2 = g();
  try { await it2.throw(new Error('at start')); } catch (e) { log.push('start throw rejects: ' + e.message); }
  log.push(JSON.stringify(await it2.next()));
  async function* bad() { yield 1; throw new TypeError('inside'); }
  const b = bad(); await b.next();
  try { await b.next(); } catch (e) { log.push('body error: ' + e.message); }
  log.push(JSON.stringify(await b.next()));
  print(log.join('\n'));
})();
