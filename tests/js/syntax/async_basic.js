async function f(x) { const a = await x; const b = await Promise.resolve(a + 1); return b * 2; }
f(1).then(v => console.log("result", v));
console.log("sync first");
