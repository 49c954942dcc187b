class A { constructor(v) { this.v = v; } }
class B extends A { constructor() { const init = () => super(7); init(); this.w = this.v + 1; } }
const b = new B();
console.log(b.v, b.w);
