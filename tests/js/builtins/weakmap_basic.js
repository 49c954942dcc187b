// @node
var wm = new WeakMap(), ws = new WeakSet();
var k1 = {}, k2 = function () {}, k3 = Object.freeze({}), k4 = [];
wm.set(k1, 1).set(k2, 2).set(k3, 3).set(k4, 4);
print(wm.get(k1), wm.get(k2), wm.get(k3), wm.get(k4), wm.get({}), wm.has(k1), wm.has({}));
print(wm.delete(k1), wm.delete(k1), wm.has(k1), wm.get(k1));
try { wm.set(1, 2); } catch (e) { print(e.name); }
try { ws.add('x'); } catch (e) { print(e.name); }
print(wm.get(1), wm.has('x'), wm.delete(null));
ws.add(k1); print(ws.has(k1), ws.has(k2), ws.delete(k1), ws.has(k1));
var wm2 = new WeakMap([[k1, 'other']]); print(wm2.get(k1), wm.get(k1));
print(JSON.stringify(k1), Object.keys(k1).length, Object.getOwnPropertyNames(k1).length, Reflect.ownKeys(k1).length);
var c = Object.assign({}, k1); print(wm2.get(c));
print(Object.prototype.toString.call(wm), Object.prototype.toString.call(ws));
wm.set(k1, undefined); print(wm.has(k1), wm.get(k1));
var sealed = {}; wm.set(sealed, 's'); Object.seal(sealed); print(wm.get(sealed));
var pe = Object.preventExtensions({}); wm.set(pe, 'pe'); print(wm.get(pe), wm.has(pe));
