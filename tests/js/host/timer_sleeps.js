// The host sleeps real time until the next timer is due.
var t0 = Date.now();
setTimeout(function () {
	var dt = Date.now() - t0;
	print(dt >= 45 ? 'slept' : 'too early: ' + dt);
}, 50);
