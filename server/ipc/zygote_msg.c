/*
 * The zygote control socket's send side (zygote_msg.h): one message, and a
 * descriptor with it as SCM_RIGHTS.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include "zygote_msg.h"

int
zygote_msg_send(int ctl_fd, const struct zygote_msg *m, int fd)
{
	struct msghdr mh;
	struct iovec iov;
	union {
		struct cmsghdr hdr;
		char buf[CMSG_SPACE(sizeof(int))];
	} cm;
	ssize_t n;

	memset(&mh, 0, sizeof(mh));
	iov.iov_base = (void *)m;
	iov.iov_len = sizeof(*m);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	if (fd >= 0) {
		struct cmsghdr *c;

		memset(&cm, 0, sizeof(cm));
		mh.msg_control = cm.buf;
		mh.msg_controllen = sizeof(cm.buf);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	do
		n = sendmsg(ctl_fd, &mh, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof(*m) ? 0 : -1;
}
