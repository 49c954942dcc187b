/*
 * capnweb text helpers: a growable buffer, a JSON writer that matches JS
 * JSON.stringify byte for byte (so our messages equal what JS would send),
 * and the stub-reference holder of decoded values.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capnweb_int.h"
#include "jsontext.h"

/* --- Buffer ----------------------------------------------------------- */

/* Room for n more bytes and the NUL kept past them; -1 (b->oom) if not. */
static int
cw_buf_room(struct cw_buf *b, size_t n)
{
	size_t ncap;
	char *np;

	if (b->oom)
		return -1;
	if (b->len + n + 1 <= b->cap)
		return 0;
	ncap = b->cap ? b->cap : 64;
	while (ncap < b->len + n + 1) {
		if (ncap > SIZE_MAX / 2) {
			b->oom = 1;
			return -1;
		}
		ncap *= 2;
	}
	if ((np = realloc(b->p, ncap)) == NULL) {
		b->oom = 1;
		return -1;
	}
	b->p = np;
	b->cap = ncap;
	return 0;
}

void
cw_buf_add(struct cw_buf *b, const char *s, size_t n)
{
	if (cw_buf_room(b, n) != 0)
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void
cw_buf_str(struct cw_buf *b, const char *s)
{
	cw_buf_add(b, s, strlen(s));
}

void
cw_buf_fmt(struct cw_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256], *big;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		cw_buf_add(b, small, (size_t)n);
		return;
	}
	if ((big = malloc((size_t)n + 1)) == NULL) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	cw_buf_add(b, big, (size_t)n);
	free(big);
}

/* Returns the text (caller frees) or NULL after an allocation failure. */
char *
cw_buf_take(struct cw_buf *b, size_t *len)
{
	char *p;

	if (b->oom) {
		cw_buf_free(b);
		return NULL;
	}
	if (b->p == NULL)
		cw_buf_add(b, "", 0);
	if (b->oom)
		return NULL;
	p = b->p;
	if (len != NULL)
		*len = b->len;
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

void
cw_buf_free(struct cw_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

/* --- JSON text as JS writes it ----------------------------------------- */

/* JSON.stringify's escapes (jsontext.c), straight into the buffer. */
void
cw_json_string(struct cw_buf *b, const char *s, size_t n)
{
	if (cw_buf_room(b, jsontext_string_len(s, n)) != 0)
		return;
	b->len = (size_t)(jsontext_string_put(b->p + b->len, s, n) - b->p);
	b->p[b->len] = '\0';
}

char *
cw_put_int(char *end, int64_t v)
{
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	do
		*--end = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--end = '-';
	return end;
}

void
cw_json_int(struct cw_buf *b, int64_t v)
{
	char num[24], *d = cw_put_int(num + sizeof(num), v);

	cw_buf_add(b, d, (size_t)(num + sizeof(num) - d));
}

/*
 * ECMAScript Number::toString: the shortest digits that round-trip, then
 * plain notation for exponents in [-7, 21), else d.ddde+x. JSON writes
 * non-finite numbers as null, as JS does (values never hold them).
 */
void
cw_json_number(struct cw_buf *b, double v)
{
	char tmp[40], digits[24], *p;
	int prec, k, n, exp10, i;

	if (!isfinite(v)) {
		cw_buf_add(b, "null", 4);
		return;
	}
	if (v == 0) {
		cw_buf_add(b, "0", 1);
		return;
	}
	if (v < 0) {
		cw_buf_add(b, "-", 1);
		v = -v;
	}
	for (prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof(tmp), "%.*e", prec - 1, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	/* tmp is d[.ddd]e[+-]xx */
	k = 0;
	for (p = tmp; *p != 'e'; p++)
		if (*p >= '0' && *p <= '9')
			digits[k++] = *p;
	exp10 = atoi(p + 1);
	while (k > 1 && digits[k - 1] == '0')
		k--;
	digits[k] = '\0';
	n = exp10 + 1;
	if (k <= n && n <= 21) {
		cw_buf_add(b, digits, (size_t)k);
		for (i = k; i < n; i++)
			cw_buf_add(b, "0", 1);
	} else if (0 < n && n <= 21) {
		cw_buf_add(b, digits, (size_t)n);
		cw_buf_add(b, ".", 1);
		cw_buf_add(b, digits + n, (size_t)(k - n));
	} else if (-6 < n && n <= 0) {
		cw_buf_add(b, "0.", 2);
		for (i = 0; i < -n; i++)
			cw_buf_add(b, "0", 1);
		cw_buf_add(b, digits, (size_t)k);
	} else {
		cw_buf_add(b, digits, 1);
		if (k > 1) {
			cw_buf_add(b, ".", 1);
			cw_buf_add(b, digits + 1, (size_t)(k - 1));
		}
		cw_buf_fmt(b, "e%c%d", n - 1 >= 0 ? '+' : '-', abs(n - 1));
	}
}

void
cw_json_raw(struct cw_buf *b, const json_t *v, int depth)
{
	const char *key;
	json_t *x;
	size_t i;
	int first;

	if (depth > CAPNWEB_MAX_DEPTH * 8) {
		cw_buf_add(b, "null", 4);
		return;
	}
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		cw_buf_add(b, "{", 1);
		first = 1;
		json_object_foreach((json_t *)v, key, x)
		{
			if (!first)
				cw_buf_add(b, ",", 1);
			first = 0;
			cw_json_string(b, key, strlen(key));
			cw_buf_add(b, ":", 1);
			cw_json_raw(b, x, depth + 1);
		}
		cw_buf_add(b, "}", 1);
		break;
	case JSON_ARRAY:
		cw_buf_add(b, "[", 1);
		json_array_foreach((json_t *)v, i, x)
		{
			if (i > 0)
				cw_buf_add(b, ",", 1);
			cw_json_raw(b, x, depth + 1);
		}
		cw_buf_add(b, "]", 1);
		break;
	case JSON_STRING:
		cw_json_string(b, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		cw_json_int(b, json_integer_value(v));
		break;
	case JSON_REAL:
		cw_json_number(b, json_real_value(v));
		break;
	case JSON_TRUE:
		cw_buf_add(b, "true", 4);
		break;
	case JSON_FALSE:
		cw_buf_add(b, "false", 5);
		break;
	default:
		cw_buf_add(b, "null", 4);
	}
}

/* --- Holder ----------------------------------------------------------- */

int
cw_holder_add(struct cw_holder *h, struct capnweb_stub *st)
{
	struct capnweb_stub **nv;
	size_t ncap;

	if (h->n == h->cap) {
		ncap = h->cap ? h->cap * 2 : 4;
		if ((nv = realloc(h->v, ncap * sizeof(*nv))) == NULL)
			return -1;
		h->v = nv;
		h->cap = ncap;
	}
	h->v[h->n++] = st;
	return 0;
}

void
cw_holder_drop(struct cw_holder *h)
{
	struct capnweb_stub **v;
	size_t i, n;

	/* Detach first: a release may re-enter the session. */
	v = h->v;
	n = h->n;
	h->v = NULL;
	h->n = h->cap = 0;
	for (i = 0; i < n; i++)
		capnweb_stub_release(v[i]);
	free(v);
}
