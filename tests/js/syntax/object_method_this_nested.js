const counter = {
  count: 0,
  tick() { return () => { this.count++; return this; }; },
  async later() { await null; return this.count; },
  *gen() { yield this.count; },
};
counter.tick()().tick()();
console.log(counter.count, [...counter.gen()][0]);
counter.later().then(v => console.log("later", v));
