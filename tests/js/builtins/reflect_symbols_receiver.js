// Reflect.get/set/has/deleteProperty with symbol keys and a receiver,
// setters called with one argument, apply's argument list, toStringTags.
var s = Symbol('s');
var o = { [s]: 1 };
print(Reflect.get(o, s), Reflect.has(o, s), Reflect.set(o, s, 2), o[s]);
print(Reflect.deleteProperty(o, s), Reflect.has(o, s));
var frozen = Object.freeze({ x: 1 });
print(Reflect.deleteProperty(frozen, 'x'), Reflect.set(frozen, 'x', 2), frozen.x);
var src = { get v() { return this.tag; }, set v(x) { this.seen = arguments.length + ':' + x; } };
var recv = { tag: 'receiver' };
print(Reflect.get(src, 'v', recv), Reflect.set(src, 'v', 5, recv), recv.seen, src.seen);
var proto = { p: 1 };
var child = Object.create(proto);
print(Reflect.set(child, 'p', 9), child.hasOwnProperty('p'), proto.p);
print(Reflect.set({}, 'q', 1, 5), Reflect.set(Object.defineProperty({}, 'r', { value: 1 }), 'r', 2));
var target = {}, other = {};
print(Reflect.set(target, 'k', 3, other), target.k, other.k, Object.getOwnPropertyDescriptor(other, 'k').enumerable);
try { Reflect.apply(Math.max, null); } catch (e) { print(e.constructor.name); }
print(Reflect.apply(Math.max, null, [1, 3, 2]));
try { Reflect.get(1, 'x'); } catch (e) { print(e.constructor.name); }
print(Object.prototype.toString.call(Reflect), Object.prototype.toString.call(JSON));
print(Reflect.get.length, Reflect.set.length, Reflect.has.length);
