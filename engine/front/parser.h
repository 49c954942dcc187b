/*
 * The ECMAScript 2022 parser: source text to an ESTree tree (ast.h).
 */
#ifndef PARSER_H
#define PARSER_H

#include "ast.h"

/* Why a parse failed, in the engine's own words, and where. */
struct parser_error {
	char message[256]; /* e.g. "Unexpected token ')'" (no "SyntaxError: "
			      prefix) */
	uint32_t line, col; /* 1-based, in the caller's source */
};

/*
 * Parses `len` bytes of UTF-8 source as a Script or a Module. Returns the
 * Program node, owned by `arena`, or NULL with `err` filled in. Never
 * reads past `len`; the source need not be NUL-terminated.
 *
 * Guarantees to consumers: a returned tree is at most 2000 nodes high (a
 * deeper tree is the SyntaxError "Expression nested too deeply (limit
 * 2000)"), so passes over it may recurse; the parser's own recursion is
 * bounded ("Maximum nesting depth exceeded (400)") and needs at most about
 * 512 KB of stack (2 MB under ASan). Parentheses leave no node; the
 * expression inside has `parenthesized` set. String values are UTF-8 with
 * escaped surrogate pairs joined into 4-byte sequences and lone surrogates
 * as 3-byte CESU-8. TemplateElement.cooked is NULL (cooked_valid 0) only
 * in tagged templates. Keys of non-computed properties are Identifier
 * (any IdentifierName, keywords included) or Literal.
 */
struct ast_node *parser_parse(struct ast_arena *arena, const char *src,
    size_t len, enum ast_source_type goal, struct parser_error *err);

/* As parser_parse; strict: a Script that is strict from its first token
 * (eval code called from strict code). */
struct ast_node *parser_parse_opts(struct ast_arena *arena, const char *src,
    size_t len, enum ast_source_type goal, int strict,
    struct parser_error *err);

/* parser_parse_flags flags */
#define PARSER_F_STRICT 0x1 /* as parser_parse_opts' strict */
#define PARSER_F_TS                                                            \
	0x2 /* TypeScript: erasable type syntax is accepted and dropped        \
	     * (parser_ts.c); what would need code is a SyntaxError */

/* As parser_parse_opts, with PARSER_F_* flags. */
struct ast_node *parser_parse_flags(struct ast_arena *arena, const char *src,
    size_t len, enum ast_source_type goal, unsigned flags,
    struct parser_error *err);

#endif
