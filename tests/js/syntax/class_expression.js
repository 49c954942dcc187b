const K = class { m() { return "m"; } };
const N = class Named { who() { return Named.name; } };
console.log(new K().m(), new N().who(), N.name);
const make = (base) => class extends base { x() { return "x" + super.m(); } };
console.log(new (make(K))().x());
