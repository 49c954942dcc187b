function* g() {
  for (let i = 0; i < 3; i++) {
    try { yield i; } catch (e) { console.log("caught " + e); }
  }
}
const it = g();
console.log(it.next().value);
console.log(it.throw("x").value);
console.log(JSON.stringify(it.return("r")));
