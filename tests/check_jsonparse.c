/*
 * The strict JSON reader (libclient/proto/jsonparse.c): it takes the texts
 * the processes exchange, with jansson's values; it declines what jansson
 * refuses or what it leaves to jansson; a failed allocation is said.
 * fuzz_jsonparse compares it with jansson on any bytes.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/jsonparse.h"

static json_t *
load(const char *text, size_t flags)
{
	int nomem = -1;
	json_t *v = jsonparse_loadb(text, strlen(text), flags, &nomem);

	ck_assert_int_eq(nomem, 0);
	return v;
}

/* Taken, and the same as json_loadb's value by its dump. */
static void
expect_same(const char *text, size_t flags)
{
	json_t *fast = load(text, flags), *slow;
	char *a, *b;

	ck_assert_msg(fast != NULL, "declined: %s", text);
	slow = json_loadb(text, strlen(text), flags, NULL);
	ck_assert_ptr_nonnull(slow);
	a = json_dumps(fast, JSON_ENCODE_ANY);
	b = json_dumps(slow, JSON_ENCODE_ANY);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	json_decref(fast);
	json_decref(slow);
}

START_TEST(test_takes_the_messages_of_a_call)
{
	expect_same("{\"id\":7,\"provider\":\"tools\",\"tool\":\"add\","
		    "\"args\":\"{\\\"a\\\":1,\\\"b\\\":1}\"}",
	    JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL);
	expect_same("[\"push\",[\"pipeline\",0,[\"dispatch\"],[\"tools\","
		    "\"add\",\"[{\\\"a\\\":0}]\"]]]",
	    JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL | JSON_DECODE_ANY);
	expect_same(" [\"resolve\", 1, {\"result\": 42}] \r\n", 0);
	expect_same(
	    "\"caf\\u00e9 \\ud83d\\ude00 \\\"q\\\" \\\\ \\/ \\b\\f\\n\\r\\t\"",
	    JSON_DECODE_ANY);
	expect_same("[\"\xe2\x82\xac\xf0\x9f\x98\x80\", true, false, null, "
		    "[], {}, \"\"]",
	    0);
	expect_same("[0, -0, 1.5, -2.25e-3, 6.02E23, 1e-400, "
		    "999999999999999, -999999999999999]",
	    0);
	expect_same("{\"a\":{\"b\":[{\"c\":[1]}]},\"k\\u00e9y\":2}", 0);
}
END_TEST

START_TEST(test_numbers_keep_their_type)
{
	json_t *v = load("[3, 3.0, -0, 1e2]", 0);

	ck_assert(json_is_integer(json_array_get(v, 0)));
	ck_assert(json_is_real(json_array_get(v, 1)));
	ck_assert(json_is_integer(json_array_get(v, 2)));
	ck_assert(json_is_real(json_array_get(v, 3)));
	json_decref(v);
	/* Asked for reals, every number is one, and -0 keeps its sign. */
	v = load("[3, -0]", JSON_DECODE_INT_AS_REAL);
	ck_assert(json_is_real(json_array_get(v, 0)));
	ck_assert(json_real_value(json_array_get(v, 0)) == 3.0);
	ck_assert(signbit(json_real_value(json_array_get(v, 1))));
	json_decref(v);
	/* Past 15 digits an integer is read as a double by strtod. */
	v = load("[12345678901234567890]", JSON_DECODE_INT_AS_REAL);
	ck_assert(
	    json_real_value(json_array_get(v, 0)) == 12345678901234567890.0);
	json_decref(v);
}
END_TEST

START_TEST(test_strings_with_nul_by_the_flag)
{
	json_t *v;

	ck_assert_ptr_null(load("[\"a\\u0000b\"]", 0));
	v = load("[\"a\\u0000b\"]", JSON_ALLOW_NUL);
	ck_assert_int_eq(json_string_length(json_array_get(v, 0)), 3);
	ck_assert_mem_eq(json_string_value(json_array_get(v, 0)), "a\0b", 3);
	json_decref(v);
	/* Never in a key. */
	ck_assert_ptr_null(load("{\"a\\u0000\":1}", JSON_ALLOW_NUL));
}
END_TEST

