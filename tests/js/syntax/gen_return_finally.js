function* g() { try { yield 1; yield 2; } catch (e) { console.log("caught", e); } finally { console.log("cleanup"); } }
const it = g(); it.next();
console.log(JSON.stringify(it.return(42)));
const it2 = g(); it2.next();
console.log(JSON.stringify(it2.throw("err")));
