const base = { greet() { return "base"; } };
const o = { greet() { return super.greet() + "+derived"; } };
Object.setPrototypeOf(o, base);
console.log(o.greet());
