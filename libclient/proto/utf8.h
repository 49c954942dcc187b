/*
 * UTF-8 validation (Unicode 15 table 3-7: no overlongs, no surrogates,
 * nothing past U+10FFFF), whole or incremental, and JavaScript-style
 * string lengths (UTF-16 code units). No allocation, no I/O.
 */
#ifndef UTF8_H
#define UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Incremental validator state, for text that arrives in pieces (WebSocket
 * fragments). Zero-initialised (or utf8_init) means "at a boundary".
 */
struct utf8_state {
	uint8_t need; /* continuation bytes still expected */
	uint8_t lo; /* range the next continuation byte must fall in */
	uint8_t hi;
};

void utf8_init(struct utf8_state *st);

/* Returns 1 when s[0..len) is complete, valid UTF-8, else 0. */
int utf8_valid(const uint8_t *s, size_t len);

/*
 * Feeds the next piece of a text. Returns 0 while everything so far can
 * still be the start of valid UTF-8 (a sequence may be split across calls),
 * -1 at the first byte no valid text allows; the state is then undefined.
 */
int utf8_feed(struct utf8_state *st, const uint8_t *s, size_t len);

/* Returns 0 when the text fed so far ends on a character boundary, else -1. */
int utf8_finish(const struct utf8_state *st);

/*
 * Length of the longest prefix of s[0..len) that is valid UTF-8 and ends on
 * a character boundary. With len capped by the caller this truncates a text
 * to a byte budget without cutting a character (close reasons: 123 bytes).
 */
size_t utf8_valid_prefix(const uint8_t *s, size_t len);

/*
 * UTF-16 code units of s[0..len), the length JavaScript reports for the
 * same string ("characters" in the protocol's limits). s must be valid
 * UTF-8 (check first); on invalid input the count is only an estimate.
 */
size_t utf8_utf16_len(const uint8_t *s, size_t len);

/*
 * Rewrites Duktape's CESU-8 (a non-BMP character as two 3-byte surrogates)
 * as UTF-8 in s[0..n), in place: a pair becomes its 4-byte form, a lone
 * surrogate U+FFFD. s needs room for n + 1 bytes: the result is
 * NUL-terminated. Returns the new length (never more than n).
 */
size_t utf8_from_cesu8(char *s, size_t n);

#endif
