// @node
var src = { a: 1, s: 'x', n: null, u: undefined, arr: [1, [2, 3], , 4], d: new Date(86400000), re: /ab+c/gi,
  m: new Map([['k', { deep: true }]]), set: new Set([1, 'two']), ta: new Uint8Array([1, 2, 3]), nested: { x: { y: 1 } } };
src.self = src; src.shared1 = src.nested; src.shared2 = src.nested;
var c = structuredClone(src);
print(c !== src, c.self === c, c.shared1 === c.shared2, c.shared1 !== src.nested, c.nested.x.y);
print(JSON.stringify(c.arr), 2 in c.arr, 'u' in c, c.u);
print(c.d instanceof Date, c.d.getTime(), c.d !== src.d);
print(c.re instanceof RegExp, c.re.source, c.re.flags, c.re !== src.re);
print(c.m instanceof Map, c.m.get('k').deep, c.m.get('k') !== src.m.get('k'));
print(c.set instanceof Set, c.set.has('two'), c.set.size);
print(c.ta instanceof Uint8Array, Array.prototype.join.call(c.ta), c.ta.buffer !== src.ta.buffer);
try { structuredClone({ f: function () {} }); } catch (e) { print(e.name, e instanceof Error, e.code); }
try { structuredClone(Symbol('q')); } catch (e) { print(e.name); }
var err = structuredClone(new TypeError('bad')); print(err instanceof TypeError, err.name, err.message);
function K() { this.v = 1; } K.prototype.method = function () {};
var kc = structuredClone(new K()); print(kc.v, typeof kc.method, Object.getPrototypeOf(kc) === Object.prototype);
print(structuredClone(5), structuredClone('s'), structuredClone(null), structuredClone(undefined));
var o = {}; Object.defineProperty(o, 'hidden', { value: 1, enumerable: false }); o.vis = 2; print(JSON.stringify(structuredClone(o)));
var boxed = structuredClone(new Number(3)); print(typeof boxed, boxed.valueOf());
