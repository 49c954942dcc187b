// Function.prototype.bind's length (own Number length only, no int32
// clamp) and Function.prototype's length-before-name property order.
function f(a, b, c) {}
console.log(f.bind(null).length, f.bind(null, 1).length, f.bind(null, 1, 2, 3, 4).length);
console.log(f.bind().name, Function.prototype.bind.length, Function.prototype.bind.name);
for (const v of [undefined, null, true, "1", Symbol("1"), new Number(1), -Infinity, NaN, 2.7, -2.7]) {
  Object.defineProperty(f, "length", { value: v });
  console.log(String(typeof v === "symbol" ? "symbol" : v), f.bind(null, 1).length);
}
Object.defineProperty(f, "length", { value: 2147483648 });
console.log(f.bind().length);
Object.defineProperty(f, "length", { value: Infinity });
console.log(f.bind(null, 1).length);
function g() {}
Object.setPrototypeOf(g, { length: 42 });
delete g.length;
console.log(Function.prototype.bind.call(g, null).length);
function add(a, b) { return this.k + a + b; }
const bound = add.bind({ k: 1 }, 2);
console.log(bound(3), new ((function P(x) { this.x = x; }).bind(null, 7))().x);
try { Function.prototype.bind.call({}, null); } catch (e) { console.log("bind non-callable", e.constructor.name); }
const names = Object.getOwnPropertyNames(Function.prototype);
console.log(names.indexOf("name") === names.indexOf("length") + 1);
// Function.prototype's caller/arguments are %ThrowTypeError% accessors
// (33_builtins.js); a sloppy function reads its own null first (V8 gives
// null too when the caller is strict code).
function sloppy() { return typeof sloppy.caller + " " + ("caller" in Function.prototype); }
console.log((function () { "use strict"; return sloppy(); })());
class C { static m() { return "static ok"; } }
console.log(C.m(), new C(...[1, 2]) instanceof C);
// toString: a name that is no PropertyName (a private method's, a bound
// function's) is left out of the NativeFunction form.
class Priv { #f() {} static #g() {} both() { return [this.#f.toString(), Priv.#g.toString()]; } }
console.log(new Priv().both().join(" | "));
console.log(f.bind().toString(), "|", f.toString(), "|", (function bound() {}).toString());
console.log(Function.prototype.toString.name, Function.prototype.toString.length);
try { Function.prototype.toString.call({}); } catch (e) { console.log("toString non-callable", e.constructor.name); }
