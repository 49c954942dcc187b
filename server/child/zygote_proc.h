/*
 * The zygote: a process that warms the engine once and forks the children
 * that run executions, so each child starts from a pristine copy of a heap
 * that already holds the runtime, at the cost of one fork. The zygote is
 * its children's parent, so it reaps them and reports each exit
 * (ipc/zygote_msg.h); the daemon's side is pool/zygote.h.
 */
#ifndef ZYGOTE_PROC_H
#define ZYGOTE_PROC_H

#include "sandbox.h"

/* What a zygote runs: warm-up once, then one child body per fork. */
struct zygote_program {
	/* Runs once in the zygote before any fork; non-zero makes it exit. */
	int (*warm)(void *arg);
	/* Runs in each child before the sandbox is entered (may be NULL). */
	void (*prepare)(void *arg);
	/*
	 * Runs in each child after the sandbox is entered, with the child's
	 * end of its socketpair; its return value is the exit status.
	 */
	int (*child_main)(int fd, void *arg);
	void *arg;
	struct sandbox_limits limits;
	int sandbox; /* 0 skips the sandbox (tests of the pool's own logic) */
};

/*
 * The zygote's body, in the process pool/zygote.c forked, with its end of
 * the control socket: runs `prog` and never returns.
 */
void zygote_proc_main(const struct zygote_program *prog, int ctl_fd)
    __attribute__((noreturn));

#endif
