/*
 * engine/host/bigint.c: each native on a bare Duktape heap, against values
 * worked out by hand (tests/js/builtins/bigint.js pins node's answers end
 * to end): the canonical text, signs, floors, two's complements, radices
 * and the size bound.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "duktape.h"
#include "host/bigint.h"

static duk_context *ctx;

static void
setup(void)
{
	ctx = duk_create_heap_default();
	ck_assert_ptr_nonnull(ctx);
	duk_push_global_object(ctx);
	bigint_install(ctx, -1);
	duk_pop(ctx);
}

static void
teardown(void)
{
	duk_destroy_heap(ctx);
}

/* The text (or "null", or the error) of JavaScript `expr` over the
 * natives, in a static buffer. */
static const char *
ev(const char *expr)
{
	static char out[600];

	if (duk_peval_string(ctx, expr) != 0)
		snprintf(
		    out, sizeof(out), "error: %s", duk_safe_to_string(ctx, -1));
	else
		snprintf(out, sizeof(out), "%s", duk_safe_to_string(ctx, -1));
	duk_pop(ctx);
	return out;
}

START_TEST(test_arithmetic_keeps_the_canonical_text)
{
	ck_assert_str_eq(ev("bigOp(0, 'ff', '1')"), "100");
	ck_assert_str_eq(ev("bigOp(1, '1', 'ff')"), "-fe");
	ck_assert_str_eq(ev("bigOp(1, '5', '5')"), "0");
	ck_assert_str_eq(ev("bigOp(2, '-10', '10')"), "-100");
	ck_assert_str_eq(ev("bigOp(2, 'ffffffffffffffff', 'ffffffffffffffff')"),
	    "fffffffffffffffe0000000000000001");
	/* Division truncates; the remainder has the dividend's sign. */
	ck_assert_str_eq(ev("bigOp(3, '-7', '2')"), "-3");
	ck_assert_str_eq(ev("bigOp(4, '-7', '2')"), "-1");
	ck_assert_str_eq(ev("bigOp(4, '7', '-2')"), "1");
	ck_assert_str_eq(ev("bigOp(5, '2', '40')"), "10000000000000000");
	ck_assert_str_eq(ev("bigOp(5, '-1', 'ffffffffffffffffffff')"), "-1");
	ck_assert_str_eq(ev("bigOp(5, '-1', 'fffffffffffffffffffe')"), "1");
	ck_assert_str_eq(ev("bigOp(5, '0', 'ffffffffffffffffffff')"), "0");
	ck_assert_str_eq(ev("bigOp(5, '9', '0')"), "1");
	ck_assert_str_eq(ev("bigOp(11, '-a', '3')"), "-1");
	ck_assert_str_eq(ev("bigOp(11, 'a', 'a')"), "0");
	ck_assert_str_eq(ev("bigOp(11, '10', 'f')"), "1");
}
END_TEST

/* Bitwise operators see two's complements of unbounded width. */
START_TEST(test_bitwise_and_shifts_on_negatives)
{
	ck_assert_str_eq(ev("bigOp(6, '-5', '3')"), "3");
	ck_assert_str_eq(ev("bigOp(7, '-5', '3')"), "-5");
	ck_assert_str_eq(ev("bigOp(8, '-5', '-3')"), "6");
	ck_assert_str_eq(ev("bigOp(6, '-100', 'ff')"), "0");
	ck_assert_str_eq(ev("bigOp(8, '-80', '7f')"), "-1");
	ck_assert_str_eq(ev("bigOp(9, '1', '40')"), "10000000000000000");
	ck_assert_str_eq(ev("bigOp(9, '10', '-4')"), "1");
	/* Right shifts round toward minus infinity. */
	ck_assert_str_eq(ev("bigOp(10, '-11', '2')"), "-5");
	ck_assert_str_eq(ev("bigOp(10, '-10', '2')"), "-4");
	ck_assert_str_eq(ev("bigOp(10, '11', '2')"), "4");
	ck_assert_str_eq(ev("bigOp(10, '-1', 'ffffffffffffffffff')"), "-1");
	ck_assert_str_eq(ev("bigOp(10, '7', 'ffffffffffffffffff')"), "0");
	ck_assert_str_eq(ev("bigOp(9, '0', 'ffffffffffffffffff')"), "0");
}
END_TEST

