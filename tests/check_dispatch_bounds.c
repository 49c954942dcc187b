/*
 * The dispatch stringifier's surrogate range at both ends
 * (libclient/proto/dispatch.c): every encoded lone surrogate, U+D800 through
 * U+DFFF, is written as a \udxxx escape like JavaScript's well-formed
 * JSON.stringify, never as the raw (invalid) bytes; its neighbours U+D7FF
 * and U+E000 are ordinary characters and stay raw.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "proto/dispatch.h"

static void
stringify_is(const char *bytes, size_t len, const char *want)
{
	json_t *v = json_stringn_nocheck(bytes, len);
	char *got;

	ck_assert_ptr_nonnull(v);
	got = cm_dispatch_stringify(v);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, want);
	free(got);
	json_decref(v);
}

START_TEST(lone_surrogates_at_both_ends_are_escaped)
{
	stringify_is("a\xed\xbf\xbfz", 5, "\"a\\udfffz\"");
	stringify_is("\xed\xbf\xbf", 3, "\"\\udfff\"");
	stringify_is("a\xed\xa0\x80z", 5, "\"a\\ud800z\"");
	stringify_is("\xed\xb0\x80", 3, "\"\\udc00\"");
	stringify_is("\xed\xaf\xbf", 3, "\"\\udbff\"");
}
END_TEST

START_TEST(neighbours_of_the_surrogates_stay_raw)
{
	stringify_is("\xed\x9f\xbf", 3, "\"\xed\x9f\xbf\"");
	stringify_is("\xee\x80\x80", 3, "\"\xee\x80\x80\"");
	stringify_is("\xef\xbf\xbf", 3, "\"\xef\xbf\xbf\"");
	stringify_is("\xf4\x8f\xbf\xbf", 4, "\"\xf4\x8f\xbf\xbf\"");
	stringify_is("\xc2\x80", 2, "\"\xc2\x80\"");
	/* Overlong forms and past U+10FFFF are no UTF-8: U+FFFD each byte. */
	stringify_is("\xc1\xbf", 2, "\"\xef\xbf\xbd\xef\xbf\xbd\"");
	stringify_is("\xf4\x90\x80\x80", 4,
	    "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("dispatch_bounds");
	TCase *tc = tcase_create("surrogates");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, lone_surrogates_at_both_ends_are_escaped);
	tcase_add_test(tc, neighbours_of_the_surrogates_stay_raw);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
