/*
 * engine/regexp (rx) below the public API: the generated Unicode tables
 * (properties, aliases, Script_Extensions, properties of strings, the two
 * Canonicalize tables), the code point set algebra the compiler builds
 * classes with, and the shape of the bytecode (the single-character loop,
 * the search hints).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "regexp/rx_int.h"

static int
has(int kind, const char *name, uint32_t c)
{
	const struct rx_uprop *p = rx_uprop_find(kind, name);
	ck_assert_msg(p != NULL, "no property %s", name);
	return rx_uprop_has(p, c);
}

START_TEST(test_properties)
{
	ck_assert(has(RX_UP_GC, "Lu", 'A'));
	ck_assert(!has(RX_UP_GC, "Lu", 'a'));
	ck_assert(has(RX_UP_GC, "Uppercase_Letter", 0x0391));
	ck_assert(has(RX_UP_GC, "digit", 0x0663));
	ck_assert(has(RX_UP_GC, "punct", '!'));
	ck_assert(has(RX_UP_GC, "Combining_Mark", 0x0301));
	ck_assert(has(RX_UP_GC, "cntrl", 0x7f));
	ck_assert(has(RX_UP_GC, "LC", 'a'));
	ck_assert(has(RX_UP_GC, "Cn", 0x0378)); /* unassigned */
	ck_assert(has(RX_UP_GC, "C", 0x0378));
	ck_assert(has(RX_UP_GC, "Co", 0xe000));
	ck_assert(has(RX_UP_GC, "Cs", 0xd800));
	ck_assert(has(RX_UP_GC, "Lo", 0x20000)); /* a CJK range First..Last */
	ck_assert(has(RX_UP_SC, "Greek", 0x03b1));
	ck_assert(has(RX_UP_SC, "Grek", 0x03b1));
	ck_assert(has(RX_UP_SC, "Qaai", 0x0301)); /* Inherited */
	ck_assert(has(RX_UP_SC, "Zzzz", 0x0378)); /* Unknown */
	/* U+0964 DEVANAGARI DANDA: Common, used by Devanagari and others */
	ck_assert(has(RX_UP_SC, "Common", 0x0964));
	ck_assert(!has(RX_UP_SC, "Devanagari", 0x0964));
	ck_assert(has(RX_UP_SCX, "Devanagari", 0x0964));
	ck_assert(has(RX_UP_SCX, "Beng", 0x0964));
	ck_assert(!has(RX_UP_SCX, "Common", 0x0964));
	/* a character ScriptExtensions.txt does not list keeps its script */
	ck_assert(has(RX_UP_SCX, "Latin", 'a'));
	ck_assert(has(RX_UP_BIN, "ASCII", 0x7f));
	ck_assert(!has(RX_UP_BIN, "ASCII", 0x80));
	ck_assert(has(RX_UP_BIN, "Any", 0x10ffff));
	ck_assert(has(RX_UP_BIN, "Assigned", 'a'));
	ck_assert(!has(RX_UP_BIN, "Assigned", 0x0378));
	ck_assert(has(RX_UP_BIN, "Bidi_M", '('));
	ck_assert(has(RX_UP_BIN, "WSpace", 0x3000));
	ck_assert(has(RX_UP_BIN, "space", ' '));
	ck_assert(has(RX_UP_BIN, "ID_Start", 0xe9));
	ck_assert(!has(RX_UP_BIN, "ID_Start", '1'));
	ck_assert(has(RX_UP_BIN, "ID_Continue", '1'));
	ck_assert(has(RX_UP_BIN, "Emoji", 0x1f600));
	ck_assert(has(RX_UP_BIN, "EPres", 0x1f600));
	ck_assert(!has(RX_UP_BIN, "Emoji_Presentation", 0x2764));
	ck_assert(has(RX_UP_BIN, "ExtPict", 0xa9));
	ck_assert(has(RX_UP_BIN, "EComp", '#'));
	ck_assert(has(RX_UP_BIN, "EMod", 0x1f3fb));
	ck_assert(has(RX_UP_BIN, "EBase", 0x1f44d));
	ck_assert(has(RX_UP_BIN, "CWKCF", 'A'));
	ck_assert(has(RX_UP_BIN, "RI", 0x1f1eb));
	/* names are exact: no loose matching, no gc value as a binary one */
	ck_assert_ptr_null(rx_uprop_find(RX_UP_GC, "lu"));
	ck_assert_ptr_null(rx_uprop_find(RX_UP_BIN, "Lu"));
	ck_assert_ptr_null(rx_uprop_find(RX_UP_BIN, "White Space"));
	ck_assert_ptr_null(rx_uprop_find(RX_UP_SC, "Latn "));
}
END_TEST

