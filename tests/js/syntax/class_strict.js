class A { m() { return this; } static t() { try { undeclaredVar = 1; return "sloppy"; } catch (e) { return e.name; } } }
console.log(A.prototype.m.call(undefined), A.t());
