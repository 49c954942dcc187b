/*
 * Module maps: name normalization, the five kinds, and the wire form of
 * [name, source] pairs. Public entry points are in codemode/protocol.h.
 */
#ifndef MODULES_H
#define MODULES_H

#include <jansson.h>

/*
 * Joins names as a list parameter of a text: each in double quotes,
 * separated by LIST_SEPARATOR, EMPTY_LIST when there are none. `names` is a
 * JSON array of strings (borrowed). Returns a malloc'd string or NULL.
 */
char *modules_join_names(const json_t *names);

#endif
