/*
 * The lexer's internals, shared by lexer.c (white space, names,
 * punctuators) and lexer_lit.c (numbers, strings, templates, regular
 * expressions).
 */
#ifndef LEXER_INT_H
#define LEXER_INT_H

#include "lexer.h"

/* Records an error at byte offset pos (on the current line); returns -1. */
int lexer_fail(struct lexer *, size_t pos, const char *msg);
/* Counts a line terminator that ends just before byte offset after. */
void lexer_newline(struct lexer *, size_t after);
/* Decodes the UTF-8 sequence at pos; bad bytes are U+FFFD of length 1. */
uint32_t lexer_utf8(const struct lexer *, size_t pos, size_t *n);
/* Appends to the scratch buffer; 0 or -1 when out of memory. */
int lexer_buf_put(struct lexer *, const void *, size_t);
int lexer_buf_cp(struct lexer *, uint32_t c);
int lexer_oom(struct lexer *, size_t pos);
/* Copies bytes into the arena as a token value; 0 or -1. */
int lexer_dup(
    struct lexer *, struct ast_str *out, const void *, size_t, size_t pos);
int lexer_hexval(int c);
/* Reads \u escape digits at *pos (at the 'u'); code point or -1. */
long lexer_read_u(struct lexer *, size_t *pos);
/* Token readers, called with lx->pos at the token's first byte. */
int lexer_number(struct lexer *, struct token *);
int lexer_string(struct lexer *, struct token *);
int lexer_template_chunk(struct lexer *, struct token *, size_t start);

#endif
