// @node @modern

async function run() {
  const out = [];
  for (const x of [1, 2, 3]) { out.push(await Promise.resolve(x * 2)); }
  for (let i = 0; i < 3; i++) { await null; out.push('i' + i); }
  const o = { a: 1, b: 2 };
  for (const k in o) { out.push(k + (await o[k])); }
  let n = 0;
  do { n += await 1; } while (n < 3);
  out.push('n' + n);
  label: for (const a of [1, 2]) { for (const b of [1, 2]) { await null; if (b === 2) continue label; out.push(a + '' + b); } }
  const [p, q] = await Promise.all([1, 2]);
  out.push(p + q);
  const { z = await 9 } = {};
  out.push(z);
  return out.join(' ');
}
run().then(print);