START_TEST(test_properties_of_strings)
{
	const struct rx_uprop *p =
	    rx_uprop_find(RX_UP_STR, "RGI_Emoji_Flag_Sequence");
	const uint32_t *d;
	uint32_t n, k, found = 0;

	ck_assert_ptr_nonnull(p);
	d = rx_uprop_seqs(p, &n);
	ck_assert_uint_gt(n, 250);
	for (k = 0; k < n; k++) {
		ck_assert_uint_eq(d[0], 2);
		if (d[1] == 0x1f1eb && d[2] == 0x1f1f7) /* FR */
			found = 1;
		d += 1 + d[0];
	}
	ck_assert(found);
	p = rx_uprop_find(RX_UP_STR, "Basic_Emoji");
	ck_assert(rx_uprop_has(p, 0x231a));
	p = rx_uprop_find(RX_UP_STR, "RGI_Emoji");
	d = rx_uprop_seqs(p, &n);
	ck_assert_uint_gt(n, 2000);
	ck_assert(rx_uprop_has(p, 0x1f600));
	ck_assert_ptr_nonnull(
	    rx_uprop_find(RX_UP_STR, "RGI_Emoji_ZWJ_Sequence"));
	ck_assert_ptr_nonnull(
	    rx_uprop_find(RX_UP_STR, "Emoji_Keycap_Sequence"));
	ck_assert_ptr_nonnull(
	    rx_uprop_find(RX_UP_STR, "RGI_Emoji_Tag_Sequence"));
	ck_assert_ptr_nonnull(
	    rx_uprop_find(RX_UP_STR, "RGI_Emoji_Modifier_Sequence"));
}
END_TEST

START_TEST(test_canonicalize)
{
	/* without u/v: toUppercase, one unit, never non-ASCII to ASCII */
	ck_assert_uint_eq(rx_canon('a', 0), 'A');
	ck_assert_uint_eq(rx_canon('A', 0), 'A');
	ck_assert_uint_eq(rx_canon(0xdf, 0), 0xdf); /* ß -> SS: two units */
	ck_assert_uint_eq(rx_canon(0x17f, 0), 0x17f); /* ſ -> S: the guard */
	ck_assert_uint_eq(rx_canon(0x131, 0), 0x131); /* ı -> I: the guard */
	ck_assert_uint_eq(rx_canon(0x212a, 0), 0x212a);
	ck_assert_uint_eq(rx_canon(0xb5, 0), 0x39c); /* µ -> Μ */
	ck_assert_uint_eq(rx_canon(0x3c2, 0), 0x3a3); /* ς -> Σ */
	ck_assert_uint_eq(rx_canon(0x1c5, 0), 0x1c4); /* ǅ -> Ǆ */
	ck_assert_uint_eq(rx_canon(0x149, 0), 0x149); /* ŉ -> ʼN */
	/* with u/v: simple case folding (C + S) */
	ck_assert_uint_eq(rx_canon('A', 1), 'a');
	ck_assert_uint_eq(rx_canon('a', 1), 'a');
	ck_assert_uint_eq(rx_canon(0x212a, 1), 'k');
	ck_assert_uint_eq(rx_canon(0x17f, 1), 's');
	ck_assert_uint_eq(rx_canon(0x1e9e, 1), 0xdf); /* S status */
	ck_assert_uint_eq(rx_canon(0xdf, 1), 0xdf); /* F status: not used */
	ck_assert_uint_eq(rx_canon(0x3a3, 1), 0x3c3);
	ck_assert_uint_eq(rx_canon(0x3c2, 1), 0x3c3);
	ck_assert_uint_eq(rx_canon(0x10400, 1), 0x10428);
	ck_assert_uint_eq(rx_canon(0x130, 1), 0x130); /* T status: not used */
}
END_TEST

