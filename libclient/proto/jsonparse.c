/*
 * The strict JSON reader (jsonparse.h). Every rule here is jansson 2.14's
 * (load.c), read for what it accepts and what value it makes: whitespace
 * is space, tab, CR and LF; a number is RFC 8259's, an integer unless it
 * has a fraction or an exponent (or the caller asked for reals), read with
 * strtoll or strtod; a string is valid UTF-8 without raw control
 * characters, its escapes the eight single ones and \uXXXX, a surrogate
 * only as a high one followed by a low one, U+0000 only under
 * JSON_ALLOW_NUL and never in a key; the text is one value (an array or
 * an object unless JSON_DECODE_ANY) with only whitespace after it.
 * Where jansson would fail, or where matching it needs care this reader
 * does not spend (long numbers, deep nesting, duplicate keys), it declines.
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jsonparse.h"
#include "utf8.h"

#define JSONPARSE_FLAGS                                                        \
	(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL |           \
	    JSON_DECODE_INT_AS_REAL)

/* A number's text past this goes to jansson (strtod wants it copied). */
#define JSONPARSE_NUMBER_MAX 64
/* A string value with escapes decodes here when it fits, else in the
 * heap; a key with escapes (rare) always in the heap, as it must outlive
 * the value after it. */
#define JSONPARSE_SCRATCH 256

struct jsonparse {
	const unsigned char *p, *end;
	size_t flags;
	int depth;
	int nomem; /* an allocation failed */
	char scratch[JSONPARSE_SCRATCH];
};

static json_t *jsonparse_value(struct jsonparse *j);

/* v, noting when its allocation failed. */
static json_t *
jsonparse_made(struct jsonparse *j, json_t *v)
{
	if (v == NULL)
		j->nomem = 1;
	return v;
}

static void
jsonparse_ws(struct jsonparse *j)
{
	while (j->p < j->end &&
	    (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
		j->p++;
}

static int
jsonparse_hex4(const unsigned char *s, unsigned *out)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		unsigned c = s[i], d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		v = v << 4 | d;
	}
	*out = v;
	return 0;
}

/* One code point as UTF-8 at out; its length. */
static size_t
jsonparse_utf8(unsigned cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/*
 * The escapes of raw[0..n) (a string's body, already checked) decoded
 * into out, which has room for n bytes: every escape decodes to fewer
 * bytes than it is written with. Returns the length, or -1 for a
 * surrogate out of its pair.
 */
static long
jsonparse_unescape(const unsigned char *raw, size_t n, char *out)
{
	const unsigned char *s = raw, *end = raw + n;
	char *o = out;
	unsigned cp = 0, lo;

	while (s < end) {
		if (*s != '\\') {
			*o++ = (char)*s++;
			continue;
		}
		s++;
		switch (*s++) {
		case '"':
			*o++ = '"';
			break;
		case '\\':
			*o++ = '\\';
			break;
		case '/':
			*o++ = '/';
			break;
		case 'b':
			*o++ = '\b';
			break;
		case 'f':
			*o++ = '\f';
			break;
		case 'n':
			*o++ = '\n';
			break;
		case 'r':
			*o++ = '\r';
			break;
		case 't':
			*o++ = '\t';
			break;
		default: /* 'u', and its four digits were checked */
			(void)jsonparse_hex4(s, &cp);
			s += 4;
			if (cp >= 0xDC00 && cp <= 0xDFFF)
				return -1;
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				if (end - s < 6 || s[0] != '\\' ||
				    s[1] != 'u' ||
				    jsonparse_hex4(s + 2, &lo) != 0 ||
				    lo < 0xDC00 || lo > 0xDFFF)
					return -1;
				s += 6;
				cp = 0x10000 + ((cp - 0xD800) << 10) +
				    (lo - 0xDC00);
			}
			o += jsonparse_utf8(cp, o);
		}
	}
	return (long)(o - out);
}

/*
 * The string at j->p (its opening quote), decoded: *out and *n, in the
 * text itself when it has no escape, else in j->scratch (when it fits and
 * `scratch_ok`) or in *heap, which the caller frees. -1 when not taken.
 */
static int
jsonparse_text(struct jsonparse *j, int scratch_ok, const char **out, size_t *n,
    char **heap)
{
	const unsigned char *body = ++j->p, *s = body;
	int escapes = 0, wide = 0;
	char *dst;
	long len;

	*heap = NULL;
	for (;;) {
		if (s == j->end || *s < 0x20)
			return -1;
		if (*s == '"')
			break;
		if (*s == '\\') {
			escapes = 1;
			if (++s == j->end)
				return -1;
			if (*s == 'u') {
				unsigned cp;

				if (j->end - s < 5 ||
				    jsonparse_hex4(s + 1, &cp) != 0)
					return -1;
				s += 4;
			} else if (*s == 0 || strchr("\"\\/bfnrt", *s) == NULL)
				return -1;
		} else if (*s >= 0x80)
			wide = 1;
		s++;
	}
	j->p = s + 1;
	len = (long)(s - body);
	if (wide && !utf8_valid(body, (size_t)len))
		return -1;
	if (!escapes) {
		*out = (const char *)body;
		*n = (size_t)len;
		return 0;
	}
	dst = scratch_ok && len <= JSONPARSE_SCRATCH
	    ? j->scratch
	    : (*heap = malloc((size_t)len));
	if (dst == NULL)
		j->nomem = 1;
	if (dst == NULL ||
	    (len = jsonparse_unescape(body, (size_t)len, dst)) < 0) {
		free(*heap);
		*heap = NULL;
		return -1;
	}
	*out = dst;
	*n = (size_t)len;
	return 0;
}

