class A { static get who() { return "A:" + this.name; } }
class B extends A {}
console.log(A.who, B.who);
