class P { constructor() { this.x = 1; } get y() { return 2; } }
const p = new P();
console.log(JSON.stringify(p), Object.keys(p).join(","), "y" in p);