/* What jansson refuses, and what is left to it, is declined. */
START_TEST(test_declines)
{
	static const char *const texts[] = { "", " ", "[1,]", "[01]", "[1.]",
		"[-]", "[.5]", "[1e]", "[+1]", "{\"a\"1}", "{a:1}", "[truex]",
		"[nul]", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\ud800\"]",
		"[\"\\udc00\"]", "[\"\\ud800\\u0041\"]", "[\"\t\"]",
		"[\"\xff\"]", "[\"\xed\xa0\x80\"]", "[\"\xc0\xaf\"]", "[\"abc]",
		"[1] x", "[1]]", "{\"a\":1,\"a\":2}", "[1e400]",
		"[123456789012345678]", "[\"\\u0000\"]", "\xef\xbb\xbf[]" };
	char deep[200];
	json_t *v;
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		ck_assert_msg(load(texts[i], 0) == NULL, "took %s", texts[i]);
	/* A scalar at the top only with JSON_DECODE_ANY. */
	ck_assert_ptr_null(load("1", 0));
	v = load("1", JSON_DECODE_ANY);
	ck_assert(json_is_integer(v));
	json_decref(v);
	/* Nesting past its depth goes to jansson. */
	memset(deep, '[', JSONPARSE_DEPTH + 1);
	memset(deep + JSONPARSE_DEPTH + 1, ']', JSONPARSE_DEPTH + 1);
	deep[2 * JSONPARSE_DEPTH + 2] = '\0';
	ck_assert_ptr_null(load(deep, 0));
	/* A flag it does not know, and no text at all. */
	ck_assert_ptr_null(
	    jsonparse_loadb("[1]", 3, JSON_DISABLE_EOF_CHECK, &(int){ 0 }));
	ck_assert_ptr_null(jsonparse_loadb(NULL, 0, 0, &(int){ 0 }));
	/* A NUL byte in the text, where jansson reads one too. */
	ck_assert_ptr_null(jsonparse_loadb("[1,\0]", 5, 0, &(int){ 0 }));
	ck_assert_ptr_null(jsonparse_loadb("[\"\0\"]", 5, 0, &(int){ 0 }));
}
END_TEST

START_TEST(test_depth_is_inclusive)
{
	char deep[200];
	json_t *v;

	memset(deep, '[', JSONPARSE_DEPTH);
	memset(deep + JSONPARSE_DEPTH, ']', JSONPARSE_DEPTH);
	deep[2 * JSONPARSE_DEPTH] = '\0';
	v = load(deep, 0);
	ck_assert_ptr_nonnull(v);
	json_decref(v);
}
END_TEST

/* jansson's allocations fail from the n-th on. */
static long calls, fail_from;

static void *
failing_malloc(size_t n)
{
	if (fail_from > 0 && ++calls >= fail_from)
		return NULL;
	return malloc(n);
}

/* Members read without a tree: only string members of the keys named. */
static int
strings(const char *text, const char *want[3])
{
	static const char *const keys[] = { "provider", "tool", "args" };
	struct jsonparse_str out[3];
	char *store;
	int nomem, rc, i;

	rc =
	    jsonparse_strings(text, strlen(text), keys, 3, out, &store, &nomem);
	ck_assert_int_eq(nomem, 0);
	for (i = 0; rc == 0 && i < 3; i++) {
		if (want[i] == NULL) {
			ck_assert_ptr_null(out[i].s);
			continue;
		}
		ck_assert_ptr_nonnull(out[i].s);
		ck_assert_uint_eq(out[i].len, strlen(want[i]));
		ck_assert_int_eq(out[i].s[out[i].len], '\0');
		ck_assert_mem_eq(out[i].s, want[i], strlen(want[i]));
	}
	free(store);
	return rc;
}

