async function* ag() { try { yield 1; yield 2; } finally { console.log("ag finally"); } }
(async () => {
  const it = ag();
  console.log(JSON.stringify(await it.next()));
  console.log(JSON.stringify(await it.return("done")));
  console.log(JSON.stringify(await it.next()));
})();
