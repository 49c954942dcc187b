/*
 * A string as JSON text, the way JavaScript's JSON.stringify writes it:
 * quoted, `"` and `\` escaped, the controls with their short escapes or as
 * lowercase \u00xx, every other byte as it is (the caller's text is UTF-8
 * already). Two steps, so a message of several strings is measured once
 * and written into one allocation. No allocation, no I/O.
 */
#ifndef JSONTEXT_H
#define JSONTEXT_H

#include <stddef.h>

/* Bytes s[0..n) takes as a JSON string, its quotes included. */
size_t jsontext_string_len(const char *s, size_t n);

/* Writes that many bytes at out (no NUL); returns the end of them. */
char *jsontext_string_put(char *out, const char *s, size_t n);

#endif