START_TEST(test_results_past_the_bound_are_null)
{
	char expr[128];

	/* 2^(MAX - 1) fits; twice it does not. */
	snprintf(
	    expr, sizeof(expr), "bigOp(9, '1', '%x')", BIGINT_MAX_BITS - 1);
	ck_assert_str_ne(ev(expr), "null");
	snprintf(expr, sizeof(expr), "bigOp(9, '1', '%x')", BIGINT_MAX_BITS);
	ck_assert_str_eq(ev(expr), "null");
	snprintf(expr, sizeof(expr), "bigOp(5, '2', '%x')", BIGINT_MAX_BITS);
	ck_assert_str_eq(ev(expr), "null");
	ck_assert_str_eq(ev("bigOp(5, '3', 'ffffffffff')"), "null");
	snprintf(expr, sizeof(expr),
	    "var h = bigOp(9, '1', '%x'); bigOp(2, h, h)", BIGINT_MAX_BITS - 1);
	ck_assert_str_eq(ev(expr), "null");
	ck_assert_str_eq(ev("bigOp(0, h, h)"), "null");
	/* A text no native made is refused, not guessed at. */
	ck_assert_str_eq(
	    ev("bigOp(0, 'xyz', '1')"), "error: TypeError: not a BigInt text");
	ck_assert_str_eq(
	    ev("bigOp(0, '1', '')"), "error: TypeError: not a BigInt text");
}
END_TEST

START_TEST(test_texts_and_numbers_both_ways)
{
	ck_assert_str_eq(ev("bigFrom('-00123', 10)"), "-7b");
	ck_assert_str_eq(ev("bigFrom('-0', 10)"), "0");
	ck_assert_str_eq(ev("bigFrom('777', 8)"), "1ff");
	ck_assert_str_eq(ev("bigFrom('1011', 2)"), "b");
	ck_assert_str_eq(ev("bigFrom('00FF', 16)"), "ff");
	ck_assert_str_eq(ev("bigToString('-7b', 10)"), "-123");
	ck_assert_str_eq(ev("bigToString('ff', 2)"), "11111111");
	ck_assert_str_eq(ev("bigToString('-ff', 36)"), "-73");
	ck_assert_str_eq(ev("bigToString('0', 7)"), "0");
	ck_assert_str_eq(
	    ev("bigToString('10000000000000000', 36)"), "3w5e11264sgsg");
	ck_assert_str_eq(ev("bigFromNumber(-1e21)"), "-3635c9adc5dea00000");
	ck_assert_str_eq(
	    ev("bigFromNumber(Math.pow(2, 70))"), "400000000000000000");
	ck_assert_str_eq(
	    ev("bigToNumber('20000000000001')"), "9007199254740992");
	ck_assert_str_eq(ev("bigToNumber('-400000000000000000')"),
	    "-1.1805916207174113e+21");
	ck_assert_str_eq(ev("bigAsN('ff', 8, true)"), "-1");
	ck_assert_str_eq(ev("bigAsN('-1', 8, false)"), "ff");
	ck_assert_str_eq(ev("bigAsN('-1', 0, false)"), "0");
	ck_assert_str_eq(ev("bigAsN('-3', 1e12, true)"), "-3");
	ck_assert_str_eq(ev("bigAsN('-3', 1e12, false)"), "null");
}
END_TEST

static Suite *
bigint_suite(void)
{
	Suite *s = suite_create("bigint");
	TCase *tc = tcase_create("natives");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_arithmetic_keeps_the_canonical_text);
	tcase_add_test(tc, test_bitwise_and_shifts_on_negatives);
	tcase_add_test(tc, test_results_past_the_bound_are_null);
	tcase_add_test(tc, test_texts_and_numbers_both_ways);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(bigint_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
