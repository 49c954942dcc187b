function P(a, b) { this.s = a + b; }
console.log(new P(...[1, 2]).s);
const d = new Date(...[2020, 0, 15]);
console.log(d.getFullYear(), d.getMonth(), d.getDate());
