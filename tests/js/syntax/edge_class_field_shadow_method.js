class A { m() { return "method"; } }
class B extends A { m = () => "field"; }
console.log(new B().m(), B.prototype.m.call(null));
