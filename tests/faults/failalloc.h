/*
 * The control block of the failing allocator (failalloc.c), an LD_PRELOAD
 * shim for fault-injection tests: the test maps the same file as the
 * process under test (named by $CM_FAILALLOC) and arms it between requests,
 * so allocation failures land inside the operation it drives and not in
 * the process's start-up.
 */
#ifndef FAILALLOC_H
#define FAILALLOC_H

struct failalloc_ctl {
	/*
	 * 0: off. n > 0: the n-th allocation (malloc, calloc, realloc)
	 * counted since arming fails, and with `every` each one after it too.
	 */
	volatile long target;
	volatile long every;
	volatile long calls; /* allocations counted since arming */
	volatile long failed; /* failures injected since arming */
	/*
	 * With target 0: while ppm > 0, each allocation fails with a
	 * probability of ppm in a million (a soak's storm of failures).
	 */
	volatile long ppm;
};

#endif