START_TEST(test_string_members_without_a_tree)
{
	const char *w[3];

	w[0] = "tools";
	w[1] = "add";
	w[2] = "{\"a\":1}";
	ck_assert_int_eq(strings("{\"provider\":\"tools\",\"tool\":\"add\","
				 "\"args\":\"{\\\"a\\\":1}\"}",
			     w),
	    0);
	/* Any order, white space, escapes in keys and values alike. */
	w[0] = "p\xc3\xa9\xf0\x9f\x98\x80/";
	w[2] = "x";
	ck_assert_int_eq(strings(" { \"args\" : \"x\" , \"t\\u006fol\":\"add\","
				 "\"provider\":\"p\\u00e9\\ud83d\\ude00\\/\"} ",
			     w),
	    0);
	/* A member absent, and none at all. */
	w[0] = NULL;
	ck_assert_int_eq(strings("{\"tool\":\"add\",\"args\":\"x\"}", w), 0);
	w[1] = w[2] = NULL;
	ck_assert_int_eq(strings("{}", w), 0);
	/* U+0000 in a value, as JSON_ALLOW_NUL reads it. */
	{
		static const char *const k[] = { "tool" };
		struct jsonparse_str o[1];
		char *store;
		int nomem;

		ck_assert_int_eq(jsonparse_strings("{\"tool\":\"a\\u0000\"}",
				     18, k, 1, o, &store, &nomem),
		    0);
		ck_assert_uint_eq(o[0].len, 2);
		ck_assert_mem_eq(o[0].s, "a\0", 2);
		free(store);
	}
	/* What it leaves to jansson. */
	ck_assert_int_eq(strings("{\"tool\":\"a\",\"tool\":\"b\"}", w), -1);
	ck_assert_int_eq(strings("{\"tool\":\"a\",\"other\":\"b\"}", w), -1);
	ck_assert_int_eq(strings("{\"tool\":1}", w), -1);
	ck_assert_int_eq(strings("{\"tool\":null}", w), -1);
	ck_assert_int_eq(strings("{\"tool\":\"\\ud800\"}", w), -1);
	ck_assert_int_eq(strings("{\"tool\":\"\xc3(\"}", w), -1);
	ck_assert_int_eq(strings("{\"tool\":\"a\"} x", w), -1);
	ck_assert_int_eq(strings("{\"tool\":\"a\",}", w), -1);
	ck_assert_int_eq(strings("[\"tool\"]", w), -1);
	ck_assert_int_eq(strings("", w), -1);
}
END_TEST

START_TEST(test_a_failed_allocation_is_said)
{
	const char *text = "{\"a\":[\"x\\n\",1.5,{\"b\":null}],\"c\":\"d\"}";
	json_t *v;
	long n;
	int nomem, failed = 0;

	json_set_alloc_funcs(failing_malloc, free);
	for (n = 1;; n++) {
		calls = 0;
		fail_from = n;
		v = jsonparse_loadb(text, strlen(text), 0, &nomem);
		fail_from = 0;
		if (v != NULL) {
			ck_assert_int_eq(nomem, 0);
			json_decref(v);
			break;
		}
		ck_assert_int_eq(nomem, 1);
		failed++;
	}
	json_set_alloc_funcs(malloc, free);
	ck_assert_int_ge(failed, 6);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("jsonparse");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_takes_the_messages_of_a_call);
	tcase_add_test(tc, test_numbers_keep_their_type);
	tcase_add_test(tc, test_strings_with_nul_by_the_flag);
	tcase_add_test(tc, test_declines);
	tcase_add_test(tc, test_depth_is_inclusive);
	tcase_add_test(tc, test_a_failed_allocation_is_said);
	tcase_add_test(tc, test_string_members_without_a_tree);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
