// Reflect.construct's newTarget reaches the buffer group's constructors: its
// prototype is read where the spec reads it (after ToIndex of a length, before
// the allocation and before an object argument is read); iteration of an
// array argument whose iterator was changed; %TypedArray%.from maps and stores
// each value in turn.
function DummyError() {}
var newTarget = function() {}.bind(null);
Object.defineProperty(newTarget, "prototype", { get: function() { throw new DummyError(); } });
try { Reflect.construct(ArrayBuffer, [7 * 1125899906842624], newTarget); } catch (e) { print(e instanceof DummyError); }
try { Reflect.construct(ArrayBuffer, [-1], newTarget); } catch (e) { print(e.name); }
function NT() {} NT.prototype = { tag: 'nt' };
var ab = Reflect.construct(ArrayBuffer, [4], NT); print(ab.tag, ab.byteLength, ab instanceof ArrayBuffer);
var dv = Reflect.construct(DataView, [ab], NT); print(dv.tag);
var ta = Reflect.construct(Int16Array, [3], NT); print(ta.tag, Object.getPrototypeOf(ta) === NT.prototype);
NT.prototype = 5; print(Object.getPrototypeOf(Reflect.construct(Uint8Array, [1], NT)) === Uint8Array.prototype);
class Sub extends ArrayBuffer { hi() { return 'hi' + this.byteLength; } } print(new Sub(3).hi());
class T8 extends Uint8Array {} var t8 = Reflect.construct(T8, [2], NT); print(Object.getPrototypeOf(t8) === NT.prototype);
// nested: the length's valueOf constructs another one
var inner; var outer = Reflect.construct(ArrayBuffer, [{ valueOf: function () { inner = new ArrayBuffer(1); return 2; } }], NT);
print(Object.getPrototypeOf(inner) === ArrayBuffer.prototype, outer.byteLength);
var arr = [1, 2, 3]; arr[Symbol.iterator] = function* () { yield 9; }; print(new Float64Array(arr).join());
var src = [42, { valueOf: function () { throw new RangeError('v'); } }, 1], last;
try { Float64Array.from(src, function (v) { last = v; return v; }); } catch (e) { print(e.name, last === src[1]); }
print(Uint8Array.from([1, 2], function (v, i) { return v * 10 + i; }).join(), Uint8Array.from({ length: 2, 0: 5 }).join());
var nt = function () {}.bind(null); Object.defineProperty(nt, "prototype", { get() { throw new Error('proto'); } });
try { Reflect.construct(Uint8Array, [Symbol()], nt); } catch (e) { print(e.name); }
try { Reflect.construct(Uint8Array, [-1], nt); } catch (e) { print(e.name); }
try { Reflect.construct(Uint8Array, [{}], nt); } catch (e) { print(e.message); }
try { Reflect.construct(DataView, [new ArrayBuffer(1), 2], nt); } catch (e) { print(e.name); }
try { Reflect.construct(DataView, [new ArrayBuffer(1), 0], nt); } catch (e) { print(e.message); }
try { new Uint8Array(-1); } catch (e) { print(e.name); }
print(new Uint8Array().length, new Uint8Array(undefined).length, new Uint8Array(2.7).length, new Uint8Array('3').length, new Uint8Array(null).length);
