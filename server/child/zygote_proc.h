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

/*
 * What a zygote runs. In production it is a program image of its own
 * (`image`, build/codemode-sandbox): the daemon forks and execs it, so the
 * zygote and every child start from that image's address space, never
 * from a copy of the daemon's (its buffers, other tenants' requests, its
 * layout). Without an image the forked process calls `run` (in practice
 * zygote_proc_main) with the function pointers below: suites and benches
 * that give the pool children of their own.
 */
struct zygote_program {
	/*
	 * The sandbox image to exec (not copied: it outlives the pool). It
	 * warms, serves with the engine and always enters the sandbox; only
	 * `limits`, `prewarm` and `spin_us` are passed to it
	 * (ipc/zygote_args.h).
	 */
	const char *image;
	int prewarm; /* image only: spares warm their pages (warm_prepare) */
	/* image only: µs a child polls for the host's answer before it
	 * blocks (child/spin.h; 0: never) */
	uint32_t spin_us;
	/* Without an image: the forked zygote's body (zygote_proc_main). */
	void (*run)(const struct zygote_program *, int ctl_fd);
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
	int sandbox; /* 0 skips the sandbox (tests of the pool's own logic);
			an image always enters it */
};

/*
 * The zygote's body, with its end of the control socket: in the sandbox
 * image's main, or in the process pool/zygote.c forked (`run`). Runs
 * `prog` and never returns.
 */
void zygote_proc_main(const struct zygote_program *prog, int ctl_fd)
    __attribute__((noreturn));

#endif
