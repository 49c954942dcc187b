/*
 * Fuzz harness for engine/host/jsondiag.c: any bytes. The message fits its
 * buffer and is one NUL-terminated line of known shape, and a text jansson
 * reads as JSON (its set is within JSON's: it also refuses bad UTF-8; a
 * text with a NUL byte, where jansson stops, is left out) is never
 * explained as an error.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/jsondiag.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_jsondiag: %s:%d: %s\n",          \
			    __FILE__, __LINE__, #c);                           \
			abort();                                               \
		}                                                              \
	} while (0)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char out[JSONDIAG_MAX + 8];
	json_error_t err;
	json_t *j;
	size_t n;
	int r;

	memset(out, 0x55, sizeof(out));
	r = jsondiag_explain(data, size, out);
	FUZZ_CHECK(r == 0 || r == 1);
	if (r == 1) {
		n = strnlen(out, JSONDIAG_MAX);
		FUZZ_CHECK(n < JSONDIAG_MAX);
		FUZZ_CHECK((unsigned char)out[JSONDIAG_MAX] == 0x55);
		FUZZ_CHECK(strncmp(out, "Unexpected ", 11) == 0 ||
		    strncmp(out, "Expected ", 9) == 0 ||
		    strncmp(out, "Bad ", 4) == 0 ||
		    strncmp(out, "No number", 9) == 0 ||
		    strncmp(out, "Unterminated ", 13) == 0 ||
		    strncmp(out, "Exponent ", 9) == 0 || out[0] == '"');
	}
	/* jansson ends a text at a NUL byte; JSON (and V8) does not */
	if (memchr(data, 0, size) != NULL)
		return 0;
	j = json_loadb((const char *)data, size, JSON_DECODE_ANY, &err);
	if (j != NULL) {
		FUZZ_CHECK(r == 0);
		json_decref(j);
	}
	return 0;
}
