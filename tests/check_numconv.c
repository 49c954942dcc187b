/* Check suite for engine/host/numconv.c: decimal text to double (exact
 * ties, long texts, the fast path's bounds, each caller's grammar) and
 * double to ECMAScript's shortest text (the 15-digit shortcut, the other
 * side of a power of two, ties, subnormals, the layout), and toFixed,
 * toExponential and toPrecision's texts (ties away from zero). tests/
 * numconv.test.sh compares both directions with node over random
 * doubles. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/numconv.h"

/* Duktape's grammars, as engine/host/duk_numconv.inc maps them. */
#define G_TONUMBER                                                             \
	(NUMCONV_MINUS | NUMCONV_PLUS | NUMCONV_FRAC | NUMCONV_NAKED_FRAC |    \
	    NUMCONV_EMPTY_FRAC | NUMCONV_EXP | NUMCONV_LEADING_ZERO)
#define G_PARSEFLOAT (G_TONUMBER | NUMCONV_GARBAGE)
#define G_JSON (NUMCONV_MINUS | NUMCONV_FRAC | NUMCONV_EXP)
#define G_PARSEINT                                                             \
	(NUMCONV_MINUS | NUMCONV_PLUS | NUMCONV_LEADING_ZERO | NUMCONV_GARBAGE)

struct parse_case {
	const char *s;
	unsigned flags;
	int rc;
	double v;
};

/* 2^-1075, halfway between 0 and the least subnormal, in full. */
#define HALF_MIN                                                               \
	"2.4703282292062327208828439643411068618252990130716238221279284125"   \
	"033775363510437593264991818081799618989828234772285886546332835517"   \
	"796989819938739800539093906315035659515570226392290858392449105184"   \
	"435931802849936536152500319370457678249219365623669863658480757001"   \
	"585769269903706311928279558551332927834338409351978015531246597263"   \
	"579574622766465272827220056374006485499977096599470454020828166226"   \
	"237857393450736339007967761930577506740176324673600968951340535537"   \
	"458516661134223766678604162159680461914467291840300530057530849048"   \
	"765391711386591646239524912623653881879636239373280423891018672348"   \
	"497668235089863388587925628302755995657524455507255189313690836254"   \
	"779186948667994968324049705821028513185451396213837722826145437693"   \
	"412532098591327667236328125"

#define ZEROS100                                                               \
	"0000000000000000000000000000000000000000000000000000000000000000000"  \
	"000000000000000000000000000000000"
#define ZEROS900                                                               \
	ZEROS100 ZEROS100 ZEROS100 ZEROS100 ZEROS100 ZEROS100 ZEROS100         \
	    ZEROS100 ZEROS100

