/*
 * The daemon's side of a zygote (child/zygote_proc.h): starts one and
 * speaks on its control socket. The daemon checks every message's size
 * and type.
 */
#ifndef ZYGOTE_H
#define ZYGOTE_H

#include <sys/types.h>

#include "child/zygote_proc.h"
#include "ipc/zygote_msg.h"

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
