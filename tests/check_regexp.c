/*
 * engine/front/regexp.c: exact translations, errors naming the feature, and
 * that what comes out compiles and matches as intended in Duktape's RegExp.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "duktape.h"
#include "front/regexp.h"

/* Translates and returns the source (static copy) or the error text. */
static const char *
tr(const char *src, const char *flags, int *ok, struct regexp_result *rr)
{
	static char buf[65536];
	struct regexp_result local;
	struct regexp_result *r = rr != NULL ? rr : &local;

	*ok = regexp_translate(src, strlen(src), flags, strlen(flags), r) == 0;
	snprintf(buf, sizeof(buf), "%s", *ok ? r->source : r->error);
	if (rr == NULL)
		regexp_result_free(r);
	return buf;
}

#define TR_OK(src, flags, want)                                                \
	do {                                                                   \
		int ok_;                                                       \
		const char *got_ = tr((src), (flags), &ok_, NULL);             \
		ck_assert_msg(ok_, "%s: %s", (src), got_);                     \
		ck_assert_str_eq(got_, (want));                                \
	} while (0)

#define TR_ERR(src, flags, want)                                               \
	do {                                                                   \
		int ok_;                                                       \
		const char *got_ = tr((src), (flags), &ok_, NULL);             \
		ck_assert_msg(!ok_, "%s translated to %s", (src), got_);       \
		ck_assert_str_eq(got_, (want));                                \
	} while (0)

START_TEST(test_passthrough)
{
	TR_OK("a(b)c\\d+[x-z]*", "", "a(b)c\\d+[x-z]*");
	TR_OK("(?:a)(?=b)(?!c)", "", "(?:a)(?=b)(?!c)");
	TR_OK("", "", "");
	TR_OK("caf\xc3\xa9\\\xc3\xa9", "", "caf\xc3\xa9\\\xc3\xa9");
}
END_TEST

START_TEST(test_named_groups)
{
	struct regexp_result rr;
	int ok;

	ck_assert_str_eq(
	    tr("(?<year>\\d{4})-(\\d\\d)-(?<day>\\d\\d)", "", &ok, &rr),
	    "(\\d{4})-(\\d\\d)-(\\d\\d)");
	ck_assert(ok);
	ck_assert_uint_eq(rr.ngroups, 3);
	ck_assert_str_eq(rr.names[0], "year");
	ck_assert_ptr_null(rr.names[1]);
	ck_assert_str_eq(rr.names[2], "day");
	regexp_result_free(&rr);
	TR_OK("(?<a>x)\\k<a>", "", "(x)(?:\\1)");
	TR_OK("\\k<b>(?<a>x)(?<b>y)", "", "(?:\\2)(x)(y)");
	/* A literal digit after a reference stays a literal. */
	TR_OK("(?<a>x)\\k<a>0", "", "(x)(?:\\1)0");
	/* Without named groups and without u, \k is Annex B's identity escape.
	 */
	TR_OK("\\k<a>", "", "k<a>");
	/* A '(' inside a class is no group. */
	TR_OK("[(](?<n>a)\\k<n>", "", "[(](a)(?:\\1)");
	TR_ERR("(?<a>x)(?<a>y)", "", "duplicate capture group name");
	TR_ERR("(?<a>x)\\k<b>", "", "invalid named capture referenced");
	TR_ERR("(?<1a>x)", "", "invalid capture group name");
	TR_ERR(
	    "(?<a>x)[\\k<a>]", "", "invalid escape \\k in a character class");
}
END_TEST

START_TEST(test_flags)
{
	struct regexp_result rr;
	int ok;

	tr("a", "gimsuyd", &ok, &rr);
	ck_assert(ok);
	ck_assert_str_eq(rr.flags, "gim");
	regexp_result_free(&rr);
	tr("a", "y", &ok, &rr);
	ck_assert_str_eq(rr.flags, "g");
	regexp_result_free(&rr);
	tr("a", "su", &ok, &rr);
	ck_assert_str_eq(rr.flags, "");
	regexp_result_free(&rr);
	TR_ERR("a", "gg", "invalid flags");
	TR_ERR("a", "x", "invalid flags");
}
END_TEST

START_TEST(test_dotall_and_lookbehind)
{
	TR_OK("a.b[.]\\.", "s", "a[\\s\\S]b[.]\\.");
	TR_OK("a.b", "", "a.b");
	TR_ERR("(?<=a)b", "", "lookbehind is not supported");
	TR_ERR("(?<!a)b", "", "lookbehind is not supported");
}
END_TEST

