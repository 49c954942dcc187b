// @node
var people = [];
for (var i = 0; i < 50; i++) people.push({ name: 'p' + i, age: i % 5 });
people.sort(function (a, b) { return a.age - b.age; });
print(people.map(function (p) { return p.name; }).join(','));
var a = [3, undefined, 1, , 2, undefined, 10];
a.sort();
print(JSON.stringify(a), a.length, 4 in a, 5 in a, 6 in a);
var b = [5, 1, 4]; b.sort(function (x, y) { return y - x; }); print(b.join());
print([10, 9, 1, 100, 25].sort().join());
print(['b', 'a', 'c', 'B'].sort().join());
print([0, -0, 0].sort().map(function (x) { return 1 / x; }).join());
print([1, '1', 1, '1'].sort().map(function (x) { return typeof x; }).join());
try { [2, 1].sort('nope'); } catch (e) { print(e.name); }
var c = [3, 2, 1];
try { c.sort(function () { throw new Error('cmp'); }); } catch (e) { print('threw', e.message, c.join()); }
print([3, 1, 2].sort(function (x, y) { return x < y ? -1 : x > y ? 1 : NaN; }).join());
var obj = { 0: 'b', 1: 'a', 3: 'c', length: 4 };
Array.prototype.sort.call(obj); print(JSON.stringify(obj));
var big = []; for (var j = 0; j < 1000; j++) big.push({ k: (j * 7919) % 13, i: j });
big.sort(function (x, y) { return x.k - y.k; });
var ok = true; for (var m = 1; m < big.length; m++) { if (big[m - 1].k > big[m].k || (big[m - 1].k === big[m].k && big[m - 1].i > big[m].i)) ok = false; }
print('big stable', ok);
var orig = [3, 1, 2]; var sorted = orig.toSorted(); print(orig.join(), sorted.join());
print([1, 2, 3].toReversed().join(), [1, 2, 3, 4].toSpliced(1, 2, 'x').join(), [1, 2, 3].with(-1, 9).join());
try { [1].with(5, 0); } catch (e) { print(e.name); }
print(JSON.stringify([1, , 3].toSorted()), JSON.stringify([, 1].toReversed()));
