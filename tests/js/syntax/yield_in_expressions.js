function* g() { const a = [yield 1, yield 2]; const s = `${yield 3}`; const o = { k: yield 4 }; return [a.join("+"), s, o.k].join("|"); }
const it = g(); it.next();
it.next("A"); it.next("B"); it.next("C");
console.log(it.next("D").value);
