// First use of a lazy group inside coroutines: the loading accessor is a
// native call boundary inside an async function or generator thread.
async function f(s) {
	await null;
	var u = new URL(s);
	await Promise.resolve();
	return u.searchParams.get('q') + ' ' + new TextDecoder().decode(new TextEncoder().encode(u.hostname));
}
function* g() {
	var h = new Headers({ 'X-A': '1' });
	yield h.get('x-a');
	yield structuredClone({ a: [1, 2] }).a.length;
	yield (12345.678).toLocaleString();
}
async function* ag() {
	yield typeof crypto.getRandomValues;
	await null;
	var c = new AbortController();
	c.abort();
	yield c.signal.aborted + ' ' + c.signal.reason.name;
}
f('https://b.example/?q=ok').then(function (v) { console.log('async', v); });
var it = g();
print(it.next().value, it.next().value, it.next().value);
(async function () {
	for await (var v of ag())
		console.log('agen', v);
})();
