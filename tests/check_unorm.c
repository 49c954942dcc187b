/* Check suite for engine/host/unorm.c: hand-picked cases of each form, then
 * every line of Unicode's NormalizationTest.txt from the same unicode-data
 * package the tables were generated from (its five columns and the
 * invariants UAX #15 states for them). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/unorm.h"

#define MAXCP 64

static size_t
run(const uint32_t *in, size_t n, enum unorm_form f, uint32_t *out)
{
	size_t len = unorm_decomposed_len(in, n, f);

	ck_assert_uint_le(len, MAXCP * 18);
	return unorm_normalize(in, n, f, out);
}

struct unorm_case {
	enum unorm_form form;
	uint32_t in[6];
	uint32_t want[6]; /* 0-terminated */
};

static const struct unorm_case cases[] = {
	/* e + combining acute composes; é decomposes */
	{ UNORM_NFC, { 0x65, 0x301 }, { 0xe9 } },
	{ UNORM_NFD, { 0xe9 }, { 0x65, 0x301 } },
	/* canonical ordering: dot below (220) before acute (230) */
	{ UNORM_NFD, { 0x61, 0x301, 0x323 }, { 0x61, 0x323, 0x301 } },
	{ UNORM_NFC, { 0x61, 0x301, 0x323 }, { 0x1ea1, 0x301 } },
	/* Hangul: LVT composes, and decomposes algorithmically */
	{ UNORM_NFC, { 0x1100, 0x1161, 0x11a8 }, { 0xac01 } },
	{ UNORM_NFD, { 0xac01 }, { 0x1100, 0x1161, 0x11a8 } },
	/* compatibility: the fi ligature, a mathematical bold A */
	{ UNORM_NFKD, { 0xfb01 }, { 0x66, 0x69 } },
	{ UNORM_NFKC, { 0x1d400 }, { 0x41 } },
	{ UNORM_NFC, { 0xfb01 }, { 0xfb01 } },
	/* a composition exclusion stays decomposed under NFC */
	{ UNORM_NFC, { 0x958 }, { 0x915, 0x93c } },
	/* a singleton (Angstrom sign) maps to its canonical equivalent */
	{ UNORM_NFC, { 0x212b }, { 0xc5 } },
	/* a leading non-starter composes with nothing */
	{ UNORM_NFC, { 0x301, 0x65 }, { 0x301, 0x65 } },
	/* blocked: a second acute after a starter+acute stays */
	{ UNORM_NFC, { 0x65, 0x301, 0x301 }, { 0xe9, 0x301 } },
};

START_TEST(test_cases)
{
	const struct unorm_case *c = &cases[_i];
	uint32_t out[MAXCP * 18];
	size_t n = 0, w = 0, got, i;

	while (n < 6 && c->in[n] != 0)
		n++;
	while (w < 6 && c->want[w] != 0)
		w++;
	got = run(c->in, n, c->form, out);
	ck_assert_msg(got == w, "case %d: length %zu, want %zu", _i, got, w);
	for (i = 0; i < w; i++)
		ck_assert_msg(out[i] == c->want[i], "case %d[%zu]: %x, want %x",
		    _i, i, out[i], c->want[i]);
}
END_TEST

START_TEST(test_trivial)
{
	uint32_t ascii[] = { 0x41, 0x7e }, latin[] = { 0x41, 0xe9 },
		 nbsp[] = { 0xa0 };

	ck_assert(unorm_is_trivial(ascii, 2, UNORM_NFKD));
	ck_assert(unorm_is_trivial(latin, 2, UNORM_NFC));
	ck_assert(!unorm_is_trivial(latin, 2, UNORM_NFD));
	ck_assert(unorm_is_trivial(nbsp, 1, UNORM_NFD));
	ck_assert(!unorm_is_trivial(nbsp, 1, UNORM_NFKC));
}
END_TEST

static size_t
parse_col(const char *s, uint32_t *cp)
{
	size_t n = 0;
	char *end;

	while (*s != ';' && *s != '\0' && n < MAXCP) {
		cp[n++] = (uint32_t)strtoul(s, &end, 16);
		s = end;
		while (*s == ' ')
			s++;
	}
	return n;
}

static void
expect(const uint32_t *in, size_t n, enum unorm_form f, const uint32_t *want,
    size_t wn, int line)
{
	uint32_t out[MAXCP * 18];
	size_t got = run(in, n, f, out);

	ck_assert_msg(got == wn && memcmp(out, want, wn * sizeof(*out)) == 0,
	    "NormalizationTest.txt line %d, form %d", line, (int)f);
}

START_TEST(test_normalization_test)
{
	FILE *fp =
	    popen("bzcat /usr/share/unicode/NormalizationTest.txt.bz2", "r");
	char buf[1024], *p;
	uint32_t c[5][MAXCP];
	size_t n[5];
	int line = 0, lines = 0, k;

	ck_assert_ptr_nonnull(fp);
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		line++;
		if (buf[0] == '#' || buf[0] == '@' || buf[0] == '\n')
			continue;
		for (p = buf, k = 0; k < 5; k++) {
			n[k] = parse_col(p, c[k]);
			p = strchr(p, ';');
			ck_assert_ptr_nonnull(p);
			p++;
		}
		for (k = 0; k < 3; k++) {
			expect(c[k], n[k], UNORM_NFC, c[1], n[1], line);
			expect(c[k], n[k], UNORM_NFD, c[2], n[2], line);
		}
		for (k = 3; k < 5; k++) {
			expect(c[k], n[k], UNORM_NFC, c[3], n[3], line);
			expect(c[k], n[k], UNORM_NFD, c[4], n[4], line);
		}
		for (k = 0; k < 5; k++) {
			expect(c[k], n[k], UNORM_NFKC, c[3], n[3], line);
			expect(c[k], n[k], UNORM_NFKD, c[4], n[4], line);
		}
		lines++;
	}
	ck_assert_int_eq(pclose(fp), 0);
	/* the file has some 19000 cases: a short read is a failure */
	ck_assert_int_gt(lines, 15000);
}
END_TEST

static Suite *
unorm_suite(void)
{
	Suite *s = suite_create("unorm");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(
	    tc, test_cases, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_trivial);
	tcase_add_test(tc, test_normalization_test);
	/* some 380000 normalizations: about a second of CPU, more on a
	 * loaded machine */
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(unorm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
