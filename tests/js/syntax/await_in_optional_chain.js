async function main() {
  const o = { f: async () => "called" };
  console.log(await o?.f?.(), (await Promise.resolve(null))?.x ?? "nullish");
  const n = await null;
  console.log(n?.[await 1]);
}
main();