START_TEST(test_unicode)
{
	TR_OK("\\u{41}\\u{1F600}", "u", "\\u0041(?:\\ud83d\\ude00)");
	TR_OK("[\\u{41}-\\u{5a}]", "u", "[\\u0041-\\u005a]");
	TR_OK("\\p{ASCII_Hex_Digit}", "u",
	    "[\\u0030-\\u0039\\u0041-\\u0046\\u0061-\\u0066]");
	TR_OK("\\P{ASCII}", "u", "[^\\u0000-\\u007f]");
	TR_OK("[\\P{ASCII}]", "u", "[\\u0080-\\uffff]");
	TR_OK("[a\\p{gc=Zl}]", "u", "[a\\u2028]");
	TR_OK("\\p{sc=Greek}", "u",
	    tr("\\p{Script=Greek}", "u", &(int){ 0 }, NULL));
	/* Without u, \p is Annex B's p. */
	TR_OK("\\p{L}", "", "\\p{L}");
	TR_ERR("\\p{Foo}", "u", "property \\p{Foo} is not supported");
	TR_ERR("\\p{Script_Extensions=Latin}", "u",
	    "property \\p{Script_Extensions=Latin} is not supported");
	TR_ERR("[\\u{1F600}]", "u",
	    "code points above U+FFFF in a character class are not supported");
	TR_ERR("\\u{110000}", "u", "invalid Unicode escape");
	TR_ERR("\\u{}", "u", "invalid Unicode escape");
	TR_ERR("\\p{L", "u", "invalid property name");
	TR_ERR("[a", "", "unterminated character class");
	TR_ERR("a\\", "", "\\ at end of pattern");
}
END_TEST

/* Compiles the translation in Duktape and returns String(re.exec(input)). */
static const char *
duk_exec(
    duk_context *ctx, const char *src, const char *flags, const char *input)
{
	static char buf[512];
	struct regexp_result rr;

	ck_assert_int_eq(
	    regexp_translate(src, strlen(src), flags, strlen(flags), &rr), 0);
	duk_get_global_string(ctx, "RegExp");
	duk_push_lstring(ctx, rr.source, rr.source_len);
	duk_push_string(ctx, rr.flags);
	regexp_result_free(&rr);
	ck_assert_int_eq(duk_pnew(ctx, 2), 0);
	duk_push_string(ctx, "exec");
	duk_push_string(ctx, input);
	ck_assert_int_eq(duk_pcall_prop(ctx, -3, 1), 0);
	snprintf(buf, sizeof(buf), "%s", duk_safe_to_string(ctx, -1));
	duk_pop_2(ctx);
	return buf;
}

START_TEST(test_duktape_accepts)
{
	duk_context *ctx;

	/* A bare heap: Duktape's own RegExp, whatever the prelude wraps. */
	ck_assert_ptr_nonnull(ctx = duk_create_heap_default());
	ck_assert_str_eq(
	    duk_exec(ctx, "(?<y>\\d{4})-(?<m>\\d\\d)", "", "on 2024-05!"),
	    "2024-05,2024,05");
	ck_assert_str_eq(
	    duk_exec(ctx, "(?<q>['\"]).*?\\k<q>", "", "say 'hi' \"x\""),
	    "'hi','");
	ck_assert_str_eq(duk_exec(ctx, "a.c", "s", "xa\nc"), "a\nc");
	ck_assert_str_eq(duk_exec(ctx, "a.c", "", "xa\nc"), "null");
	ck_assert_str_eq(
	    duk_exec(ctx, "\\p{Lu}+", "u", "abc\xc3\x89\xc3\x80Zx"),
	    "\xc3\x89\xc3\x80Z");
	ck_assert_str_eq(duk_exec(ctx, "[\\p{L}\\p{Nd}]+", "u",
			     "--\xce\xb1\xce\xb2"
			     "12--"),
	    "\xce\xb1\xce\xb2"
	    "12");
	ck_assert_str_eq(duk_exec(ctx, "\\P{L}+", "u", "ab12 c"), "12 ");
	ck_assert_str_eq(
	    duk_exec(ctx, "\\p{White_Space}+", "u", "a\xe2\x80\x83 b"),
	    "\xe2\x80\x83 ");
	ck_assert_str_eq(
	    duk_exec(ctx, "\\p{Script=Cyrillic}+", "u", "ab\xd0\xb4\xd0\xb0!"),
	    "\xd0\xb4\xd0\xb0");
	ck_assert_str_eq(duk_exec(ctx, "\\u{48}i", "iu", "oh HI"), "HI");
	duk_destroy_heap(ctx);
}
END_TEST

static Suite *
regexp_suite(void)
{
	Suite *s = suite_create("regexp");
	TCase *tc = tcase_create("translate");

	tcase_add_test(tc, test_passthrough);
	tcase_add_test(tc, test_named_groups);
	tcase_add_test(tc, test_flags);
	tcase_add_test(tc, test_dotall_and_lookbehind);
	tcase_add_test(tc, test_unicode);
	tcase_add_test(tc, test_duktape_accepts);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(regexp_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
