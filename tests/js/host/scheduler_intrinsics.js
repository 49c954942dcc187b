// The job queue, the timers and the coroutines run on intrinsics captured
// before this script ran: replacing Array.prototype.push/shift/slice/splice/
// concat and Function.prototype.apply does not stall or reorder them.
Array.prototype.push = function () { return 0; };
Array.prototype.shift = function () {};
Array.prototype.slice = function () { return []; };
Array.prototype.splice = function () { return []; };
Array.prototype.concat = function () { return []; };
Function.prototype.apply = function () { return 'forged'; };
var seen = '';
setTimeout(function (a, b) { seen += ' t20:' + a + b; }, 200, 'x', 'y');
setTimeout(function () { seen += ' t5'; }, 50);
setTimeout(function () { seen += ' t10'; }, 100);
Promise.resolve().then(function () { seen += ' m1'; });
queueMicrotask(function () { seen += ' m2'; });
(async function () {
	await null;
	seen += ' a1';
	await new Promise(function (r) { setTimeout(r, 1); });
	seen += ' a2';
	var all = await Promise.all([1, Promise.resolve(2), 3]);
	seen += ' all:' + all[0] + all[1] + all[2];
})();
setTimeout(function () { print(('sync' + seen)); }, 400);
