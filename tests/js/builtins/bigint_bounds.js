// BigInt's bounds here (RUNTIME.md, "BigInt"): a result past 2^20 bits is
// RangeError "Maximum BigInt size exceeded" (node's bound is 2^30), checked
// before the work for a product, a power and a shift.
var big = 2n ** 1048575n;
print(big.toString(16).length, (big * 1n === big), (-big).toString(16).length);
for (var f of [() => big * 2n, () => big + big, () => 2n ** 1048576n, () => 1n << 1048576n, () => 3n ** 100000000000n, () => 2n ** (2n ** 64n), () => BigInt('0x1' + '0'.repeat(262144)), () => BigInt.asUintN(2 ** 40, -1n)]) {
	try { print(f()); } catch (e) { print(e.name + ': ' + e.message); }
}
print(1n << -5n, (-1n) ** (2n ** 64n), 0n ** (2n ** 64n), 1n >> (2n ** 64n), -1n >> (2n ** 64n), BigInt.asIntN(2 ** 40, -3n));
