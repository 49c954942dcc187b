/*
 * jsondiag: V8's JSON.parse error texts for a text Duktape refused
 * (jsondiag.h). A recursive-descent reader of the JSON grammar that stops
 * where V8's parser stops and names what it expected there: the explicit
 * messages of an object's and an array's punctuation, of strings and of
 * numbers, and otherwise the unexpected token with up to ten characters of
 * source on each side (V8's kMaxContextCharacters).
 */
#include "jsondiag.h"

#include <stdio.h>
#include <string.h>

#define JD_DEPTH 1200 /* past Duktape's own nesting bound (1000) */
#define JD_CONTEXT 10 /* characters of source each side of the token */
#define JD_SHORT 21 /* a source shorter than this is quoted whole */

struct jd {
	const uint8_t *s;
	size_t n, i;
	char *out;
	size_t len;
};

static int
jd_ws_char(uint8_t c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
jd_digit(const struct jd *j)
{
	return j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9';
}

static int
jd_hex(uint8_t c)
{
	return (c >= '0' && c <= '9') ||
	    ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

static void
jd_ws(struct jd *j)
{
	while (j->i < j->n && jd_ws_char(j->s[j->i]))
		j->i++;
}

/* Bytes of the character at byte p, and its UTF-16 code units. */
static size_t
jd_char(const struct jd *j, size_t p, size_t *units)
{
	uint8_t c = j->s[p];
	size_t k = 1;

	*units = 1;
	if (c >= 0xc0 && c < 0xe0)
		k = 2;
	else if (c >= 0xe0 && c < 0xf0)
		k = 3;
	else if (c >= 0xf0 && c < 0xf8) {
		k = 4;
		*units = 2;
	}
	if (k > j->n - p)
		k = j->n - p;
	return k;
}

/* UTF-16 units before byte p. */
static size_t
jd_units(const struct jd *j, size_t p)
{
	size_t b = 0, u = 0, cu;

	while (b < p && b < j->n) {
		b += jd_char(j, b, &cu);
		u += cu;
	}
	return u;
}

/* The byte where unit u starts (a character it splits is kept whole). */
static size_t
jd_byte(const struct jd *j, size_t u)
{
	size_t b = 0, cu, k;

	while (b < j->n) {
		k = jd_char(j, b, &cu);
		if (u < cu)
			break;
		u -= cu;
		b += k;
	}
	return b;
}

static void
jd_put(struct jd *j, const void *p, size_t k)
{
	if (k > JSONDIAG_MAX - 1 - j->len)
		k = JSONDIAG_MAX - 1 - j->len;
	memcpy(j->out + j->len, p, k);
	j->len += k;
	j->out[j->len] = 0;
}

static void
jd_puts(struct jd *j, const char *s)
{
	jd_put(j, s, strlen(s));
}

/* "<what> at position N", N the cursor's. */
static int
jd_at_pos(struct jd *j, const char *what)
{
	char pos[48];

	jd_puts(j, what);
	snprintf(pos, sizeof(pos), " at position %zu", jd_units(j, j->i));
	jd_puts(j, pos);
	return 1;
}

/* "<what> in JSON at position N". */
static int
jd_at(struct jd *j, const char *what)
{
	jd_puts(j, what);
	return jd_at_pos(j, " in JSON");
}

/* The token at the cursor was not expected (V8's generic report). */
static int
jd_token(struct jd *j)
{
	static const char *const special[] = { "[object Object]", "undefined",
		"Infinity", "NaN", NULL };
	size_t total, pos, from, to, cu, k;
	uint8_t c, hi[3];
	int i, lead, tail;

	if (j->i >= j->n) {
		jd_puts(j, "Unexpected end of JSON input");
		return 1;
	}
	c = j->s[j->i];
	if (c == '"')
		return jd_at(j, "Unexpected string");
	if (c == '-' || (c >= '0' && c <= '9'))
		return jd_at(j, "Unexpected number");
	for (i = 0; special[i] != NULL; i++) {
		if (j->n == strlen(special[i]) &&
		    memcmp(j->s, special[i], j->n) == 0) {
			jd_puts(j, "\"");
			jd_put(j, j->s, j->n);
			jd_puts(j, "\" is not valid JSON");
			return 1;
		}
	}
	jd_puts(j, "Unexpected token '");
	k = jd_char(j, j->i, &cu);
	if (cu == 2 && k == 4) {
		/* one UTF-16 unit: the high surrogate, as CESU-8 */
		uint32_t cp = ((uint32_t)(c & 0x07) << 18) |
		    ((uint32_t)(j->s[j->i + 1] & 0x3f) << 12) |
		    ((uint32_t)(j->s[j->i + 2] & 0x3f) << 6) |
		    (uint32_t)(j->s[j->i + 3] & 0x3f);
		uint32_t h = 0xd800 + ((cp - 0x10000) >> 10);

		hi[0] = 0xed;
		hi[1] = (uint8_t)(0x80 | ((h >> 6) & 0x3f));
		hi[2] = (uint8_t)(0x80 | (h & 0x3f));
		jd_put(j, hi, 3);
	} else
		jd_put(j, j->s + j->i, k);
	jd_puts(j, "', ");
	total = jd_units(j, j->n);
	pos = jd_units(j, j->i);
	/* V8's three forms: the start, the middle, the end of a long source
	 * (the dots follow the form, even where they cut nothing) */
	if (total < JD_SHORT) {
		from = 0;
		to = total;
		lead = tail = 0;
	} else if (pos < JD_CONTEXT) {
		from = 0;
		to = pos + JD_CONTEXT;
		lead = 0;
		tail = 1;
	} else if (pos < total - JD_CONTEXT) {
		from = pos - JD_CONTEXT;
		to = pos + JD_CONTEXT;
		lead = tail = 1;
	} else {
		from = pos - JD_CONTEXT;
		to = total;
		lead = 1;
		tail = 0;
	}
	jd_puts(j, lead ? "...\"" : "\"");
	jd_put(j, j->s + jd_byte(j, from), jd_byte(j, to) - jd_byte(j, from));
	jd_puts(j, tail ? "\"... is not valid JSON" : "\" is not valid JSON");
	return 1;
}

/* At a '"'. */
static int
jd_string(struct jd *j)
{
	size_t cu;
	int k;

	for (j->i++;;) {
		if (j->i >= j->n)
			return jd_at(j, "Unterminated string");
		if (j->s[j->i] == '"') {
			j->i++;
			return 0;
		}
		if (j->s[j->i] < 0x20)
			return jd_at(
			    j, "Bad control character in string literal");
		if (j->s[j->i] != '\\') {
			j->i += jd_char(j, j->i, &cu);
			continue;
		}
		if (++j->i >= j->n)
			return jd_token(j);
		if (j->s[j->i] == 'u') {
			for (k = 0; k < 4; k++) {
				j->i++;
				if (j->i >= j->n || !jd_hex(j->s[j->i]))
					return jd_at(j, "Bad Unicode escape");
			}
			j->i++;
			continue;
		}
		if (j->s[j->i] == 0 || strchr("\"\\/bfnrt", j->s[j->i]) == NULL)
			return jd_at(j, "Bad escaped character");
		j->i++;
	}
}

/* At a '-' or a digit. */
static int
jd_number(struct jd *j)
{
	if (j->s[j->i] == '-') {
		j->i++;
		if (!jd_digit(j))
			return jd_at(j, "No number after minus sign");
	}
	if (j->s[j->i] == '0') {
		j->i++;
		if (jd_digit(j))
			return jd_at(j, "Unexpected number");
	} else {
		while (jd_digit(j))
			j->i++;
	}
	if (j->i < j->n && j->s[j->i] == '.') {
		j->i++;
		if (!jd_digit(j))
			return jd_at(j, "Unterminated fractional number");
		while (jd_digit(j))
			j->i++;
	}
	if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
		j->i++;
		if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
			j->i++;
		if (!jd_digit(j))
			return jd_at(j, "Exponent part is missing a number");
		while (jd_digit(j))
			j->i++;
	}
	return 0;
}

static int
jd_literal(struct jd *j, const char *lit)
{
	for (; *lit != 0; lit++, j->i++)
		if (j->i >= j->n || j->s[j->i] != (uint8_t)*lit)
			return jd_token(j);
	return 0;
}

static int jd_value(struct jd *j, int depth);

static int
jd_object(struct jd *j, int depth)
{
	int first = 1, r;

	j->i++;
	jd_ws(j);
	if (j->i < j->n && j->s[j->i] == '}') {
		j->i++;
		return 0;
	}
	for (;;) {
		if (j->i >= j->n || j->s[j->i] != '"')
			return jd_at(j,
			    first ? "Expected property name or '}'"
				  : "Expected double-quoted property name");
		if ((r = jd_string(j)) != 0)
			return r;
		jd_ws(j);
		/* V8 names the colon only after the first key */
		if (j->i >= j->n || j->s[j->i] != ':')
			return first
			    ? jd_at(j, "Expected ':' after property name")
			    : jd_token(j);
		j->i++;
		if ((r = jd_value(j, depth)) != 0)
			return r;
		jd_ws(j);
		if (j->i < j->n && j->s[j->i] == '}') {
			j->i++;
			return 0;
		}
		if (j->i >= j->n || j->s[j->i] != ',')
			return jd_at(
			    j, "Expected ',' or '}' after property value");
		j->i++;
		jd_ws(j);
		first = 0;
	}
}

static int
jd_array(struct jd *j, int depth)
{
	int r;

	j->i++;
	jd_ws(j);
	if (j->i < j->n && j->s[j->i] == ']') {
		j->i++;
		return 0;
	}
	for (;;) {
		if ((r = jd_value(j, depth)) != 0)
			return r;
		jd_ws(j);
		if (j->i < j->n && j->s[j->i] == ']') {
			j->i++;
			return 0;
		}
		if (j->i >= j->n || j->s[j->i] != ',')
			return jd_at(
			    j, "Expected ',' or ']' after array element");
		j->i++;
	}
}

/* 0 read, 1 explained, -1 too deep to follow. */
static int
jd_value(struct jd *j, int depth)
{
	if (depth > JD_DEPTH)
		return -1;
	jd_ws(j);
	if (j->i >= j->n)
		return jd_token(j);
	switch (j->s[j->i]) {
	case '"':
		return jd_string(j);
	case '{':
		return jd_object(j, depth + 1);
	case '[':
		return jd_array(j, depth + 1);
	case 't':
		return jd_literal(j, "true");
	case 'f':
		return jd_literal(j, "false");
	case 'n':
		return jd_literal(j, "null");
	case '-':
	case '0':
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7':
	case '8':
	case '9':
		return jd_number(j);
	default:
		return jd_token(j);
	}
}

int
jsondiag_explain(const uint8_t *text, size_t len, char *out)
{
	char buf[JSONDIAG_MAX];
	struct jd j = { text, len, 0, buf, 0 };
	int r;

	buf[0] = 0;
	r = jd_value(&j, 0);
	if (r == 0) {
		jd_ws(&j);
		if (j.i >= j.n)
			return 0;
		r = jd_at_pos(
		    &j, "Unexpected non-whitespace character after JSON");
	}
	if (r < 0)
		return 0;
	memcpy(out, buf, j.len + 1);
	return 1;
}
