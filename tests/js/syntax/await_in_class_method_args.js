class A { constructor(v) { this.v = v; } }
class B extends A { static async make() { return new B(await Promise.resolve(5)); } }
B.make().then(b => console.log(b.v, b instanceof A));
