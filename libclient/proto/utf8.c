/* UTF-8 validation by the ranges of Unicode table 3-7, ASCII fast path. */
#include <string.h>

#include "utf8.h"

#define UTF8_ASCII_MASK 0x8080808080808080ULL

void
utf8_init(struct utf8_state *st)
{
	st->need = 0;
	st->lo = 0x80;
	st->hi = 0xBF;
}

/* Sets up st for the sequence lead byte c starts; -1 if none can. */
static int
utf8_lead(struct utf8_state *st, uint8_t c)
{
	st->lo = 0x80;
	st->hi = 0xBF;
	if (c >= 0xC2 && c <= 0xDF)
		st->need = 1;
	else if (c >= 0xE0 && c <= 0xEF) {
		st->need = 2;
		/* E0 below A0 is overlong; ED above 9F is a surrogate. */
		if (c == 0xE0)
			st->lo = 0xA0;
		if (c == 0xED)
			st->hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		st->need = 3;
		/* F0 below 90 is overlong; F4 above 8F is past U+10FFFF. */
		if (c == 0xF0)
			st->lo = 0x90;
		if (c == 0xF4)
			st->hi = 0x8F;
	} else {
		/* 80-C1 (continuation, overlong lead) and F5-FF. */
		return -1;
	}
	return 0;
}

/*
 * Runs the validator over s from state st. Returns how many bytes were
 * accepted (len when all were); *boundary gets the offset just past the
 * last complete character (0 when none completed in this call and the
 * call began mid-sequence).
 */
static size_t
utf8_run(struct utf8_state *st, const uint8_t *s, size_t len, size_t *boundary)
{
	size_t i = 0, last = 0;
	uint8_t c;

	while (i < len) {
		if (st->need == 0) {
			/* Eight ASCII bytes at a time: the common JSON case. */
			while (i + 8 <= len) {
				uint64_t w;

				memcpy(&w, s + i, 8);
				if (w & UTF8_ASCII_MASK)
					break;
				i += 8;
			}
			last = i;
			if (i >= len)
				break;
			c = s[i];
			if (c < 0x80) {
				i++;
				last = i;
				continue;
			}
			if (utf8_lead(st, c) < 0)
				break;
			i++;
			continue;
		}
		c = s[i];
		if (c < st->lo || c > st->hi)
			break;
		st->lo = 0x80;
		st->hi = 0xBF;
		i++;
		if (--st->need == 0)
			last = i;
	}
	if (boundary != NULL)
		*boundary = last;
	return i;
}

int
utf8_valid(const uint8_t *s, size_t len)
{
	struct utf8_state st;

	utf8_init(&st);
	return utf8_run(&st, s, len, NULL) == len && st.need == 0;
}

int
utf8_feed(struct utf8_state *st, const uint8_t *s, size_t len)
{
	return utf8_run(st, s, len, NULL) == len ? 0 : -1;
}

int
utf8_finish(const struct utf8_state *st)
{
	return st->need == 0 ? 0 : -1;
}

size_t
utf8_valid_prefix(const uint8_t *s, size_t len)
{
	struct utf8_state st;
	size_t boundary;

	utf8_init(&st);
	utf8_run(&st, s, len, &boundary);
	return boundary;
}

size_t
utf8_utf16_len(const uint8_t *s, size_t len)
{
	size_t i, n = 0;

	/* Every lead byte is one unit; a four-byte lead is a surrogate pair. */
	for (i = 0; i < len; i++)
		n += ((s[i] & 0xC0) != 0x80) + (s[i] >= 0xF0);
	return n;
}

/*
 * Duktape holds a non-BMP character as two CESU-8 surrogates: rewrite pairs
 * as 4-byte UTF-8 and a lone surrogate as U+FFFD, in place (never longer).
 */
size_t
utf8_from_cesu8(char *s, size_t n)
{
	unsigned char *p = (unsigned char *)s;
	size_t i = 0, j = 0;

	while (i < n) {
		if (p[i] == 0xED && i + 2 < n && (p[i + 1] & 0xE0) == 0xA0) {
			if ((p[i + 1] & 0xF0) == 0xA0 && i + 5 < n &&
			    p[i + 3] == 0xED && (p[i + 4] & 0xF0) == 0xB0) {
				unsigned hi = 0xD000 | (p[i + 1] & 0x3F) << 6 |
				    (p[i + 2] & 0x3F);
				unsigned lo = 0xD000 | (p[i + 4] & 0x3F) << 6 |
				    (p[i + 5] & 0x3F);
				unsigned cp = 0x10000 + ((hi - 0xD800) << 10) +
				    (lo - 0xDC00);

				p[j++] = (unsigned char)(0xF0 | cp >> 18);
				p[j++] =
				    (unsigned char)(0x80 | (cp >> 12 & 0x3F));
				p[j++] =
				    (unsigned char)(0x80 | (cp >> 6 & 0x3F));
				p[j++] = (unsigned char)(0x80 | (cp & 0x3F));
				i += 6;
			} else {
				p[j++] = 0xEF;
				p[j++] = 0xBF;
				p[j++] = 0xBD;
				i += 3;
			}
			continue;
		}
		p[j++] = p[i++];
	}
	s[j] = '\0';
	return j;
}
