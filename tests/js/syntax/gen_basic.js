function* g() { const x = yield 1; console.log("got", x); yield x * 2; return "done"; }
const it = g();
console.log(JSON.stringify(it.next()), JSON.stringify(it.next(5)), JSON.stringify(it.next()), JSON.stringify(it.next()));
