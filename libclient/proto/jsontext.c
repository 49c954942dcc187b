/*
 * A string as JSON text (jsontext.h). Runs of bytes that need no escape
 * are copied whole.
 */
#include <string.h>

#include "jsontext.h"

/* The escape of c, or 0 when it needs none; \u00xx for the rest. */
static char
jsontext_short(unsigned char c)
{
	switch (c) {
	case '"':
		return '"';
	case '\\':
		return '\\';
	case '\b':
		return 'b';
	case '\f':
		return 'f';
	case '\n':
		return 'n';
	case '\r':
		return 'r';
	case '\t':
		return 't';
	default:
		return c < 0x20 ? 'u' : 0;
	}
}

size_t
jsontext_string_len(const char *s, size_t n)
{
	size_t len = n + 2, i;
	char e;

	for (i = 0; i < n; i++)
		if ((e = jsontext_short((unsigned char)s[i])) != 0)
			len += e == 'u' ? 5 : 1;
	return len;
}

char *
jsontext_string_put(char *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, run = 0;
	unsigned char c;
	char e;

	*out++ = '"';
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if ((e = jsontext_short(c)) == 0)
			continue;
		memcpy(out, s + run, i - run);
		out += i - run;
		run = i + 1;
		*out++ = '\\';
		*out++ = e;
		if (e == 'u') {
			memcpy(out, "00", 2);
			out[2] = hex[c >> 4];
			out[3] = hex[c & 15];
			out += 4;
		}
	}
	memcpy(out, s + run, n - run);
	out += n - run;
	*out++ = '"';
	return out;
}
