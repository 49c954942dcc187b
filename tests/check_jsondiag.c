/* Check suite for engine/host/jsondiag.c: V8's JSON.parse texts for each
 * refusal its grammar names (the punctuation of objects and arrays, strings,
 * numbers, literals), the unexpected token in its three context forms,
 * positions in UTF-16 units, and the texts it leaves to its caller (JSON,
 * nesting past its depth). tests/js/builtins/json_errors.js compares the
 * whole path with node over 600 random mutations. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "host/jsondiag.h"

struct diag_case {
	const char *text;
	const char *msg; /* NULL: the text is JSON */
};

/* Every expected text below is what node 20's JSON.parse says. */
static const struct diag_case diag_cases[] = {
	{ "", "Unexpected end of JSON input" },
	{ " \t\r\n", "Unexpected end of JSON input" },
	{ "{", "Expected property name or '}' in JSON at position 1" },
	{ "[", "Unexpected end of JSON input" },
	{ "{bad", "Expected property name or '}' in JSON at position 1" },
	{ "{\"a\":1",
	    "Expected ',' or '}' after property value in JSON at position 6" },
	{ "{\"a\" 1}",
	    "Expected ':' after property name in JSON at position 5" },
	{ "{\"a\":1,\"b\" 2}", "Unexpected number in JSON at position 11" },
	{ "{\"a\":1,}",
	    "Expected double-quoted property name in JSON at position 7" },
	{ "{\"a\":}", "Unexpected token '}', \"{\"a\":}\" is not valid JSON" },
	{ "[1,]", "Unexpected token ']', \"[1,]\" is not valid JSON" },
	{ "[1 2]",
	    "Expected ',' or ']' after array element in JSON at position 3" },
	{ "[1,2",
	    "Expected ',' or ']' after array element in JSON at position 4" },
	{ "{\"a\":1}}",
	    "Unexpected non-whitespace character after JSON at position 7" },
	{ "tru", "Unexpected end of JSON input" },
	{ "nulL", "Unexpected token 'L', \"nulL\" is not valid JSON" },
	{ "NaN", "\"NaN\" is not valid JSON" },
	{ "undefined", "\"undefined\" is not valid JSON" },
	{ "[object Object]", "\"[object Object]\" is not valid JSON" },
	{ "-Infinity", "No number after minus sign in JSON at position 1" },
	{ "-01", "Unexpected number in JSON at position 2" },
	{ "1.", "Unterminated fractional number in JSON at position 2" },
	{ "[1E-]", "Exponent part is missing a number in JSON at position 4" },
	{ "\"abc", "Unterminated string in JSON at position 4" },
	{ "\"a\nb\"",
	    "Bad control character in string literal in JSON at position 2" },
	{ "\"\\x\"", "Bad escaped character in JSON at position 2" },
	{ "\"\\u12G4\"", "Bad Unicode escape in JSON at position 5" },
	{ "\"\\", "Unexpected end of JSON input" },
	{ "{\"a\":1,\"b\":[true,false,null],\"c\"\"x\"}",
	    "Unexpected string in JSON at position 32" },
	/* positions count UTF-16 units: U+1F600 is two */
	{ "\"\xf0\x9f\x98\x80x", "Unterminated string in JSON at position 4" },
	/* a token outside the BMP: its high surrogate alone, as CESU-8 */
	{ "\xf0\x9f\x98\x80",
	    "Unexpected token '\xed\xa0\xbd', \"\xf0\x9f\x98\x80\" is not "
	    "valid JSON" },
	/* 21 units and more: ten of context each side, dots by form */
	{ "aaaaaaaaaaaaaaaaaaaaa",
	    "Unexpected token 'a', \"aaaaaaaaaa\"... is not valid JSON" },
	{ "{\"a\":1,\"b\"[true,false,null]}",
	    "Unexpected token '[', ...\"{\"a\":1,\"b\"[true,fals\"... is not "
	    "valid JSON" },
	{ "[1,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,x]",
	    "Unexpected token 'x', ...\"2,2,2,2,2,x]\" is not valid JSON" },
	{ "{\"a\":[1,2.5e3,{\"k\":\"v\"}],\"b\":null}", NULL },
	{ "  -0.25  ", NULL },
};

START_TEST(test_diag_cases)
{
	const struct diag_case *c = &diag_cases[_i];
	char out[JSONDIAG_MAX];
	int r;

	strcpy(out, "untouched");
	r = jsondiag_explain((const uint8_t *)c->text, strlen(c->text), out);
	if (c->msg == NULL) {
		ck_assert_int_eq(r, 0);
		ck_assert_str_eq(out, "untouched");
	} else {
		ck_assert_int_eq(r, 1);
		ck_assert_str_eq(out, c->msg);
	}
}
END_TEST

/* A NUL inside a string is a control character like any other. */
START_TEST(test_nul)
{
	static const uint8_t text[] = { '"', 'a', 0, '"' };
	char out[JSONDIAG_MAX];

	ck_assert_int_eq(jsondiag_explain(text, sizeof(text), out), 1);
	ck_assert_str_eq(out,
	    "Bad control character in string literal in JSON at position 2");
}
END_TEST

/* Past the depth it follows the caller keeps its own text; below it the
 * error deep inside is found. */
START_TEST(test_depth)
{
	size_t n = 5000, i;
	uint8_t *t = malloc(n + 1);
	char out[JSONDIAG_MAX];

	ck_assert_ptr_nonnull(t);
	memset(t, '[', n);
	t[n] = 'x';
	ck_assert_int_eq(jsondiag_explain(t, n + 1, out), 0);
	for (i = 0; i < 100; i++)
		t[i] = '[';
	t[100] = 'x';
	ck_assert_int_eq(jsondiag_explain(t, 101, out), 1);
	ck_assert_str_eq(
	    out, "Unexpected token 'x', ...\"[[[[[[[[[[x\" is not valid JSON");
	free(t);
}
END_TEST

/* A long source is quoted by its context only: the text stays bounded. */
START_TEST(test_bounded)
{
	size_t n = 1 << 20;
	uint8_t *t = malloc(n);
	char out[JSONDIAG_MAX];

	ck_assert_ptr_nonnull(t);
	memset(t, 0xf0, n); /* truncated 4-byte sequences throughout */
	ck_assert_int_eq(jsondiag_explain(t, n, out), 1);
	ck_assert_uint_lt(strlen(out), JSONDIAG_MAX);
	free(t);
}
END_TEST

static Suite *
jsondiag_suite(void)
{
	Suite *s = suite_create("jsondiag");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_diag_cases, 0,
	    (int)(sizeof(diag_cases) / sizeof(diag_cases[0])));
	tcase_add_test(tc, test_nul);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_bounded);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(jsondiag_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
