class A {}
try { A(); } catch (e) { console.log(e.name + ": " + e.message); }
console.log(new A() instanceof A);
