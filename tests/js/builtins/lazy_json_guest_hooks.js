// A lazy group loads after guest code ran: group json (JSON.parse with a
// reviver) never calls the guest's replacements of the Object/Reflect
// functions or Array.isArray, neither while it loads nor while it revives.
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
var seen = [];
var r = JSON.parse('{"a":[1,{"b":2}],"c":"x","d":3}', function (k, v, ctx) {
	seen.push(k + (ctx && 'source' in ctx ? '=' + ctx.source : ''));
	if (k === 'd')
		return undefined;
	return typeof v === 'number' ? v * 10 : v;
});
report('json');
console.log(JSON.stringify(r), seen.join(' '));
