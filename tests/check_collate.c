/*
 * engine/host/collate.c: the order of each level, the options, and
 * strings past ASCII (node's ICU order for the same pairs is pinned end to
 * end by tests/js/builtins/locale_compare.js).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "host/collate.h"

/* A UTF-8 literal as code points (the test's strings are already NFD). */
static size_t
points(const char *s, uint32_t *out)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	while (*p) {
		if (*p < 0x80)
			out[n++] = *p++;
		else if (*p < 0xe0) {
			out[n++] =
			    ((uint32_t)(p[0] & 0x1f) << 6) | (p[1] & 0x3f);
			p += 2;
		} else {
			out[n++] = ((uint32_t)(p[0] & 0x0f) << 12) |
			    ((uint32_t)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
			p += 3;
		}
	}
	return n;
}

static int
cmp(const char *a, const char *b, unsigned flags)
{
	uint32_t x[64], y[64];
	size_t xn = points(a, x), yn = points(b, y);

	return collate_compare(x, xn, y, yn, flags);
}

static void
order(const char *a, const char *b, unsigned flags)
{
	ck_assert_msg(
	    cmp(a, b, flags) == -1, "\"%s\" < \"%s\" (flags %u)", a, b, flags);
	ck_assert_msg(
	    cmp(b, a, flags) == 1, "\"%s\" > \"%s\" (flags %u)", b, a, flags);
}

static void
same(const char *a, const char *b, unsigned flags)
{
	ck_assert_msg(cmp(a, b, flags) == 0 && cmp(b, a, flags) == 0,
	    "\"%s\" = \"%s\" (flags %u)", a, b, flags);
}

START_TEST(test_classes)
{
	/* space, punctuation in the root's order, digits, letters */
	order(" b", "_x", COLLATE_VARIANT);
	order("_x", "-c", COLLATE_VARIANT);
	order("-c", "1", COLLATE_VARIANT);
	order("1", "a", COLLATE_VARIANT);
	order("abc!", "abc$", COLLATE_VARIANT);
	order("10", "9", COLLATE_VARIANT); /* digit by digit */
	order("", "a", COLLATE_VARIANT);
	order("ab", "abc", COLLATE_VARIANT);
	same("", "", COLLATE_VARIANT);
	/* a symbol past ASCII is punctuation, not a letter */
	order("\xe2\x82\xac", "0", COLLATE_VARIANT);
}
END_TEST

START_TEST(test_levels)
{
	/* case below letters: a < A < b, whatever the code points say */
	order("a", "A", COLLATE_VARIANT);
	order("A", "b", COLLATE_VARIANT);
	order("apple", "Banana", COLLATE_VARIANT);
	/* accents below letters, above case; acute before grave */
	order("resume", "Resume", COLLATE_VARIANT);
	order("Resume", "re\xcc\x81sume", COLLATE_VARIANT);
	order("re\xcc\x81sume", "re\xcc\x80sume", COLLATE_VARIANT);
	order("re\xcc\x81sume", "resumf", COLLATE_VARIANT);
	/* sensitivity */
	same("a", "A", COLLATE_BASE);
	same("a", "a\xcc\x88", COLLATE_BASE);
	same("a", "A", COLLATE_ACCENT);
	order("a", "a\xcc\x88", COLLATE_ACCENT);
	order("a", "A", COLLATE_CASE);
	same("a", "a\xcc\x88", COLLATE_CASE);
	/* caseFirst upper */
	order("A", "a", COLLATE_VARIANT | COLLATE_UPPER_FIRST);
}
END_TEST

START_TEST(test_options)
{
	order("item2", "item10", COLLATE_VARIANT | COLLATE_NUMERIC);
	order("item10", "item2", COLLATE_VARIANT);
	order("a1", "a02", COLLATE_VARIANT | COLLATE_NUMERIC);
	same("a01", "a1", COLLATE_BASE | COLLATE_NUMERIC);
	same("a b", "ab", COLLATE_VARIANT | COLLATE_IGNORE_PUNCT);
	same("a-b.c", "abc", COLLATE_VARIANT | COLLATE_IGNORE_PUNCT);
	order("a b", "ab", COLLATE_VARIANT);
}
END_TEST

START_TEST(test_past_ascii)
{
	/* letters NFD keeps whole: expansions and strokes */
	order("Aero", "\xc3\x86r\xc3\xb8", COLLATE_VARIANT); /* Ærø */
	order("\xc3\x86r\xc3\xb8", "apple", COLLATE_VARIANT);
	order("Lodz",
	    "\xc5\x81o\xcc\x81"
	    "dz\xcc\x81",
	    COLLATE_VARIANT); /* Łódź */
	order("\xc5\x81o\xcc\x81"
	      "dz\xcc\x81",
	    "m", COLLATE_VARIANT);
	order("lodz", "\xc5\x82odz", COLLATE_VARIANT); /* only the stroke */
	order("Lodz", "\xc5\x82odz",
	    COLLATE_VARIANT); /* the mark outranks case */
	same("lodz", "\xc5\x82odz", COLLATE_BASE);
	order("strasse",
	    "stra\xc3\x9f"
	    "e",
	    COLLATE_VARIANT); /* straße */
	same("strasse",
	    "stra\xc3\x9f"
	    "e",
	    COLLATE_BASE);
	order("zebra", "\xc3\xbe", COLLATE_VARIANT); /* þ after z */
	/* Greek and Cyrillic fold their case */
	order("\xcf\x89", "\xce\xa9", COLLATE_VARIANT); /* ω < Ω */
	same("\xd0\xbc", "\xd0\x9c", COLLATE_BASE); /* м = М */
	/* a mark with no base before it weighs nothing at the first level */
	same("\xcc\x81"
	     "a",
	    "a", COLLATE_BASE);
}
END_TEST

static Suite *
collate_suite(void)
{
	Suite *s = suite_create("collate");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_classes);
	tcase_add_test(tc, test_levels);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_past_ascii);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(collate_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
