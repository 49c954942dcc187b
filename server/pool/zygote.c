/*
 * The daemon's end of a zygote's control socket (zygote.h), from the fork
 * that opens it.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zygote.h"

int
zygote_send(int ctl_fd, enum zygote_msg_type type)
{
	struct zygote_msg m = { .type = type };

	return zygote_msg_send(ctl_fd, &m, -1);
}

int
zygote_recv(int ctl_fd, struct zygote_msg *msg, int *child_fd)
{
	struct msghdr mh;
	struct iovec iov;
	struct cmsghdr *c;
	union {
		struct cmsghdr hdr;
		char buf[CMSG_SPACE(sizeof(int) * 4)];
	} cm;
	ssize_t n;
	int fds = 0;

	*child_fd = -1;
	memset(&mh, 0, sizeof(mh));
	iov.iov_base = msg;
	iov.iov_len = sizeof(*msg);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cm.buf;
	mh.msg_controllen = sizeof(cm.buf);
	do
		n = recvmsg(ctl_fd, &mh, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (n == 0)
		return 0;
	/* Take every descriptor that came, so a malformed message leaks none.
	 */
	for (c = CMSG_FIRSTHDR(&mh); c != NULL; c = CMSG_NXTHDR(&mh, c)) {
		int *p = (int *)CMSG_DATA(c);
		size_t i, k;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < k; i++) {
			int fd;

			memcpy(&fd, p + i, sizeof(int));
			if (fds++ == 0)
				*child_fd = fd;
			else
				close(fd);
		}
	}
	if (n != (ssize_t)sizeof(*msg) ||
	    (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) ||
	    (msg->type == ZYGOTE_SPAWNED) != (fds == 1) ||
	    (msg->type != ZYGOTE_SPAWNED && msg->type != ZYGOTE_EXITED &&
		msg->type != ZYGOTE_FAILED) ||
	    (msg->type != ZYGOTE_FAILED && msg->pid <= 0)) {
		if (*child_fd >= 0)
			close(*child_fd);
		*child_fd = -1;
		return -2;
	}
	return 1;
}

pid_t
zygote_start(const struct zygote_program *prog, int *ctl_fd)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		int e = errno;

		close(sv[0]);
		close(sv[1]);
		errno = e;
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		zygote_proc_main(prog, sv[1]);
		_exit(0);
	}
	close(sv[1]);
	if (fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK) != 0) {
		close(sv[0]);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return -1;
	}
	*ctl_fd = sv[0];
	return pid;
}
