/*
 * Decimal <-> double conversions for radix 10, correctly rounded in both
 * directions, replacing Duktape's Dragon4 where it is not: it keeps only
 * 20 significant digits of a decimal and rounds its binary digits twice
 * ("9007199254740993", an exact tie, became ...994, not ...992), and its
 * shortest-digits search can pick a digit string that is not the nearest
 * of the shortest (1e23 gave "1.0000000000000001e+23").
 *
 * Both directions lean on glibc, whose strtod and printf are exact:
 * strtod rounds any decimal correctly (ties to even) and "%.*e" prints the
 * decimal of a given digit count nearest to a double (ties to even).
 *
 * Reading: the text is checked against the caller's grammar here (so
 * strtod never sees a hex, "inf" or "nan" form of its own), its
 * significant digits are copied to a bounded buffer as an integer and an
 * exponent, and that goes to strtod. A decimal of at most 2^53 with a
 * power of ten within 10^22 needs no strtod: both are exact doubles and
 * one multiplication or division rounds once (Clinger's fast path, most
 * of JSON's numbers). Digits past the 800th are folded into one sticky
 * nonzero digit: a point halfway between two doubles has at most 767
 * significant digits, so no such point (and no double) lies between the
 * folded text and the original, and both round alike.
 *
 * Writing: ECMAScript wants the fewest digits that read back as x and,
 * among those, the nearest to x. Every decimal of at most 15 digits
 * survives a trip through a normal double (15-digit decimals are spaced
 * wider than doubles), so if any decimal of at most 15 digits reads back
 * as x it is x's nearest 15-digit decimal with its trailing zeros
 * dropped, and it is the only one: one "%.14e" and one read decide all
 * lengths up to 15. At 16 digits several may read back as x: the nearest
 * is tried, then the nearest on the other side of x (below a power of
 * two the doubles below are closer together than those above, so the
 * nearest may miss where the next one does not); 17 digits always read
 * back. Below DBL_MIN doubles have fewer bits and every length from 1 up
 * is tried that way.
 *
 * Pure C over buffers, no Duktape and no locale setting: the texts given
 * to strtod hold digits, 'e' and a sign only, which every locale reads
 * alike. Tested alone in tests/check_numconv.c.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numconv.h"

/* Significant digits kept before the sticky one (see above). */
#define NUMCONV_KEEP 800
/* Beyond this exponent every kept decimal is 0 or Infinity anyway. */
#define NUMCONV_EXP_CLAMP 100000

static const double numconv_pow10[23] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
	1e19, 1e20, 1e21, 1e22 };

#define NUMCONV_2P53 9007199254740992ULL

/*
 * The double nearest to D * 10^e, where D is the integer written by the
 * nd digits at dig (no leading zero; buf has room for an exponent after
 * them) and w is D when nd <= 19. dig is overwritten past the digits.
 */
static double
numconv_decimal(char *dig, size_t nd, uint64_t w, long e)
{
	if (nd <= 19 && w <= NUMCONV_2P53) {
		/* Clinger: w and 10^|e| exact, one rounding. A larger e
		 * moves into w while w stays exact. */
		uint64_t fw = w;
		long fe = e;

		while (fe > 22 && fw * 10 <= NUMCONV_2P53) {
			fw *= 10;
			fe--;
		}
		if (fe >= 0 && fe <= 22)
			return (double)fw * numconv_pow10[fe];
		if (fe < 0 && fe >= -22)
			return (double)fw / numconv_pow10[-fe];
	}
	if (e > NUMCONV_EXP_CLAMP)
		e = NUMCONV_EXP_CLAMP;
	else if (e < -NUMCONV_EXP_CLAMP)
		e = -NUMCONV_EXP_CLAMP;
	snprintf(dig + nd, 16, "e%ld", e);
	return strtod(dig, NULL);
}

static int
numconv_isdigit(char c)
{
	return c >= '0' && c <= '9';
}

/* Whether the three bytes at p are a white space or line terminator. */
static int
numconv_space3(const unsigned char *p)
{
	if (p[0] == 0xe2 && p[1] == 0x80)
		return p[2] <= 0x8a || /* U+2000..200A */
		    p[2] == 0xa8 || p[2] == 0xa9 ||
		    p[2] == 0xaf; /* 2028 2029 202F */
	return (p[0] == 0xe1 && p[1] == 0x9a && p[2] == 0x80) || /* U+1680 */
	    (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f) || /* U+205F */
	    (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80) || /* U+3000 */
	    (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf); /* U+FEFF */
}