static struct rx_cset
set_of(const uint32_t *r, size_t n)
{
	struct rx_cset s;
	size_t k;

	rx_cset_init(&s, NULL);
	for (k = 0; k < n; k += 2)
		rx_cset_add(&s, r[k], r[k + 1]);
	rx_cset_norm(&s);
	return s;
}

static void
assert_set(const struct rx_cset *s, const uint32_t *want, size_t n)
{
	size_t k;

	ck_assert_uint_eq(2 * s->n, n);
	for (k = 0; k < n; k++)
		ck_assert_uint_eq(s->r[k], want[k]);
}

START_TEST(test_sets)
{
	static const uint32_t a[] = { 'c', 'f', 'a', 'b', 'x', 'x', 'y', 'z' };
	static const uint32_t a_norm[] = { 'a', 'f', 'x', 'z' };
	static const uint32_t b[] = { 'e', 'y' };
	static const uint32_t and[] = { 'e', 'f', 'x', 'y' };
	static const uint32_t sub[] = { 'a', 'd', 'z', 'z' };
	static const uint32_t inv[] = { 0, 'a' - 1, 'g', 'w', '{', 0x10ffff };
	static const uint32_t k[] = { 'k', 'k' };
	static const uint32_t k_closed_u[] = { 'K', 'K', 'k', 'k', 0x212a,
		0x212a };
	static const uint32_t k_closed[] = { 'K', 'K', 'k', 'k' };
	static const uint32_t upper[] = { 'A', 'Z' };
	static const uint32_t upper_canon_u[] = { 'a', 'z' };
	struct rx_cset s, t;

	s = set_of(a, 8);
	assert_set(&s, a_norm, 4);
	t = set_of(b, 2);
	rx_cset_and(&s, &t);
	assert_set(&s, and, 4);
	rx_cset_free(&s);
	s = set_of(a, 8);
	rx_cset_sub(&s, &t);
	assert_set(&s, sub, 4);
	rx_cset_free(&s);
	rx_cset_free(&t);
	s = set_of(a, 8);
	rx_cset_invert(&s);
	assert_set(&s, inv, 6);
	rx_cset_invert(&s);
	assert_set(&s, a_norm, 4);
	ck_assert(rx_cset_has(&s, 'y'));
	ck_assert(!rx_cset_has(&s, 'w'));
	rx_cset_free(&s);
	/* the closure under Canonicalize: K (U+212A) only with u/v */
	s = set_of(k, 2);
	rx_cset_close(&s, 1);
	assert_set(&s, k_closed_u, 6);
	rx_cset_free(&s);
	s = set_of(k, 2);
	rx_cset_close(&s, 0);
	assert_set(&s, k_closed, 4);
	rx_cset_free(&s);
	s = set_of(upper, 2);
	rx_cset_canon(&s, 1);
	assert_set(&s, upper_canon_u, 2);
	rx_cset_free(&s);
	/* the fold-fixed points: no 'A', 'a' kept */
	s = set_of(upper, 2);
	rx_cset_add(&s, 'a', 'a');
	rx_cset_norm(&s);
	rx_cset_fixed_only(&s, 1);
	ck_assert(rx_cset_has(&s, 'a'));
	ck_assert(!rx_cset_has(&s, 'A'));
	rx_cset_free(&s);
}
END_TEST

static rx_prog *
compile(const char *pat, unsigned flags)
{
	uint16_t u[256];
	size_t n;
	rx_prog *p;
	struct rx_error err;

	for (n = 0; pat[n]; n++)
		u[n] = (unsigned char)pat[n];
	ck_assert_int_eq(rx_compile(u, n, flags, NULL, &p, &err), 0);
	return p;
}

/* The opcode at the first instruction after group 0's start. */
static int
first_op(const rx_prog *p)
{
	ck_assert_uint_eq(p->code[0], RX_OP_SAVE);
	return p->code[3];
}

