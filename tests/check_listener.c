/*
 * Inherited listeners (socket activation): the LISTEN_* variables read
 * only when they are ours, a malformed count refused, and a passed
 * descriptor taken only when it is a listening socket of the right kind.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <check.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/listener.h"

static void
set_env(const char *pid, const char *fds, const char *names)
{
	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_FDNAMES");
	if (pid)
		setenv("LISTEN_PID", pid, 1);
	if (fds)
		setenv("LISTEN_FDS", fds, 1);
	if (names)
		setenv("LISTEN_FDNAMES", names, 1);
}

START_TEST(test_inherited_env)
{
	char err[256], names[64], me[32];
	int first = 0;

	snprintf(me, sizeof(me), "%d", (int)getpid());
	set_env(NULL, NULL, NULL);
	ck_assert_int_eq(
	    listener_inherited(&first, names, sizeof(names), err, sizeof(err)),
	    0);
	/* Another process's: ignored, and left alone. */
	set_env("1", "2", NULL);
	ck_assert_int_eq(
	    listener_inherited(&first, names, sizeof(names), err, sizeof(err)),
	    0);
	ck_assert_ptr_nonnull(getenv("LISTEN_FDS"));
	set_env(me, "2", "unix:tcp");
	ck_assert_int_eq(
	    listener_inherited(&first, names, sizeof(names), err, sizeof(err)),
	    2);
	ck_assert_int_eq(first, 3);
	ck_assert_str_eq(names, "unix:tcp");
	/* Ours now: nobody we start reads them again. */
	ck_assert_ptr_null(getenv("LISTEN_PID"));
	ck_assert_ptr_null(getenv("LISTEN_FDS"));
	ck_assert_ptr_null(getenv("LISTEN_FDNAMES"));
	set_env(me, "two", NULL);
	ck_assert_int_eq(
	    listener_inherited(&first, names, sizeof(names), err, sizeof(err)),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "LISTEN_FDS=two"));
	set_env(me, "100000", NULL);
	ck_assert_int_eq(
	    listener_inherited(&first, NULL, 0, err, sizeof(err)), -1);
	set_env(NULL, NULL, NULL);
}
END_TEST

START_TEST(test_inherited_kinds)
{
	struct sockaddr_in sin;
	char err[256], dir[] = "/tmp/cm-lst-XXXXXX", path[128];
	int ufd, tfd, dfd, nfd;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.sock", dir);
	ufd = listener_unix(path, 0600, err, sizeof(err));
	ck_assert_int_ge(ufd, 0);
	/* As a manager passes it: blocking, inheritable. */
	fcntl(ufd, F_SETFL, 0);
	fcntl(ufd, F_SETFD, 0);
	ck_assert_int_eq(listener_inherited_family(ufd), AF_UNIX);
	ck_assert_int_eq(
	    listener_inherited_unix(ufd, "u", err, sizeof(err)), ufd);
	ck_assert(fcntl(ufd, F_GETFL) & O_NONBLOCK);
	ck_assert(fcntl(ufd, F_GETFD) & FD_CLOEXEC);
	/* The wrong kind is refused, naming it. */
	ck_assert_int_eq(
	    listener_inherited_tcp(ufd, "u", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "not a listening TCP"));

	tfd = listener_tcp("127.0.0.1", "0", err, sizeof(err));
	ck_assert_int_ge(tfd, 0);
	ck_assert_int_eq(listener_inherited_family(tfd), AF_INET);
	ck_assert_int_eq(
	    listener_inherited_tcp(tfd, "t", err, sizeof(err)), tfd);
	ck_assert_int_eq(
	    listener_inherited_unix(tfd, "t", err, sizeof(err)), -1);

	/* A socket that does not listen, a datagram socket, a pipe. */
	nfd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(nfd, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ck_assert_int_eq(
	    listener_inherited_tcp(nfd, "n", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "(n) is not a listening"));
	dfd = socket(AF_UNIX, SOCK_DGRAM, 0);
	ck_assert_int_eq(
	    listener_inherited_unix(dfd, "d", err, sizeof(err)), -1);
	{
		int p[2];

		ck_assert_int_eq(pipe(p), 0);
		ck_assert_int_eq(listener_inherited_family(p[0]), -1);
		ck_assert_int_eq(
		    listener_inherited_unix(p[0], "p", err, sizeof(err)), -1);
		close(p[0]);
		close(p[1]);
	}
	close(ufd);
	close(tfd);
	close(nfd);
	close(dfd);
	unlink(path);
	rmdir(dir);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("listener");
	TCase *tc = tcase_create("inherited");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_inherited_env);
	tcase_add_test(tc, test_inherited_kinds);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
