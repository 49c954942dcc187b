/*
 * Fuzz harness of engine/front/regexp.c: the first byte picks the flags (one
 * bit per letter of "dgimsuy"); with its top bit set the rest maps byte by byte
 * onto regexp tokens (so plain random input reaches the parser's corners),
 * else the rest is the pattern. Checks the result's invariants; any crash
 * or sanitizer report is a failure.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/regexp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char letters[] = "dgimsuy";
	static const char *const tokens[] = { "(", ")", "(?<", "<", ">", "\\",
		"k", "p", "P", "{", "}", "u", "[", "]", ".", "a", "=", "!", "L",
		"1", "F", "^", "-", "?", ":", "sc=", "Latin", "gc=", "\\k<a>",
		"(?<a>", "\\p{", "\\u{", "10FFFF", "\xc3\xa9", "\xff", "*" };
	struct regexp_result rr;
	char flags[8], *pat;
	size_t i, n = 0, k, plen = 0;
	int rc;

	if (size == 0)
		return 0;
	for (i = 0; i < 7; i++)
		if (data[0] & (1u << i))
			flags[n++] = letters[i];
	flags[n] = '\0';
	if ((data[0] & 0x80) == 0) {
		rc = regexp_translate(
		    (const char *)data + 1, size - 1, flags, n, &rr);
	} else {
		if ((pat = malloc(size * 8 + 1)) == NULL)
			return 0;
		for (i = 1; i < size; i++) {
			const char *t = tokens[data[i] %
			    (sizeof(tokens) / sizeof(tokens[0]))];

			memcpy(pat + plen, t, strlen(t));
			plen += strlen(t);
		}
		rc = regexp_translate(pat, plen, flags, n, &rr);
		free(pat);
	}
	if (rc == 0) {
		if (rr.source == NULL || rr.source[rr.source_len] != '\0' ||
		    strspn(rr.flags, "gim") != strlen(rr.flags))
			abort();
		for (k = 0; k < rr.ngroups; k++)
			if (rr.names[k] != NULL && rr.names[k][0] == '\0')
				abort();
	} else if (rr.error[0] == '\0' || rr.source != NULL)
		abort();
	regexp_result_free(&rr);
	return 0;
}
