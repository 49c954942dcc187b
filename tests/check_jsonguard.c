/*
 * The parse guard (libclient/proto/jsonguard.c): jansson 2.14's parser
 * aborts the process (an assert in its lexer) or reads past its buffer when
 * an allocation fails while it saves a token's bytes; through the guard,
 * every allocation of a parse may fail and the answer is the value or an
 * out-of-memory error, never an abort. Each input is parsed with its n-th
 * allocation failing, for every n the parse reaches.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/jsonguard.h"

/* The allocator under test: fails the `fail_at`-th call (0: none). */
static long calls, fail_at;

static void *
failing_alloc(size_t n)
{
	if (fail_at > 0 && ++calls == fail_at)
		return NULL;
	return malloc(n);
}

/*
 * Inputs whose tokens grow the lexer's buffer at every point: a number
 * followed by the byte the lexer saves and then gives back (the case that
 * asserts), long strings, escapes, keys, nesting, and invalid text.
 */
static const char *const inputs[] = {
	"[1234567890123456,1]",
	"[12345678901234567890123456789012,2.5e10,-0.125]",
	"{\"a\":\"0123456789abcdef0123456789abcdef\",\"bb\":[true,false,null]}",
	"\"\\u00e9\\ud83d\\ude00 and a long tail of plain text past sixteen\"",
	"[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]",
	"{\"k1\":1,\"k2\":{\"k3\":[\"x\",\"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"]}"
	"}",
	"[1234567890123456789012345678901234567890",
	"{\"abcdefghijklmnopqrstuvwxyz\":12345678901234567890.5 }",
	"[\"unterminated string that is longer than sixteen bytes",
	/* Past jsonparse's depth: jansson's whole, after jsonparse's own
	 * allocations down to there. */
	"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
	"[\"deep\",{\"k\":[1.5,\"v\"]}]"
	"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
};

START_TEST(test_every_allocation_of_a_parse_may_fail)
{
	size_t flags =
	    JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL;
	json_error_t want_err, err;
	json_t *want, *got;
	long n, nomem = 0, points = 0;
	size_t i;

	jsonguard_install_alloc(failing_alloc);
	for (i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		const char *in = inputs[i];

		fail_at = 0;
		want = jsonguard_loadb(in, strlen(in), flags, &want_err);
		for (n = 1;; n++) {
			calls = 0;
			fail_at = n;
			errno = 0;
			got = jsonguard_loadb(in, strlen(in), flags, &err);
			fail_at = 0;
			if (calls < n) {
				/* The parse never reached allocation n. */
				ck_assert(want == NULL ? got == NULL
						       : json_equal(want, got));
				json_decref(got);
				break;
			}
			points++;
			if (got == NULL && jsonguard_is_nomem(&err)) {
				ck_assert_int_eq(errno, ENOMEM);
				nomem++;
				continue;
			}
			/* A failure jansson took itself cannot pass for
			 * a value. */
			ck_assert_msg(got == NULL,
			    "input %zu: allocation %ld failed and a value came "
			    "back",
			    i, n);
		}
		json_decref(want);
	}
	ck_assert_int_gt(points, 100);
	ck_assert_int_eq(nomem, points);
}
END_TEST

/*
 * A small parse lends the reserve kept for the next one; an input too big
 * for it still gets a reserve of its own, big enough for its token buffer:
 * its every allocation may fail too, after small parses made the kept one.
 */
START_TEST(test_big_input_after_small_ones)
{
	static char big[70000];
	json_error_t err;
	json_t *v;
	long n, points = 0, nomem = 0;
	size_t digits;

	jsonguard_install_alloc(failing_alloc);
	/*
	 * A number whose closing bracket is the byte that grows the lexer's
	 * buffer past 64 KiB: lost, its unget asserts. Lengths around it, as
	 * the buffer's growth rule decides the exact one.
	 */
	for (digits = 65530; digits < 65540; digits++) {
		big[0] = '[';
		memset(big + 1, '7', digits);
		big[digits + 1] = ']';
		big[digits + 2] = '\0';
		for (n = 1;; n++) {
			fail_at = 0;
			json_decref(jsonguard_loadb(
			    inputs[0], strlen(inputs[0]), 0, NULL));
			calls = 0;
			fail_at = n;
			v = jsonguard_loadb(
			    big, digits + 2, JSON_DECODE_INT_AS_REAL, &err);
			fail_at = 0;
			json_decref(v);
			if (calls < n)
				break;
			points++;
			ck_assert_ptr_null(v);
			nomem += jsonguard_is_nomem(&err);
		}
	}
	ck_assert_int_gt(points, 100);
	ck_assert_int_eq(nomem, points);
	/* And the kept reserve still serves a small one that fails. */
	calls = 0;
	fail_at = 2;
	ck_assert_ptr_null(
	    jsonguard_loadb(inputs[2], strlen(inputs[2]), 0, &err));
	ck_assert(jsonguard_is_nomem(&err));
	fail_at = 0;
}
END_TEST

/* The reserve is made first: when that fails, nothing is parsed. */
START_TEST(test_no_reserve_no_parse)
{
	json_error_t err;

	jsonguard_install_alloc(failing_alloc);
	calls = 0;
	fail_at = 1;
	/* The reserve comes from malloc, not the seam: a length whose
	 * reserve cannot exist stands for it. */
	ck_assert_ptr_null(jsonguard_loadb("[1]", (size_t)-1 / 2, 0, &err));
	ck_assert(jsonguard_is_nomem(&err));
	fail_at = 0;
}
END_TEST

/* Without a failure it is json_loadb: the same values and errors. */
START_TEST(test_same_as_json_loadb)
{
	static const char *const texts[] = { "{\"a\":1,\"a\":2}", "[1,]",
		"\"\\ud800\"", "123456789012345678901234567890", " {} x" };
	size_t i;

	jsonguard_install_alloc(malloc);
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		json_error_t e1, e2;
		json_t *a = json_loadb(texts[i], strlen(texts[i]),
			   JSON_REJECT_DUPLICATES, &e1),
		       *b = jsonguard_loadb(texts[i], strlen(texts[i]),
			   JSON_REJECT_DUPLICATES, &e2);

		ck_assert(a == NULL ? b == NULL : json_equal(a, b));
		if (a == NULL) {
			ck_assert_str_eq(e1.text, e2.text);
			ck_assert_int_eq(e1.position, e2.position);
		}
		json_decref(a);
		json_decref(b);
	}
	for (i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		json_t *a = json_loadb(
			   inputs[i], strlen(inputs[i]), JSON_DECODE_ANY, NULL),
		       *b = jsonguard_loadb(
			   inputs[i], strlen(inputs[i]), JSON_DECODE_ANY, NULL);

		ck_assert(a == NULL ? b == NULL : json_equal(a, b));
		json_decref(a);
		json_decref(b);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("jsonguard");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_every_allocation_of_a_parse_may_fail);
	tcase_add_test(tc, test_no_reserve_no_parse);
	tcase_add_test(tc, test_big_input_after_small_ones);
	tcase_add_test(tc, test_same_as_json_loadb);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
