/*
 * Duktape's internal string form, as the host's natives read it: CESU-8
 * (a surrogate is a 3-byte sequence of its own), where a code point that
 * came in as UTF-8 may also stand as one 4-byte sequence.
 */
#ifndef ENGINE_HOST_CESU_H
#define ENGINE_HOST_CESU_H

#include <stddef.h>
#include <stdint.h>

/*
 * The sequence at s[*i] (s holds len bytes, *i < len): its value, and *i
 * moved past it. A lead byte without its continuation bytes, or one of
 * Duktape's extended forms past four bytes, reads U+FFFD and skips the
 * continuation bytes that follow it.
 */
static inline uint32_t
cesu_next(const unsigned char *s, size_t len, size_t *i)
{
	size_t k = *i;
	uint32_t c = s[k];

	if (c < 0x80) {
		k++;
	} else if ((c & 0xe0) == 0xc0 && k + 1 < len) {
		c = ((c & 0x1f) << 6) | (s[k + 1] & 0x3f);
		k += 2;
	} else if ((c & 0xf0) == 0xe0 && k + 2 < len) {
		c = ((c & 0x0f) << 12) | ((uint32_t)(s[k + 1] & 0x3f) << 6) |
		    (s[k + 2] & 0x3f);
		k += 3;
	} else if ((c & 0xf8) == 0xf0 && k + 3 < len) {
		c = ((c & 0x07) << 18) | ((uint32_t)(s[k + 1] & 0x3f) << 12) |
		    ((uint32_t)(s[k + 2] & 0x3f) << 6) | (s[k + 3] & 0x3f);
		k += 4;
	} else {
		c = 0xfffd;
		k++;
		while (k < len && (s[k] & 0xc0) == 0x80)
			k++;
	}
	*i = k;
	return c;
}

#endif /* ENGINE_HOST_CESU_H */
