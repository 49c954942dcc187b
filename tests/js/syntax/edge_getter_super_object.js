const base = { get who() { return "base:" + this.tag; } };
const o = { __proto__: base, tag: "o", get who() { return "o>" + super.who; } };
console.log(o.who);
