/* The daemon's log: one key=value line per call, filtered by level. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/log.h"

/* Runs the calls below with stderr on a pipe; returns what they wrote. */
static char out[4096];

static const char *
captured(void (*fn)(void))
{
	int p[2], saved;
	ssize_t n;

	ck_assert_int_eq(pipe(p), 0);
	fflush(stderr);
	saved = dup(2);
	dup2(p[1], 2);
	close(p[1]);
	fn();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = read(p[0], out, sizeof(out) - 1);
	close(p[0]);
	out[n > 0 ? n : 0] = '\0';
	return out;
}

static void
write_info_and_debug(void)
{
	log_write(LOG_INFO, "event=one n=%d", 1);
	log_write(LOG_DEBUG, "event=two");
}

START_TEST(test_level_filters)
{
	const char *s;

	log_set_level(LOG_INFO);
	s = captured(write_info_and_debug);
	ck_assert_ptr_nonnull(strstr(s, " level=info event=one n=1\n"));
	ck_assert_ptr_eq(strstr(s, "event=two"), NULL);
	ck_assert(strncmp(s, "ts=", 3) == 0);
	log_set_level(LOG_DEBUG);
	s = captured(write_info_and_debug);
	ck_assert_ptr_nonnull(strstr(s, " level=debug event=two\n"));
	log_set_level(LOG_ERROR);
	s = captured(write_info_and_debug);
	ck_assert_str_eq(s, "");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("log");
	TCase *tc = tcase_create("lines");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_level_filters);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
