class A { #x = 1; static read(o) { return o.#x; } static write(o) { o.#x = 2; } #m() {} static callM(o) { return o.#m(); } }
for (const f of [A.read, A.write, A.callM]) {
  try { f({}); console.log("no error"); } catch (e) { console.log(e instanceof TypeError); }
}
const a = new A(); A.write(a); console.log(A.read(a));
