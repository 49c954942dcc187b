/* Dev-only event loop: drain, then fire timers on a virtual clock. */
(function () {
	var d, u, i;
	function report() {
		u = __cm.takeUnhandledRejections();
		for (i = 0; i < u.length; i++)
			print('Uncaught (in promise) ' + String(u[i]));
	}
	__cm.drainMicrotasks();
	report();
	while ((d = __cm.nextTimerDelay()) >= 0) {
		__vt += d;
		__cm.runDueTimers();
		report();
	}
})();
