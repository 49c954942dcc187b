async function* g() { try { yield 1; yield 2; yield 3; } finally { console.log("agen cleanup"); } }
async function main() { for await (const v of g()) { console.log(v); if (v === 2) break; } console.log("after"); }
main();
