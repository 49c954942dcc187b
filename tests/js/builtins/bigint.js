// @node @modern
// BigInt: literals, the operators (guarded in a source that mentions one), BigInt(), its statics and methods, inspect, JSON.
print(1n, [1n, -2n], { a: 3n }, typeof 5n, new Map([[1n, 2n]]));
try { JSON.stringify({a: 1n}) } catch (e) { console.log(e.name + ': ' + e.message) }
BigInt.prototype.toJSON = function () { return this.toString(); };
print(JSON.stringify({a: 1n, b: [2n ** 70n]}));
print(`${10n ** 30n}`, 2n ** 0n, 0n ** 0n, (-2n) ** 3n, (-1n) ** 1000001n, 2n ** 200n % 1000007n);
try { 2n ** -1n } catch (e) { console.log(e.name + ': ' + e.message) }
try { 1n / 0n } catch (e) { console.log(e.name + ': ' + e.message) }
try { +1n } catch (e) { console.log(e.name + ': ' + e.message) }
try { BigInt(1.5) } catch (e) { console.log(e.name + ': ' + e.message) }
try { BigInt('abc') } catch (e) { console.log(e.name + ': ' + e.message) }
try { new BigInt(1) } catch (e) { console.log(e.name + ': ' + e.message) }
try { 1n >>> 0n } catch (e) { console.log(e.name + ': ' + e.message) }
print(BigInt(Number.MAX_SAFE_INTEGER) + 2n, BigInt(-1e21), BigInt('-0'), BigInt('0b101'), BigInt('0o17'), BigInt(''));
print(5n > 4.5, 5n < 5.5, 5n == 5, 5n == '5', 0n == false, 10n > '9', -1n < -0.5, 1n < NaN, 1n < Infinity);
print([5n, 3n, 10n].map(x => x * 2n), [1n, 2n, 3n].reduce((a, b) => a + b, 0n));
print(BigInt.asIntN(64, 2n ** 63n), BigInt.asUintN(64, -1n), BigInt.asIntN(3, 25n), BigInt.asUintN(0, 5n));
print((123456789012345678901234567890n).toString(7), (-0xffffn).toString(16), Number(2n ** 80n), parseFloat('3n'));
const h = (s) => { let x = 0xcbf29ce484222325n; for (const c of s) { x ^= BigInt(c.charCodeAt(0)); x = (x * 0x100000001b3n) & 0xffffffffffffffffn; } return x; };
print(h('hello'), h('hello').toString(16));
function fib(n) { let a = 0n, b = 1n; for (let i = 0; i < n; i++) [a, b] = [b, a + b]; return a; }
print(fib(100), typeof fib(3) === 'bigint', Object.is(5n, 5n), [1n, 2n].includes(2n), 3n === BigInt(3));
let x = 5n; x **= 2n; x <<= 1n; x %= 7n; console.log(x, -x, ~x, x--, x, --x);
print(String(12n), (12n).valueOf() === 12n, Object.prototype.toString.call(3n), 1n + 'a', 'a' + 1n + 2n);
print(BigInt.prototype[Symbol.toStringTag], BigInt.length, BigInt.name, typeof BigInt, 7n / -2n, -7n % -2n);
var a = 123n, b = 2n ** 64n;
print(typeof a, a, String(b), `${b}`, b + 1n, b * b, -a, ~a, a / 7n, a % 7n, -7n / 2n, -7n % 2n);
print(a === 123n, a == 123, a < 124, b > 1e19, 1 < a, a > "100", [3n, 1n, 2n].sort((x, y) => (x < y ? -1 : 1)).join());
print(BigInt("0x1f"), BigInt(" 42 "), BigInt(true), BigInt(2 ** 70), BigInt.asIntN(8, 255n), BigInt.asUintN(8, -1n));
let i = 0n; i++; ++i; i += 5n; print(i);
var o = { v: 10n }; o.v++; o.v -= 1n; o['v'] *= 3n; print(o.v);
print(5n & 3n, 5n | 3n, 5n ^ 3n, -5n & 3n, -5n | 3n, -5n ^ -3n, 1n << 100n, -17n >> 2n, 17n >> 2n, 5n << -1n, -1n >> 1000n);
const cmp = [[1n, 1], [1n, 1.5], [2n, 1.5], [-1n, -1.5], [3n, '3'], [3n, 'x'], [3n, NaN], [3n, -Infinity], [0n, false], [1n, true], [2n ** 53n + 1n, 2 ** 53]];
for (const [x, y] of cmp) print(x, y, x < y, x > y, x <= y, x >= y, x == y, y < x, y == x);
class C { #n = 1n; static s = 5n; bump() { this.#n *= 10n; this.#n++; return this.#n; } }
print(new C().bump(), C.s ** 3n);
function kind(v) { switch (v) { case 0n: return 'zero'; case 1n: return 'one'; default: return typeof v; } }
print(kind(0n), kind(BigInt(1)), kind(1), kind(2n));
const { p = 7n, ...rest } = { q: 8n }; print(p, rest.q, [...[1n, 2n]].length, Math.max(...[1, 2]), [1n, 2n].indexOf(2n));
print([10n, 2n, 33n].sort().join(), [10n, 2n, 33n].sort((x, y) => (x > y) - (x < y)).join(), Array.from({ length: 3 }, (_, k) => BigInt(k) * 10n).join('|'));
let acc = 1n; for (let k = 2n; k < 25n; k += 1n) acc = acc * k + (k & 1n); print(acc, acc.toString(36), acc % 97n);
print(BigInt('  -123  '), BigInt('\n0x10\t'), BigInt('+7'), 0x7fn, 0o17n, 0b1011n, 1_000_000n, BigInt(Number.MIN_SAFE_INTEGER));
for (const s of ['1.0', '1e3', '0x', '-0x1', '12n', 'Infinity', '0b2']) { try { print(BigInt(s)); } catch (e) { print(e.name + ': ' + e.message); } }
for (const v of [undefined, null, Symbol('q'), {}, [], [5], { valueOf() { return 9n; } }, { toString() { return '11'; } }]) { try { print(BigInt(v)); } catch (e) { print(e.name + ': ' + e.message); } }
for (const f of [() => 1n * 2, () => 2 - 1n, () => 1n - '1', () => [] + 1n, () => ({}) * 2n, () => null + 1n, () => 1n & 1, () => -'1n']) { try { print(f()); } catch (e) { print(e.name + ': ' + e.message); } }
print(BigInt.asIntN(64, -(2n ** 63n) - 1n), BigInt.asUintN(1, 3n), BigInt.asIntN(1, 1n), BigInt.asIntN(200, -5n), BigInt.asUintN(70, -1n));
for (const v of [-1, 2 ** 53]) { try { print(BigInt.asIntN(v, 1n)); } catch (e) { print(e.name + ': ' + e.message); } }
try { BigInt.prototype.toString.call(1); } catch (e) { print(e.name + ': ' + e.message); }
print(Object.keys(5n).length, 5n.constructor === BigInt, Object.getPrototypeOf(5n) === BigInt.prototype, 1n !== 1, 0n ? 't' : 'f', !0n, !!1n, 5n && 'y', 0n || 'z');
console.log(1n, [1n, -2n], { a: 3n, b: [4n] }, new Map([[1n, 2n]]), new Set([5n]), [0n]);
function gcd(a, b) { while (b) [a, b] = [b, a % b]; return a; }
print(gcd(2n ** 64n - 1n, 2n ** 32n + 1n), gcd(0n, 5n), 0n ? 1 : 2, !0n, !5n, 0n || 'z', 0n && 'w', 0n ?? 'n');
let n = 3n, steps = 0; do { steps++; } while (n -= 1n); for (let k = 2n; k; k--) steps += 10; print(steps, n);
print(JSON.stringify({ k: 1 }), [1n, 2n].map(String).join('+'), BigInt(1n) === 1n);
