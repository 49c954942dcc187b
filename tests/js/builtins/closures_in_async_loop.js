// @node @modern

(async () => {
  const fns = [];
  for (let i = 0; i < 3; i++) { await null; fns.push(() => i); }
  print(fns.map(f => f()).join());
  const results = await Promise.all([1, 2, 3].map(async (x, i) => { await new Promise(r => setTimeout(r, 10 - i * 3)); return x * x; }));
  print(results.join());
})();
