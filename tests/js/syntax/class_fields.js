let counter = 0;
class A { a = ++counter; b = this.a * 10; c; ["d" + 1] = "dyn"; arrow = () => this.a; }
const x = new A(), y = new A();
console.log(x.a, x.b, x.c, x.d1, y.a, y.arrow.call(null));
console.log(Object.keys(x).join(","));
class B extends A { e = this.a + 100; }
console.log(new B().e);
