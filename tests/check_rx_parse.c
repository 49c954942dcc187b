/*
 * engine/regexp (rx): what the parser accepts and refuses, with the
 * message and the code unit position of each early error, the group count
 * and names it reports, and the flag rules.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regexp/rx.h"

static uint16_t pat16[70000];

/* ASCII (and \xNN bytes as units) to UTF-16. */
static size_t
to16(const char *s)
{
	size_t n = 0;
	while (*s && n < sizeof(pat16) / 2)
		pat16[n++] = (unsigned char)*s++;
	return n;
}

static unsigned
flagbits(const char *f)
{
	unsigned b = 0;
	for (; *f; f++)
		b |= *f == 'g'	? RX_G
		    : *f == 'i' ? RX_I
		    : *f == 'm' ? RX_M
		    : *f == 's' ? RX_S
		    : *f == 'u' ? RX_U
		    : *f == 'v' ? RX_V
		    : *f == 'y' ? RX_Y
		    : *f == 'd' ? RX_D
				: 0;
	return b;
}

/* "ok N" (groups) or "MSG @POS". */
static const char *
parse(const char *pat, const char *flags)
{
	static char out[256];
	struct rx_error err;
	rx_prog *p;
	int rc = rx_compile(pat16, to16(pat), flagbits(flags), NULL, &p, &err);

	if (rc == 0) {
		snprintf(out, sizeof(out), "ok %d", rx_ngroups(p));
		rx_free(p);
	} else {
		ck_assert_int_eq(rc, RX_ESYNTAX);
		ck_assert_ptr_null(p);
		snprintf(out, sizeof(out), "%s @%d", err.msg, err.pos);
	}
	return out;
}

#define P(pat, flags, want)                                                    \
	ck_assert_msg(strcmp(parse((pat), (flags)), (want)) == 0,              \
	    "/%s/%s: got \"%s\", want \"%s\"", (pat), (flags),                 \
	    parse((pat), (flags)), (want))

START_TEST(test_accepts)
{
	P("", "", "ok 1");
	P("a(b)(?:c)(?<n>d)(?=e)(?!f)(?<=g)(?<!h)", "", "ok 3");
	P("(?<a>x)|(?<a>y)", "", "ok 3");
	P("(?:(?<a>x)|(?<a>y))\\k<a>", "u", "ok 3");
	P("((?<a>x)|b)|(?<a>y)", "", "ok 4");
	P("(?i:a)(?-i:b)(?ms-i:c)(?i-:d)", "", "ok 1");
	P("[\\p{L}--\\p{Lu}]", "v", "ok 1");
	P("[[a-z]&&[^aeiou]]", "v", "ok 1");
	P("\\p{RGI_Emoji}", "v", "ok 1");
	P("\\p{Script_Extensions=Latin}\\p{scx=Latn}\\p{gc=L}", "u", "ok 1");
	P("\\p{Lowercase}\\p{ID_Start}\\p{Emoji}\\p{EPres}\\p{ExtPict}", "u",
	    "ok 1");
	P("a{1}b{1,}c{1,2}", "u", "ok 1");
	P("(?<\\u0061>.)\\k<a>", "", "ok 2");
	P("(?<\\u{62}>.)", "", "ok 2");
}
END_TEST

START_TEST(test_errors)
{
	P("a**", "", "Nothing to repeat @2");
	P("*", "", "Nothing to repeat @0");
	P("a|?", "", "Nothing to repeat @2");
	P("^*", "", "Nothing to repeat @1");
	P("\\b+", "", "Nothing to repeat @2");
	P("(?<=a)*", "", "Invalid quantifier @6");
	P("(?=a)*", "u", "Invalid quantifier @5");
	P("{1}", "", "Nothing to repeat @0");
	P("x{2,1}", "", "numbers out of order in {} quantifier @1");
	P("a{", "u", "Incomplete quantifier @1");
	P("}", "u", "Lone quantifier brackets @0");
	P("]", "u", "Lone quantifier brackets @0");
	P("(", "", "Unterminated group @0");
	P("(a", "", "Unterminated group @0");
	P("a)", "", "Unmatched ')' @1");
	P("[a", "", "Unterminated character class @0");
	P("[z-a]", "", "Range out of order in character class @1");
	P("[\\d-z]", "u", "Invalid character class @1");
	P("(?<a>x)(?<a>y)", "", "Duplicate capture group name @7");
	P("(?<a>x)|((?<a>y)(?<a>z))", "", "Duplicate capture group name @16");
	P("(?<1a>x)", "", "Invalid capture group name @3");
	P("(?<>x)", "", "Invalid capture group name @3");
	P("\\k<b>(?<a>x)", "", "Invalid named capture referenced @0");
	P("\\k", "u", "Invalid named reference @0");
	P("(?<a>x)\\k", "", "Invalid named reference @7");
	P("\\2(a)", "u", "Invalid escape @0");
	P("\\a", "u", "Invalid escape @0");
	P("\\c", "u", "Invalid Unicode escape @0");
	P("\\u{110000}", "u", "Invalid Unicode escape @0");
	P("\\p{Foo}", "u", "Invalid property name @0");
	P("\\p{Script=Foo}", "u", "Invalid property name @0");
	P("\\p{RGI_Emoji}", "u", "Invalid property name @0");
	P("\\P{RGI_Emoji}", "v", "Invalid property name @0");
	P("[^\\p{RGI_Emoji}]", "v",
	    "negated character class may contain strings @0");
	P("[^\\q{ab}]", "v", "negated character class may contain strings @0");
	P("[a&&b--c]", "v", "invalid set operation in character class @5");
	P("[ab&&c]", "v", "invalid set operation in character class @3");
	P("[a&&&b]", "v", "Invalid character in character class @4");
	P("[(]", "v", "Invalid character in character class @1");
	P("[a-]", "v", "Invalid character in character class @3");
	P("[!!]", "v", "invalid set operation in character class @1");
	P("(?ii:a)", "", "Invalid regular expression modifiers @0");
	P("(?-:a)", "", "Invalid regular expression modifiers @0");
	P("(?x:a)", "", "Invalid group @0");
	P("(?i", "", "Invalid regular expression modifiers @0");
	P("\\", "", "\\ at end of pattern @0");
	P("\\00", "u", "Invalid decimal escape @0");
}
END_TEST

