async function* agen() { yield 1; await null; yield 2; yield await Promise.resolve(3); }
async function main() {
  const out = [];
  for await (const v of agen()) out.push(v);
  console.log(out.join(","));
  const it = agen();
  console.log(JSON.stringify(await it.next()));
}
main();