static json_t *
jsonparse_string(struct jsonparse *j)
{
	const char *s;
	char *heap;
	size_t n;
	json_t *v = NULL;

	if (jsonparse_text(j, 1, &s, &n, &heap) != 0)
		return NULL;
	if ((j->flags & JSON_ALLOW_NUL) || memchr(s, '\0', n) == NULL)
		v = jsonparse_made(j, json_stringn_nocheck(s, n));
	free(heap);
	return v;
}

/* The number at j->p, its grammar RFC 8259's. */
static json_t *
jsonparse_number(struct jsonparse *j)
{
	const unsigned char *start = j->p, *s = j->p;
	char text[JSONPARSE_NUMBER_MAX + 1], *dot, *end;
	int real = 0, neg = 0;
	size_t n;
	double d;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	if (s == j->end || *s < '0' || *s > '9')
		return NULL;
	/* A digit after a leading 0 is left for the caller's next token,
	 * which it never is. */
	if (*s == '0')
		s++;
	else
		while (s < j->end && *s >= '0' && *s <= '9')
			s++;
	if (s < j->end && *s == '.') {
		real = 1;
		if (++s == j->end || *s < '0' || *s > '9')
			return NULL;
		while (s < j->end && *s >= '0' && *s <= '9')
			s++;
	}
	if (s < j->end && (*s == 'e' || *s == 'E')) {
		real = 1;
		if (++s < j->end && (*s == '+' || *s == '-'))
			s++;
		if (s == j->end || *s < '0' || *s > '9')
			return NULL;
		while (s < j->end && *s >= '0' && *s <= '9')
			s++;
	}
	j->p = s;
	n = (size_t)(s - start);
	/* Up to 15 digits an integer is exact as a double too. */
	if (!real && n - (size_t)neg <= 15) {
		json_int_t v = 0;
		const unsigned char *q;

		for (q = start + neg; q < s; q++)
			v = v * 10 + (*q - '0');
		if (!(j->flags & JSON_DECODE_INT_AS_REAL))
			return jsonparse_made(j, json_integer(neg ? -v : v));
		/* -(double)0 is -0, as strtod reads "-0". */
		return jsonparse_made(
		    j, json_real(neg ? -(double)v : (double)v));
	}
	if (!real && !(j->flags & JSON_DECODE_INT_AS_REAL))
		return NULL; /* strtoll's range edge: jansson's to judge */
	if (n > JSONPARSE_NUMBER_MAX)
		return NULL;
	memcpy(text, start, n);
	text[n] = '\0';
	/* strtod reads the locale's decimal point, as jansson arranges too. */
	if ((dot = strchr(text, '.')) != NULL) {
		const char *point = localeconv()->decimal_point;

		if (point[0] != '.' && point[0] != '\0' && point[1] == '\0')
			*dot = point[0];
		else if (point[0] != '.')
			return NULL;
	}
	errno = 0;
	d = strtod(text, &end);
	if (end != text + n || !isfinite(d))
		return NULL;
	return jsonparse_made(j, json_real(d));
}

/* After a member: 1 past the closing `close`, 0 past a comma, -1 else. */
static int
jsonparse_next(struct jsonparse *j, char close)
{
	jsonparse_ws(j);
	if (j->p == j->end)
		return -1;
	if (*j->p == close) {
		j->p++;
		return 1;
	}
	if (*j->p++ != ',')
		return -1;
	jsonparse_ws(j);
	return 0;
}

static json_t *
jsonparse_array(struct jsonparse *j)
{
	json_t *a = jsonparse_made(j, json_array()), *v;
	int next;

	j->p++;
	jsonparse_ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		return a;
	}
	while (a != NULL) {
		if ((v = jsonparse_value(j)) == NULL)
			break;
		if (json_array_append_new(a, v) != 0) {
			j->nomem = 1;
			break;
		}
		if ((next = jsonparse_next(j, ']')) > 0)
			return a;
		if (next < 0)
			break;
	}
	json_decref(a);
	return NULL;
}

