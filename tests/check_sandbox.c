/*
 * The engine child's sandbox (server/child/sandbox.c): with the filter compiled
 * ahead (sandbox_prepare) or built in the child, allowed calls work and a
 * forbidden one (open) kills the process.
 */
#include <errno.h>
#include <sys/sysinfo.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <check.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "child/sandbox.h"

enum { CHILD_OK = 0, CHILD_ENTER = 10, CHILD_FD = 11 };

/*
 * Forks a child that enters the sandbox keeping `keep`, checks what it may
 * still do, then (if `forbidden`) calls open(2). Its wait status.
 */
static int
sandboxed_child(int keep, int forbidden)
{
	struct sandbox_limits limits = { 0, 0 };
	struct timespec ts;
	struct rusage ru;
	struct sysinfo si;
	char err[256];
	int status;
	pid_t pid;

	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		if (sandbox_enter(keep, &limits, err, sizeof(err)) != 0)
			_exit(CHILD_ENTER);
		/* Allowed: the clock, pid, the heap reset's count of page
		 * faults, and the kept descriptor. */
		if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0 || getpid() <= 0 ||
		    getrusage(RUSAGE_SELF, &ru) != 0 ||
		    write(keep, "k", 1) != 1)
			_exit(CHILD_FD);
		/* Refused without a kill: glibc's qsort asks it. */
		if (sysinfo(&si) != -1 || errno != ENOSYS)
			_exit(CHILD_FD);
		if (forbidden)
			(void)open("/dev/null", O_RDONLY);
		_exit(CHILD_OK);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return status;
}

static void
check_both(void)
{
	int p[2], status;
	char c;

	ck_assert_int_eq(pipe(p), 0);
	status = sandboxed_child(p[1], 0);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), CHILD_OK);
	ck_assert_int_eq(read(p[0], &c, 1), 1);
	status = sandboxed_child(p[1], 1);
	ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS,
	    "open(2) in the sandbox did not kill (status %d)", status);
	close(p[0]);
	close(p[1]);
}

START_TEST(test_filter_built_in_child)
{
	check_both();
}
END_TEST

START_TEST(test_filter_compiled_ahead)
{
	char err[256];

	ck_assert_msg(sandbox_prepare(err, sizeof(err)) == 0, "%s", err);
	check_both();
	/* Preparing again replaces the program. */
	ck_assert_int_eq(sandbox_prepare(err, sizeof(err)), 0);
	check_both();
}
END_TEST

/*
 * No new descriptors inside: RLIMIT_NOFILE is the kept descriptor plus
 * one, read from outside with prlimit(2) (getrlimit is not on the
 * allow-list, so the child cannot look itself). It is a second fence
 * behind the filter, which allows no call that makes a descriptor.
 */
START_TEST(test_no_descriptor_past_the_kept_one)
{
	struct sandbox_limits limits = { 0, 0 };
	struct timespec ts = { 1, 0 };
	struct rlimit rl;
	char err[256], c;
	int p[2], status;
	pid_t pid;

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		if (sandbox_enter(p[1], &limits, err, sizeof(err)) != 0)
			_exit(CHILD_ENTER);
		if (write(p[1], "k", 1) != 1)
			_exit(CHILD_FD);
		for (;;)
			nanosleep(&ts, NULL);
	}
	ck_assert_int_eq(read(p[0], &c, 1), 1);
	ck_assert_int_eq(prlimit(pid, RLIMIT_NOFILE, NULL, &rl), 0);
	ck_assert_uint_eq(rl.rlim_cur, (rlim_t)p[1] + 1);
	ck_assert_uint_eq(rl.rlim_max, (rlim_t)p[1] + 1);
	kill(pid, SIGKILL);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	close(p[0]);
	close(p[1]);
}
END_TEST

/*
 * Every descriptor but the kept one (and SANDBOX_PAGEMAP_FD) is closed,
 * those between the two too: the write end of a pipe made after the kept
 * one fails in the child, and the parent reads EOF once its own copy is
 * closed.
 */
START_TEST(test_descriptors_past_the_kept_one_closed)
{
	struct sandbox_limits limits = { 0, 0 };
	char err[256], c;
	int q[2], p[2], status;
	pid_t pid;

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(pipe(q), 0);
	ck_assert_int_gt(q[1], p[1]);
	ck_assert_int_lt(q[1], SANDBOX_PAGEMAP_FD);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		if (sandbox_enter(p[1], &limits, err, sizeof(err)) != 0)
			_exit(CHILD_ENTER);
		c = write(q[1], "x", 1) == 1 ? 'o' : 'c';
		if (write(p[1], &c, 1) != 1)
			_exit(CHILD_FD);
		_exit(0);
	}
	close(q[1]);
	ck_assert_int_eq(read(p[0], &c, 1), 1);
	ck_assert_int_eq(c, 'c');
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(read(q[0], &c, 1), 0);
	close(q[0]);
	close(p[0]);
	close(p[1]);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("sandbox");
	TCase *tc = tcase_create("sandbox");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_filter_built_in_child);
	tcase_add_test(tc, test_filter_compiled_ahead);
	tcase_add_test(tc, test_no_descriptor_past_the_kept_one);
	tcase_add_test(tc, test_descriptors_past_the_kept_one_closed);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
