const delay = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
async function main() {
  const rs = await Promise.all([1, 2, 3].map(async (n) => { await delay(10 - n * 3, 0); return n * n; }));
  console.log(rs.join(","));
}
main();
