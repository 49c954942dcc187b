const log = [];
async function a() { log.push("a1"); await null; log.push("a2"); await null; log.push("a3"); }
a();
Promise.resolve().then(() => log.push("p1")).then(() => log.push("p2"));
log.push("sync");
setTimeout(() => console.log(log.join(",")), 0);
