class A {
  #x = 2;
  #double() { return this.#x * 2; }
  get #y() { return this.#x + 1; }
  set #y(v) { this.#x = v; }
  run() { this.#y = 10; return [this.#double(), this.#y].join(","); }
  static #sm() { return "static private"; }
  static callSm() { return A.#sm(); }
}
console.log(new A().run(), A.callSm());
