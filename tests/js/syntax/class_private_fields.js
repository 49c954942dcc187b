class Counter {
  #count = 0;
  inc() { this.#count++; return this; }
  get value() { return this.#count; }
  has(o) { return #count in o; }
}
const c = new Counter().inc().inc();
console.log(c.value, Object.keys(c).length, JSON.stringify(c), c.has(c), c.has({}));
for (const k in c) console.log("key", k);
try { Counter.prototype.inc.call({}); } catch (e) { console.log(e.constructor.name); }
