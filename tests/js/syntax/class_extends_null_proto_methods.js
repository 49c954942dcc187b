class A { static create() { return new this(); } hello() { return "hello " + this.constructor.name; } }
class B extends A {}
console.log(B.create().hello(), A.create().hello());
