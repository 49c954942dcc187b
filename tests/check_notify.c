/*
 * Readiness for a service manager: notify_send's datagram (a path and an
 * abstract name), and the daemon as systemd starts it from a socket unit:
 * listeners passed at descriptors 3 and 4 (LISTEN_PID, LISTEN_FDS), served
 * as its own, READY=1 once it serves, STOPPING=1 on SIGTERM, and the
 * manager's socket file left in place at exit.
 */
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <check.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/listener.h"
#include "daemon/notify.h"
#include "support/test_client.h"
#include "support/test_daemon.h"

/* A datagram socket bound at `name` (a path, or @abstract). */
static int
bind_dgram(const char *name)
{
	struct sockaddr_un sun;
	socklen_t len;
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	strcpy(sun.sun_path, name);
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
	    strlen(name) + (name[0] == '/'));
	if (name[0] == '@')
		sun.sun_path[0] = '\0';
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sun, len), 0);
	return fd;
}

/* The next datagram within `ms`, "" on timeout. */
static const char *
recv_within(int fd, int ms)
{
	static char buf[512];
	struct pollfd p = { fd, POLLIN, 0 };
	ssize_t n;

	buf[0] = '\0';
	if (poll(&p, 1, ms) == 1 && (n = recv(fd, buf, sizeof(buf) - 1, 0)) > 0)
		buf[n] = '\0';
	return buf;
}

START_TEST(test_notify_send)
{
	char dir[] = "/tmp/cm-ntf-XXXXXX", path[128], abs[64];
	int fd;

	unsetenv("NOTIFY_SOCKET");
	ck_assert_int_eq(notify_send("READY=1"), 0);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/n.sock", dir);
	fd = bind_dgram(path);
	setenv("NOTIFY_SOCKET", path, 1);
	ck_assert_int_eq(notify_send("READY=1\nSTATUS=x"), 1);
	ck_assert_str_eq(recv_within(fd, 1000), "READY=1\nSTATUS=x");
	close(fd);
	unlink(path);
	/* Nobody listening: -1, never a crash or a block. */
	ck_assert_int_eq(notify_send("READY=1"), -1);
	snprintf(abs, sizeof(abs), "@cm-ntf-%d", (int)getpid());
	fd = bind_dgram(abs);
	setenv("NOTIFY_SOCKET", abs, 1);
	ck_assert_int_eq(notify_send("STOPPING=1"), 1);
	ck_assert_str_eq(recv_within(fd, 1000), "STOPPING=1");
	close(fd);
	setenv("NOTIFY_SOCKET", "relative/path", 1);
	ck_assert_int_eq(notify_send("READY=1"), -1);
	unsetenv("NOTIFY_SOCKET");
	rmdir(dir);
}
END_TEST

/* GET /healthz over `fd` (connected): the status line. */
static void
healthz_on(int fd, char *line, size_t len)
{
	const char *req = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
	struct pollfd p = { fd, POLLIN, 0 };
	ssize_t n;

	line[0] = '\0';
	ck_assert_int_eq(write(fd, req, strlen(req)), (ssize_t)strlen(req));
	if (poll(&p, 1, 5000) == 1 && (n = read(fd, line, len - 1)) > 0) {
		line[n] = '\0';
		line[strcspn(line, "\r")] = '\0';
	}
	close(fd);
}

