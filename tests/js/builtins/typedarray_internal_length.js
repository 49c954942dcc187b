// @node
// %TypedArray%.prototype's methods and iterators read the typed array's
// own length (TypedArrayLength), never a `length` accessor: one that
// counts its calls on the instance, the kind's prototype and
// %TypedArray%.prototype is never called, and each method still sees all
// four elements. Also: join's separator is ToString'd (a Symbol throws),
// and the methods' `length`s are the spec's.
var calls = 0;
var desc = { get: function () { calls++; return 0; }, configurable: true };
var TAP = Object.getPrototypeOf(Int8Array.prototype);
Object.defineProperty(TAP, 'length', desc);
Object.defineProperty(Float64Array.prototype, 'length', desc);
var ta = new Float64Array([4, 1, 3, 2]);
Object.defineProperty(ta, 'length', desc);
var seen = [];
var r = [
	ta.join('-'), ta.toString(), ta.toLocaleString(), ta.indexOf(3), ta.lastIndexOf(4), ta.includes(2),
	ta.every(function (v) { return v > 0; }), ta.some(function (v) { return v > 3; }),
	ta.find(function (v) { return v < 3; }), ta.findIndex(function (v) { return v < 3; }),
	ta.findLast(function (v) { return v > 1; }), ta.findLastIndex(function (v) { return v > 3; }),
	ta.reduce(function (a, v) { return a + v; }), ta.reduceRight(function (a, v) { return a + '' + v; }),
	ta.at(-1), ta.slice(1).join(), ta.map(function (v) { return v * 2; }).join(),
	ta.filter(function (v) { return v > 1; }).join(), ta.toSorted().join(), ta.toReversed().join(),
	ta['with'](0, 9).join(), ta.subarray(1, 3).join(), [...ta].join(), [...ta.keys()].join(),
	[...ta.entries()].join('|'), Array.from(ta.values()).join()
];
ta.forEach(function (v, k) { seen.push(k); });
console.log(r.join(' / '));
console.log('forEach', seen.join());
console.log('copyWithin', ta.copyWithin(0, 2).join(), 'fill', ta.fill(7, 3).join(), 'reverse', ta.reverse().join());
console.log('sort', ta.sort().join(), 'set', (ta.set([5, 6], 2), ta.join()));
console.log('getter calls', calls);
try {
	new Int8Array(2).join(Symbol('s'));
	console.log('symbol separator: no error');
} catch (e) {
	console.log('symbol separator:', e.name);
}
console.log('lengths', ['join', 'toLocaleString', 'indexOf', 'every', 'reduce', 'at', 'copyWithin', 'fill', 'toString']
	.map(function (k) { return k + '=' + TAP[k].length; }).join(' '), [].toString.length);
