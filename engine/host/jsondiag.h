/*
 * jsondiag: why a text is not JSON, in the words V8's JSON.parse uses
 * ("Unexpected token 'x', \"[1,x]\" is not valid JSON", "Expected ',' or
 * '}' after property value in JSON at position 6"). Duktape's parser
 * decides whether a text is JSON; this only explains a refusal. No I/O,
 * no allocation: (text, len) in, a message out.
 */
#ifndef JSONDIAG_H
#define JSONDIAG_H

#include <stddef.h>
#include <stdint.h>

/* Room for any message jsondiag_explain writes, its NUL included. */
#define JSONDIAG_MAX 256

/*
 * Explains why `text` (len bytes of UTF-8 or CESU-8; any bytes are taken)
 * is not JSON: writes the message, NUL-terminated, to `out` (JSONDIAG_MAX
 * bytes) and returns 1. Returns 0, `out` untouched, when the text is JSON
 * or nests deeper than the explainer follows (then the caller keeps its
 * own message). Positions count UTF-16 code units, as JavaScript does.
 */
int jsondiag_explain(const uint8_t *text, size_t len, char *out);

#endif
