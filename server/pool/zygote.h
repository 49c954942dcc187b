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
 * Starts a zygote running `prog`: fork and exec of prog->image with the
 * control socket at ZYGOTE_CTL_FD and the settings in its arguments
 * (ipc/zygote_args.h), or, without an image, fork and prog->run. Returns
 * its pid and stores the daemon's end of the control socket in *ctl_fd
 * (non-blocking, close-on-exec), or -1 with errno set. An image that
 * cannot be executed shows as a zygote that exits at once (status 127):
 * zygote_image_check is the check to make first.
 */
pid_t zygote_start(const struct zygote_program *prog, int *ctl_fd);

/*
 * Checks that `image` (an absolute path) is a codemode-sandbox of this very
 * build: a regular executable file whose --version line is this build's.
 * Returns 0, or -1 with `err` saying what is wrong with which path.
 */
int zygote_image_check(const char *image, char *err, size_t errlen);

/* Sends one message on the control socket; 0, or -1 with errno. */
int zygote_send(int ctl_fd, enum zygote_msg_type type);

/*
 * Receives one message. Returns 1 with *msg filled (and *child_fd set to
 * the received descriptor for ZYGOTE_SPAWNED, else -1), 0 on EOF, -1 with
 * errno (EAGAIN when nothing is there) or -2 for a malformed message, which
 * the caller treats as a broken zygote. A ZYGOTE_SPAWNED whose descriptor
 * the kernel dropped because this process had none left (MSG_CTRUNC, no
 * descriptor) is returned with *child_fd -1: the zygote is sound, and the
 * caller ends that child instead.
 */
int zygote_recv(int ctl_fd, struct zygote_msg *msg, int *child_fd);

#endif
