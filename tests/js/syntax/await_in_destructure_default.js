async function main() {
  const { a = await Promise.resolve("def") } = {};
  const [b = await Promise.resolve("arr")] = [];
  console.log(a, b);
}
main();