static json_t *
jsonparse_object(struct jsonparse *j)
{
	json_t *o = jsonparse_made(j, json_object()), *v;
	int next;
	const char *key;
	size_t keylen;
	char *heap;

	j->p++;
	jsonparse_ws(j);
	if (j->p < j->end && *j->p == '}') {
		j->p++;
		return o;
	}
	while (o != NULL) {
		if (j->p == j->end || *j->p != '"' ||
		    jsonparse_text(j, 0, &key, &keylen, &heap) != 0)
			break;
		jsonparse_ws(j);
		/* jansson refuses a key with U+0000 whatever the flags; a
		 * repeated key it keeps or refuses by them: its call. */
		if (j->p == j->end || *j->p++ != ':' ||
		    memchr(key, '\0', keylen) != NULL ||
		    json_object_getn(o, key, keylen) != NULL) {
			free(heap);
			break;
		}
		jsonparse_ws(j);
		v = jsonparse_value(j);
		if (v != NULL &&
		    json_object_setn_new_nocheck(o, key, keylen, v) != 0) {
			j->nomem = 1;
			v = NULL;
		}
		if (v == NULL) {
			free(heap);
			break;
		}
		free(heap);
		if ((next = jsonparse_next(j, '}')) > 0)
			return o;
		if (next < 0)
			break;
	}
	json_decref(o);
	return NULL;
}

static int
jsonparse_word(struct jsonparse *j, const char *w, size_t n)
{
	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return -1;
	j->p += n;
	/* jansson reads a word to its last letter: "truex" is no "true". */
	if (j->p < j->end && ((*j->p | 0x20) >= 'a' && (*j->p | 0x20) <= 'z'))
		return -1;
	return 0;
}

static json_t *
jsonparse_value(struct jsonparse *j)
{
	json_t *v;

	if (j->p == j->end)
		return NULL;
	switch (*j->p) {
	case '{':
	case '[':
		if (++j->depth > JSONPARSE_DEPTH)
			return NULL;
		v = *j->p == '{' ? jsonparse_object(j) : jsonparse_array(j);
		j->depth--;
		return v;
	case '"':
		return jsonparse_string(j);
	case 't':
		return jsonparse_word(j, "true", 4) == 0 ? json_true() : NULL;
	case 'f':
		return jsonparse_word(j, "false", 5) == 0 ? json_false() : NULL;
	case 'n':
		return jsonparse_word(j, "null", 4) == 0 ? json_null() : NULL;
	default:
		return jsonparse_number(j);
	}
}

json_t *
jsonparse_loadb(const char *buf, size_t len, size_t flags, int *nomem)
{
	struct jsonparse j;
	json_t *v;

	*nomem = 0;
	if (buf == NULL || (flags & ~(size_t)JSONPARSE_FLAGS) != 0)
		return NULL;
	j.p = (const unsigned char *)buf;
	j.end = j.p + len;
	j.flags = flags;
	j.depth = 0;
	j.nomem = 0;
	jsonparse_ws(&j);
	if (!(flags & JSON_DECODE_ANY) &&
	    (j.p == j.end || (*j.p != '[' && *j.p != '{')))
		return NULL;
	if ((v = jsonparse_value(&j)) == NULL) {
		*nomem = j.nomem;
		return NULL;
	}
	jsonparse_ws(&j);
	if (j.p != j.end) {
		json_decref(v);
		return NULL;
	}
	return v;
}

int
jsonparse_strings(const char *buf, size_t len, const char *const *keys,
    size_t nkeys, struct jsonparse_str *out, char **store, int *nomem)
{
	struct jsonparse j;
	const char *k, *v;
	size_t i, kn, vn, used = 0;
	char *heap, *vheap;
	int next;

	*nomem = 0;
	*store = NULL;
	for (i = 0; i < nkeys; i++)
		out[i].s = NULL;
	if (buf == NULL)
		return -1;
	j.p = (const unsigned char *)buf;
	j.end = j.p + len;
	j.flags = JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL;
	j.depth = 0;
	j.nomem = 0;
	/* Decoding never lengthens a string: the values fit in len bytes,
	 * each with its terminating NUL after it. */
	if ((*store = malloc(len + nkeys + 1)) == NULL) {
		*nomem = 1;
		return -1;
	}
	jsonparse_ws(&j);
	if (j.p == j.end || *j.p++ != '{')
		return -1;
	jsonparse_ws(&j);
	if (j.p < j.end && *j.p == '}')
		j.p++;
	else
		for (;;) {
			if (j.p == j.end || *j.p != '"' ||
			    jsonparse_text(&j, 0, &k, &kn, &heap) != 0)
				goto out;
			for (i = 0; i < nkeys; i++)
				if (strlen(keys[i]) == kn &&
				    memcmp(keys[i], k, kn) == 0)
					break;
			free(heap);
			if (i == nkeys || out[i].s != NULL)
				goto out;
			jsonparse_ws(&j);
			if (j.p == j.end || *j.p++ != ':')
				goto out;
			jsonparse_ws(&j);
			if (j.p == j.end || *j.p != '"' ||
			    jsonparse_text(&j, 1, &v, &vn, &vheap) != 0)
				goto out;
			memcpy(*store + used, v, vn);
			(*store)[used + vn] = '\0';
			free(vheap);
			out[i].s = *store + used;
			out[i].len = vn;
			used += vn + 1;
			if ((next = jsonparse_next(&j, '}')) > 0)
				break;
			if (next < 0)
				goto out;
		}
	jsonparse_ws(&j);
	if (j.p == j.end)
		return 0;
out:
	*nomem = j.nomem;
	for (i = 0; i < nkeys; i++)
		out[i].s = NULL;
	return -1;
}
