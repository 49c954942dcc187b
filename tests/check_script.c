/*
 * engine/host/script.c: a classic script's uncaught errors as one line
 * "Name: message", syntax errors, the event loop's order (microtasks, timers,
 * unhandled rejections reported, not fatal) and a timer that throws.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "host/engine.h"
#include "run/script.h"
#include "support/test_engine.h"

START_TEST(test_errors)
{
	struct capture c;
	struct engine *e = mk(&c, 0, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e, "print('before'); null.x;", msg, sizeof(msg)), SCRIPT_THREW);
	ck_assert_str_eq(c.buf, "before\n");
	ck_assert_str_eq(
	    msg, "TypeError: Cannot read properties of null (reading 'x')");
	ck_assert_int_eq(
	    run(e, "throw new RangeError('two\\nlines');", msg, sizeof(msg)),
	    SCRIPT_THREW);
	ck_assert_str_eq(msg, "RangeError: two lines");
	ck_assert_int_eq(run(e, "throw 42;", msg, sizeof(msg)), SCRIPT_THREW);
	ck_assert_str_eq(msg, "Uncaught 42");
	ck_assert_int_eq(run(e, "var = 1;", msg, sizeof(msg)), SCRIPT_SYNTAX);
	ck_assert_int_eq(strncmp(msg, "SyntaxError: ", 13), 0);
	/* A leading "use strict" directive keeps working. */
	ck_assert_int_eq(
	    run(e, "'use strict'; undeclared = 1;", msg, sizeof(msg)),
	    SCRIPT_THREW);
	ck_assert_int_eq(strncmp(msg, "ReferenceError: ", 16), 0);
	engine_destroy(e);
}
END_TEST

START_TEST(test_event_loop_order)
{
	struct capture c;
	struct engine *e = mk(&c, 5000, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"setTimeout(function () { print('t120'); }, 120);"
		"setTimeout(function () { print('t0');"
		"  Promise.resolve().then(function () { print('m-in-t0'); }); "
		"}, 0);"
		"setTimeout(function () { print('t60'); }, 60);"
		"Promise.resolve().then(function () { print('m1'); });"
		"Promise.reject(new Error('reported'));"
		"print('sync');",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf,
	    "sync\nm1\nUncaught (in promise) Error: reported\n"
	    "t0\nm-in-t0\nt60\nt120\n");
	/* An error thrown by a timer callback is uncaught. */
	c.len = 0;
	c.buf[0] = '\0';
	ck_assert_int_eq(run(e,
			     "setTimeout(function () { throw new TypeError('in "
			     "timer'); }, 1);",
			     msg, sizeof(msg)),
	    SCRIPT_THREW);
	ck_assert_str_eq(msg, "TypeError: in timer");
	engine_destroy(e);
}
END_TEST

static Suite *
script_suite(void)
{
	Suite *s = suite_create("script");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_event_loop_order);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(script_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
