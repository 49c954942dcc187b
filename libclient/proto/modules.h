/*
 * Module maps: name normalization, the five kinds, and the wire form of
 * [name, source] pairs. The seed's helpers (renderJsonModule,
 * listModuleEntries) are public, in codemode/protocol.h; what only the
 * engine's resolver needs is declared here.
 */
#ifndef MODULES_H
#define MODULES_H

#include <jansson.h>

/*
 * The map key a name or import specifier normalizes to (leading "./"
 * dropped, then one trailing .js/.mjs/.cjs): malloc'd, NULL when out of
 * memory.
 */
char *modules_normalize_name(const char *name);

/* The <declared> list of ModuleNotFoundError for wire entries: "a, b";
 * malloc'd, NULL when out of memory. */
char *modules_declared_names(const json_t *entries);

/*
 * Joins names as a list parameter of a text: each in double quotes,
 * separated by LIST_SEPARATOR, EMPTY_LIST when there are none. `names` is a
 * JSON array of strings (borrowed). Returns a malloc'd string or NULL.
 */
char *modules_join_names(const json_t *names);

#endif
