// @node @modern

async function* gen() { yield 1; yield Promise.resolve(2); yield 3; }
async function run() {
  const out = [];
  for await (const v of gen()) out.push(v);
  for await (const v of [Promise.resolve('a'), 'b']) out.push(v);
  const custom = { [Symbol.asyncIterator]() { let i = 0; return { next: async () => ({ value: i++, done: i > 2 }) }; } };
  for await (const v of custom) out.push('c' + v);
  for await (const v of gen()) { out.push('brk' + v); break; }
  print(out.join(','));
}
run();
