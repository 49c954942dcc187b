class A { get v() { return "A.v:" + this.tag; } static s() { return "A.s"; } }
class B extends A { constructor() { super(); this.tag = "b"; } get v() { return "B>" + super.v; } static s() { return "B>" + super.s(); } }
console.log(new B().v, B.s());
class C extends B { m() { const f = () => super.v; return f(); } }
console.log(new C().m());
