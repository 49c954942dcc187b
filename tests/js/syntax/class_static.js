class C {
  static count = 0;
  static inc() { return ++C.count; }
  static #secret = "s";
  static reveal() { return C.#secret; }
  static { C.initialized = true; }
}
C.inc(); C.inc();
console.log(C.count, C.reveal(), C.initialized);
class D extends C {}
console.log(D.inc(), D.count, C.count);