static int
first_has(const rx_prog *p, unsigned u)
{
	return (p->first_ascii[u >> 5] >> (u & 31)) & 1;
}

START_TEST(test_code_shape)
{
	rx_prog *p;

	/* a quantified single character is one STAR loop */
	p = compile("[a-z]*x", 0);
	ck_assert_int_eq(first_op(p), RX_OP_STAR);
	ck_assert_int_eq(p->code[3 + 11], RX_OP_CLASS);
	ck_assert_uint_eq(p->first_pc, 0);
	rx_free(p);
	p = compile("\\d+x", 0);
	ck_assert_int_eq(first_op(p), RX_OP_STAR);
	ck_assert_uint_eq(p->first_pc, 3 + 11); /* min 1: the class leads */
	rx_free(p);
	/* a group is not: it needs the counted loop */
	p = compile("(?:ab){2,3}", 0);
	ck_assert_int_eq(first_op(p), RX_OP_SET_REG);
	ck_assert_int_eq(p->nregs, 2);
	rx_free(p);
	p = compile("^abc", 0);
	ck_assert(p->anchored);
	rx_free(p);
	p = compile("^abc", RX_M);
	ck_assert(!p->anchored);
	rx_free(p);
	p = compile("abc", 0);
	ck_assert_uint_eq(p->first_pc, 3);
	ck_assert_int_eq(p->code[3], RX_OP_CHAR);
	rx_free(p);
	p = compile("a|b", 0);
	ck_assert_uint_eq(p->first_pc, 0);
	rx_free(p);
	/* the first code unit of any match, for the search */
	p = compile("\\b(?:foo|bar)\\d*", 0);
	ck_assert(p->has_first);
	ck_assert(first_has(p, 'f') && first_has(p, 'b'));
	ck_assert(!first_has(p, 'o') && !first_has(p, 'F') && !p->first_other);
	rx_free(p);
	p = compile("(?=x)y|k", RX_I | RX_U);
	ck_assert(p->has_first);
	ck_assert(first_has(p, 'y') && first_has(p, 'Y') && first_has(p, 'K'));
	ck_assert(!first_has(p, 'x') && p->first_other); /* U+212A */
	rx_free(p);
	p = compile("\\s*,", 0);
	ck_assert(p->has_first);
	ck_assert(first_has(p, ' ') && first_has(p, ','));
	ck_assert(p->first_other); /* U+00A0 and more */
	rx_free(p);
	p = compile("a*", 0); /* may match empty */
	ck_assert(!p->has_first);
	rx_free(p);
	p = compile("(a)\\1|b", 0);
	ck_assert(p->has_first);
	rx_free(p);
	p = compile("\\1(a)", 0); /* a backreference may start anywhere */
	ck_assert(!p->has_first);
	rx_free(p);
	p = compile(".a", 0);
	ck_assert(!p->has_first);
	rx_free(p);
	/* case-insensitive letters compare canonical values */
	p = compile("k1", RX_I | RX_U);
	ck_assert_int_eq(p->code[3], RX_OP_CHAR_I);
	ck_assert_int_eq(rx_get16(p->code + 4), 'k');
	ck_assert_int_eq(p->code[6], RX_OP_CHAR);
	rx_free(p);
	/* lookbehind reads backwards, its terms in reverse order */
	p = compile("(?<=ab)", 0);
	ck_assert_int_eq(p->code[3], RX_OP_LOOK);
	ck_assert_int_eq(p->code[9], RX_OP_CHAR | RX_BACK);
	ck_assert_int_eq(rx_get16(p->code + 10), 'b');
	ck_assert_int_eq(p->code[12], RX_OP_CHAR | RX_BACK);
	ck_assert_int_eq(rx_get16(p->code + 13), 'a');
	rx_free(p);
}
END_TEST

static Suite *
rx_compile_suite(void)
{
	Suite *s = suite_create("rx_compile");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_properties);
	tcase_add_test(tc, test_properties_of_strings);
	tcase_add_test(tc, test_canonicalize);
	tcase_add_test(tc, test_sets);
	tcase_add_test(tc, test_code_shape);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(rx_compile_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
