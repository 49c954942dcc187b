async function main() {
  const results = [];
  for (let i = 0; i < 3; i++) { await null; results.push(() => i); }
  console.log(results.map(f => f()).join(","));
}
main();
