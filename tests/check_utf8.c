/* Check suite for libclient/proto/utf8.c: whole, in pieces, prefixes, UTF-16.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto/utf8.h"

#define S(x) ((const uint8_t *)(x)), (sizeof(x) - 1)

static const char *const utf8_good[] = {
	"",
	"plain ascii, long enough for the eight-byte fast path",
	"\xCE\xBA\xE1\xBD\xB9\xCF\x83\xCE\xBC\xCE\xB5", /* κόσμε */
	"\xC2\x80",
	"\xDF\xBF",
	"\xE0\xA0\x80",
	"\xED\x9F\xBF",
	"\xEE\x80\x80",
	"\xEF\xBF\xBF",
	"\xF0\x90\x80\x80",
	"\xF4\x8F\xBF\xBF",
	"\xF3\xBF\xBF\xBF",
	"a\xF0\x9F\x98\x80z",
	"\x7F",
};

static const char *const utf8_bad[] = {
	"\x80",
	"\xBF",
	"\xC0\x80",
	"\xC1\xBF",
	"\xE0\x80\x80",
	"\xE0\x9F\xBF",
	"\xF0\x80\x80\x80",
	"\xF0\x8F\xBF\xBF",
	"\xED\xA0\x80",
	"\xED\xBF\xBF",
	"\xED\xA0\x80\xED\xB0\x80",
	"\xF4\x90\x80\x80",
	"\xF5\x80\x80\x80",
	"\xF8\x88\x80\x80\x80",
	"\xFE",
	"\xFF",
	"\xC2\x41",
	"\xE2\x82",
	"\xF0\x9F\x98",
	"\xC2",
	"ab\xE2\x28\xA1",
	"\xCE\xBA\xE1\xBD\xB9\xCF\x83\xCE\xBC"
	"\xCE\xB5\xED\xA0\x80"
	"edited",
};

/* Reference decoder, written from the definition, to compare against. */
static int
ref_valid(const uint8_t *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		uint32_t cp;
		int n, k;

		if (s[i] < 0x80) {
			i++;
			continue;
		} else if ((s[i] & 0xE0) == 0xC0) {
			n = 1;
			cp = s[i] & 0x1F;
		} else if ((s[i] & 0xF0) == 0xE0) {
			n = 2;
			cp = s[i] & 0x0F;
		} else if ((s[i] & 0xF8) == 0xF0) {
			n = 3;
			cp = s[i] & 0x07;
		} else
			return 0;
		if (i + (size_t)n >= len)
			return 0;
		for (k = 1; k <= n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3F);
		}
		if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) ||
		    (n == 3 && cp < 0x10000))
			return 0;
		if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += (size_t)n + 1;
	}
	return 1;
}

START_TEST(test_good)
{
	size_t i;

	for (i = 0; i < sizeof(utf8_good) / sizeof(utf8_good[0]); i++) {
		const uint8_t *s = (const uint8_t *)utf8_good[i];

		ck_assert_msg(utf8_valid(s, strlen(utf8_good[i])),
		    "good[%zu] rejected", i);
	}
}
END_TEST

START_TEST(test_bad)
{
	size_t i;

	for (i = 0; i < sizeof(utf8_bad) / sizeof(utf8_bad[0]); i++) {
		const uint8_t *s = (const uint8_t *)utf8_bad[i];

		ck_assert_msg(!utf8_valid(s, strlen(utf8_bad[i])),
		    "bad[%zu] accepted", i);
	}
	/* An embedded NUL is a valid character. */
	ck_assert(utf8_valid(S("a\0b")));
}
END_TEST

