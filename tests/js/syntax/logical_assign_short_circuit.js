const o = { get v() { return 1; }, set v(x) { console.log("setter called", x); } };
o.v ||= 2;
o.v &&= 3;
console.log("done");