START_TEST(test_nesting_bound)
{
	static char deep[4 * RX_MAX_NESTING + 16];
	int k, n = 0;

	for (k = 0; k < RX_MAX_NESTING; k++)
		deep[n++] = '(';
	for (k = 0; k < RX_MAX_NESTING; k++)
		deep[n++] = ')';
	deep[n] = '\0';
	ck_assert_str_eq(parse(deep, ""), "ok 257");
	n = 0;
	for (k = 0; k <= RX_MAX_NESTING; k++)
		deep[n++] = '(';
	for (k = 0; k <= RX_MAX_NESTING; k++)
		deep[n++] = ')';
	deep[n] = '\0';
	ck_assert_str_eq(parse(deep, ""), "Pattern nested too deeply @256");
	n = 0;
	for (k = 0; k <= RX_MAX_NESTING; k++)
		deep[n++] = '[';
	deep[n] = '\0';
	ck_assert_str_eq(parse(deep, "v"), "Pattern nested too deeply @256");
}
END_TEST

START_TEST(test_names_and_flags)
{
	struct rx_error err;
	rx_prog *p;
	const char *pat = "(a)(?<year>b)|(?<year>c)";

	ck_assert_int_eq(
	    rx_compile(pat16, to16(pat), RX_G | RX_D, NULL, &p, &err), 0);
	ck_assert_int_eq(rx_ngroups(p), 4);
	ck_assert_ptr_null(rx_group_name(p, 0));
	ck_assert_ptr_null(rx_group_name(p, 1));
	ck_assert_str_eq(rx_group_name(p, 2), "year");
	ck_assert_str_eq(rx_group_name(p, 3), "year");
	ck_assert_ptr_null(rx_group_name(p, 4));
	ck_assert_ptr_null(rx_group_name(p, -1));
	ck_assert_uint_eq(rx_flags(p), RX_G | RX_D);
	rx_free(p);
	rx_free(NULL);
	/* a non-ASCII name comes back as UTF-8 */
	pat16[0] = '(';
	pat16[1] = '?';
	pat16[2] = '<';
	pat16[3] = 0xe9;
	pat16[4] = 0xd835; /* U+1D49C MATHEMATICAL SCRIPT CAPITAL A */
	pat16[5] = 0xdc9c;
	pat16[6] = '>';
	pat16[7] = ')';
	ck_assert_int_eq(rx_compile(pat16, 8, 0, NULL, &p, &err), 0);
	ck_assert_str_eq(rx_group_name(p, 1), "\xc3\xa9\xf0\x9d\x92\x9c");
	rx_free(p);
	ck_assert_int_eq(
	    rx_compile(pat16, 0, RX_U | RX_V, NULL, &p, &err), RX_ESYNTAX);
	ck_assert_int_eq(err.pos, -1);
	ck_assert_str_eq(err.msg, "invalid regular expression flags");
	/* err may be NULL */
	ck_assert_int_eq(
	    rx_compile(pat16, to16("("), 0, NULL, &p, NULL), RX_ESYNTAX);
	ck_assert_int_eq(rx_compile(NULL, 0, 0, NULL, &p, NULL), 0);
	rx_free(p);
}
END_TEST

static Suite *
rx_parse_suite(void)
{
	Suite *s = suite_create("rx_parse");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_accepts);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_nesting_bound);
	tcase_add_test(tc, test_names_and_flags);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(rx_parse_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
