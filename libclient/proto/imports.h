/*
 * separateImports: the line-wise lift of an entry's leading import block.
 * The public entry point is cm_separate_imports in codemode/protocol.h.
 */
#ifndef IMPORTS_H
#define IMPORTS_H

#include <stddef.h>

/*
 * If a static import declaration starts at `pos` (the keyword, not a
 * dynamic import() or import.meta), returns the offset just past its module
 * specifier's closing quote; returns `len` for one that never reaches its
 * specifier, and 0 when no declaration starts at `pos`.
 */
size_t imports_declaration_end(const char *code, size_t len, size_t pos);

#endif
