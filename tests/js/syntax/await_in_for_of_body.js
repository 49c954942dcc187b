async function main() {
  const res = [];
  for (const x of [1, 2, 3]) { res.push(await new Promise(r => setTimeout(() => r(x * 2), 3 - x))); }
  console.log(res.join(","));
}
main();
