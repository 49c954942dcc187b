function* g() { const f = () => this.v; yield f(); yield [1, 2].map(x => x * 10).join(","); }
console.log([...g.call({ v: "this-ok" })].join(" "));
