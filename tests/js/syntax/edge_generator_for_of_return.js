function* inner() { try { yield 1; yield 2; } finally { console.log("inner closed"); } }
function* outer() { for (const v of inner()) yield v * 10; }
const it = outer();
console.log(it.next().value);
console.log(JSON.stringify(it.return("early")));
