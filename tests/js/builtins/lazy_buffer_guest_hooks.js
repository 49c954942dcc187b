// A lazy group loads after guest code ran: group buffer (first typed array,
// ArrayBuffer, DataView) never calls the guest's replacements of the
// Object/Reflect functions, neither while it loads nor in its own methods,
// and leaves them in place (theirs stays, as group proxy does).
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
var ta = new Uint8Array(4);
ta[1] = 7;
var f = new Float64Array([1.5, -2]);
var dv = new DataView(new ArrayBuffer(8));
dv.setInt16(0, 258);
var s = ta.subarray(1, 3).map(function (x) { return x + 1; });
var ab = new ArrayBuffer(4).slice(1);
report('buffer');
console.log(ta[1], f[1], dv.getInt16(0), s.join(), ab.byteLength, Object.prototype.toString.call(ta));
