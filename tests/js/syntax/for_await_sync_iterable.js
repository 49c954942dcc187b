async function main() {
  const out = [];
  for await (const v of [Promise.resolve("a"), "b", Promise.resolve("c")]) out.push(v);
  console.log(out.join(""));
}
main();
