/*
 * The daemon's end of a zygote's control socket (zygote.h), from the fork
 * and exec that open it, and the check of the image it execs.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cm_spec.h"
#include "cm_version.h"
#include "ipc/zygote_args.h"
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
	/* Out of descriptors here: the kernel dropped the child's socket. */
	if (n == (ssize_t)sizeof(*msg) && msg->type == ZYGOTE_SPAWNED &&
	    msg->pid > 0 && fds == 0 && (mh.msg_flags & MSG_CTRUNC) &&
	    !(mh.msg_flags & MSG_TRUNC))
		return 1;
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

/*
 * The sanitizers' own settings, when this build has them: the image is
 * built alike and reads them at start. Nothing else of the daemon's
 * environment reaches the image, whose first stack every child copies.
 */
static void
zygote_environment(char **envp, size_t max)
{
	size_t n = 0;
#if defined(__SANITIZE_ADDRESS__)
	static const char *const keep[] = { "ASAN_OPTIONS", "LSAN_OPTIONS",
		"UBSAN_OPTIONS" };
	extern char **environ;
	size_t i, j;

	for (i = 0; environ != NULL && environ[i] != NULL; i++)
		for (j = 0; j < sizeof(keep) / sizeof(*keep); j++) {
			size_t k = strlen(keep[j]);

			if (n + 1 < max &&
			    strncmp(environ[i], keep[j], k) == 0 &&
			    environ[i][k] == '=')
				envp[n++] = environ[i];
		}
#endif
	(void)max;
	envp[n] = NULL;
}

/*
 * In the forked process, before exec: the control socket goes to its fixed
 * number and every descriptor above it is closed (the daemon's listeners,
 * connections, other children's sockets), signals are unblocked. Only
 * async-signal-safe calls: the daemon may have threads (libcurl's
 * resolver).
 */
static void
zygote_exec(int fd, char *const argv[], char *const envp[])
{
	sigset_t none;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	if (fd == ZYGOTE_CTL_FD) {
		if (fcntl(fd, F_SETFD, 0) != 0)
			_exit(127);
	} else if (dup2(fd, ZYGOTE_CTL_FD) != ZYGOTE_CTL_FD)
		_exit(127);
	if (close_range(ZYGOTE_CTL_FD + 1, ~0U, 0) != 0)
		_exit(127);
	execve(argv[0], argv, envp);
	_exit(127);
}

pid_t
zygote_start(const struct zygote_program *prog, int *ctl_fd)
{
	struct zygote_argv zv;
	char *envp[8];
	int sv[2];
	pid_t pid;

	if (prog->image != NULL) {
		struct zygote_args a = {
			.address_space = prog->limits.address_space,
			.cpu_seconds = prog->limits.cpu_seconds,
			.prewarm = prog->prewarm ? 1 : 0,
			.spin_us = prog->spin_us,
		};

		/* Everything exec needs is ready before the fork. */
		if (zygote_args_encode(&a, prog->image, &zv) != 0) {
			errno = EINVAL;
			return -1;
		}
		zygote_environment(envp, sizeof(envp) / sizeof(*envp));
	} else if (prog->run == NULL) {
		errno = EINVAL;
		return -1;
	}
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
		if (prog->image != NULL)
			zygote_exec(sv[1], zv.argv, envp);
		close(sv[0]);
		prog->run(prog, sv[1]);
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

/* Reads what `fd` gives within `ms`, up to len - 1 bytes; the length. */
static size_t
zygote_read_all(int fd, char *buf, size_t len, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	size_t n = 0;
	ssize_t r;

	while (n + 1 < len && poll(&pfd, 1, ms) > 0) {
		do
			r = read(fd, buf + n, len - 1 - n);
		while (r < 0 && errno == EINTR);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	return n;
}

int
zygote_image_check(const char *image, char *err, size_t errlen)
{
	char want[128], got[128], *argv[3];
	struct stat st;
	int p[2], status = -1, i;
	pid_t pid;

	if (image == NULL || image[0] != '/') {
		snprintf(err, errlen,
		    "the sandbox image path %s is not absolute",
		    image ? image : "(none)");
		return -1;
	}
	if (stat(image, &st) != 0) {
		snprintf(err, errlen, "the sandbox image %s: %s", image,
		    strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode) || access(image, X_OK) != 0) {
		snprintf(err, errlen,
		    "the sandbox image %s is not an executable file", image);
		return -1;
	}
	if (pipe2(p, O_CLOEXEC) != 0) {
		snprintf(err, errlen, "the sandbox image %s: pipe: %s", image,
		    strerror(errno));
		return -1;
	}
	argv[0] = (char *)image;
	argv[1] = "--version";
	argv[2] = NULL;
	if ((pid = fork()) < 0) {
		snprintf(err, errlen, "the sandbox image %s: fork: %s", image,
		    strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		char *envp[1] = { NULL };

		if (dup2(p[1], STDOUT_FILENO) != STDOUT_FILENO)
			_exit(127);
		close_range(STDERR_FILENO + 1, ~0U, 0);
		execve(image, argv, envp);
		_exit(127);
	}
	close(p[1]);
	zygote_read_all(p[0], got, sizeof(got), 5000);
	close(p[0]);
	/* An image that hangs is not ours: it gets no more than the read. */
	for (i = 0; i < 500 && waitpid(pid, &status, WNOHANG) == 0; i++)
		usleep(10000);
	if (i == 500) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	snprintf(want, sizeof(want), "codemode-sandbox %s (protocol %d)\n",
	    CM_VERSION_STRING, CM_PROTOCOL_VERSION);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    strcmp(got, want) != 0) {
		got[strcspn(got, "\n")] = '\0';
		snprintf(err, errlen,
		    "the sandbox image %s is not codemode-sandbox %s: "
		    "--version answered \"%.60s\"",
		    image, CM_VERSION_STRING, got);
		return -1;
	}
	return 0;
}
