function mk(log) {
  let i = 0;
  return { [Symbol.iterator]() { return this; }, next() { return { value: i++, done: i > 10 }; }, return() { log.push("closed"); return { done: true }; } };
}
const log = [];
for (const x of mk(log)) { if (x === 2) break; log.push(x); }
console.log(log.join(","));
const log2 = [];
try { for (const x of mk(log2)) { throw new Error("boom"); } } catch (e) { log2.push(e.message); }
console.log(log2.join(","));
const log3 = [];
function f() { for (const x of mk(log3)) { return x; } }
console.log(f(), log3.join(","));
const log4 = [];
for (const x of mk(log4)) { log4.push(x); }
console.log(log4.length);
