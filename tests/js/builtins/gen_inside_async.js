// @node @modern

function* counter() { let n = 0; while (true) { const cmd = yield n; if (cmd === 'reset') n = 0; else n++; } }
async function run() {
  const c = counter(); c.next();
  const vals = [];
  for (let i = 0; i < 3; i++) { await null; vals.push(c.next().value); }
  vals.push(c.next('reset').value);
  await new Promise(r => setTimeout(r, 1));
  vals.push(c.next().value);
  return vals.join();
}
run().then(print);
async function* agen() { const inner = counter(); inner.next(); for (let i = 0; i < 3; i++) yield inner.next().value; }
(async () => { const out = []; for await (const v of agen()) out.push(v); print('async gen with inner gen', out.join()); })();
