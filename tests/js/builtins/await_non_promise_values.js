// @node @modern

(async () => {
  const vals = [await 1, await 'a', await null, await undefined, await { x: 1 }, await [1, 2], await (() => 'fn')];
  print(vals.map(v => typeof v === 'function' ? v() : JSON.stringify(v)).join(' '));
  const e = new Error('not thrown'); const got = await e; print(got === e);
})();
