class A { get [Symbol.toStringTag]() { return "Tagged"; } }
console.log(Object.prototype.toString.call(new A()));
class It { *[Symbol.iterator]() { yield 1; yield 2; } }
console.log([...new It()].join(","));
