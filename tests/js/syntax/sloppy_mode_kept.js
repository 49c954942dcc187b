function f() { return this === undefined ? "strict" : "sloppy"; }
console.log(f());