/* A bad byte at every offset of a long ASCII run, past the fast path. */
START_TEST(test_fast_path_offsets)
{
	uint8_t buf[80];
	size_t i;

	for (i = 0; i < sizeof(buf); i++) {
		memset(buf, 'x', sizeof(buf));
		buf[i] = 0x80;
		ck_assert_msg(!utf8_valid(buf, sizeof(buf)), "offset %zu", i);
		buf[i] = 0xC3;
		if (i + 1 < sizeof(buf)) {
			buf[i + 1] = 0xA9;
			ck_assert_msg(
			    utf8_valid(buf, sizeof(buf)), "ok %zu", i);
		} else
			ck_assert(!utf8_valid(buf, sizeof(buf)));
	}
}
END_TEST

/* Every good string split at every position (and in three) stays good. */
START_TEST(test_incremental_splits)
{
	static const char text[] = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"
				   "bcdefghijk\xF4\x8F\xBF\xBF";
	const uint8_t *s = (const uint8_t *)text;
	size_t len = sizeof(text) - 1, i, j;
	struct utf8_state st;

	for (i = 0; i <= len; i++) {
		for (j = i; j <= len; j++) {
			utf8_init(&st);
			ck_assert_int_eq(utf8_feed(&st, s, i), 0);
			ck_assert_int_eq(utf8_feed(&st, s + i, j - i), 0);
			ck_assert_int_eq(utf8_feed(&st, s + j, len - j), 0);
			ck_assert_int_eq(utf8_finish(&st), 0);
		}
		/* Stopping mid-character is caught by finish. */
		utf8_init(&st);
		utf8_feed(&st, s, i);
		ck_assert_int_eq(
		    utf8_finish(&st) == 0, utf8_valid_prefix(s, i) == i);
	}
}
END_TEST

START_TEST(test_incremental_bad)
{
	size_t i, k;
	struct utf8_state st;

	for (i = 0; i < sizeof(utf8_bad) / sizeof(utf8_bad[0]); i++) {
		const uint8_t *s = (const uint8_t *)utf8_bad[i];
		size_t len = strlen(utf8_bad[i]);

		for (k = 0; k <= len; k++) {
			int bad;

			utf8_init(&st);
			bad = utf8_feed(&st, s, k) < 0 ||
			    utf8_feed(&st, s + k, len - k) < 0 ||
			    utf8_finish(&st) < 0;
			ck_assert_msg(
			    bad, "bad[%zu] split at %zu accepted", i, k);
		}
	}
}
END_TEST

/* Random strings of the interesting bytes, against the reference. */
START_TEST(test_against_reference)
{
	static const uint8_t pool[] = { 0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90,
		0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
		0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF };
	uint64_t x = 88172645463325252ULL;
	uint8_t buf[12];
	int n, accepted = 0;
	size_t len, i;

	for (n = 0; n < 300000; n++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		len = x % 6 + 1;
		for (i = 0; i < len; i++)
			buf[i] = pool[(x >> (8 + 5 * i)) % sizeof(pool)];
		ck_assert_msg(utf8_valid(buf, len) == ref_valid(buf, len),
		    "mismatch on %zu bytes starting %02x %02x", len, buf[0],
		    len > 1 ? buf[1] : 0);
		accepted += ref_valid(buf, len);
	}
	ck_assert_int_gt(accepted, 1000);
}
END_TEST

/* Every scalar value, encoded, is valid; every surrogate is not. */
START_TEST(test_every_code_point)
{
	uint32_t cp;
	uint8_t b[4];
	size_t n;

	for (cp = 0; cp <= 0x10FFFF; cp++) {
		if (cp < 0x80) {
			b[0] = (uint8_t)cp;
			n = 1;
		} else if (cp < 0x800) {
			b[0] = (uint8_t)(0xC0 | cp >> 6);
			b[1] = (uint8_t)(0x80 | (cp & 0x3F));
			n = 2;
		} else if (cp < 0x10000) {
			b[0] = (uint8_t)(0xE0 | cp >> 12);
			b[1] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
			b[2] = (uint8_t)(0x80 | (cp & 0x3F));
			n = 3;
		} else {
			b[0] = (uint8_t)(0xF0 | cp >> 18);
			b[1] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
			b[2] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
			b[3] = (uint8_t)(0x80 | (cp & 0x3F));
			n = 4;
		}
		ck_assert_int_eq(
		    utf8_valid(b, n), !(cp >= 0xD800 && cp <= 0xDFFF));
		if (!(cp >= 0xD800 && cp <= 0xDFFF))
			ck_assert_uint_eq(
			    utf8_utf16_len(b, n), cp >= 0x10000 ? 2 : 1);
	}
}
END_TEST

