/*
 * The entry module's text and inputs (engine/host/entry.c), for execution.c.
 * Every function returns malloc'd memory the caller frees, or NULL when
 * out of memory, unless it says otherwise.
 */
#ifndef ENTRY_H
#define ENTRY_H

#include <jansson.h>

#include "codemode/protocol.h"

/*
 * The entry module's source for an entry split by cm_separate_imports and
 * `providers`: a blank first line where the scope once was declared, the
 * generated proxies and the providers' preludes, the lifted imports, then
 * `__m.entry((body))`.
 */
char *entry_source(const struct cm_imports *imp, const json_t *providers);

/* The specifiers of the lifted imports as a JSON array text. */
char *entry_import_specifiers(const struct cm_imports *imp);

/* A lowering "SyntaxError: <msg> (<l>:<c>)" as "<msg> [<file>:<l>:<c>]". */
char *entry_syntax_text(const char *err, const char *filename);

/*
 * The entry scope's names, comma-separated, in the order 90_entry.js
 * passes them (static storage; NULL only if it would not fit).
 */
const char *entry_scope_params(void);

/*
 * The module map's wire pairs as [[name, kind, value]...] JSON text in
 * *out and the declared-names list in *declared. Returns 0; 1 with *text
 * for a declared failure (unsupported kind, collision); -1 when out of
 * memory.
 */
int entry_modules(
    const json_t *pairs, char **out, char **declared, char **text);

#endif
