/* A daemon under test on a private socket (test_daemon.h). */
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <netinet/in.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_client.h"
#include "test_daemon.h"

#define TEST_DAEMON_WAIT_STEPS 1000 /* of 10 ms */

const char *
test_daemon_binary(void)
{
	const char *b = getenv("BUILD"), *e = getenv("CODEMODE_EXECUTORD");
	static char path[512];

	if (e != NULL && *e != '\0')
		return e;
	snprintf(path, sizeof(path), "%s/codemode-executord", b ? b : "build");
	return path;
}

const char *
test_fetcher_binary(void)
{
	const char *b = getenv("BUILD");
	static char path[512];

	snprintf(path, sizeof(path), "%s/codemode-fetcher", b ? b : "build");
	return path;
}

long
test_fetcher_of(pid_t parent)
{
	char path[96], cmd[256];
	long pid, found = 0;
	FILE *fp, *c;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)parent,
	    (int)parent);
	if ((fp = fopen(path, "r")) == NULL)
		return 0;
	while (fscanf(fp, "%ld", &pid) == 1) {
		snprintf(path, sizeof(path), "/proc/%ld/cmdline", pid);
		if ((c = fopen(path, "r")) == NULL)
			continue;
		n = fread(cmd, 1, sizeof(cmd) - 1, c);
		fclose(c);
		cmd[n] = '\0';
		/* argv[1], after the program's path and its NUL. */
		if (strstr(cmd, "codemode-fetcher") != NULL &&
		    strlen(cmd) + 1 < n &&
		    strcmp(cmd + strlen(cmd) + 1, "--fetcher") == 0)
			found = pid;
	}
	fclose(fp);
	return found;
}

int
test_daemon_init(struct test_daemon *d, const char *prefix)
{
	d->pid = -1;
	snprintf(d->dir, sizeof(d->dir), "/tmp/%s-XXXXXX", prefix);
	if (mkdtemp(d->dir) == NULL)
		return -1;
	snprintf(d->sock, sizeof(d->sock), "%s/d.sock", d->dir);
	return 0;
}

int
test_daemon_spawn(struct test_daemon *d, const char *binary, const char *level,
    const char *const *extra)
{
	return test_daemon_spawn_nofile(d, binary, level, extra, 0);
}

int
test_daemon_spawn_nofile(struct test_daemon *d, const char *binary,
    const char *level, const char *const *extra, unsigned long nofile)
{
	const char *argv[32];
	int n = 0, i, fd;

	argv[n++] = binary;
	argv[n++] = "--socket";
	argv[n++] = d->sock;
	argv[n++] = "--max-workers";
	argv[n++] = "2";
	argv[n++] = "--log-level";
	argv[n++] = level;
	for (i = 0; extra != NULL && extra[i] != NULL && n < 31; i++)
		argv[n++] = extra[i];
	argv[n] = NULL;
	if ((d->pid = fork()) < 0)
		return -1;
	if (d->pid == 0) {
		struct rlimit rl = { nofile, nofile };

		if (nofile != 0 && setrlimit(RLIMIT_NOFILE, &rl) != 0)
			_exit(126);
		execv(argv[0], (char **)argv);
		_exit(127);
	}
	for (i = 0; i < TEST_DAEMON_WAIT_STEPS; i++) {
		if ((fd = test_connect_unix(d->sock)) >= 0) {
			close(fd);
			return 0;
		}
		if (waitpid(d->pid, NULL, WNOHANG) == d->pid) {
			d->pid = -1; /* it died: no point waiting */
			return -1;
		}
		usleep(10000);
	}
	test_daemon_kill(d, SIGKILL);
	return -1;
}

int
test_daemon_reap(struct test_daemon *d)
{
	int status = -1, i;
	pid_t r = 0;

	if (d->pid <= 0)
		return -1;
	for (i = 0; i < TEST_DAEMON_WAIT_STEPS; i++) {
		r = waitpid(d->pid, &status, WNOHANG);
		if (r == d->pid || (r < 0 && errno != EINTR))
			break;
		usleep(10000);
	}
	d->pid = -1;
	return r == -1 ? -1 : status;
}

int
test_daemon_kill(struct test_daemon *d, int sig)
{
	if (d->pid <= 0)
		return -1;
	kill(d->pid, sig);
	return test_daemon_reap(d);
}

int
test_daemon_stop(struct test_daemon *d)
{
	int status = test_daemon_kill(d, SIGTERM);

	rmdir(d->dir);
	return status;
}

int
test_free_port(void)
{
	struct sockaddr_in sin;
	socklen_t sl = sizeof(sin);
	int fd = socket(AF_INET, SOCK_STREAM, 0), port = -1;

	if (fd < 0)
		return -1;
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sin, &sl) == 0)
		port = ntohs(sin.sin_port);
	close(fd);
	return port;
}
