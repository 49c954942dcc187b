class MyError extends Error {
  constructor(msg) { super(msg); this.name = "MyError"; this.extra = 1; }
}
try { throw new MyError("bad"); } catch (e) {
  console.log(e instanceof MyError, e instanceof Error, e.message, e.name, e.extra, String(e));
}
class E2 extends Error {}
const e2 = new E2("m2");
console.log(e2 instanceof E2, e2.message);