START_TEST(test_valid_prefix)
{
	ck_assert_uint_eq(utf8_valid_prefix(S("")), 0);
	ck_assert_uint_eq(utf8_valid_prefix(S("abc")), 3);
	ck_assert_uint_eq(utf8_valid_prefix(S("ab\xE2\x82")), 2);
	ck_assert_uint_eq(utf8_valid_prefix(S("ab\xE2\x82\xAC")), 5);
	ck_assert_uint_eq(utf8_valid_prefix(S("a\xFF"
					      "b")),
	    1);
	ck_assert_uint_eq(utf8_valid_prefix(S("\xF0\x9F\x98")), 0);
	ck_assert_uint_eq(utf8_valid_prefix(S("0123456789\xC3")), 10);
	ck_assert_uint_eq(utf8_valid_prefix(S("0123456789abcdef\xC3\xA9")), 18);
}
END_TEST

START_TEST(test_utf16_len)
{
	ck_assert_uint_eq(utf8_utf16_len(S("")), 0);
	ck_assert_uint_eq(utf8_utf16_len(S("abc")), 3);
	ck_assert_uint_eq(utf8_utf16_len(S("\xC3\xA9")), 1);
	ck_assert_uint_eq(utf8_utf16_len(S("\xE2\x82\xAC")), 1);
	ck_assert_uint_eq(utf8_utf16_len(S("\xF0\x9F\x98\x80")), 2);
	/* "a€😀é" is 1 + 1 + 2 + 1 in JavaScript. */
	ck_assert_uint_eq(
	    utf8_utf16_len(S("a\xE2\x82\xAC\xF0\x9F\x98\x80\xC3\xA9")), 5);
}
END_TEST

START_TEST(test_from_cesu8)
{
	/* U+1F600 as Duktape holds it (D83D DE00), a lone high surrogate,
	 * ASCII. */
	char pair[] = "a\xED\xA0\xBD\xED\xB8\x80z";
	char lone[] = "\xED\xA0\xBDx";
	char plain[] = "caf\xC3\xA9";
	char cut[] = "\xED\xA0";

	ck_assert_uint_eq(utf8_from_cesu8(pair, sizeof(pair) - 1), 6);
	ck_assert_str_eq(pair, "a\xF0\x9F\x98\x80z");
	ck_assert_uint_eq(utf8_from_cesu8(lone, sizeof(lone) - 1), 4);
	ck_assert_str_eq(lone, "\xEF\xBF\xBDx");
	ck_assert_uint_eq(utf8_from_cesu8(plain, sizeof(plain) - 1), 5);
	ck_assert_str_eq(plain, "caf\xC3\xA9");
	/* A truncated sequence is left as it is, never read past the end. */
	ck_assert_uint_eq(utf8_from_cesu8(cut, sizeof(cut) - 1), 2);
}
END_TEST

static Suite *
utf8_suite(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_good);
	tcase_add_test(tc, test_bad);
	tcase_add_test(tc, test_fast_path_offsets);
	tcase_add_test(tc, test_incremental_splits);
	tcase_add_test(tc, test_incremental_bad);
	tcase_add_test(tc, test_against_reference);
	tcase_add_test(tc, test_every_code_point);
	tcase_add_test(tc, test_valid_prefix);
	tcase_add_test(tc, test_utf16_len);
	tcase_add_test(tc, test_from_cesu8);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(utf8_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
