/*
 * numconv: decimal text to double and double to decimal text, both
 * correctly rounded (see numconv.c). Duktape reaches them through build-
 * time patches of duk_numconv_parse, duk_numconv_stringify and its JSON
 * codec (engine/host/duk_numconv.inc, engine/module.mk).
 */
#ifndef NUMCONV_H
#define NUMCONV_H

#include <stddef.h>

/* What a caller's grammar allows besides digits (numconv_parse). */
#define NUMCONV_MINUS 0x01U /* a leading '-' */
#define NUMCONV_PLUS 0x02U /* a leading '+' */
#define NUMCONV_FRAC 0x04U /* a '.' and fraction digits */
#define NUMCONV_NAKED_FRAC 0x08U /* ".5": no digit before the point */
#define NUMCONV_EMPTY_FRAC 0x10U /* "5.": no digit after it */
#define NUMCONV_EXP 0x20U /* an exponent, e or E, signed or not */
#define NUMCONV_LEADING_ZERO 0x40U /* "007" */
#define NUMCONV_GARBAGE 0x80U /* the longest valid prefix counts */

/* numconv_parse's answers. */
#define NUMCONV_OK 0 /* *out is the value */
#define NUMCONV_NAN 1 /* a decimal the grammar refuses: the value is NaN */
#define NUMCONV_OTHER 2 /* no digit or '.' after the sign: not ours */

/* Longest text numconv_format writes, with its NUL. */
#define NUMCONV_FORMAT_MAX 32

/*
 * Reads the decimal s[0..len) under the grammar flags allows (NUMCONV_*)
 * and rounds its exact value to the nearest double, ties to even, however
 * many digits it has and however large its exponent. A text that does not
 * start (after an allowed sign) with a digit or '.' is NUMCONV_OTHER: the
 * caller decides what "", "Infinity" or "0x1F" are.
 */
int numconv_parse(const char *s, size_t len, unsigned flags, double *out);

/*
 * Narrows [*s, *e) to leave out StrWhiteSpace at both ends: the spec's
 * WhiteSpace and LineTerminator code points, in UTF-8 (Duktape's CESU-8
 * writes them alike). U+180E is not one since Unicode 6.3.
 */
void numconv_trim(const char **s, const char **e);

/*
 * Writes ECMAScript's Number::toString(x) for radix 10 to out (at least
 * NUMCONV_FORMAT_MAX bytes), NUL-terminated: the fewest digits that read
 * back as x and, of those, the nearest to x (ties to even), laid out plain
 * from 1e-6 to below 1e21 and with an exponent otherwise. Returns the
 * length.
 */
size_t numconv_format(double x, char *out);

/* Longest text the three below write, with its NUL. */
#define NUMCONV_TEXT_MAX 128

/*
 * Number.prototype.toFixed(f), toExponential(f) and toPrecision(p) of a
 * finite x, to out (at least NUMCONV_TEXT_MAX bytes), NUL-terminated; the
 * length is returned. Digits are rounded on x's exact value, a tie going
 * to the larger magnitude, as the spec asks (printf rounds ties to even).
 * toFixed wants |x| < 1e21 and 0 <= f <= 100; toExponential 0 <= f <= 100,
 * or f < 0 for an undefined argument (the fewest digits that read back);
 * toPrecision 1 <= p <= 100.
 */
size_t numconv_format_fixed(double x, int f, char *out);
size_t numconv_format_exponential(double x, int f, char *out);
size_t numconv_format_precision(double x, int p, char *out);

#endif
