// Optional chains keep `this`: super.m?.(), (a?.b)(), (a?.b)?.(); super in chains.
class A { m() { return this.v; } get g() { return { c: 2 }; } }
class B extends A {
	constructor() { super()?.x; this.v = 5; }
	t() { return [super.m?.(), super.nope?.(), super.g?.c, super['g']?.c]; }
}
print(JSON.stringify(new B().t()));
const a = { b() { return this._b; }, _b: { c: 42 }, n: null };
print((a?.b)().c, (a.b)?.().c, (a?.b)?.().c, (a?.b)(...[]).c);
let z = null;
print((z?.b)?.(), z?.b.c.d);
try { (z?.b)(); } catch (e) { print('call of short-circuit:', e.name); }
try { (a?.n.x)(); } catch (e) { print('member of null:', e.name); }
const q = { r: { s() { return this === q.r; } } };
print((q?.r.s)(), (q.r?.s)());
