// @node @modern

async function* source() { for (let i = 1; i <= 5; i++) { await new Promise(r => setTimeout(r, 1)); yield i; } }
async function* mapA(it, f) { for await (const v of it) yield f(v); }
async function* filterA(it, p) { for await (const v of it) if (await p(v)) yield v; }
(async () => {
  const out = [];
  for await (const v of filterA(mapA(source(), x => x * 3), async x => x % 2 === 1)) out.push(v);
  print(out.join());
})();
