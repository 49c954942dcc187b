/*
 * ESTree JSON of a syntax tree, for tests and debugging.
 */
#ifndef AST_DUMP_H
#define AST_DUMP_H

#include <stddef.h>

#include "ast.h"

#define AST_DUMP_POSITIONS 1 /* add "start" and "end" (byte offsets) */
#define AST_DUMP_COMPACT 2 /* leave out null, false, [] and raw */

/*
 * Returns the tree as one line of JSON (keys in ESTree's order), malloc'd
 * and NUL-terminated; the caller frees it. NULL when out of memory. len,
 * when not NULL, receives the length. The tree's height must be within the
 * parser's bound (the dump recurses).
 */
char *ast_dump(const struct ast_node *, unsigned flags, size_t *len);

#endif
