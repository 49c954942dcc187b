/*
 * engine/host/script.c: a classic script's uncaught errors as one line
 * "Name: message", syntax errors, the event loop's order (microtasks, timers,
 * unhandled rejections reported, not fatal) and a timer that throws.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "host/engine.h"
#include "host/script.h"

struct capture {
	char buf[8192];
	size_t len;
	int oom_calls;
};

static void
cap_write(void *arg, int stream, const char *s, size_t len)
{
	struct capture *c = arg;

	if (stream == 2 && c->len + 4 < sizeof(c->buf)) {
		memcpy(c->buf + c->len, "[2]", 3);
		c->len += 3;
	}
	if (c->len + len >= sizeof(c->buf))
		len = sizeof(c->buf) - 1 - c->len;
	memcpy(c->buf + c->len, s, len);
	c->len += len;
	c->buf[c->len] = '\0';
}

static void
cap_oom(void *arg)
{
	((struct capture *)arg)->oom_calls++;
}

static struct engine *
mk(struct capture *c, double timeout_ms, size_t mem)
{
	struct engine_options opt;
	struct engine *e;
	char err[256];

	memset(c, 0, sizeof(*c));
	memset(&opt, 0, sizeof(opt));
	opt.script_mode = 1;
	opt.write = cap_write;
	opt.write_arg = c;
	opt.on_oom = cap_oom;
	opt.oom_arg = c;
	opt.timeout_ms = timeout_ms;
	opt.memory_limit = mem;
	e = engine_create(&opt, err, sizeof(err));
	ck_assert_msg(e != NULL, "engine_create: %s", err);
	return e;
}

static enum script_status
run(struct engine *e, const char *src, char *msg, size_t msglen)
{
	struct script_outcome out;
	enum script_status st;

	st = script_run(e, src, strlen(src), "test.js", &out);
	ck_assert_int_eq(st, out.status);
	snprintf(msg, msglen, "%s", out.message != NULL ? out.message : "");
	script_outcome_free(&out);
	return st;
}

START_TEST(test_errors)
{
	struct capture c;
	struct engine *e = mk(&c, 0, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e, "print('before'); null.x;", msg, sizeof(msg)), SCRIPT_THREW);
	ck_assert_str_eq(c.buf, "before\n");
	ck_assert_str_eq(msg, "TypeError: cannot read property 'x' of null");
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
