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

/* A member's value as jsonparse_strings found it. */
struct jsonparse_str {
	const char *s; /* NULL: the key was absent */
	size_t len;
};

/*
 * An object of string members only, each key one of keys[0..nkeys) at
 * most once, as json_loadb(buf, len, JSON_REJECT_DUPLICATES |
 * JSON_ALLOW_NUL) reads it, without a tree: out[i] is the value of keys[i],
 * decoded into *store and followed by a NUL, as a jansson string is
 * (*store malloc'd; the caller frees it, even on failure).
 * 0 when taken; -1 when not: anything else (another key, a repeated one, a
 * value of another type, a text jansson would refuse), for jansson to
 * judge, with *nomem 1 when an allocation failed.
 */
int jsonparse_strings(const char *buf, size_t len, const char *const *keys,
    size_t nkeys, struct jsonparse_str *out, char **store, int *nomem);

#endif
