/*
 * Fuzz harness for engine/host/numconv.c: the first byte picks a grammar
 * (the NUMCONV_* flags), the rest is a text to trim and read; the first
 * eight bytes, as a double, are written and read back. Checks that
 * nothing reads past the input (the text is an exact-size copy), that a
 * text read under a grammar without garbage is what glibc's strtod reads
 * from all of it, that the trimmed span stays inside the text with no
 * white space at its ends, and that every double's text is short, reads
 * back as the double and writes the same text again. A ninth byte picks
 * the digit counts of toFixed, toExponential and toPrecision: their texts
 * fit, are as long as said, and read back near the double (exactly, with
 * 17 significant digits or the fewest that read back).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/numconv.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_numconv: %s:%d: %s\n", __FILE__, \
			    __LINE__, #c);                                     \
			abort();                                               \
		}                                                              \
	} while (0)

#define FUZZ_ALL                                                               \
	(NUMCONV_MINUS | NUMCONV_PLUS | NUMCONV_FRAC | NUMCONV_NAKED_FRAC |    \
	    NUMCONV_EMPTY_FRAC | NUMCONV_EXP | NUMCONV_LEADING_ZERO)

static void
fuzz_read(const char *text, size_t len, unsigned flags)
{
	char *copy = malloc(len), *z = malloc(len + 1), *end;
	const char *p, *e;
	double v, want;
	int rc;

	FUZZ_CHECK(copy != NULL && z != NULL);
	memcpy(copy, text, len);
	rc = numconv_parse(copy, len, flags, &v);
	FUZZ_CHECK(
	    rc == NUMCONV_OK || rc == NUMCONV_NAN || rc == NUMCONV_OTHER);
	if (rc == NUMCONV_OK && !(flags & NUMCONV_GARBAGE) &&
	    memchr(text, '\0', len) == NULL) {
		memcpy(z, text, len);
		z[len] = '\0';
		want = strtod(z, &end);
		FUZZ_CHECK(end == z + len);
		FUZZ_CHECK(v == want && signbit(v) == signbit(want));
	}
	p = copy;
	e = copy + len;
	numconv_trim(&p, &e);
	FUZZ_CHECK(p >= copy && e <= copy + len && p <= e);
	FUZZ_CHECK(p == e || (*p != ' ' && e[-1] != ' '));
	free(copy);
	free(z);
}

static void
fuzz_write(double x)
{
	char buf[NUMCONV_FORMAT_MAX], again[NUMCONV_FORMAT_MAX];
	size_t n = numconv_format(x, buf);
	double v;

	FUZZ_CHECK(n == strlen(buf) && n < NUMCONV_FORMAT_MAX);
	if (isnan(x)) {
		FUZZ_CHECK(strcmp(buf, "NaN") == 0);
		return;
	}
	if (isinf(x))
		return;
	FUZZ_CHECK(numconv_parse(buf, n, FUZZ_ALL, &v) == NUMCONV_OK);
	FUZZ_CHECK(v == x);
	numconv_format(v, again);
	FUZZ_CHECK(strcmp(buf, again) == 0);
}

static void
fuzz_digits(double x, unsigned k)
{
	char buf[NUMCONV_TEXT_MAX];
	int p = 1 + (int)(k % 100), f = (int)(k % 101);
	size_t n;
	double v;

	if (!isfinite(x))
		return;
	n = numconv_format_precision(x, p, buf);
	FUZZ_CHECK(n == strlen(buf) && n < NUMCONV_TEXT_MAX);
	FUZZ_CHECK(numconv_parse(buf, n, FUZZ_ALL, &v) == NUMCONV_OK);
	FUZZ_CHECK(p < 17 || v == x);
	n = numconv_format_exponential(x, f, buf);
	FUZZ_CHECK(n == strlen(buf) && n < NUMCONV_TEXT_MAX);
	FUZZ_CHECK(numconv_parse(buf, n, FUZZ_ALL, &v) == NUMCONV_OK);
	FUZZ_CHECK(f < 16 || v == x);
	n = numconv_format_exponential(x, -1, buf);
	FUZZ_CHECK(n == strlen(buf) && n < NUMCONV_TEXT_MAX);
	FUZZ_CHECK(numconv_parse(buf, n, FUZZ_ALL, &v) == NUMCONV_OK && v == x);
	if (fabs(x) < 1e21) {
		n = numconv_format_fixed(x, f, buf);
		FUZZ_CHECK(n == strlen(buf) && n < NUMCONV_TEXT_MAX);
		FUZZ_CHECK(numconv_parse(buf, n, FUZZ_ALL, &v) == NUMCONV_OK);
		/* within half a unit of its last place, and a rounding */
		FUZZ_CHECK(fabs(v - x) <=
		    0.5 * pow(10, -f) * (1 + 1e-9) + 4e-16 * fabs(x));
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double x;

	if (size == 0)
		return 0;
	fuzz_read((const char *)data + 1, size - 1, data[0]);
	fuzz_read((const char *)data, size, FUZZ_ALL);
	if (size >= 8) {
		memcpy(&x, data, sizeof(x));
		fuzz_write(x);
		if (size >= 9)
			fuzz_digits(x, data[8]);
	}
	return 0;
}
