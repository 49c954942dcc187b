/*
 * Check suite for libclient/proto/payload.c: UTF-16 counting from UTF-8, what
 * each part counts, and the bound at exactly PAYLOAD_LIMIT and one past it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "cm_spec.h"
#include "proto/payload.h"

START_TEST(utf16_counts)
{
	ck_assert_uint_eq(payload_chars("", 0), 0);
	ck_assert_uint_eq(payload_chars("abc", 3), 3);
	ck_assert_uint_eq(payload_chars("\xc3\xa9", 2), 1); /* é */
	ck_assert_uint_eq(payload_chars("\xe2\x82\xac", 3), 1); /* € */
	ck_assert_uint_eq(
	    payload_chars("\xf0\x9f\x98\x80", 4), 2); /* 😀: a pair */
	ck_assert_uint_eq(payload_chars("a\xf0\x9f\x98\x80z", 6), 4);
	ck_assert_uint_eq(
	    payload_chars("\xed\xa0\x80", 3), 1); /* lone surrogate */
	ck_assert_uint_eq(
	    payload_chars("\xff\xfe", 2), 2); /* invalid: one each */
	ck_assert_uint_eq(payload_chars("a\0b", 3), 3);
	ck_assert_uint_eq(payload_chars(NULL, 5), 0);
}
END_TEST

START_TEST(part_sizes)
{
	json_t *h = json_loads(
	    "[[\"content-type\",\"text/plain\"],[\"x\",\"\xc3\xa9\"],"
	    "\"junk\",[1,2]]",
	    0, NULL);

	ck_assert_ptr_nonnull(h);
	ck_assert_uint_eq(
	    payload_tool_call_size("store", "listOrders", "[\"ada\",3]", 9),
	    5 + 10 + 9);
	ck_assert_uint_eq(payload_tool_call_size(NULL, NULL, NULL, 0), 0);
	ck_assert_uint_eq(payload_headers_chars(h), 12 + 10 + 1 + 1);
	ck_assert_uint_eq(
	    payload_outbound_request_size("https://x.test/", h, 100),
	    15 + 24 + 100);
	ck_assert_uint_eq(payload_handle_answer_size("OK", h, 7), 2 + 24 + 7);
	ck_assert_uint_eq(payload_handle_answer_size("OK", NULL, 0), 2);
	ck_assert_uint_eq(
	    payload_outbound_response_size("OK", h, 7), 2 + 24 + 7);
	json_decref(h);
	ck_assert_str_eq(
	    payload_part_label(PAYLOAD_RUN_ANSWER), "run's answer");
	ck_assert_str_eq(payload_part_label(PAYLOAD_TOOL_CALL), "tool call");
	ck_assert_str_eq(
	    payload_part_label(PAYLOAD_OUTBOUND_REQUEST), "outbound request");
	ck_assert_str_eq(
	    payload_part_label(PAYLOAD_HANDLE_ANSWER), "handle answer");
	ck_assert_str_eq(
	    payload_part_label(PAYLOAD_TOOL_RESULT), "tool result");
	ck_assert_str_eq(
	    payload_part_label(PAYLOAD_OUTBOUND_RESPONSE), "outbound response");
	ck_assert_ptr_null(payload_part_label(6));
}
END_TEST

START_TEST(bound)
{
	char *text = (char *)1;
	char *big;
	size_t n;

	ck_assert_int_eq(CM_PAYLOAD_LIMIT, 8388608);
	ck_assert_int_eq(payload_check(PAYLOAD_TOOL_CALL, 8388608, &text), 0);
	ck_assert_ptr_null(text);
	ck_assert_int_eq(payload_check(PAYLOAD_TOOL_CALL, 8388609, &text), 1);
	ck_assert_str_eq(text,
	    "The tool call is 8388609 characters, past the 8388608 "
	    "character bound on one payload. Send the same data in smaller "
	    "pieces "
	    "that each stay under the bound.");
	free(text);
	ck_assert_int_eq(payload_check(PAYLOAD_RUN_ANSWER, 9000000, &text), 1);
	ck_assert_str_eq(text,
	    "The run's answer is 9000000 characters, past the 8388608 "
	    "character bound on one payload. Send the same data in smaller "
	    "pieces "
	    "that each stay under the bound.");
	free(text);
	ck_assert_int_eq(payload_check(PAYLOAD_HANDLE_ANSWER, 0, &text), 0);
	ck_assert_int_eq(payload_check((enum payload_part)9, 0, &text), -1);

	/* Measured, not assumed: a string of exactly the limit in 2-byte chars.
	 */
	n = 8388608;
	big = malloc(n * 2);
	ck_assert_ptr_nonnull(big);
	for (size_t i = 0; i < n; i++) {
		big[2 * i] = '\xc3';
		big[2 * i + 1] = '\xa9';
	}
	ck_assert_int_eq(
	    payload_check(PAYLOAD_RUN_ANSWER, payload_chars(big, n * 2), &text),
	    0);
	/* Swap the last é for a 😀-sized pair: one unit over. */
	ck_assert_int_eq(payload_check(PAYLOAD_OUTBOUND_REQUEST,
			     payload_chars(big, n * 2) + 1, &text),
	    1);
	ck_assert_str_eq(text,
	    "The outbound request is 8388609 characters, past the "
	    "8388608 character bound on one payload. Send the same data in "
	    "smaller "
	    "pieces that each stay under the bound.");
	free(text);
	free(big);
}
END_TEST

static Suite *
payload_suite(void)
{
	Suite *s = suite_create("payload");
	TCase *tc = tcase_create("bounds");

	tcase_add_test(tc, utf16_counts);
	tcase_add_test(tc, part_sizes);
	tcase_add_test(tc, bound);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(payload_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
