// Reflect.construct with a newTarget: the object gets newTarget's prototype.
function F(a) { this.a = a; }
function G() {}
var o = Reflect.construct(F, [1], G);
print(Object.getPrototypeOf(o) === G.prototype, o.a, o instanceof F);
print(Reflect.construct(F, [2]).a, Reflect.construct.length, Reflect.construct.name);
class Base { constructor(x) { this.x = x; } }
class Derived extends Base {}
print(Reflect.construct(Base, [3], Derived) instanceof Derived);
for (const bad of [Math.max, {}, 1]) {
	try { Reflect.construct(function () {}, [], bad); print('no throw'); }
	catch (e) { print(e.name); }
}
try { Reflect.construct(Math.max, []); } catch (e) { print(e.name); }
try { Reflect.construct(F, 1); } catch (e) { print(e.name); }
print(Reflect.construct(Date, [0]) instanceof Date);
