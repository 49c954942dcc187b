/*
 * The ECMAScript 2022 parser: source text to an ESTree tree (ast.h).
 */
#ifndef PARSER_H
#define PARSER_H

#include "ast.h"

/* Why a parse failed, in the engine's own words, and where. */
struct parser_error {
	char message[256];   /* e.g. "Unexpected token ')'" (no "SyntaxError: " prefix) */
	uint32_t line, col;  /* 1-based, in the caller's source */
};

/*
 * Parses `len` bytes of UTF-8 source as a Script or a Module. Returns the
 * Program node, owned by `arena`, or NULL with `err` filled in. Never
 * reads past `len`; the source need not be NUL-terminated.
 */
struct ast_node *parser_parse(struct ast_arena *arena, const char *src,
    size_t len, enum ast_source_type goal, struct parser_error *err);

#endif
