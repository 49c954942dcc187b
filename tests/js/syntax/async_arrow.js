const o = { v: 3, run() { const f = async (m) => this.v * (await m); return f(Promise.resolve(2)); } };
o.run().then(v => console.log(v));
const g = async () => { return "arrow"; };
g().then(console.log);
