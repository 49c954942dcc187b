let log = [];
function* g() { try { yield 1; yield 2; yield 3; } finally { log.push("closed"); } }
const [a] = g();
const [b, c, d, e] = g();
console.log(a, b, c, d, e, log.join(","));
