// @modern Set methods, Promise.try, Array.fromAsync (ES2024/2025; node 20 lacks them: expected by hand)
const a = new Set([1, 2, 3, 4]), b = new Set([3, 4, 5]);
print([...a.union(b)].join(), [...a.intersection(b)].join(), [...a.difference(b)].join(), [...a.symmetricDifference(b)].join());
print(new Set([3]).isSubsetOf(b), a.isSubsetOf(b), a.isSupersetOf(new Set([1, 2])), a.isDisjointFrom(new Set([9])), a.isDisjointFrom(b));
print([...a.union(new Map([[7, 'x']]))].join(), [...new Set([1, 2]).intersection(new Set([2, 1]))].join());
try { a.union([1]); } catch (e) { print(e.constructor.name); }
Promise.try(() => 'sync value').then(v => print('try', v));
Promise.try(() => { throw new Error('sync throw'); }).catch(e => print('try caught', e.message));
Promise.try((x, y) => x + y, 2, 3).then(v => print('try args', v));
async function* ag() { yield 1; yield Promise.resolve(2); }
(async () => {
  print('fromAsync', (await Array.fromAsync(ag())).join(), (await Array.fromAsync([Promise.resolve('p'), 'v'])).join());
  print('fromAsync map', (await Array.fromAsync([1, 2], async x => x * 10)).join(), (await Array.fromAsync({ length: 2, 0: 'a', 1: Promise.resolve('b') })).join());
  try { await Array.fromAsync(null); } catch (e) { print('fromAsync', e.constructor.name); }
})();
