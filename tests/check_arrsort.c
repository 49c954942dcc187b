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

START_TEST(test_deadline_script_comparator)
{
	sort_past_deadline("function (x, y) { return x - y; }", 0);
}
END_TEST

/*
 * A comparator's values read from slots (cm_duk_sort_slots): plain copies
 * of the values on the value stack, which alone keep them alive. Here the
 * comparator empties the array on its first call, so nothing but the
 * sort holds the objects, and makes garbage on every call; the sort still
 * gives every object back, in a stable order. Holes, undefined and a
 * getter's value are read into the value stack as the spec reads them.
 */
START_TEST(test_slots_keep_values)
{
	struct capture c;
	struct engine *e = mk(&c, 20000, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"var a = [], n = 3000, i, calls = 0, junk;"
		"for (i = 0; i < n; i++) a[i] = { k: (i * 7919) % 17, i: i };"
		"var keep = a.slice();"
		"keep.sort(function (x, y) {"
		"  if (calls++ === 0) a.length = 0;"
		"  junk = [{ x: x }, { y: y }, 'j' + calls];"
		"  return x.k - y.k; });"
		"var ok = keep.length === n;"
		"for (i = 1; i < n; i++) {"
		"  var p = keep[i - 1], q = keep[i];"
		"  if (p.k > q.k || (p.k === q.k && p.i >= q.i)) ok = false; }"
		"var b = [3, , undefined, 1];"
		"Object.defineProperty(b, 4, { get: function () { return 2; },"
		"  configurable: true });"
		"b.sort(function (x, y) { return x - y; });"
		"print(ok, a.length, JSON.stringify(b), 1 in b, 4 in b,"
		"  b.length);",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf, "true 0 [1,2,3,null,null] true false 5\n");
	engine_destroy(e);
}
END_TEST

/* The slots' two buffers (four times the indices' size) are taken only
 * from a quarter of what the memory limit leaves: a sort that fits with
 * indices does not fail for want of them. */
START_TEST(test_slots_within_limit)
{
	struct capture c;
	struct engine *e = mk(&c, 20000, 12u << 20);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"var a = new Array(200000), i;"
		"for (i = 0; i < a.length; i++) a[i] = (i * 48271) % 65521;"
		"a.sort(function (x, y) { return x - y; });"
		"for (i = 1; i < a.length && a[i - 1] <= a[i]; i++);"
		"print(i === a.length);",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf, "true\n");
	ck_assert_uint_le(engine_mem_peak(e), 12u << 20);
	engine_destroy(e);
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
	tcase_add_test(tc, test_deadline_script_comparator);
	tcase_add_test(tc, test_slots_keep_values);
	tcase_add_test(tc, test_slots_within_limit);
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
