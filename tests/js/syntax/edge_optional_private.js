class A { #v = 3; static get(o) { return o?.#v; } }
console.log(A.get(new A()), A.get(null));
