/*
 * A string as JSON text (libclient/proto/jsontext.c): JSON.stringify's
 * escapes, and a length measured before the write that the write keeps.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "proto/jsontext.h"

/* The text of s[0..n), checked against its measured length. */
static char *
text(const char *s, size_t n)
{
	size_t len = jsontext_string_len(s, n);
	char *out = malloc(len + 1), *end;

	ck_assert_ptr_nonnull(out);
	end = jsontext_string_put(out, s, n);
	ck_assert_uint_eq((size_t)(end - out), len);
	*end = '\0';
	return out;
}

static void
expect(const char *s, size_t n, const char *want)
{
	char *got = text(s, n);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_escapes_as_json_stringify)
{
	expect("", 0, "\"\"");
	expect("plain", 5, "\"plain\"");
	expect("q\"b\\s/", 6, "\"q\\\"b\\\\s/\"");
	expect("\b\f\n\r\t", 5, "\"\\b\\f\\n\\r\\t\"");
	/* Other controls as lowercase \u00xx; DEL and beyond as they are. */
	expect("\x01\x1f\x7f", 3, "\"\\u0001\\u001f\x7f\"");
	expect("a\0b", 3, "\"a\\u0000b\"");
	expect("\xc3\xa9\xf0\x9f\x98\x80", 6, "\"\xc3\xa9\xf0\x9f\x98\x80\"");
	/* Runs between escapes are copied whole. */
	expect("ab\ncd\"ef", 8, "\"ab\\ncd\\\"ef\"");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("jsontext");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_escapes_as_json_stringify);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
