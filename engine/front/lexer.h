/*
 * The ECMAScript 2022 lexer. It is driven by the parser: lexer_next always
 * reads '/' as division and '}' as a brace; the parser, which knows the
 * context, asks for a rescan as a regular expression (lexer_regex) or as
 * the continuation of a template (lexer_template_continue).
 *
 * Every decoded value (identifier names, string values, template cooked
 * and raw text) is copied into the arena, so a token outlives the source.
 */
#ifndef LEXER_H
#define LEXER_H

#include <stddef.h>
#include <stdint.h>

#include "ast.h"

enum tok {
	T_EOF,
	T_NAME, /* identifier or keyword: see kw */
	T_PRIVATE, /* #name (val without the '#') */
	T_NUM,
	T_BIGINT,
	T_STRING,
	T_TEMPLATE, /* a template chunk: val cooked, raw, tail */
	T_REGEX, /* val pattern, raw flags */
	/* punctuators */
	T_LBRACE,
	T_RBRACE,
	T_LPAREN,
	T_RPAREN,
	T_LBRACK,
	T_RBRACK,
	T_DOT,
	T_ELLIPSIS,
	T_SEMI,
	T_COMMA,
	T_LT,
	T_GT,
	T_LE,
	T_GE,
	T_EQ,
	T_NE,
	T_SEQ,
	T_SNE,
	T_PLUS,
	T_MINUS,
	T_STAR,
	T_SLASH,
	T_PERCENT,
	T_STARSTAR,
	T_INC,
	T_DEC,
	T_SHL,
	T_SHR,
	T_USHR,
	T_AMP,
	T_PIPE,
	T_CARET,
	T_BANG,
	T_TILDE,
	T_ANDAND,
	T_OROR,
	T_NULLISH,
	T_QUESTION,
	T_OPTCHAIN,
	T_COLON,
	T_ASSIGN,
	T_PLUS_EQ,
	T_MINUS_EQ,
	T_STAR_EQ,
	T_SLASH_EQ,
	T_PERCENT_EQ,
	T_STARSTAR_EQ,
	T_SHL_EQ,
	T_SHR_EQ,
	T_USHR_EQ,
	T_AMP_EQ,
	T_PIPE_EQ,
	T_CARET_EQ,
	T_ANDAND_EQ,
	T_OROR_EQ,
	T_NULLISH_EQ,
	T_ARROW,
	T_COUNT
};

/* Keywords and the contextual words the parser asks about. */
enum kw {
	KW_NONE,
	/* reserved words */
	KW_AWAIT,
	KW_BREAK,
	KW_CASE,
	KW_CATCH,
	KW_CLASS,
	KW_CONST,
	KW_CONTINUE,
	KW_DEBUGGER,
	KW_DEFAULT,
	KW_DELETE,
	KW_DO,
	KW_ELSE,
	KW_ENUM,
	KW_EXPORT,
	KW_EXTENDS,
	KW_FALSE,
	KW_FINALLY,
	KW_FOR,
	KW_FUNCTION,
	KW_IF,
	KW_IMPORT,
	KW_IN,
	KW_INSTANCEOF,
	KW_NEW,
	KW_NULL,
	KW_RETURN,
	KW_SUPER,
	KW_SWITCH,
	KW_THIS,
	KW_THROW,
	KW_TRUE,
	KW_TRY,
	KW_TYPEOF,
	KW_VAR,
	KW_VOID,
	KW_WHILE,
	KW_WITH,
	KW_YIELD,
	/* reserved only in strict mode */
	KW_LET,
	KW_STATIC,
	KW_IMPLEMENTS,
	KW_INTERFACE,
	KW_PACKAGE,
	KW_PRIVATE,
	KW_PROTECTED,
	KW_PUBLIC,
	/* contextual */
	KW_ASYNC,
	KW_OF,
	KW_GET,
	KW_SET,
	KW_FROM,
	KW_AS,
	KW_TARGET,
	KW_META,
	KW_EVAL,
	KW_ARGUMENTS,
	KW_CONSTRUCTOR,
	KW_PROTOTYPE,
	KW_COUNT
};

/* The first kw that is not a reserved word in sloppy code (await and
 * yield are handled by the parser). */
#define KW_FIRST_STRICT KW_LET
#define KW_FIRST_CONTEXTUAL KW_ASYNC

struct token {
	enum tok type;
	enum kw kw;
	uint32_t start, end; /* byte offsets */
	uint32_t line, col; /* 1-based; col in UTF-16 units */
	unsigned nl_before : 1; /* a line terminator precedes the token */
	unsigned escaped : 1; /* the identifier was written with \u escapes */
	unsigned octal : 1; /* legacy octal number, or octal/\8/\9 escape */
	unsigned bad_escape : 1; /* template: invalid escape (cooked absent) */
	unsigned tail : 1; /* template: the chunk ends with '`' */
	unsigned
	    legacy_num : 1; /* 0-prefixed decimal like 08 (strict error too) */
	struct ast_str val; /* name, string value, cooked, regex pattern */
	struct ast_str raw; /* template raw; regex flags */
	double num;
};

struct lexer {
	struct ast_arena *arena;
	const unsigned char *src;
	size_t len;
	size_t pos;
	uint32_t line;
	size_t line_start; /* byte offset where the current line starts */
	size_t col_pos; /* cache: col_units is the column at col_pos */
	uint32_t col_units;
	char *buf; /* scratch for decoding, grown on demand */
	size_t buf_len, buf_cap;
	uint32_t tok_line, tok_col; /* where the token being read starts */
	/* the last error */
	char err[128];
	uint32_t err_line, err_col;
};

/* Starts lexing src[0..len); the lexer keeps pointers to both arguments. */
void lexer_init(
    struct lexer *, struct ast_arena *, const char *src, size_t len);
/* Frees the scratch buffer (the tokens' strings stay in the arena). */
void lexer_free(struct lexer *);
/* Reads the next token. 0, or -1 with lx->err set. */
int lexer_next(struct lexer *, struct token *);
/* Rereads the current T_SLASH / T_SLASH_EQ token as a regular expression. */
int lexer_regex(struct lexer *, struct token *);
/* Rereads the current T_RBRACE token as the continuation of a template. */
int lexer_template_continue(struct lexer *, struct token *);
/* The 1-based UTF-16 column of byte offset pos on the current line. */
uint32_t lexer_col(struct lexer *, size_t pos);
/* The keyword a name spells, or KW_NONE. */
enum kw lexer_kw(const char *, size_t);
/* A printable spelling of a token for "Unexpected token 'x'" messages. */
const char *lexer_tok_text(enum tok);
/* Whether code point c may start / continue an identifier. */
int lexer_id_start(uint32_t c);
int lexer_id_part(uint32_t c);

#endif
