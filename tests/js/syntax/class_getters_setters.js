class Temp {
  #c = 0;
  get f() { return this.#c * 9 / 5 + 32; }
  set f(v) { this.#c = (v - 32) * 5 / 9; }
  static get unit() { return "F"; }
}
const t = new Temp(); t.f = 212;
console.log(t.f, Temp.unit, Object.getOwnPropertyNames(Temp.prototype).sort().join(","));
