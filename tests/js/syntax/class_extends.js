class Animal { constructor(name) { this.name = name; } speak() { return this.name + " makes a sound"; } }
class Dog extends Animal { speak() { return super.speak() + " (woof)"; } }
const d = new Dog("Rex");
console.log(d.speak(), d instanceof Animal, d instanceof Dog, Object.getPrototypeOf(Dog) === Animal);
class Puppy extends Dog { constructor(n) { super(n + " jr"); this.age = 1; } }
const p = new Puppy("Rex");
console.log(p.speak(), p.age, p.constructor.name);
