class A {
  #n = 1;
  #s = "a";
  go() { this.#n += 5; this.#n *= 2; this.#s += "b"; const old = this.#n++; ++this.#n; return [old, this.#n, this.#s].join(","); }
  nul() { this.#t ??= "set"; this.#t ||= "no"; return this.#t; }
  #t = null;
}
console.log(new A().go(), new A().nul());
