class A { constructor() { this.kind = new.target.name; } }
class B extends A {}
console.log(new A().kind, new B().kind);
function F() { return new.target === undefined ? "call" : "new"; }
console.log(F(), new F() instanceof F);