static const struct parse_case parse_cases[] = {
	/* exact ties between two doubles go to the even one */
	{ "9007199254740993", G_TONUMBER, NUMCONV_OK, 0x1p53 },
	{ "9007199254740995", G_TONUMBER, NUMCONV_OK, 0x1p53 + 4 },
	{ "-9007199254740993", G_JSON, NUMCONV_OK, -0x1p53 },
	{ "9007199254740993", G_PARSEINT, NUMCONV_OK, 0x1p53 },
	{ "31621967360964610", G_TONUMBER, NUMCONV_OK, 31621967360964608.0 },
	/* ... and any digit past the tie, however far, breaks it */
	{ "9007199254740993.00000000000000000001", G_TONUMBER, NUMCONV_OK,
	    0x1p53 + 2 },
	{ "9007199254740993" ZEROS900 "1e-901", G_TONUMBER, NUMCONV_OK,
	    0x1p53 + 2 },
	{ "9007199254740993" ZEROS900 "e-900", G_TONUMBER, NUMCONV_OK, 0x1p53 },
	{ "0." ZEROS900 "9007199254740993" ZEROS900 "1e916", G_TONUMBER,
	    NUMCONV_OK, 0x1p53 + 2 },
	{ HALF_MIN "e-324", G_TONUMBER, NUMCONV_OK, 0.0 },
	{ HALF_MIN "1e-324", G_TONUMBER, NUMCONV_OK, 0x1p-1074 },
	/* beyond 2^53 one multiplication rounds twice: no fast path */
	{ "9007199254740993e1", G_TONUMBER, NUMCONV_OK, 90071992547409936.0 },
	{ "8.5160984253244e+44", G_TONUMBER, NUMCONV_OK, 8.5160984253244e+44 },
	{ "1e23", G_TONUMBER, NUMCONV_OK, 1e23 },
	{ "7498.75", G_JSON, NUMCONV_OK, 7498.75 },
	{ "0.1", G_JSON, NUMCONV_OK, 0.1 },
	{ "-0", G_JSON, NUMCONV_OK, -0.0 },
	{ "0e999999999999", G_TONUMBER, NUMCONV_OK, 0.0 },
	{ "1e999999999999", G_TONUMBER, NUMCONV_OK, INFINITY },
	{ "1e-999999999999", G_TONUMBER, NUMCONV_OK, 0.0 },
	{ "1.7976931348623158e308", G_TONUMBER, NUMCONV_OK, DBL_MAX },
	{ "1.7976931348623159e308", G_TONUMBER, NUMCONV_OK, INFINITY },
	{ "4.9e-324", G_TONUMBER, NUMCONV_OK, 0x1p-1074 },
	/* the grammars */
	{ ".5", G_TONUMBER, NUMCONV_OK, 0.5 },
	{ ".5", G_JSON, NUMCONV_NAN, 0 },
	{ "5.", G_TONUMBER, NUMCONV_OK, 5 },
	{ "5.", G_JSON, NUMCONV_NAN, 0 },
	{ "5.e1", G_PARSEFLOAT, NUMCONV_OK, 50 },
	{ ".", G_TONUMBER, NUMCONV_NAN, 0 },
	{ ".e1", G_PARSEFLOAT, NUMCONV_NAN, 0 },
	{ "007", G_TONUMBER, NUMCONV_OK, 7 },
	{ "007", G_JSON, NUMCONV_NAN, 0 },
	{ "+1", G_TONUMBER, NUMCONV_OK, 1 },
	{ "+1", G_JSON, NUMCONV_OTHER, 0 },
	{ "1e", G_TONUMBER, NUMCONV_NAN, 0 },
	{ "1e+", G_PARSEFLOAT, NUMCONV_OK, 1 },
	{ "1e+x", G_PARSEFLOAT, NUMCONV_OK, 1 },
	{ "1E-2", G_JSON, NUMCONV_OK, 0.01 },
	{ "1.5.3", G_PARSEFLOAT, NUMCONV_OK, 1.5 },
	{ "1.5.3", G_TONUMBER, NUMCONV_NAN, 0 },
	{ "1e5e", G_TONUMBER, NUMCONV_NAN, 0 },
	{ "12abc", G_PARSEFLOAT, NUMCONV_OK, 12 },
	{ "9007199254740993.5", G_PARSEINT, NUMCONV_OK, 0x1p53 },
	{ "1e5", G_PARSEINT, NUMCONV_OK, 1 },
	{ "0x10", G_PARSEFLOAT, NUMCONV_OK, 0 },
	{ "1 ", G_TONUMBER, NUMCONV_NAN, 0 },
	{ "", G_TONUMBER, NUMCONV_OTHER, 0 },
	{ "-", G_TONUMBER, NUMCONV_OTHER, 0 },
	{ "Infinity", G_TONUMBER, NUMCONV_OTHER, 0 },
	{ "-Infinity", G_PARSEFLOAT, NUMCONV_OTHER, 0 },
	{ "inf", G_TONUMBER, NUMCONV_OTHER, 0 },
	{ " 1", G_TONUMBER, NUMCONV_OTHER, 0 },
};

START_TEST(test_parse_cases)
{
	const struct parse_case *c = &parse_cases[_i];
	double v = -1;
	int rc = numconv_parse(c->s, strlen(c->s), c->flags, &v);

	ck_assert_msg(rc == c->rc, "%.40s: rc %d, want %d", c->s, rc, c->rc);
	if (rc == NUMCONV_OK)
		ck_assert_msg(v == c->v && signbit(v) == signbit(c->v),
		    "%.40s: %a, want %a", c->s, v, c->v);
}
END_TEST

/* The text is what numconv_parse reads, no further. */
START_TEST(test_parse_bounded)
{
	double v;

	ck_assert_int_eq(numconv_parse("12345", 3, G_TONUMBER, &v), NUMCONV_OK);
	ck_assert(v == 123);
	ck_assert_int_eq(
	    numconv_parse("1\0002", 3, G_TONUMBER, &v), NUMCONV_NAN);
	ck_assert_int_eq(numconv_parse("1e5", 2, G_PARSEFLOAT, &v), NUMCONV_OK);
	ck_assert(v == 1);
}
END_TEST

/* The spec's white space at both ends, UTF-8; U+180E and a lone byte of
 * a longer sequence are not. */
START_TEST(test_trim)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ " \t\n\v\f\r1 ", "1" },
		{ "\xc2\xa0\xe1\x9a\x80\xe2\x80\x80\xe2\x80\x8a"
		  "1\xe2\x80\xa8"
		  "\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\x9f\xe3\x80\x80\xef\xbb"
		  "\xbf",
		    "1" },
		{ "\xe1\xa0\x8e"
		  "1\xe1\xa0\x8e",
		    "\xe1\xa0\x8e"
		    "1\xe1\xa0\x8e" },
		{ "\xe2\x80\x8b"
		  "1",
		    "\xe2\x80\x8b"
		    "1" }, /* U+200B */
		{ "1\xa0", "1\xa0" },
		{ "   ", "" },
		{ "", "" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *p = cases[i].in, *e = p + strlen(p);

		numconv_trim(&p, &e);
		ck_assert_msg((size_t)(e - p) == strlen(cases[i].out) &&
			memcmp(p, cases[i].out, (size_t)(e - p)) == 0,
		    "case %zu: %.*s", i, (int)(e - p), p);
	}
}
END_TEST

