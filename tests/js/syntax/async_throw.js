async function bad() { await null; throw new Error("nope"); }
async function main() {
  try { await bad(); } catch (e) { console.log("caught", e.message); }
  const r = await bad().catch(e => "handled " + e.message);
  console.log(r);
}
main();
