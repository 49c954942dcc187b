// %TypedArray%.from/of with %TypedArray% itself as `this` read their source
// first (it is a constructor that throws); %TypedArray%.prototype.constructor;
// fill converts its value once; set converts a primitive source with
// ToObject; Reflect.set through a typed array receiver defines its element.
var TA = Object.getPrototypeOf(Int8Array);
var iter = {};
Object.defineProperty(iter, Symbol.iterator, { get: function () { throw new RangeError('iterator read'); } });
try { TA.from(iter); } catch (e) { print(e.name, e.message); }
try { TA.from({ get length() { throw new SyntaxError('length read'); } }); } catch (e) { print(e.name, e.message); }
try { TA.from([]); } catch (e) { print(e.name); }
try { TA.of(); } catch (e) { print(e.name); }
try { TA.from.call({}, []); } catch (e) { print(e.name); }
print(TA.prototype.constructor === TA, Int8Array.prototype.constructor === Int8Array,
    Object.getOwnPropertyDescriptor(TA.prototype, 'constructor').enumerable);
var n = 0, f = new Uint8Array(3).fill({ valueOf: function () { n++; return 7; } });
print(f.join(), n, new Uint8Array(4).fill(1, 1, 3).join(), new Float32Array(3).fill(2, -1).join(),
    Uint8Array.prototype.fill.length, Uint8Array.prototype.fill.name);
try { Uint8Array.prototype.fill.call([1], 0); } catch (e) { print(e.name); }
var s = new Float64Array(3);
print(s.set(678), s.join(), s.set('ab', 1), s.join(), s.set(true), s.set(Symbol()), s.join());
try { s.set('abcd'); } catch (e) { print(e.name); }
try { s.set(null); } catch (e) { print(e.name); }
try { s.set(undefined); } catch (e) { print(e.name); }
var t = new Uint8Array([0]), r = new Uint8Array([1]);
print(Reflect.set(t, 0, 9, r), t[0], r[0]);
var t2 = new Uint8Array([0, 0]), r2 = new Uint8Array([1]);
print(Reflect.set(t2, 1, 9, r2), t2[1], r2.length, r2.hasOwnProperty(1));
print(Reflect.set(t, 0, new Number(2.5), new Float64Array([1])), Reflect.set(t, 0, 1, Object.preventExtensions({})));
