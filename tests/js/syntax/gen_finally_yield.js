function* g() {
  try { yield 1; yield 2; }
  finally { yield "cleanup"; console.log("after cleanup yield"); }
}
const it = g();
console.log(JSON.stringify(it.next()));
console.log(JSON.stringify(it.return("R")));
console.log(JSON.stringify(it.next()));
console.log(JSON.stringify(it.next()));
