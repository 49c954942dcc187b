/*
 * engine/host/arrsort.c: the string order of the default sort (UTF-16 code
 * units over both of Duktape's encodings of a code point past U+FFFF), and
 * the deadline asked while no bytecode runs. The sort's order, stability
 * and the spec's reads and writes are pinned by
 * tests/js/builtins/array_sort_edges.js and test262.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "host/arrsort.h"
#include "host/engine.h"
#include "support/test_engine.h"

static int
cmp(const char *a, const char *b)
{
	int r = arrsort_strcmp((const unsigned char *)a, strlen(a),
	    (const unsigned char *)b, strlen(b));

	return r < 0 ? -1 : r > 0;
}

START_TEST(test_strcmp)
{
	/* U+FFFF, U+E000, U+1F600 as a 4-byte sequence and as CESU-8 */
	const char *ffff = "\xef\xbf\xbf", *e000 = "\xee\x80\x80";
	const char *smile4 = "\xf0\x9f\x98\x80";
	const char *smile6 = "\xed\xa0\xbd\xed\xb8\x80";

	ck_assert_int_eq(cmp("", ""), 0);
	ck_assert_int_eq(cmp("", "a"), -1);
	ck_assert_int_eq(cmp("ab", "abc"), -1);
	ck_assert_int_eq(cmp("abc", "abd"), -1);
	ck_assert_int_eq(cmp("b", "abc"), 1);
	ck_assert_int_eq(cmp("Z", "a"), -1);
	/* A high surrogate (0xD83D) sorts before U+E000 and U+FFFF, where the
	 * bytes of a 4-byte sequence (F0) sort after theirs (EE, EF). */
	ck_assert_int_eq(cmp(smile4, ffff), -1);
	ck_assert_int_eq(cmp(ffff, smile4), 1);
	ck_assert_int_eq(cmp(smile4, e000), -1);
	ck_assert_int_eq(cmp(smile6, ffff), -1);
	/* both encodings are the same code units */
	ck_assert_int_eq(cmp(smile4, smile6), 0);
	ck_assert_int_eq(
	    cmp("x\xf0\x9f\x98\x80y", "x\xed\xa0\xbd\xed\xb8\x80z"), -1);
	/* the low surrogate decides: U+1F600 before U+1F601 */
	ck_assert_int_eq(cmp(smile4, "\xf0\x9f\x98\x81"), -1);
	ck_assert_int_eq(cmp("\xed\xa0\xbd\xed\xb8\x81", smile4), 1);
	/* a difference in a continuation byte: decoded from its lead byte */
	ck_assert_int_eq(cmp("\xc3\xa9", "\xc3\xa8"), 1);
	ck_assert_int_eq(cmp("\xe2\x82\xac", "\xef\xbc\x81"), -1);
	/* bytes that are no sequence count as one unit each */
	ck_assert_int_eq(cmp("\x80", "a"), 1);
	ck_assert_int_eq(cmp("\xf0\x9f", "\xf0\x9f"), 0);
	ck_assert_int_eq(cmp("\xf0\x9f", "\xf0\x9e"), 1);
}
END_TEST

/* Calls the prelude's captured __cm_native.sort(a, a.length, cmp, kind)
 * with a deadline already passed: nothing but the native runs, so only its
 * own check can stop it. */
static void
sort_past_deadline(const char *cmp_expr, int kind)
{
	struct capture c;
	struct engine *e = mk(&c, 0, 0);
	duk_context *ctx = engine_context(e);
	char msg[256], src[512];
	const char *err;

	snprintf(src, sizeof(src),
	    "var a = %s; for (var i = 0; i < 200000; i++) "
	    "a[i] = (i * 7919 + 5) %% 200003; var f = %s;",
	    kind == 1 ? "new Float64Array(200000)" : "[]", cmp_expr);
	ck_assert_int_eq(run(e, src, msg, sizeof(msg)), SCRIPT_OK);
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm_native");
	duk_push_string(ctx, "sort");
	duk_get_global_string(ctx, "a");
	duk_push_uint(ctx, 200000);
	duk_get_global_string(ctx, "f");
	duk_push_int(ctx, kind);
	engine_arm_deadline(e, 1e-6);
	ck_assert_int_ne(duk_pcall_prop(ctx, -6, 4), 0);
	err = duk_safe_to_string(ctx, -1);
	ck_assert_msg(strstr(err, "execution timeout") != NULL, "%s", err);
	ck_assert(engine_timed_out(e));
	duk_pop_2(ctx);
	/* stopped before the writes: the array is as it was */
	duk_get_global_string(ctx, "a");
	duk_get_prop_index(ctx, -1, 0);
	ck_assert_int_eq(duk_get_int(ctx, -1), 5);
	duk_get_prop_index(ctx, -2, 1);
	ck_assert_int_eq(duk_get_int(ctx, -1), 7924);
	duk_pop_3(ctx);
	engine_destroy(e);
}

START_TEST(test_deadline_native_comparator)
{
	sort_past_deadline("Math.min", 0);
}
END_TEST

START_TEST(test_deadline_default_order)
{
	sort_past_deadline("undefined", 0);
	sort_past_deadline("undefined", 2);
}
END_TEST

START_TEST(test_deadline_typed)
{
	sort_past_deadline("undefined", 1);
	sort_past_deadline("Math.max", 1);
}
END_TEST

static Suite *
arrsort_suite(void)
{
	Suite *s = suite_create("arrsort");
	TCase *tc = tcase_create("arrsort");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_strcmp);
	tcase_add_test(tc, test_deadline_native_comparator);
	tcase_add_test(tc, test_deadline_default_order);
	tcase_add_test(tc, test_deadline_typed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(arrsort_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