static int
numconv_space1(unsigned char c)
{
	return c == ' ' || (c >= 0x09 && c <= 0x0d); /* \t \n \v \f \r */
}

void
numconv_trim(const char **s, const char **e)
{
	const unsigned char *p = (const unsigned char *)*s;
	const unsigned char *q = (const unsigned char *)*e;

	for (;;) {
		if (p < q && numconv_space1(*p))
			p++;
		else if (q - p >= 2 && p[0] == 0xc2 && p[1] == 0xa0)
			p += 2;
		else if (q - p >= 3 && numconv_space3(p))
			p += 3;
		else
			break;
	}
	for (;;) { /* UTF-8 is self-synchronising: a match at the end is one */
		if (p < q && numconv_space1(q[-1]))
			q--;
		else if (q - p >= 2 && q[-2] == 0xc2 && q[-1] == 0xa0)
			q -= 2;
		else if (q - p >= 3 && numconv_space3(q - 3))
			q -= 3;
		else
			break;
	}
	*s = (const char *)p;
	*e = (const char *)q;
}

int
numconv_parse(const char *s, size_t len, unsigned flags, double *out)
{
	const char *p = s, *e = s + len, *w0, *w1, *f0 = NULL, *f1 = NULL;
	const char *end, *q;
	char buf[NUMCONV_KEEP + 24];
	uint64_t w = 0;
	size_t nd = 0;
	long ex = 0;
	int neg = 0, eneg = 0, sticky = 0, r;
	double v;

	if (p < e && *p == '-' && (flags & NUMCONV_MINUS)) {
		neg = 1;
		p++;
	} else if (p < e && *p == '+' && (flags & NUMCONV_PLUS)) {
		p++;
	}
	if (p >= e || !(numconv_isdigit(*p) || *p == '.'))
		return NUMCONV_OTHER;
	for (w0 = p; p < e && numconv_isdigit(*p); p++)
		;
	w1 = p;
	if (p < e && *p == '.') {
		if (flags & NUMCONV_FRAC) {
			for (f0 = ++p; p < e && numconv_isdigit(*p); p++)
				;
			f1 = p;
		} else if (!(flags & NUMCONV_GARBAGE)) {
			return NUMCONV_NAN;
		}
	}
	if (w0 == w1 && f0 == f1)
		return NUMCONV_NAN; /* "." or ".x" */
	if (w0 == w1 && !(flags & NUMCONV_NAKED_FRAC))
		return NUMCONV_NAN;
	if (f0 != NULL && f0 == f1 && !(flags & NUMCONV_EMPTY_FRAC))
		return NUMCONV_NAN;
	if (w1 - w0 > 1 && *w0 == '0' && !(flags & NUMCONV_LEADING_ZERO))
		return NUMCONV_NAN;
	end = p;
	if (p < e && (*p == 'e' || *p == 'E') && (flags & NUMCONV_EXP)) {
		q = p + 1;
		if (q < e && (*q == '+' || *q == '-'))
			eneg = *q++ == '-';
		if (q < e && numconv_isdigit(*q)) {
			/* Saturates: 10^(10^9) is beyond any double whatever
			 * the digits (at most NUMCONV_KEEP + 1 are kept). */
			for (; q < e && numconv_isdigit(*q); q++)
				if (ex < 1000000000L)
					ex = ex * 10 + (*q - '0');
			end = q;
		} else if (!(flags & NUMCONV_GARBAGE)) {
			return NUMCONV_NAN; /* "1e", "1e+" */
		}
	}
	if (end != e && !(flags & NUMCONV_GARBAGE))
		return NUMCONV_NAN;

	/* The significant digits, whole then fraction part, as an integer:
	 * value = D * 10^(ex - fraction digits). */
	for (r = 0; r < 2; r++) {
		for (p = r == 0 ? w0 : f0; p < (r == 0 ? w1 : f1); p++) {
			if (nd == 0 && *p == '0')
				continue;
			if (nd < 19)
				w = w * 10 + (uint64_t)(*p - '0');
			if (nd < NUMCONV_KEEP)
				buf[nd] = *p;
			else if (*p != '0')
				sticky = 1;
			nd++;
		}
	}
	ex = (eneg ? -ex : ex) - (long)(f0 != NULL ? f1 - f0 : 0);
	if (nd == 0) {
		v = 0.0;
	} else if (nd <= NUMCONV_KEEP) {
		v = numconv_decimal(buf, nd, w, ex);
	} else {
		ex += (long)(nd - NUMCONV_KEEP);
		nd = NUMCONV_KEEP;
		if (sticky) {
			buf[nd++] = '1';
			ex--;
		}
		v = numconv_decimal(buf, nd, w, ex);
	}
	*out = neg ? -v : v;
	return NUMCONV_OK;
}