START_TEST(test_socket_activation)
{
	struct test_daemon d;
	struct sockaddr_in sin;
	socklen_t sl = sizeof(sin);
	char err[256], npath[160], line[256];
	int ufd, tfd, nfd, c, status, port;
	pid_t pid;

	ck_assert_int_eq(test_daemon_init(&d, "cm-act"), 0);
	snprintf(npath, sizeof(npath), "%s/notify.sock", d.dir);
	nfd = bind_dgram(npath);
	/* What the socket unit binds, mode and all, before the daemon runs. */
	ufd = listener_unix(d.sock, 0660, err, sizeof(err));
	tfd = listener_tcp("127.0.0.1", "0", err, sizeof(err));
	ck_assert_int_ge(ufd, 0);
	ck_assert_int_ge(tfd, 0);
	ck_assert_int_eq(getsockname(tfd, (struct sockaddr *)&sin, &sl), 0);
	port = ntohs(sin.sin_port);
	if ((pid = fork()) == 0) {
		char me[16];

		/* systemd's order: the sockets at 3.., then the variables
		 * naming this very process. */
		if (dup2(ufd, 3) < 0 || dup2(tfd, 4) < 0)
			_exit(126);
		fcntl(3, F_SETFL, 0);
		fcntl(4, F_SETFL, 0);
		snprintf(me, sizeof(me), "%d", (int)getpid());
		setenv("LISTEN_PID", me, 1);
		setenv("LISTEN_FDS", "2", 1);
		setenv("LISTEN_FDNAMES", "executor:executor-tcp", 1);
		setenv("NOTIFY_SOCKET", npath, 1);
		execl(test_daemon_binary(), test_daemon_binary(),
		    "--max-workers", "1", "--spares", "0", "--log-level",
		    "error", "--instance-id", "act-1", (char *)NULL);
		_exit(127);
	}
	d.pid = pid;
	close(ufd);
	close(tfd);
	ck_assert_str_eq(
	    recv_within(nfd, 10000), "READY=1\nSTATUS=serving with 1 workers");
	/* Both inherited listeners serve. */
	c = test_connect_unix(d.sock);
	ck_assert_int_ge(c, 0);
	healthz_on(c, line, sizeof(line));
	ck_assert_str_eq(line, "HTTP/1.1 200 OK");
	c = socket(AF_INET, SOCK_STREAM, 0);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(c, (struct sockaddr *)&sin, sizeof(sin)), 0);
	healthz_on(c, line, sizeof(line));
	ck_assert_str_eq(line, "HTTP/1.1 200 OK");
	ck_assert_int_eq(kill(pid, SIGTERM), 0);
	ck_assert_str_eq(
	    recv_within(nfd, 10000), "STOPPING=1\nSTATUS=draining");
	status = test_daemon_reap(&d);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	/* The socket is the manager's: it stays for the next activation. */
	ck_assert_int_eq(access(d.sock, F_OK), 0);
	close(nfd);
	unlink(npath);
	test_daemon_stop(&d);
}
END_TEST

/* Two inherited unix listeners, or one beside --socket: refused at start. */
START_TEST(test_activation_refusals)
{
	struct test_daemon d;
	char err[256], other[160];
	int ufd, u2, status, i;

	ck_assert_int_eq(test_daemon_init(&d, "cm-act"), 0);
	snprintf(other, sizeof(other), "%s/o.sock", d.dir);
	ufd = listener_unix(d.sock, 0600, err, sizeof(err));
	u2 = listener_unix(other, 0600, err, sizeof(err));
	for (i = 0; i < 2; i++) {
		pid_t pid;
		int p[2];
		char out[512] = "";
		ssize_t n;

		ck_assert_int_eq(pipe(p), 0);
		if ((pid = fork()) == 0) {
			char me[16];

			dup2(p[1], 2);
			if (dup2(ufd, 3) < 0 || dup2(u2, 4) < 0)
				_exit(126);
			snprintf(me, sizeof(me), "%d", (int)getpid());
			setenv("LISTEN_PID", me, 1);
			setenv("LISTEN_FDS", i == 0 ? "2" : "1", 1);
			if (i == 0)
				execl(test_daemon_binary(),
				    test_daemon_binary(), "--spares", "0",
				    (char *)NULL);
			else
				execl(test_daemon_binary(),
				    test_daemon_binary(), "--spares", "0",
				    "--socket", other, (char *)NULL);
			_exit(127);
		}
		close(p[1]);
		{
			size_t got = 0;

			while (got < sizeof(out) - 1 &&
			    (n = read(p[0], out + got, sizeof(out) - 1 - got)) >
				0)
				got += (size_t)n;
			out[got] = '\0';
		}
		close(p[0]);
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1);
		ck_assert_msg(strstr(out,
				  i == 0 ? "a second inherited unix"
					 : "and an inherited unix") != NULL,
		    "%s", out);
		/* Neither socket file was removed by the refusal. */
		ck_assert_int_eq(access(d.sock, F_OK), 0);
		ck_assert_int_eq(access(other, F_OK), 0);
	}
	close(ufd);
	close(u2);
	unlink(other);
	test_daemon_stop(&d);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("notify");
	TCase *tc = tcase_create("activation");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_notify_send);
	tcase_add_test(tc, test_socket_activation);
	tcase_add_test(tc, test_activation_refusals);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
