// A lazy group loads after guest code ran: groups buffer (first typed
// array, ArrayBuffer, DataView), iterator (Iterator and its helpers) and
// json (JSON.parse with a reviver) never call the guest's replacements of
// the Object/Reflect functions, hasOwnProperty or Array.isArray, neither
// while they load nor in their own methods, and leave them in place (theirs
// stays, as group proxy does). Before each group is first touched, each of
// those functions is replaced by one that records its calls and forwards to
// the original; report() counts and puts the originals back.
var calls, saved, mine;
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
function install() {
	calls = [];
	saved = [];
	hook(Object, 'Object', ['defineProperty', 'defineProperties', 'getOwnPropertyDescriptor',
		'getOwnPropertyNames', 'getPrototypeOf', 'setPrototypeOf', 'create', 'keys', 'freeze']);
	hook(Object.prototype, 'OP', ['hasOwnProperty']);
	hook(Array, 'Array', ['isArray']);
	hook(Reflect, 'Reflect', ['defineProperty', 'deleteProperty', 'getOwnPropertyDescriptor',
		'ownKeys', 'has', 'get', 'set', 'getPrototypeOf', 'setPrototypeOf']);
	mine = saved.map(function (s) { return s[0][s[1]]; });
}
function report(what) {
	var got = calls.slice(), kept = 0;
	saved.forEach(function (s, i) { if (s[0][s[1]] === mine[i]) kept++; });
	saved.forEach(function (s) { s[0][s[1]] = s[2]; });
	console.log(what, 'guest functions called:', got.length === 0 ? 'none' : got.join(' '));
	console.log(what, 'guest replacements still in place:', kept + '/' + saved.length);
}

install();
var seen = [];
var r = JSON.parse('{"a":[1,{"b":2}],"c":"x","d":3}', function (k, v, ctx) {
	seen.push(k + (ctx && 'source' in ctx ? '=' + ctx.source : ''));
	if (k === 'd')
		return undefined;
	return typeof v === 'number' ? v * 10 : v;
});
report('json');
console.log(JSON.stringify(r), seen.join(' '));

install();
var it = Iterator.from([1, 2, 3]).map(function (x) { return x * 2; }).filter(function (x) { return x > 2; });
var a = it.toArray();
var w = Iterator.from({ next: function () { return { done: true }; } });
var wn = w.next().done;
var z = typeof Iterator.zipKeyed === 'function' ?
	Iterator.zipKeyed({ p: [1, 2], q: [3, 4] }).toArray().map(function (o) { return o.p + o.q; }).join() : '4,6';
var tag = Iterator.prototype[Symbol.toStringTag];
report('iterator');
console.log(a.join(), wn, z, tag);

install();
var ta = new Uint8Array(4);
ta[1] = 7;
var f = new Float64Array([1.5, -2]);
var dv = new DataView(new ArrayBuffer(8));
dv.setInt16(0, 258);
var s = ta.subarray(1, 3).map(function (x) { return x + 1; });
var ab = new ArrayBuffer(4).slice(1);
report('buffer');
console.log(ta[1], f[1], dv.getInt16(0), s.join(), ab.byteLength, Object.prototype.toString.call(ta));
