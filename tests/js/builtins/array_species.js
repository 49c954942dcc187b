// Array methods that make a new array follow @@species (ArraySpeciesCreate).
class MyA extends Array {}
var m = MyA.from([1, 2, 3, 4]);
var made = {
	map: m.map(x => x * 2), filter: m.filter(x => x % 2), slice: m.slice(1, 3),
	splice: MyA.from([1, 2, 3]).splice(0, 2), concat: m.concat([5]), flat: m.flat(),
	flatMap: m.flatMap(x => [x, x]),
};
Object.keys(made).forEach(function (k) {
	console.log(k, made[k] instanceof MyA, JSON.stringify(made[k]), made[k].length);
});
// A plain array and a non-array stay plain.
console.log([1, 2].map(x => x).constructor === Array, Array.prototype.map.call({ length: 1, 0: 'a' }, x => x).constructor === Array);
// The species constructor gets the length the spec passes.
var lens = [];
class Rec extends Array { static get [Symbol.species]() { return function (n) { lens.push(n); return {}; }; } }
var r = Rec.from([1, 2, 3]);
var out = r.map(x => x + 1);
r.filter(x => x > 1);
r.slice(0, 2);
console.log(JSON.stringify(lens), JSON.stringify(out), out.length);
// @@species null or undefined means Array; a non-constructor is a TypeError.
var n = [1, 2];
n.constructor = { [Symbol.species]: null };
console.log(n.map(x => x).constructor === Array);
n.constructor = { [Symbol.species]: 42 };
try { n.map(x => x); } catch (e) { console.log(e.name); }
// The wrapped methods keep their names and lengths.
console.log(['map', 'filter', 'slice', 'splice', 'concat', 'flat', 'flatMap'].map(k => k + '/' + Array.prototype[k].length + '/' + Array.prototype[k].name).join(' '));