/* The digits of printf's "%.*e" text t to dig, its exponent returned. */
static int
numconv_e_digits(const char *t, char *dig, int *nd)
{
	int i = 0;

	for (; *t != 'e'; t++) /* the point is the locale's: skip any */
		if (*t >= '0' && *t <= '9')
			dig[i++] = *t;
	*nd = i;
	return atoi(t + 1);
}

/* Adds one to the decimal dig[0..n); 1 when it carried out of dig[0]. */
static int
numconv_carry(char *dig, int n)
{
	int i;

	for (i = n - 1; i >= 0 && dig[i] == '9'; i--)
		dig[i] = '0';
	if (i < 0)
		return 1;
	dig[i]++;
	return 0;
}

/*
 * The nd-digit decimal nearest to a > 0 (ties to even): its digits to dig
 * (room for an exponent after them), its exponent in scientific notation
 * (a = d.ddd * 10^e10) to *e10.
 */
static void
numconv_nearest(double a, int nd, char *dig, int *e10)
{
	char t[48];
	int n;

	snprintf(t, sizeof(t), "%.*e", nd - 1, a);
	*e10 = numconv_e_digits(t, dig, &n);
}

/* The double that nd digits at dig with exponent e10 read back as. */
static double
numconv_back(char *dig, int nd, int e10)
{
	uint64_t w = 0;
	int i;

	for (i = 0; i < nd; i++)
		w = w * 10 + (uint64_t)(dig[i] - '0');
	return numconv_decimal(dig, (size_t)nd, w, (long)e10 - nd + 1);
}

/* The next nd-digit decimal above (up) or below the one at dig. */
static void
numconv_step(char *dig, int nd, int *e10, int up)
{
	int i;

	if (up) {
		if (numconv_carry(dig, nd)) { /* 9.99 -> 10.0 */
			dig[0] = '1';
			(*e10)++;
		}
		return;
	}
	for (i = nd - 1; i >= 0 && dig[i] == '0'; i--)
		dig[i] = '9';
	dig[i]--; /* dig[0] is never '0' */
	if (i == 0 && dig[0] == '0') { /* 1.00 -> 9.99, a decade down */
		memset(dig, '9', (size_t)nd);
		(*e10)--;
	}
}

/*
 * Whether an nd-digit decimal reads back as a: the nearest one, else the
 * nearest on the other side of a. The winner is left at dig, *e10.
 */
static int
numconv_try(double a, int nd, char *dig, int *e10)
{
	double y;

	numconv_nearest(a, nd, dig, e10);
	y = numconv_back(dig, nd, *e10);
	if (y == a)
		return 1;
	/* y > a means the decimal is above a (strtod is monotonic). */
	numconv_step(dig, nd, e10, y < a);
	return numconv_back(dig, nd, *e10) == a;
}

/* The shortest digits of a > 0, finite: count returned, exponent *e10. */
static int
numconv_shortest(double a, char *dig, int *e10)
{
	int nd;

	if (a >= DBL_MIN) {
		numconv_nearest(a, 15, dig, e10);
		if (numconv_back(dig, 15, *e10) == a)
			nd = 15;
		else if (numconv_try(a, 16, dig, e10))
			nd = 16;
		else
			numconv_nearest(a, nd = 17, dig, e10);
	} else {
		for (nd = 1; nd < 17 && !numconv_try(a, nd, dig, e10); nd++)
			;
		if (nd == 17)
			numconv_nearest(a, 17, dig, e10);
	}
	while (nd > 1 && dig[nd - 1] == '0')
		nd--;
	return nd;
}

