/*
 * The dispatch codec: JSON text exactly as JavaScript writes it, binary
 * values as tagged base64 objects, and the three envelopes. Public entry
 * points are in codemode/protocol.h; these are the parts other modules of
 * the library, the daemon, the runner and the tests use directly. Texts
 * come from texts.c, which in turn knows nothing of envelopes.
 */
#ifndef DISPATCH_H
#define DISPATCH_H

#include <stddef.h>

#include <jansson.h>

#include "cm_spec.h"

/* Room dispatch_format_number needs, NUL included. */
#define DISPATCH_NUMBER_MAX 32

/*
 * Writes `v` as JavaScript's Number.prototype.toString writes it (shortest
 * digits that read back as `v`), into `out` (DISPATCH_NUMBER_MAX bytes);
 * NaN and the infinities become "null" as in JSON.stringify. Returns the
 * length.
 */
size_t dispatch_format_number(double v, char *out);

/*
 * Appends `len` bytes of `s` as a JSON string literal the way
 * JSON.stringify does: \b \t \n \f \r \" \\ short escapes, other controls as
 * lowercase \u00xx, U+2028/2029 raw, a UTF-8-encoded lone surrogate as
 * \udxxx, any other invalid byte as U+FFFD. Returns a malloc'd string with
 * the quotes, or NULL when out of memory.
 */
char *dispatch_quote(const char *s, size_t len);

/*
 * {"error": the text `id` composes with one parameter, or none when
 * `param` is NULL}: malloc'd, or NULL when memory ran out. The envelope a
 * host-side stand-in answers with for a call it refuses.
 */
char *dispatch_error_envelope(enum cm_spec_text id, const char *param);

/* The tag string of a binary kind; NULL when out of range. */
const char *dispatch_binary_tag(int kind);

#endif
