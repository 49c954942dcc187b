/*
 * The messages of a zygote's control socket: a SOCK_SEQPACKET pair between
 * the daemon (pool/zygote.h) and the zygote (child/zygote_proc.h) carrying
 * fixed size messages (struct zygote_msg). On SPAWN the zygote makes a
 * socketpair, forks, and hands the daemon its end of the pair with
 * SCM_RIGHTS next to the child's pid. The zygote is the children's parent,
 * so it reaps them and reports each exit.
 */
#ifndef ZYGOTE_MSG_H
#define ZYGOTE_MSG_H

#include <stdint.h>

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

/* Sends `m`, with `fd` attached (SCM_RIGHTS) when it is >= 0; 0, or -1. */
int zygote_msg_send(int ctl_fd, const struct zygote_msg *m, int fd);

#endif
