/*
 * The conformance matcher's exactness (conformance/expect.c): values of
 * different JSON types never match, even where a loose comparison would
 * call them equal (true/false, null/false, {}/[], 0/""), and a string
 * matches only in full, so "okay" is no answer to an expected "ok". A
 * matcher that let these through could pass a wrong implementation.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "conformance/expect.h"

static int
diffs(const char *want, const char *got)
{
	struct expect_buf b = { 0 };
	json_t *w = json_loads(want, JSON_DECODE_ANY, NULL);
	json_t *g = json_loads(got, JSON_DECODE_ANY, NULL);
	int n;

	ck_assert_ptr_nonnull(w);
	ck_assert_ptr_nonnull(g);
	n = expect_json_diff(w, g, "result", &b);
	ck_assert_msg((n == 0) == (b.p == NULL || b.p[0] == '\0'),
	    "count %d and report disagree", n);
	expect_buf_free(&b);
	json_decref(w);
	json_decref(g);
	return n;
}

START_TEST(types_never_match_across)
{
	static const char *const v[] = { "true", "false", "null", "{}", "[]",
		"0", "\"\"", "\"0\"", "1" };
	size_t i, j;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		for (j = 0; j < sizeof(v) / sizeof(v[0]); j++)
			ck_assert_msg(diffs(v[i], v[j]) == (i == j ? 0 : 1),
			    "want %s, got %s", v[i], v[j]);
	/* Nested, where a parent would otherwise hide it. */
	ck_assert_int_eq(diffs("{\"a\":[false]}", "{\"a\":[true]}"), 1);
	ck_assert_int_eq(diffs("{\"a\":{}}", "{\"a\":[]}"), 1);
	ck_assert_int_eq(diffs("[null]", "[false]"), 1);
	ck_assert_int_eq(diffs("{\"s\":\"\"}", "{\"s\":0}"), 1);
	ck_assert_int_eq(diffs("{\"s\":0}", "{\"s\":\"\"}"), 1);
}
END_TEST

START_TEST(strings_match_only_in_full)
{
	ck_assert_int_eq(diffs("\"ok\"", "\"okay\""), 1);
	ck_assert_int_eq(diffs("\"okay\"", "\"ok\""), 1);
	ck_assert_int_eq(diffs("\"ok\"", "\"oK\""), 1);
	ck_assert_int_eq(diffs("\"ok\"", "\"ok\""), 0);
	ck_assert_int_eq(diffs("{\"k\":\"ok\"}", "{\"k\":\"okay\"}"), 1);
	ck_assert_int_eq(expect_text_match("ok", "okay", 0), 0);
	ck_assert_int_eq(expect_text_match("okay", "ok", 0), 0);
	ck_assert_int_eq(expect_text_match("ok", "ok", 0), 1);
	ck_assert_int_eq(expect_text_match("ok", "okay", 1), 1);
	ck_assert_int_eq(expect_text_match("ok", "oka", 0), 0);
}
END_TEST

START_TEST(globs_match_the_whole_name)
{
	ck_assert_int_eq(expect_glob("abc", "abc"), 1);
	ck_assert_int_eq(expect_glob("abc", "abcd"), 0);
	ck_assert_int_eq(expect_glob("a?c", "abcd"), 0);
	ck_assert_int_eq(expect_glob("a*", "abcd"), 1);
	ck_assert_int_eq(expect_glob("a*c", "abcd"), 0);
	ck_assert_int_eq(expect_glob("abc", "ab"), 0);
}
END_TEST

START_TEST(numbers_match_by_value_only)
{
	ck_assert_int_eq(diffs("1", "1.0"), 0);
	ck_assert_int_eq(diffs("1", "2"), 1);
	ck_assert_int_eq(diffs("1.5", "1.25"), 1);
	ck_assert_int_eq(diffs("[1,2]", "[1,2,3]"), 2);
	ck_assert_int_eq(diffs("{\"a\":1}", "{\"a\":1,\"b\":2}"), 1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("conformance_matcher");
	TCase *tc = tcase_create("exact");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, types_never_match_across);
	tcase_add_test(tc, strings_match_only_in_full);
	tcase_add_test(tc, numbers_match_by_value_only);
	tcase_add_test(tc, globs_match_the_whole_name);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
