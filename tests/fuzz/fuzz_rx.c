/*
 * Fuzz harness of engine/regexp (rx): byte 0 picks the flags (one bit per
 * letter of "gimsuvyd"; v is dropped when u is set), the rest is the
 * pattern, then a 0x00 byte, then the subject. Bytes are code units, except
 * 0x80-0x87, which stand for units the byte range cannot spell (the halves
 * of a surrogate pair, U+212A, U+017F, U+2028, U+00DF, U+03A3, U+1E9E).
 * Every compiled pattern runs with a small step and stack budget; the
 * captures must lie in the subject, in order. Any crash or sanitizer
 * report is a failure.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regexp/rx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
fuzz_rx_interrupt(void *opaque)
{
	int *polls = opaque;
	return ++*polls > 16;
}

static uint16_t
fuzz_rx_unit(uint8_t b)
{
	static const uint16_t special[] = { 0xd83d, 0xde00, 0x212a, 0x017f,
		0x2028, 0x00df, 0x03a3, 0x1e9e };
	return b >= 0x80 && b < 0x88 ? special[b - 0x80] : b;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint16_t *pat, *subj;
	size_t i, plen = 0, slen = 0, start;
	unsigned flags;
	struct rx_error err;
	rx_prog *p;
	int *caps, rc, k, polls = 0;
	struct rx_limits lim = { fuzz_rx_interrupt, &polls, 1 << 16, NULL };

	if (size == 0)
		return 0;
	flags = data[0];
	if (flags & RX_U)
		flags &= ~(unsigned)RX_V;
	pat = malloc(size * sizeof(*pat));
	subj = malloc(size * sizeof(*subj));
	if (pat == NULL || subj == NULL)
		goto out;
	for (i = 1; i < size && data[i] != 0; i++)
		pat[plen++] = fuzz_rx_unit(data[i]);
	for (i++; i < size; i++)
		subj[slen++] = fuzz_rx_unit(data[i]);
	rc = rx_compile(pat, plen, flags, NULL, &p, &err);
	if (rc != 0) {
		if (rc != RX_ESYNTAX || p != NULL || err.msg[0] == '\0' ||
		    err.pos < -1 || err.pos > (int)plen)
			abort();
		goto out;
	}
	if (rx_ngroups(p) < 1 ||
	    (caps = malloc(2 * sizeof(int) * (size_t)rx_ngroups(p))) == NULL) {
		rx_free(p);
		goto out;
	}
	start = slen > 0 ? data[size - 1] % (slen + 2) : 0;
	rc = rx_exec(p, subj, slen, start, caps, &lim);
	if (rc == 1) {
		/* under u/v a start inside a pair may match from the pair */
		if (caps[0] < (int)start - ((flags & (RX_U | RX_V)) != 0) ||
		    caps[1] < caps[0] || caps[1] > (int)slen)
			abort();
		for (k = 1; k < rx_ngroups(p); k++)
			if ((caps[2 * k] < 0) != (caps[2 * k + 1] < 0) ||
			    caps[2 * k + 1] > (int)slen ||
			    caps[2 * k] > caps[2 * k + 1])
				abort();
	} else {
		if (rc != 0 && rc != RX_EINTERRUPTED && rc != RX_ESTACK)
			abort();
		for (k = 0; k < 2 * rx_ngroups(p); k++)
			if (caps[k] != -1)
				abort();
	}
	free(caps);
	rx_free(p);
out:
	free(pat);
	free(subj);
	return 0;
}
