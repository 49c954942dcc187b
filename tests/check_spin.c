/*
 * child/spin.c: the budget a wait spins, when it stops and starts spinning
 * again, and the count of runnable tasks the daemon looks at first.
 */
#include <sys/socket.h>

#include <check.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child/spin.h"

static int sv[2];

static void
setup(void)
{
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
}

static void
teardown(void)
{
	close(sv[0]);
	close(sv[1]);
}

START_TEST(test_budget_is_capped)
{
	struct spin s;

	spin_init(&s, SPIN_BUDGET_MAX_US + 1);
	ck_assert_uint_eq(s.budget_us, SPIN_BUDGET_MAX_US);
	spin_init(&s, 400);
	ck_assert_uint_eq(s.budget_us, 400);
	ck_assert_int_eq(s.late, 0);
	ck_assert_int_ge(spin_cpus(), 1);
}
END_TEST

/* A file in /proc/loadavg's format, open for spin_runnable. */
static int
load_file(const char *text)
{
	char path[] = "/tmp/check_spin.XXXXXX";
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	unlink(path);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	return fd;
}

START_TEST(test_runnable_is_the_fourth_field)
{
	static const struct {
		const char *text;
		long want;
	} cases[] = {
		{ "0.52 0.58 0.59 2/180 12345\n", 2 },
		{ "10.00 9.00 8.00 17/2048 1\n", 17 },
		{ "0.00 0.00 0.00 0/1 1", 0 },
		/* Anything else is unreadable, and nobody spins. */
		{ "0.52 0.58 0.59 2 180 12345\n", -1 },
		{ "0.52 0.58 2/180 12345\n", -1 },
		{ "0.52 0.58 0.59 -2/180 1\n", -1 },
		{ "0.52 0.58 0.59 /180 1\n", -1 },
		{ "", -1 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		int fd = load_file(cases[i].text);

		ck_assert_msg(
		    spin_runnable(fd) == cases[i].want, "%s", cases[i].text);
		close(fd);
	}
	ck_assert_int_eq(spin_runnable(-1), -1);
	/* The machine's own. */
	{
		int fd = open("/proc/loadavg", O_RDONLY);

		if (fd >= 0) {
			ck_assert_int_ge(spin_runnable(fd), 1);
			close(fd);
		}
	}
}
END_TEST

START_TEST(test_wait_sees_input)
{
	struct spin s;

	spin_init(&s, 1000);
	ck_assert_int_eq(write(sv[1], "x", 1), 1);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 1);
	/* A bound shorter than the budget still looks once. */
	ck_assert_int_eq(spin_wait(&s, sv[0], 0), 1);
}
END_TEST

START_TEST(test_wait_ends_with_its_budget)
{
	struct spin s;
	double t0, took = 0;
	int i;

	spin_init(&s, 2000);
	t0 = spin_now_us();
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 0);
	ck_assert_double_ge(spin_now_us() - t0, 2000);
	/* ...or with a shorter bound. A busy host may preempt one wait past
	 * the budget (CI saw 13 ms), so the shorter bound must win in one of
	 * five tries: a wait that ignored it would spin the whole budget in
	 * each. */
	for (i = 0; i < 5; i++) {
		spin_init(&s, SPIN_BUDGET_MAX_US);
		t0 = spin_now_us();
		ck_assert_int_eq(spin_wait(&s, sv[0], 1000), 0);
		took = spin_now_us() - t0;
		ck_assert_double_ge(took, 1000);
		if (took < SPIN_BUDGET_MAX_US)
			break;
	}
	ck_assert_double_lt(took, SPIN_BUDGET_MAX_US);
}
END_TEST

START_TEST(test_no_budget_never_looks)
{
	struct spin s;

	spin_init(&s, 0);
	ck_assert_int_eq(write(sv[1], "x", 1), 1);
	/* 0 even with input there: the caller's read finds it. */
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 0);
	spin_answered(&s, 5, 1);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 0);
}
END_TEST

START_TEST(test_late_answers_turn_spinning_off_until_one_is_quick)
{
	struct spin s;

	spin_init(&s, 1000);
	ck_assert_int_eq(write(sv[1], "x", 1), 1);
	spin_answered(&s, 1001, 1);
	ck_assert_int_eq(s.late, 1);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 0);
	/* A wait its own bound ended early says nothing of the host. */
	spin_answered(&s, 10, 0);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 0);
	/* One that ran past the budget without an answer does. */
	spin_answered(&s, 1000, 1);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 1);
	spin_answered(&s, 1500, 0);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 0);
	spin_answered(&s, 999, 1);
	ck_assert_int_eq(spin_wait(&s, sv[0], -1), 1);
}
END_TEST

int
main(void)
{
	Suite *su = suite_create("spin");
	TCase *tc = tcase_create("spin");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_budget_is_capped);
	tcase_add_test(tc, test_runnable_is_the_fourth_field);
	tcase_add_test(tc, test_wait_sees_input);
	tcase_add_test(tc, test_wait_ends_with_its_budget);
	tcase_add_test(tc, test_no_budget_never_looks);
	tcase_add_test(
	    tc, test_late_answers_turn_spinning_off_until_one_is_quick);
	suite_add_tcase(su, tc);
	sr = srunner_create(su);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