static uint64_t rng_state;

static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Random decimals of 1 to 40 digits with the point anywhere and exponents
 * over the whole range read as glibc's strtod reads them. */
START_TEST(test_parse_random)
{
	char s[128];
	int i, j, n, point;
	double v, want;

	rng_state = 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < 200000; i++) {
		char *q = s;

		n = 1 + (int)(rng() % 40);
		point = (int)(rng() % (uint64_t)(n + 1));
		for (j = 0; j < n; j++) {
			if (j == point && j > 0)
				*q++ = '.';
			*q++ = (char)('0' + rng() % 10);
		}
		sprintf(q, "e%d", (int)(rng() % 700) - 350);
		ck_assert_int_eq(
		    numconv_parse(s, strlen(s), G_TONUMBER, &v), NUMCONV_OK);
		want = strtod(s, NULL);
		ck_assert_msg(v == want, "%s: %a, want %a", s, v, want);
	}
}
END_TEST

struct format_case {
	double x;
	const char *s;
};

static const struct format_case format_cases[] = {
	{ 0.0, "0" },
	{ -0.0, "0" },
	{ NAN, "NaN" },
	{ INFINITY, "Infinity" },
	{ -INFINITY, "-Infinity" },
	{ 1, "1" },
	{ -123, "-123" },
	{ 0x1p53, "9007199254740992" },
	{ 0x1p53 + 2, "9007199254740994" },
	{ 999999999999999868928.0, "999999999999999900000" },
	{ 1e21, "1e+21" },
	{ 1e23, "1e+23" },
	{ 0.1, "0.1" },
	{ -1.5, "-1.5" },
	{ 0.000001, "0.000001" },
	{ 1.5e-7, "1.5e-7" },
	{ 123e-20, "1.23e-18" },
	{ 1e300 * 1.7, "1.7e+300" },
	{ 7498.75, "7498.75" },
	/* no 15-digit decimal reads back: 16 and 17 digits */
	{ 0.30000000000000004, "0.30000000000000004" },
	{ 1.0 / 3, "0.3333333333333333" },
	/* 17 digits, two equally near: the even one */
	{ 132405809496.453125, "132405809496.45312" },
	/* the nearest 16 digits miss below a power of two, the next up
	 * does not */
	{ 0x1p-44, "5.684341886080802e-14" },
	{ 0x1p-1022, "2.2250738585072014e-308" },
	/* the nearest 16 digits are a power of ten, above x */
	{ 1 - 0x1p-53, "0.9999999999999999" },
	{ DBL_MAX, "1.7976931348623157e+308" },
	/* subnormals: fewer bits, fewer digits */
	{ 0x1p-1074, "5e-324" },
	{ 0x1p-1073, "1e-323" },
	{ 0x1.8p-1073, "1.5e-323" },
	{ 0x1p-1050, "8.289046e-317" },
	{ DBL_MIN - 0x1p-1074, "2.225073858507201e-308" },
};

START_TEST(test_format_cases)
{
	const struct format_case *c = &format_cases[_i];
	char buf[NUMCONV_FORMAT_MAX];
	size_t n = numconv_format(c->x, buf);

	ck_assert_str_eq(buf, c->s);
	ck_assert_uint_eq(n, strlen(c->s));
}
END_TEST

/*
 * toFixed ('F'), toExponential ('E', n < 0: no argument) and toPrecision
 * ('P'), node's texts: ties on the exact value go away from zero (0.125,
 * 2.5), an inexact decimal goes its exact way (1.005 is below), carries
 * add a digit (999.995, 999.9999), subnormals and 100 digits.
 */
struct digits_case {
	char kind;
	double x;
	int n;
	const char *s;
};

