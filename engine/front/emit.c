/*
 * The lowering's output buffer: appends, inserts, and ES5 spellings of
 * strings and numbers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_int.h"

/* Frees the buffer's memory; the struct itself belongs to the caller. */
void
lw_buf_free(struct lw_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

static int
buf_grow(struct lw_buf *b, size_t need)
{
	size_t cap;
	char *p;

	if (b->oom)
		return -1;
	if (b->len + need + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < b->len + need + 1)
		cap *= 2;
	if ((p = realloc(b->p, cap)) == NULL) {
		b->oom = 1;
		return -1;
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

void
lw_put(struct lw_buf *b, const char *s, size_t n)
{
	size_t i;

	if (n == 0 || buf_grow(b, n) < 0)
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	for (i = 0; i < n; i++)
		if (s[i] == '\n')
			b->line++;
}

void
lw_puts(struct lw_buf *b, const char *s)
{
	lw_put(b, s, strlen(s));
}

void
lw_putc(struct lw_buf *b, char c)
{
	lw_put(b, &c, 1);
}

void
lw_printf(struct lw_buf *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(tmp)) {
		lw_put(b, tmp, (size_t)n);
		return;
	}
	if (buf_grow(b, (size_t)n) < 0)
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	lw_put(b, "", 0);
	b->len += (size_t)n;
}

void
lw_insert(struct lw_buf *b, size_t at, const char *s, size_t n)
{
	size_t i;

	if (n == 0 || at > b->len || buf_grow(b, n) < 0)
		return;
	memmove(b->p + at + n, b->p + at, b->len - at + 1);
	memcpy(b->p + at, s, n);
	b->len += n;
	for (i = 0; i < n; i++)
		if (s[i] == '\n')
			b->line++;
}

void
lw_put_string(struct lw_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	char esc[8];
	size_t i, run;

	lw_putc(b, '"');
	for (i = 0; i < n; i = run) {
		unsigned char c;

		/* copy a run of bytes that need no escape in one go */
		for (run = i; run < n; run++) {
			c = (unsigned char)s[run];
			if (c < 0x20 || c == '"' || c == '\\' || c == 0x7f)
				break;
			/* U+2028/U+2029 end lines in ES5 string literals */
			if (c == 0xe2 && run + 2 < n &&
			    (unsigned char)s[run + 1] == 0x80 &&
			    ((unsigned char)s[run + 2] == 0xa8 ||
				(unsigned char)s[run + 2] == 0xa9))
				break;
		}
		lw_put(b, s + i, run - i);
		if (run >= n)
			break;
		c = (unsigned char)s[run];
		switch (c) {
		case '"':
			lw_puts(b, "\\\"");
			break;
		case '\\':
			lw_puts(b, "\\\\");
			break;
		case '\n':
			lw_puts(b, "\\n");
			break;
		case '\r':
			lw_puts(b, "\\r");
			break;
		case '\t':
			lw_puts(b, "\\t");
			break;
		case 0xe2:
			lw_puts(b,
			    (unsigned char)s[run + 2] == 0xa8 ? "\\u2028"
							      : "\\u2029");
			run += 2;
			break;
		default:
			esc[0] = '\\';
			esc[1] = 'u';
			esc[2] = '0';
			esc[3] = '0';
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			lw_put(b, esc, 6);
			break;
		}
		run++;
	}
	lw_putc(b, '"');
}

void
lw_put_number(struct lw_buf *b, double d)
{
	char tmp[64];
	int prec;

	if (isinf(d)) {
		lw_puts(b, "(1 / 0)");
		return;
	}
	if (isnan(d)) {
		lw_puts(b, "(0 / 0)");
		return;
	}
	if (d == floor(d) && fabs(d) < 1e15) {
		snprintf(tmp, sizeof(tmp), "%.0f", d);
		lw_puts(b, tmp);
		return;
	}
	/* shortest spelling that reads back as the same double */
	for (prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof(tmp), "%.*g", prec, d);
		if (strtod(tmp, NULL) == d)
			break;
	}
	lw_puts(b, tmp);
}
