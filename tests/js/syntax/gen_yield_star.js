function* inner() { const r = yield "i1"; yield "i2:" + r; return "inner-ret"; }
function* outer() { const v = yield* inner(); yield "outer got " + v; yield* [7, 8]; }
const it = outer();
const out = [it.next().value, it.next("R").value, it.next().value, it.next().value, it.next().value];
console.log(out.join(" | "));
