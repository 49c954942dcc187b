// @node @modern

const o = { b: 1, a: 2, 10: 'ten', 2: 'two', [Symbol('s')]: 3 };
print(JSON.stringify(Object.entries(o)), JSON.stringify(Object.values(o)));
const withGetter = { get g() { return 'got'; } }; print(JSON.stringify(Object.entries(withGetter)));
class P { constructor() { this.own = 1; } } P.prototype.inherited = 2;
print(JSON.stringify(Object.entries(new P())), JSON.stringify(Object.values([1, 2])));
print(JSON.stringify(Object.entries(5)), JSON.stringify(Object.entries(true)));
