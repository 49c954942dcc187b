async function main() {
  let s = 0;
  for (let i = 0; i < 5; i++) s += await Promise.resolve(i);
  const out = [];
  for (const p of [Promise.resolve("x"), "y"]) out.push(await p);
  let j = 0;
  while (j < 3) { j = await (j + 1); }
  console.log(s, out.join(""), j);
}
main();
