/*
 * The zygote process (zygote_proc.h): it warms once, then forks a child
 * on each SPAWN and reports every child's exit.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipc/zygote_msg.h"
#include "zygote_proc.h"

static uint32_t
zygote_proc_rss_kb(void)
{
	unsigned long size, resident;
	FILE *f;

	if ((f = fopen("/proc/self/statm", "r")) == NULL)
		return 0;
	if (fscanf(f, "%lu %lu", &size, &resident) != 2)
		resident = 0;
	fclose(f);
	return (
	    uint32_t)(resident * (unsigned long)sysconf(_SC_PAGESIZE) / 1024);
}

/* In the fresh child: drop the zygote's state, enter the sandbox, run. */
static void
zygote_proc_child(
    const struct zygote_program *prog, int fd, const sigset_t *mask)
{
	char err[256];
	int status;

	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	sigprocmask(SIG_SETMASK, mask, NULL);
	signal(SIGCHLD, SIG_DFL);
	if (prog->prepare != NULL)
		prog->prepare(prog->arg);
	if (prog->sandbox &&
	    sandbox_enter(fd, &prog->limits, err, sizeof(err)) != 0)
		_exit(126);
	status = prog->child_main(fd, prog->arg);
	_exit(status);
}

/* Forks one child; answers SPAWNED (with its fd) or FAILED. */
static void
zygote_proc_spawn(const struct zygote_program *prog, int ctl_fd, int sig_fd,
    const sigset_t *mask, int *nchildren)
{
	struct zygote_msg m = { 0 };
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		m.type = ZYGOTE_FAILED;
		m.status = errno;
		zygote_msg_send(ctl_fd, &m, -1);
		return;
	}
	if ((pid = fork()) < 0) {
		m.type = ZYGOTE_FAILED;
		m.status = errno;
		close(sv[0]);
		close(sv[1]);
		zygote_msg_send(ctl_fd, &m, -1);
		return;
	}
	if (pid == 0) {
		close(ctl_fd);
		close(sig_fd);
		close(sv[0]);
		zygote_proc_child(prog, sv[1], mask);
	}
	close(sv[1]);
	(*nchildren)++;
	m.type = ZYGOTE_SPAWNED;
	m.pid = pid;
	m.rss_kb = zygote_proc_rss_kb();
	zygote_msg_send(ctl_fd, &m, sv[0]);
	close(sv[0]);
}

/* Reaps every exited child and reports each one. */
static void
zygote_proc_reap(int ctl_fd, int *nchildren)
{
	struct zygote_msg m = { 0 };
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		(*nchildren)--;
		m.type = ZYGOTE_EXITED;
		m.pid = pid;
		m.status = status;
		m.rss_kb = 0;
		zygote_msg_send(ctl_fd, &m, -1);
	}
}

/*
 * Handlers came with the fork (libevent's in the daemon, a test runner's):
 * none is ours, and one that catches SIGTERM made a retiring zygote and
 * its idle children outlive the signal until the pool's SIGKILL.
 */
static void
zygote_proc_default_signals(void)
{
	struct sigaction sa;
	int sig;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			(void)sigaction(sig, &sa, NULL);
}

void
zygote_proc_main(const struct zygote_program *prog, int ctl_fd)
{
	struct signalfd_siginfo si;
	struct pollfd pfd[2];
	sigset_t chld, old;
	char err[256];
	int sig_fd, nchildren = 0, retiring = 0, ctl_open = 1;

	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	/* Hold none of the daemon's sockets: a client must see EOF when the
	 * daemon closes. */
	if (ctl_fd > 3)
		close_range(3, (unsigned)ctl_fd - 1, 0);
	close_range((unsigned)ctl_fd + 1, ~0U, 0);
	zygote_proc_default_signals();
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	if ((sig_fd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK)) < 0)
		_exit(1);
	if (prog->warm && prog->warm(prog->arg) != 0)
		_exit(1);
	/* Without it each child compiles the filter itself, slower. */
	if (prog->sandbox)
		(void)sandbox_prepare(err, sizeof(err));
	for (;;) {
		if ((retiring || !ctl_open) && nchildren == 0)
			_exit(0);
		pfd[0].fd = ctl_open ? ctl_fd : -1;
		pfd[0].events = POLLIN;
		pfd[1].fd = sig_fd;
		pfd[1].events = POLLIN;
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			_exit(1);
		}
		if (pfd[1].revents & POLLIN) {
			while (read(sig_fd, &si, sizeof(si)) > 0)
				;
			zygote_proc_reap(ctl_fd, &nchildren);
		}
		if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			struct zygote_msg m;
			ssize_t n = recv(ctl_fd, &m, sizeof(m), 0);

			if (n <= 0 && !(n < 0 && errno == EINTR)) {
				/* The daemon is gone: finish the children's
				 * runs, then exit. */
				ctl_open = 0;
				continue;
			}
			if (n != (ssize_t)sizeof(m))
				continue;
			if (m.type == ZYGOTE_SPAWN && !retiring)
				zygote_proc_spawn(
				    prog, ctl_fd, sig_fd, &old, &nchildren);
			else if (m.type == ZYGOTE_RETIRE)
				retiring = 1;
		}
	}
}
