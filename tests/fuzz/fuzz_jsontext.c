/*
 * Fuzz harness for a string as JSON text (proto/jsontext.c): the length
 * it promises is the length it writes, and what it writes of valid UTF-8
 * reads back, through jansson, as the same bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/jsontext.h"
#include "proto/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	size_t len = jsontext_string_len(s, size);
	char *out = malloc(len + 1), *end;
	json_t *v;

	if (out == NULL)
		return 0;
	end = jsontext_string_put(out, s, size);
	if ((size_t)(end - out) != len)
		abort(); /* wrote other than it measured */
	if (utf8_valid(data, size)) {
		v = json_loadb(
		    out, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
		if (v == NULL || json_string_length(v) != size ||
		    memcmp(json_string_value(v), s, size) != 0)
			abort(); /* does not read back as itself */
		json_decref(v);
	}
	free(out);
	return 0;
}
