// A lazy group loads after guest code ran: group iterator (Iterator and its
// helpers) never calls the guest's replacements of the Object/Reflect
// functions or hasOwnProperty, neither while it loads nor in its helpers.
// Each Object/Reflect function (and hasOwnProperty, Array.isArray) is
// replaced by one that records its calls and forwards to the original.
var calls = [], saved = [];
function hook(holder, hname, names) {
	names.forEach(function (n) {
		var f = holder[n];
		saved.push([holder, n, f]);
		holder[n] = function () {
			calls.push(hname + '.' + n);
			return Reflect.apply(f, this, arguments);
		};
	});
}
var R = Reflect, rApply = Reflect.apply;
hook(Object, 'Object', ['defineProperty', 'defineProperties', 'getOwnPropertyDescriptor',
	'getOwnPropertyNames', 'getPrototypeOf', 'setPrototypeOf', 'create', 'keys', 'freeze']);
hook(Object.prototype, 'OP', ['hasOwnProperty']);
hook(Array, 'Array', ['isArray']);
hook(Reflect, 'Reflect', ['defineProperty', 'deleteProperty', 'getOwnPropertyDescriptor',
	'ownKeys', 'has', 'get', 'set', 'getPrototypeOf', 'setPrototypeOf']);
var mine = saved.map(function (s) { return s[0][s[1]]; });
function report(what) {
	var got = calls.slice(), kept = 0;
	saved.forEach(function (s, i) { if (s[0][s[1]] === mine[i]) kept++; });
	saved.forEach(function (s) { s[0][s[1]] = s[2]; });
	console.log(what, 'guest functions called:', got.length === 0 ? 'none' : got.join(' '));
	console.log(what, 'guest replacements still in place:', kept + '/' + saved.length);
}
var it = Iterator.from([1, 2, 3]).map(function (x) { return x * 2; }).filter(function (x) { return x > 2; });
var a = it.toArray();
var w = Iterator.from({ next: function () { return { done: true }; } });
var wn = w.next().done;
var z = typeof Iterator.zipKeyed === 'function' ?
	Iterator.zipKeyed({ p: [1, 2], q: [3, 4] }).toArray().map(function (o) { return o.p + o.q; }).join() : '4,6';
var tag = Iterator.prototype[Symbol.toStringTag];
report('iterator');
console.log(a.join(), wn, z, tag);
