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
#include "proto/texts.h"

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

static int
grammar(const char *spec, const char *got)
{
	json_t *sp = json_loads(spec, 0, NULL);
	char why[256];
	int rc;

	ck_assert_ptr_nonnull(sp);
	ck_assert_int_eq(expect_is_grammar(sp), 1);
	rc = expect_grammar(sp, got, why, sizeof(why));
	json_decref(sp);
	return rc;
}

/*
 * The grammar form accepts every text protocol.json records as ours,
 * composed with plain values (they all follow the grammar), and refuses a text
 * of one sentence, one that does not start a sentence, one with a sentence of
 * fewer than three words, one without the given values, and bad specs.
 */
START_TEST(grammar_form_checks_the_failure_grammar)
{
	const char *vals[8] = { "x1", "x2", "x3", "x4", "x5", "x6", "x7",
		"x8" };
	int id;

	for (id = 0; id < CM_TEXT_COUNT; id++) {
		const struct texts_info *t = texts_info((enum cm_spec_text)id);
		char *text =
		    texts_composev((enum cm_spec_text)id, vals, t->nparams);
		json_t *sp = json_pack("{s:{s:[s]}}", "grammar", "contains",
		    t->nparams ? "x1" : "");
		char why[256];

		ck_assert_ptr_nonnull(text);
		/* The seed's own texts keep the seed's shape ("Tool "x"
		 * not found"); ours all follow the grammar. */
		if (t->from_seed) {
			json_decref(sp);
			free(text);
			continue;
		}
		if (t->nparams == 0)
			json_object_set_new(json_object_get(sp, "grammar"),
			    "contains", json_array());
		ck_assert_msg(expect_grammar(sp, text, why, sizeof(why)) == 0,
		    "%s: %s: %s", t->name, why, text);
		json_decref(sp);
		free(text);
	}
	ck_assert_int_eq(
	    grammar("{\"grammar\": {\"contains\": [\"my-store\"]}}",
		"Provider name \"my-store\" is bad. Rename it now."),
	    0);
	ck_assert_int_eq(grammar("{\"grammar\": {\"contains\": [\"a.b\", 12]}}",
			     "Module \"a.b\" weighs 12 units. Send a smaller "
			     "one."),
	    0);
	/* One sentence, a punctuation start, a short sentence, no end. */
	ck_assert_int_eq(grammar("{\"grammar\": {}}",
			     "Provider name \"x\" is bad and nothing helps."),
	    1);
	ck_assert_int_eq(
	    grammar("{\"grammar\": {}}", "- name is bad. Rename it now."), 1);
	ck_assert_int_eq(
	    grammar("{\"grammar\": {}}", "The name is bad. Rename."), 1);
	ck_assert_int_eq(grammar("{\"grammar\": {}}",
			     "The name is bad. Rename it now. and then"),
	    1);
	/* A period inside quotes ends no sentence. */
	ck_assert_int_eq(grammar("{\"grammar\": {}}",
			     "The module \"a. B\" is bad and stays bad."),
	    1);
	/* The values: missing one, a number, a {{CONST}}. */
	ck_assert_int_eq(grammar("{\"grammar\": {\"contains\": [\"y\"]}}",
			     "The name x is bad. Rename it now."),
	    1);
	ck_assert_int_eq(grammar("{\"grammar\": {\"contains\": [7]}}",
			     "The name x is bad. Rename it now."),
	    1);
	ck_assert_int_eq(
	    grammar("{\"grammar\": {\"contains\": [\"{{PAYLOAD_LIMIT}}\"]}}",
		"The part passed 8388608 characters. Send it in pieces."),
	    0);
	/* Malformed specs. */
	ck_assert_int_eq(
	    grammar("{\"grammar\": {\"has\": []}}", "A b c. D e f."), -1);
	ck_assert_int_eq(
	    grammar("{\"grammar\": {\"contains\": [\"\"]}}", "A b c. D e f."),
	    -1);
	ck_assert_int_eq(
	    grammar("{\"grammar\": {\"contains\": [\"{{NO_SUCH}}\"]}}",
		"A b c. D e f."),
	    -1);
	ck_assert_int_eq(
	    grammar("{\"grammar\": {}, \"text\": \"X\"}", "A b c. D e f."), -1);
}
END_TEST

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
	tcase_add_test(tc, grammar_form_checks_the_failure_grammar);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
