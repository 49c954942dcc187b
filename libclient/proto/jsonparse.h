/*
 * A strict JSON reader for the small messages every process parses on each
 * call: the same values jansson's json_loadb makes, for the texts it
 * accepts, at a fraction of its cost (jansson lexes a byte at a time
 * through a stream, a third of the daemon's instructions per tool call).
 * It takes only what it is sure of and gives the rest back: a text it
 * refuses, or one it leaves alone (nesting past JSONPARSE_DEPTH, a
 * duplicate key, an integer near strtoll's edge), returns NULL, and the
 * caller parses it with jansson, which then gives the value or the error
 * text callers quote. A failed allocation ends the parse too, and says
 * so. No I/O.
 */
#ifndef JSONPARSE_H
#define JSONPARSE_H

#include <stddef.h>

#include <jansson.h>

/* Arrays and objects nested deeper than this go to jansson. */
#define JSONPARSE_DEPTH 64

/*
 * The value of buf[0..len), as json_loadb(buf, len, flags) makes it, or
 * NULL when not taken (see above), with *nomem (never NULL) 1 when that
 * was a failed allocation. flags: JSON_REJECT_DUPLICATES, JSON_DECODE_ANY,
 * JSON_ALLOW_NUL and JSON_DECODE_INT_AS_REAL, any mix; any other flag
 * makes it decline every text. buf may be NULL (declined). The caller owns
 * the value.
 */
json_t *jsonparse_loadb(const char *buf, size_t len, size_t flags, int *nomem);

#endif
