/*
 * The zygote: a process that warms the engine once and forks a fresh child
 * for every execution, so each run starts from a pristine copy of a heap
 * that already holds the runtime, at the cost of one fork.
 *
 * The daemon talks to a zygote over a SOCK_SEQPACKET pair carrying fixed
 * size messages (struct zygote_msg). On SPAWN the zygote makes a socketpair,
 * forks, and hands the daemon its end of the pair with SCM_RIGHTS next to
 * the child's pid. The zygote is the children's parent, so it reaps them and
 * reports each exit. The daemon checks every message's size and type.
 */
#ifndef ZYGOTE_H
#define ZYGOTE_H

#include <stdint.h>
#include <sys/types.h>

#include "sandbox.h"

enum zygote_msg_type {
	ZYGOTE_SPAWN = 1, /* daemon -> zygote: fork one child */
	ZYGOTE_SPAWNED, /* zygote -> daemon: pid, rss_kb; carries the child's fd
			 */
	ZYGOTE_EXITED, /* zygote -> daemon: pid, status as waitpid gave it */
	ZYGOTE_FAILED, /* zygote -> daemon: a fork failed (status = errno) */
	ZYGOTE_RETIRE /* daemon -> zygote: spawn no more, exit when childless */
};

struct zygote_msg {
	uint32_t type;
	int32_t pid;
	int32_t status;
	uint32_t
	    rss_kb; /* the zygote's own resident memory when it sent this */
};

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
 * Forks a zygote running `prog`. Returns its pid and stores the daemon's
 * end of the control socket in *ctl_fd (non-blocking, close-on-exec), or
 * -1 with errno set.
 */
pid_t zygote_start(const struct zygote_program *prog, int *ctl_fd);

/* Sends one message on the control socket; 0, or -1 with errno. */
int zygote_send(int ctl_fd, enum zygote_msg_type type);

/*
 * Receives one message. Returns 1 with *msg filled (and *child_fd set to
 * the received descriptor for ZYGOTE_SPAWNED, else -1), 0 on EOF, -1 with
 * errno (EAGAIN when nothing is there) or -2 for a malformed message, which
 * the caller treats as a broken zygote.
 */
int zygote_recv(int ctl_fd, struct zygote_msg *msg, int *child_fd);

#endif
