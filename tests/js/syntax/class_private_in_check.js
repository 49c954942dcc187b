class A { #p; static is(o) { return #p in o; } }
console.log(A.is(new A()), A.is({}));
try { A.is(1); } catch (e) { console.log(e.name); }
