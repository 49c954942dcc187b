/*
 * Fuzz harness for engine/host/collate.c: the first byte picks the flags,
 * the rest is three strings of code points (each byte a character drawn
 * from ASCII, accents, letters NFD keeps whole, Greek, Cyrillic and
 * symbols; a 0xff byte ends a string). The order must be one a sort can
 * use: every string equal to itself, each pair answered in reverse when
 * swapped, and no cycle among the three.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "host/collate.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_collate: %s:%d: %s\n", __FILE__, \
			    __LINE__, #c);                                     \
			abort();                                               \
		}                                                              \
	} while (0)

/* Characters where the order has its special cases. */
static const uint32_t fuzz_chars[] = { 'a', 'A', 'b', 'B', 'e', 'z', 'Z', '0',
	'1', '9', ' ', '_', '-', '.', '$', '!', 0x7f, 0x300, 0x301, 0x308,
	0x338, 0xc6, 0xe6, 0xdf, 0xd8, 0xf8, 0x141, 0x142, 0xfe, 0xde, 0x3a9,
	0x3c9, 0x41c, 0x43c, 0x20ac, 0x4e2d, 0x1f600, 0xa0, 0x2028 };

#define FUZZ_NCHARS (sizeof(fuzz_chars) / sizeof(*fuzz_chars))

static size_t
fuzz_string(const uint8_t **p, const uint8_t *end, uint32_t *out, size_t cap)
{
	size_t n = 0;

	while (*p < end && **p != 0xff && n < cap) {
		out[n++] = **p < 0x80 && (**p & 0x40)
		    ? **p
		    : fuzz_chars[**p % FUZZ_NCHARS];
		(*p)++;
	}
	if (*p < end)
		(*p)++;
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t s[3][64];
	size_t n[3], i, j;
	const uint8_t *p = data + 1, *end = data + size;
	unsigned flags;
	int r[3][3];

	if (size < 1)
		return 0;
	flags = data[0] & 31;
	for (i = 0; i < 3; i++)
		n[i] = fuzz_string(&p, end, s[i], 64);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			r[i][j] =
			    collate_compare(s[i], n[i], s[j], n[j], flags);
			FUZZ_CHECK(r[i][j] >= -1 && r[i][j] <= 1);
		}
	for (i = 0; i < 3; i++) {
		FUZZ_CHECK(r[i][i] == 0);
		for (j = 0; j < 3; j++)
			FUZZ_CHECK(r[i][j] == -r[j][i]);
	}
	/* no cycle: i <= j <= k makes i <= k, for every order of the three */
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			size_t k = 3 - i - j;

			if (i == j || k > 2 || k == i || k == j)
				continue;
			if (r[i][j] <= 0 && r[j][k] <= 0)
				FUZZ_CHECK(r[i][k] <= 0);
		}
	return 0;
}