size_t
numconv_format(double x, char *out)
{
	char dig[48], *q = out;
	double a = fabs(x);
	int k, n, e10, i;

	if (isnan(x))
		return (size_t)(stpcpy(out, "NaN") - out);
	if (isinf(x))
		return (size_t)(stpcpy(out, x < 0 ? "-Infinity" : "Infinity") -
		    out);
	if (x == 0)
		return (size_t)(stpcpy(out, "0") - out); /* -0 too */
	if (x < 0)
		*q++ = '-';
	if (a < (double)NUMCONV_2P53 && a == (double)(uint64_t)a) {
		/* An integer's digits, no search. */
		uint64_t u = (uint64_t)a;
		char t[24], *p = t + sizeof(t);

		do {
			*--p = (char)('0' + u % 10);
			u /= 10;
		} while (u != 0);
		n = (int)(t + sizeof(t) - p);
		memcpy(q, p, (size_t)n);
		q[n] = '\0';
		return (size_t)(q + n - out);
	}
	/* Number::toString's k (digit count) and n (a = 0.ddd * 10^n). */
	k = numconv_shortest(a, dig, &e10);
	n = e10 + 1;
	if (k <= n && n <= 21) {
		memcpy(q, dig, (size_t)k);
		q += k;
		for (i = k; i < n; i++)
			*q++ = '0';
	} else if (0 < n && n <= 21) {
		memcpy(q, dig, (size_t)n);
		q += n;
		*q++ = '.';
		memcpy(q, dig + n, (size_t)(k - n));
		q += k - n;
	} else if (-6 < n && n <= 0) {
		*q++ = '0';
		*q++ = '.';
		for (i = n; i < 0; i++)
			*q++ = '0';
		memcpy(q, dig, (size_t)k);
		q += k;
	} else {
		*q++ = dig[0];
		if (k > 1) {
			*q++ = '.';
			memcpy(q, dig + 1, (size_t)(k - 1));
			q += k - 1;
		}
		q += sprintf(q, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
	}
	*q = '\0';
	return (size_t)(q - out);
}

/*
 * How the digits past a cut decide a rounding half up on a value whose
 * digits were themselves printed rounded: 1 up, 0 down, -1 too near the
 * half way to tell ("5000..." or "4999..." to the end).
 */
static int
numconv_cut(const char *rest, size_t n)
{
	size_t i;
	char tail;

	if (n == 0 || rest[0] < '4')
		return 0;
	if (rest[0] > '5')
		return 1;
	tail = rest[0] == '5' ? '0' : '9';
	for (i = 1; i < n; i++)
		if (rest[i] != tail)
			return rest[0] == '5';
	return -1;
}

/*
 * Enough digits that "%.*e" and "%.*f" print a double exactly: its exact
 * decimal has at most 767 significant digits, 1074 after the point.
 */
#define NUMCONV_EXACT_E 780
#define NUMCONV_EXACT_F 1100
/* Digits printed past a cut before the exact text is needed. */
#define NUMCONV_GUARD 20

/*
 * The nd (1..101) significant digits of a > 0, finite, rounded half up on
 * its exact value, to dig; the exponent of the first (a = d.dd * 10^e).
 */
static int
numconv_sig(double a, int nd, char *dig)
{
	char t[NUMCONV_EXACT_E + 16], d[NUMCONV_EXACT_E + 8];
	int n, e, up;

	snprintf(t, sizeof(t), "%.*e", nd - 1 + NUMCONV_GUARD, a);
	e = numconv_e_digits(t, d, &n);
	if ((up = numconv_cut(d + nd, (size_t)(n - nd))) < 0) {
		snprintf(t, sizeof(t), "%.*e", NUMCONV_EXACT_E, a);
		e = numconv_e_digits(t, d, &n);
		up = d[nd] >= '5';
	}
	memcpy(dig, d, (size_t)nd);
	if (up)
		numconv_step(dig, nd, &e, 1);
	return e;
}

/*
 * printf's "%.*f" digits of 0 <= a < 1e21 with `prec` after the point, to
 * d (room for 22 + prec), without the point; the count before it returned.
 */
static int
numconv_f_digits(double a, int prec, char *d)
{
	char t[NUMCONV_EXACT_F + 32];
	const char *p;
	int n = 0;

	snprintf(t, sizeof(t), "%.*f", prec, a);
	for (p = t; *p != '\0'; p++) /* the point is the locale's */
		if (*p >= '0' && *p <= '9')
			d[n++] = *p;
	return n - prec;
}

/*
 * round(a * 10^f) half up for 0 <= a < 1e21 and 0 <= f <= 100, as digits
 * with no leading zero ("0" for none) to dig; their count returned.
 */
static int
numconv_scaled(double a, int f, char *dig)
{
	char d[NUMCONV_EXACT_F + 32];
	int n, whole, up, k;

	whole = numconv_f_digits(a, f + NUMCONV_GUARD, d);
	if ((up = numconv_cut(d + whole + f, NUMCONV_GUARD)) < 0) {
		whole = numconv_f_digits(a, NUMCONV_EXACT_F, d);
		up = d[whole + f] >= '5';
	}
	n = whole + f;
	dig[0] = '0'; /* room for a carry out: 99.9 -> 100 */
	memcpy(dig + 1, d, (size_t)n);
	if (up && numconv_carry(dig + 1, n))
		dig[0] = '1';
	for (k = 0; k < n && dig[k] == '0'; k++) /* keep the last digit */
		;
	memmove(dig, dig + k, (size_t)(n + 1 - k));
	return n + 1 - k;
}

size_t
numconv_format_fixed(double x, int f, char *out)
{
	char dig[NUMCONV_TEXT_MAX], *q = out;
	int n, k;

	if (x < 0) /* not -0: the spec asks x < 0 */
		*q++ = '-';
	n = numconv_scaled(fabs(x), f, dig);
	if (f == 0) {
		memcpy(q, dig, (size_t)n);
		q += n;
	} else {
		/* at least one digit before the point */
		for (k = n; k <= f; k++)
			*q++ = '0';
		memcpy(q, dig, (size_t)n);
		/* the point goes f digits from the end */
		k = (int)(q - out) + n - f;
		memmove(out + k + 1, out + k, (size_t)f);
		out[k] = '.';
		q += n + 1;
	}
	*q = '\0';
	return (size_t)(q - out);
}

/* d[0].d[1..nd) "e" sign exponent, to q; the end returned. */
static char *
numconv_put_exp(char *q, const char *dig, int nd, int e)
{
	*q++ = dig[0];
	if (nd > 1) {
		*q++ = '.';
		memcpy(q, dig + 1, (size_t)(nd - 1));
		q += nd - 1;
	}
	return q + sprintf(q, "e%c%d", e < 0 ? '-' : '+', abs(e));
}

size_t
numconv_format_exponential(double x, int f, char *out)
{
	char dig[NUMCONV_TEXT_MAX], *q = out;
	int nd, e;

	if (x < 0)
		*q++ = '-';
	if (x == 0) {
		nd = f < 0 ? 1 : f + 1;
		memset(dig, '0', (size_t)nd);
		e = 0;
	} else if (f < 0) {
		nd = numconv_shortest(fabs(x), dig, &e);
	} else {
		nd = f + 1;
		e = numconv_sig(fabs(x), nd, dig);
	}
	q = numconv_put_exp(q, dig, nd, e);
	*q = '\0';
	return (size_t)(q - out);
}

size_t
numconv_format_precision(double x, int p, char *out)
{
	char dig[NUMCONV_TEXT_MAX], *q = out;
	int e;

	if (x < 0)
		*q++ = '-';
	if (x == 0) {
		memset(dig, '0', (size_t)p);
		e = 0;
	} else
		e = numconv_sig(fabs(x), p, dig);
	if (e < -6 || e >= p) {
		q = numconv_put_exp(q, dig, p, e);
	} else if (e == p - 1) {
		memcpy(q, dig, (size_t)p);
		q += p;
	} else if (e >= 0) {
		memcpy(q, dig, (size_t)e + 1);
		q += e + 1;
		*q++ = '.';
		memcpy(q, dig + e + 1, (size_t)(p - e - 1));
		q += p - e - 1;
	} else {
		*q++ = '0';
		*q++ = '.';
		memset(q, '0', (size_t)(-(e + 1)));
		q += -(e + 1);
		memcpy(q, dig, (size_t)p);
		q += p;
	}
	*q = '\0';
	return (size_t)(q - out);
}
