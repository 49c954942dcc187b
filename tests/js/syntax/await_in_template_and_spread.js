async function main() {
  const s = `x${await Promise.resolve(1)}y${await 2}`;
  const arr = [...(await Promise.resolve([1, 2])), await 3];
  console.log(s, arr.join(","));
  const o = { ...(await Promise.resolve({ k: "v" })), n: await 1 };
  console.log(JSON.stringify(o));
}
main();
