// @node
var a = new Int16Array([5, -3, 10, 0, 7]);
print(Array.prototype.join.call(a.slice(1, 3)), a.slice(-2).length, a.slice(1, 3) instanceof Int16Array);
print(a.map(function (x) { return x * 2; }).join(), a.map(function (x) { return x * 2; }) instanceof Int16Array);
var sum = 0; a.forEach(function (x, i) { sum += x * i; }); print(sum);
print(a.indexOf(10), a.indexOf(99), a.lastIndexOf(5), a.includes(7), a.join('|'), String(a));
print(a.filter(function (x) { return x > 0; }).join(), a.find(function (x) { return x < 0; }), a.findIndex(function (x) { return x === 0; }));
print(a.every(function (x) { return x > -5; }), a.some(function (x) { return x > 9; }), a.reduce(function (s, x) { return s + x; }, 0), a.reduceRight(function (s, x) { return s + ',' + x; }, ''));
print(new Float64Array([3, NaN, -0, 0, -Infinity, 1]).sort().join(), new Uint8Array([3, 1, 2]).sort(function (x, y) { return y - x; }).join());
print(new Uint8Array(4).fill(7, 1, 3).join(), Uint8Array.from([1, 2, 3], function (x) { return x * 3; }).join(), Uint8Array.of(9, 300).join());
print(Uint16Array.from('123').join(), Int8Array.from(new Set([1, 2])).join(), Float32Array.from({ length: 2, 0: 1.5 }).join());
print(new Uint8Array([1, 2, 3]).at(-1), new Uint8Array([1, 2, 3]).reverse().join(), new Uint8Array([1, 2, 3, 4, 5]).copyWithin(0, 3).join());
print(JSON.stringify(Array.from(new Uint8Array([4, 5]).entries())), Array.from(new Uint8Array([4, 5]).keys()).join());
var out = []; for (var v of new Uint8Array([7, 8])) { out.push(v); } print(out.join());
print(new Uint8Array([3, 1, 2]).toSorted().join(), new Uint8Array([1, 2]).toReversed().join(), new Uint8Array([1, 2]).with(0, 9).join());
print(Object.prototype.toString.call(new Uint8Array(1).values()), typeof Uint8Array.prototype[Symbol.iterator]);
print(new Uint8Array([1,2,3]).findLast(function (x) { return x < 3; }), new Uint8Array([1,2,3]).findLastIndex(function (x) { return x > 5; }));
