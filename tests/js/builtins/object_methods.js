// @node
var o = { a: 1, b: 'two', c: [3] };
Object.defineProperty(o, 'hidden', { value: 4, enumerable: false });
o[Symbol('s')] = 5;
print(JSON.stringify(Object.entries(o)), JSON.stringify(Object.values(o)));
print(JSON.stringify(Object.entries('ab')), JSON.stringify(Object.values([7, 8])));
print(JSON.stringify(Object.fromEntries([['x', 1], ['y', 2]])), JSON.stringify(Object.fromEntries(new Map([['m', true]]))));
var d = Object.getOwnPropertyDescriptors(o);
print(JSON.stringify(d.a), JSON.stringify(d.hidden), Object.getOwnPropertySymbols(d).length);
print(Object.hasOwn(o, 'a'), Object.hasOwn(o, 'toString'), Object.hasOwn([1], 0), Object.hasOwn(o, 'hidden'));
try { Object.entries(null); } catch (e) { print(e.name); }
try { Object.fromEntries([1]); } catch (e) { print(e.name); }
print(globalThis === this, typeof globalThis.Promise);
var order = Object.entries({ 2: 'b', 1: 'a', z: 'z', y: 'y' }); print(JSON.stringify(order));
