class MyP extends Promise { tag() { return "tagged"; } }
const p = new MyP(r => r(5));
console.log(p instanceof MyP, p instanceof Promise, p.tag());
p.then(v => console.log("then", v));
class M extends Map { getOr(k, d) { return this.has(k) ? this.get(k) : d; } }
const m = new M([["a", 1]]);
console.log(m.getOr("a", 0), m.getOr("b", 0), m.size, m instanceof Map);
class D extends Date { year() { return this.getFullYear(); } }
console.log(new D(2020, 1, 1).year());
class R extends RegExp { }
console.log(new R("a+").test("caat"));