static const struct digits_case digits_cases[] = {
	{ 'F', 0.125, 2, "0.13" },
	{ 'F', 2.5, 0, "3" },
	{ 'F', -2.5, 0, "-3" },
	{ 'F', 1.005, 2, "1.00" },
	{ 'F', 1.45, 1, "1.4" },
	{ 'F', -1.0e-7, 2, "-0.00" },
	{ 'F', -0.0, 2, "0.00" },
	{ 'F', 0.5, 0, "1" },
	{ 'F', 999.995, 2, "1000.00" },
	{ 'F', 99.5, 0, "100" },
	{ 'F', 0.1, 30, "0.100000000000000005551115123126" },
	{ 'F', 1e20, 2, "100000000000000000000.00" },
	{ 'F', 123.456, 0, "123" },
	{ 'F', 5.0e-324, 100,
	    "0."
	    "000000000000000000000000000000000000000000000000000000000000000000"
	    "0000000000000000000000000000000000" },
	{ 'E', 0.125, 1, "1.3e-1" },
	{ 'E', -0.0, 2, "0.00e+0" },
	{ 'E', 0.0, 0, "0e+0" },
	{ 'E', 123.456, -1, "1.23456e+2" },
	{ 'E', 5.0e-324, -1, "5e-324" },
	{ 'E', 1.0e-323, 3, "9.881e-324" },
	{ 'E', 9.995, 2, "9.99e+0" },
	{ 'E', 1.7976931348623157e+308, 20, "1.79769313486231570815e+308" },
	{ 'E', -1.5, 0, "-2e+0" },
	{ 'E', 0.00001, -1, "1e-5" },
	{ 'E', 2.5, 0, "3e+0" },
	{ 'P', 0.125, 2, "0.13" },
	{ 'P', 0.0, 3, "0.00" },
	{ 'P', -0.0, 1, "0" },
	{ 'P', 0.000001, 2, "0.0000010" },
	{ 'P', 1.0e-7, 1, "1e-7" },
	{ 'P', 123.0, 2, "1.2e+2" },
	{ 'P', 999.9999, 4, "1000" },
	{ 'P', 123.456, 3, "123" },
	{ 'P', 1.0e+21, 21, "1.00000000000000000000e+21" },
	{ 'P', 5.0e-324, 1, "5e-324" },
	{ 'P', 1.0e-323, 3, "9.88e-324" },
	{ 'P', -1.25, 2, "-1.3" },
	{ 'P', 1.0e+100, 100,
	    "1."
	    "000000000000000015902891109759918046836080856394528138978132755774"
	    "783877217038106081346998585681510e+100" },
};

START_TEST(test_digits_cases)
{
	const struct digits_case *c = &digits_cases[_i];
	char buf[NUMCONV_TEXT_MAX];
	size_t n = c->kind == 'F' ? numconv_format_fixed(c->x, c->n, buf)
	    : c->kind == 'E'	  ? numconv_format_exponential(c->x, c->n, buf)
				  : numconv_format_precision(c->x, c->n, buf);

	ck_assert_str_eq(buf, c->s);
	ck_assert_uint_eq(n, strlen(c->s));
}
END_TEST

/* Random doubles of every exponent: the text reads back as the double,
 * and no decimal with one digit fewer does (checked through %.*e and its
 * neighbours, the candidates of that length nearest to the double). */
START_TEST(test_format_random)
{
	char buf[NUMCONV_FORMAT_MAX], t[64];
	int i, k, d, seen;
	double x, v;
	uint64_t bits;

	rng_state = 0x2545f4914f6cdd1dULL;
	for (i = 0; i < 100000; i++) {
		bits = rng();
		memcpy(&x, &bits, sizeof(x));
		if (!isfinite(x) || x == 0)
			continue;
		numconv_format(x, buf);
		ck_assert_int_eq(
		    numconv_parse(buf, strlen(buf), G_TONUMBER, &v),
		    NUMCONV_OK);
		ck_assert_msg(v == x, "%a -> %s -> %a", x, buf, v);
		/* the significant digits written: a plain integer is left
		 * out (its trailing zeros are not digits of the choice) */
		if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL)
			continue;
		for (k = 0, d = 0, seen = 0; buf[k] != '\0' && buf[k] != 'e';
		     k++) {
			if (buf[k] >= '1' && buf[k] <= '9')
				seen = 1;
			if (seen && buf[k] >= '0' && buf[k] <= '9')
				d++;
		}
		if (d < 2)
			continue;
		/* the nearest decimal one digit shorter must not read back */
		snprintf(t, sizeof(t), "%.*e", d - 2, x);
		ck_assert_msg(strtod(t, NULL) != x, "%a: %s is shorter than %s",
		    x, t, buf);
	}
}
END_TEST

static Suite *
numconv_suite(void)
{
	Suite *s = suite_create("numconv");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_parse_cases, 0,
	    (int)(sizeof(parse_cases) / sizeof(parse_cases[0])));
	tcase_add_test(tc, test_parse_bounded);
	tcase_add_test(tc, test_trim);
	tcase_add_test(tc, test_parse_random);
	tcase_add_loop_test(tc, test_format_cases, 0,
	    (int)(sizeof(format_cases) / sizeof(format_cases[0])));
	tcase_add_test(tc, test_format_random);
	tcase_add_loop_test(tc, test_digits_cases, 0,
	    (int)(sizeof(digits_cases) / sizeof(digits_cases[0])));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(numconv_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
