// @node @modern

let log = [];
async function* g() { try { yield 1; yield 2; } finally { log.push('gen finally'); } }
async function run() {
  for await (const v of g()) { log.push('v' + v); if (v === 1) break; }
  try { for await (const v of g()) { throw new Error('body threw'); } } catch (e) { log.push(e.message); }
  const syncIt = { [Symbol.iterator]() { return { i: 0, next() { return { value: this.i++, done: this.i > 3 }; }, return() { log.push('sync return'); return {}; } }; } };
  for await (const v of syncIt) { if (v === 1) break; }
  print(log.join(','));
}
run();
