/*
 * The ECMAScript 2022 lexer (see lexer.h for how the parser drives it).
 *
 * Identifier characters beyond ASCII follow Unicode's ID_Start and
 * ID_Continue properties, as the spec says; the tables (cm_idtab.h) are
 * generated at build time from the installed DerivedCoreProperties.txt
 * (engine/tools/gen_idtab.awk), so they follow Debian's Unicode version.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "lexer_int.h"

#include "cm_idtab.h"

struct kwent {
	const char *name;
	unsigned char len;
	unsigned char kw;
};

static const struct kwent lexer_kws[] = {
	{ "await", 5, KW_AWAIT },
	{ "break", 5, KW_BREAK },
	{ "case", 4, KW_CASE },
	{ "catch", 5, KW_CATCH },
	{ "class", 5, KW_CLASS },
	{ "const", 5, KW_CONST },
	{ "continue", 8, KW_CONTINUE },
	{ "debugger", 8, KW_DEBUGGER },
	{ "default", 7, KW_DEFAULT },
	{ "delete", 6, KW_DELETE },
	{ "do", 2, KW_DO },
	{ "else", 4, KW_ELSE },
	{ "enum", 4, KW_ENUM },
	{ "export", 6, KW_EXPORT },
	{ "extends", 7, KW_EXTENDS },
	{ "false", 5, KW_FALSE },
	{ "finally", 7, KW_FINALLY },
	{ "for", 3, KW_FOR },
	{ "function", 8, KW_FUNCTION },
	{ "if", 2, KW_IF },
	{ "import", 6, KW_IMPORT },
	{ "in", 2, KW_IN },
	{ "instanceof", 10, KW_INSTANCEOF },
	{ "new", 3, KW_NEW },
	{ "null", 4, KW_NULL },
	{ "return", 6, KW_RETURN },
	{ "super", 5, KW_SUPER },
	{ "switch", 6, KW_SWITCH },
	{ "this", 4, KW_THIS },
	{ "throw", 5, KW_THROW },
	{ "true", 4, KW_TRUE },
	{ "try", 3, KW_TRY },
	{ "typeof", 6, KW_TYPEOF },
	{ "var", 3, KW_VAR },
	{ "void", 4, KW_VOID },
	{ "while", 5, KW_WHILE },
	{ "with", 4, KW_WITH },
	{ "yield", 5, KW_YIELD },
	{ "let", 3, KW_LET },
	{ "static", 6, KW_STATIC },
	{ "implements", 10, KW_IMPLEMENTS },
	{ "interface", 9, KW_INTERFACE },
	{ "package", 7, KW_PACKAGE },
	{ "private", 7, KW_PRIVATE },
	{ "protected", 9, KW_PROTECTED },
	{ "public", 6, KW_PUBLIC },
	{ "async", 5, KW_ASYNC },
	{ "of", 2, KW_OF },
	{ "get", 3, KW_GET },
	{ "set", 3, KW_SET },
	{ "from", 4, KW_FROM },
	{ "as", 2, KW_AS },
	{ "target", 6, KW_TARGET },
	{ "meta", 4, KW_META },
	{ "eval", 4, KW_EVAL },
	{ "arguments", 9, KW_ARGUMENTS },
	{ "constructor", 11, KW_CONSTRUCTOR },
	{ "prototype", 9, KW_PROTOTYPE },
};

static const char *const lexer_tok_texts[T_COUNT] = {
	[T_EOF] = "end of input",
	[T_NAME] = "identifier",
	[T_PRIVATE] = "private name",
	[T_NUM] = "number",
	[T_BIGINT] = "bigint",
	[T_STRING] = "string",
	[T_TEMPLATE] = "template string",
	[T_REGEX] = "regular expression",
	[T_LBRACE] = "{",
	[T_RBRACE] = "}",
	[T_LPAREN] = "(",
	[T_RPAREN] = ")",
	[T_LBRACK] = "[",
	[T_RBRACK] = "]",
	[T_DOT] = ".",
	[T_ELLIPSIS] = "...",
	[T_SEMI] = ";",
	[T_COMMA] = ",",
	[T_LT] = "<",
	[T_GT] = ">",
	[T_LE] = "<=",
	[T_GE] = ">=",
	[T_EQ] = "==",
	[T_NE] = "!=",
	[T_SEQ] = "===",
	[T_SNE] = "!==",
	[T_PLUS] = "+",
	[T_MINUS] = "-",
	[T_STAR] = "*",
	[T_SLASH] = "/",
	[T_PERCENT] = "%",
	[T_STARSTAR] = "**",
	[T_INC] = "++",
	[T_DEC] = "--",
	[T_SHL] = "<<",
	[T_SHR] = ">>",
	[T_USHR] = ">>>",
	[T_AMP] = "&",
	[T_PIPE] = "|",
	[T_CARET] = "^",
	[T_BANG] = "!",
	[T_TILDE] = "~",
	[T_ANDAND] = "&&",
	[T_OROR] = "||",
	[T_NULLISH] = "?\?",
	[T_QUESTION] = "?",
	[T_OPTCHAIN] = "?.",
	[T_COLON] = ":",
	[T_ASSIGN] = "=",
	[T_PLUS_EQ] = "+=",
	[T_MINUS_EQ] = "-=",
	[T_STAR_EQ] = "*=",
	[T_SLASH_EQ] = "/=",
	[T_PERCENT_EQ] = "%=",
	[T_STARSTAR_EQ] = "**=",
	[T_SHL_EQ] = "<<=",
	[T_SHR_EQ] = ">>=",
	[T_USHR_EQ] = ">>>=",
	[T_AMP_EQ] = "&=",
	[T_PIPE_EQ] = "|=",
	[T_CARET_EQ] = "^=",
	[T_ANDAND_EQ] = "&&=",
	[T_OROR_EQ] = "||=",
	[T_NULLISH_EQ] = "?\?=",
	[T_ARROW] = "=>",
};

const char *
lexer_tok_text(enum tok t)
{
	if ((unsigned)t >= T_COUNT || lexer_tok_texts[t] == NULL)
		return "?";
	return lexer_tok_texts[t];
}

void
lexer_init(struct lexer *lx, struct ast_arena *a, const char *src, size_t len)
{
	memset(lx, 0, sizeof(*lx));
	lx->arena = a;
	lx->src = (const unsigned char *)src;
	lx->len = len;
	lx->line = 1;
}

void
lexer_free(struct lexer *lx)
{
	free(lx->buf);
	lx->buf = NULL;
	lx->buf_len = lx->buf_cap = 0;
}

uint32_t
lexer_col(struct lexer *lx, size_t pos)
{
	const unsigned char *s = lx->src;

	if (pos < lx->line_start)
		return 1;
	if (pos < lx->col_pos) {
		lx->col_pos = lx->line_start;
		lx->col_units = 0;
	}
	for (; lx->col_pos < pos && lx->col_pos < lx->len; lx->col_pos++) {
		unsigned char b = s[lx->col_pos];
		if ((b & 0xC0) != 0x80)
			lx->col_units += b >= 0xF0 ? 2 : 1;
	}
	return lx->col_units + 1;
}

/* Records an error at byte offset pos (on the current line) and fails. */
int
lexer_fail(struct lexer *lx, size_t pos, const char *msg)
{
	snprintf(lx->err, sizeof(lx->err), "%s", msg);
	if (pos < lx->line_start) {
		/* Inside a token that began on an earlier line. */
		lx->err_line = lx->tok_line;
		lx->err_col = lx->tok_col;
		return -1;
	}
	lx->err_line = lx->line;
	lx->err_col = lexer_col(lx, pos);
	return -1;
}

void
lexer_newline(struct lexer *lx, size_t after)
{
	lx->line++;
	lx->line_start = lx->col_pos = after;
	lx->col_units = 0;
}

/* Decodes the UTF-8 sequence at pos; bad bytes decode as U+FFFD, length 1. */
uint32_t
lexer_utf8(const struct lexer *lx, size_t pos, size_t *n)
{
	const unsigned char *s = lx->src + pos;
	size_t avail = lx->len - pos;
	uint32_t c;

	if (s[0] < 0x80) {
		*n = 1;
		return s[0];
	}
	if ((s[0] & 0xE0) == 0xC0 && avail >= 2 && (s[1] & 0xC0) == 0x80) {
		c = ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
		if (c >= 0x80) {
			*n = 2;
			return c;
		}
	} else if ((s[0] & 0xF0) == 0xE0 && avail >= 3 &&
	    (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) {
		c = ((uint32_t)(s[0] & 0x0F) << 12) |
		    ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
		if (c >= 0x800) {
			*n = 3;
			return c;
		}
	} else if ((s[0] & 0xF8) == 0xF0 && avail >= 4 &&
	    (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80 &&
	    (s[3] & 0xC0) == 0x80) {
		c = ((uint32_t)(s[0] & 0x07) << 18) |
		    ((uint32_t)(s[1] & 0x3F) << 12) |
		    ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
		if (c >= 0x10000 && c <= 0x10FFFF) {
			*n = 4;
			return c;
		}
	}
	*n = 1;
	return 0xFFFD;
}

static int
lexer_is_ws(uint32_t c)
{
	return c == 0x09 || c == 0x0B || c == 0x0C || c == 0x20 || c == 0xA0 ||
	    c == 0xFEFF || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
	    c == 0x202F || c == 0x205F || c == 0x3000;
}

/* Whether c lies in one of the n sorted [lo, hi] pairs of tab. */
static int
lexer_idtab_has(const uint32_t *tab, size_t n, uint32_t c)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c < tab[2 * mid])
			hi = mid;
		else if (c > tab[2 * mid + 1])
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

int
lexer_id_start(uint32_t c)
{
	if (c < 0x80)
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    c == '$' || c == '_';
	return lexer_idtab_has(lexer_idtab_start,
	    sizeof(lexer_idtab_start) / sizeof(lexer_idtab_start[0]) / 2, c);
}

int
lexer_id_part(uint32_t c)
{
	if (c < 0x80)
		return lexer_id_start(c) || (c >= '0' && c <= '9');
	/* ZWNJ and ZWJ may continue an identifier (the spec adds them). */
	if (c == 0x200C || c == 0x200D)
		return 1;
	return lexer_idtab_has(lexer_idtab_continue,
	    sizeof(lexer_idtab_continue) / sizeof(lexer_idtab_continue[0]) / 2,
	    c);
}

/* Scratch buffer for decoded text. */
int
lexer_buf_put(struct lexer *lx, const void *p, size_t n)
{
	if (n == 0)
		return 0;
	if (lx->buf_len + n > lx->buf_cap) {
		size_t cap = lx->buf_cap ? lx->buf_cap : 256;
		char *nb;

		while (cap < lx->buf_len + n)
			cap *= 2;
		if ((nb = realloc(lx->buf, cap)) == NULL)
			return -1;
		lx->buf = nb;
		lx->buf_cap = cap;
	}
	memcpy(lx->buf + lx->buf_len, p, n);
	lx->buf_len += n;
	return 0;
}

/* Appends code point c as UTF-8; surrogates become 3-byte CESU-8. */
int
lexer_buf_cp(struct lexer *lx, uint32_t c)
{
	unsigned char u[4];
	size_t n;

	if (c < 0x80) {
		u[0] = (unsigned char)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = (unsigned char)(0xC0 | (c >> 6));
		u[1] = (unsigned char)(0x80 | (c & 0x3F));
		n = 2;
	} else if (c < 0x10000) {
		u[0] = (unsigned char)(0xE0 | (c >> 12));
		u[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
		u[2] = (unsigned char)(0x80 | (c & 0x3F));
		n = 3;
	} else {
		u[0] = (unsigned char)(0xF0 | (c >> 18));
		u[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
		u[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
		u[3] = (unsigned char)(0x80 | (c & 0x3F));
		n = 4;
	}
	return lexer_buf_put(lx, u, n);
}

int
lexer_oom(struct lexer *lx, size_t pos)
{
	return lexer_fail(lx, pos, "Out of memory");
}

/* Copies bytes into the arena as a token value. */
int
lexer_dup(
    struct lexer *lx, struct ast_str *out, const void *p, size_t n, size_t pos)
{
	*out = ast_str_dup(lx->arena, p, n);
	if (out->s == NULL)
		return lexer_oom(lx, pos);
	return 0;
}

int
lexer_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Reads the \u escape whose 'u' is at *pos: XXXX or {X...}. Returns the
 * code point and advances *pos past it, or -1 when malformed.
 */
long
lexer_read_u(struct lexer *lx, size_t *pos)
{
	size_t p = *pos + 1;
	long v = 0;
	int i, h;

	if (p < lx->len && lx->src[p] == '{') {
		p++;
		if (p >= lx->len || lx->src[p] == '}')
			return -1;
		while (p < lx->len && lx->src[p] != '}') {
			if ((h = lexer_hexval(lx->src[p])) < 0)
				return -1;
			v = v * 16 + h;
			if (v > 0x10FFFF)
				return -1;
			p++;
		}
		if (p >= lx->len)
			return -1;
		*pos = p + 1;
		return v;
	}
	for (i = 0; i < 4; i++, p++) {
		if (p >= lx->len || (h = lexer_hexval(lx->src[p])) < 0)
			return -1;
		v = v * 16 + h;
	}
	*pos = p;
	return v;
}

enum kw
lexer_kw(const char *s, size_t n)
{
	size_t i;

	if (n < 2 || n > 11 || s[0] < 'a' || s[0] > 'y')
		return KW_NONE;
	for (i = 0; i < sizeof(lexer_kws) / sizeof(lexer_kws[0]); i++) {
		const struct kwent *k = &lexer_kws[i];
		if (k->len == n && k->name[0] == s[0] &&
		    memcmp(k->name, s, n) == 0)
			return (enum kw)k->kw;
	}
	return KW_NONE;
}

/* Skips white space and comments; sets tok->nl_before. */
static int
lexer_skip(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	size_t n;
	uint32_t c;

	while (lx->pos < lx->len) {
		unsigned char b = s[lx->pos];

		if (b == ' ' || b == '\t' || b == 0x0B || b == 0x0C) {
			lx->pos++;
		} else if (b == '\n') {
			lx->pos++;
			lexer_newline(lx, lx->pos);
			tok->nl_before = 1;
		} else if (b == '\r') {
			lx->pos++;
			if (lx->pos < lx->len && s[lx->pos] == '\n')
				lx->pos++;
			lexer_newline(lx, lx->pos);
			tok->nl_before = 1;
		} else if (lx->pos + 1 < lx->len &&
		    ((b == '/' && s[lx->pos + 1] == '/') ||
			/* a Hashbang comment opens a script or module */
			(b == '#' && lx->pos == 0 && s[1] == '!'))) {
			lx->pos += 2;
			while (lx->pos < lx->len) {
				b = s[lx->pos];
				if (b == '\n' || b == '\r')
					break;
				if (b == 0xE2 && lx->pos + 2 < lx->len &&
				    s[lx->pos + 1] == 0x80 &&
				    (s[lx->pos + 2] == 0xA8 ||
					s[lx->pos + 2] == 0xA9))
					break;
				lx->pos++;
			}
		} else if (b == '/' && lx->pos + 1 < lx->len &&
		    s[lx->pos + 1] == '*') {
			size_t start = lx->pos;

			lx->tok_line = lx->line;
			lx->tok_col = lexer_col(lx, start);
			lx->pos += 2;
			for (;;) {
				if (lx->pos >= lx->len)
					return lexer_fail(
					    lx, start, "Unterminated comment");
				b = s[lx->pos];
				if (b == '*' && lx->pos + 1 < lx->len &&
				    s[lx->pos + 1] == '/') {
					lx->pos += 2;
					break;
				}
				if (b == '\n' ||
				    (b == '\r' &&
					!(lx->pos + 1 < lx->len &&
					    s[lx->pos + 1] == '\n'))) {
					lx->pos++;
					lexer_newline(lx, lx->pos);
					tok->nl_before = 1;
					continue;
				}
				if (b >= 0x80) {
					c = lexer_utf8(lx, lx->pos, &n);
					lx->pos += n;
					if (c == 0x2028 || c == 0x2029) {
						lexer_newline(lx, lx->pos);
						tok->nl_before = 1;
					}
					continue;
				}
				lx->pos++;
			}
		} else if (b >= 0x80) {
			c = lexer_utf8(lx, lx->pos, &n);
			if (c == 0x2028 || c == 0x2029) {
				lx->pos += n;
				lexer_newline(lx, lx->pos);
				tok->nl_before = 1;
			} else if (lexer_is_ws(c)) {
				lx->pos += n;
			} else {
				break;
			}
		} else {
			break;
		}
	}
	return 0;
}

/* Reads an identifier name starting at lx->pos (after an optional '#'). */
static int
lexer_ident(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	size_t start = lx->pos, n;
	int escaped = 0, first = 1;
	uint32_t c;
	long u;

	/* Fast path: plain ASCII. */
	while (lx->pos < lx->len) {
		unsigned char b = s[lx->pos];
		if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
		    b == '$' || b == '_' || (!first && b >= '0' && b <= '9')) {
			lx->pos++;
			first = 0;
			continue;
		}
		break;
	}
	if (lx->pos >= lx->len || (s[lx->pos] < 0x80 && s[lx->pos] != '\\')) {
		if (lx->pos == start)
			return lexer_fail(
			    lx, start, "Invalid or unexpected token");
		tok->kw = lexer_kw((const char *)s + start, lx->pos - start);
		return lexer_dup(
		    lx, &tok->val, s + start, lx->pos - start, start);
	}
	/* Slow path: escapes or non-ASCII characters. */
	lx->buf_len = 0;
	if (lexer_buf_put(lx, s + start, lx->pos - start) < 0)
		return lexer_oom(lx, start);
	while (lx->pos < lx->len) {
		size_t at = lx->pos;

		if (s[at] == '\\') {
			if (at + 1 >= lx->len || s[at + 1] != 'u')
				return lexer_fail(
				    lx, at, "Invalid Unicode escape sequence");
			lx->pos = at + 1;
			if ((u = lexer_read_u(lx, &lx->pos)) < 0)
				return lexer_fail(
				    lx, at, "Invalid Unicode escape sequence");
			c = (uint32_t)u;
			if (first ? !lexer_id_start(c) : !lexer_id_part(c))
				return lexer_fail(
				    lx, at, "Invalid Unicode escape sequence");
			escaped = 1;
		} else {
			c = lexer_utf8(lx, at, &n);
			if (first ? !lexer_id_start(c) : !lexer_id_part(c))
				break;
			lx->pos += n;
		}
		if (lexer_buf_cp(lx, c) < 0)
			return lexer_oom(lx, at);
		first = 0;
	}
	if (first)
		return lexer_fail(lx, start, "Invalid or unexpected token");
	tok->escaped = escaped;
	tok->kw = lexer_kw(lx->buf, lx->buf_len);
	return lexer_dup(lx, &tok->val, lx->buf, lx->buf_len, start);
}

/* Punctuator at lx->pos; returns 0 or -1. */
static int
lexer_punct(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	size_t p = lx->pos, rem = lx->len - p;
	unsigned char b = s[p], b1 = rem > 1 ? s[p + 1] : 0,
		      b2 = rem > 2 ? s[p + 2] : 0, b3 = rem > 3 ? s[p + 3] : 0;
	enum tok t;
	size_t n = 1;

	switch (b) {
	case '{':
		t = T_LBRACE;
		break;
	case '}':
		t = T_RBRACE;
		break;
	case '(':
		t = T_LPAREN;
		break;
	case ')':
		t = T_RPAREN;
		break;
	case '[':
		t = T_LBRACK;
		break;
	case ']':
		t = T_RBRACK;
		break;
	case ';':
		t = T_SEMI;
		break;
	case ',':
		t = T_COMMA;
		break;
	case ':':
		t = T_COLON;
		break;
	case '~':
		t = T_TILDE;
		break;
	case '.':
		if (b1 == '.' && b2 == '.') {
			t = T_ELLIPSIS;
			n = 3;
		} else {
			t = T_DOT;
		}
		break;
	case '<':
		if (b1 == '<') {
			if (b2 == '=')
				t = T_SHL_EQ, n = 3;
			else
				t = T_SHL, n = 2;
		} else if (b1 == '=') {
			t = T_LE, n = 2;
		} else {
			t = T_LT;
		}
		break;
	case '>':
		if (b1 == '>') {
			if (b2 == '>') {
				if (b3 == '=')
					t = T_USHR_EQ, n = 4;
				else
					t = T_USHR, n = 3;
			} else if (b2 == '=') {
				t = T_SHR_EQ, n = 3;
			} else {
				t = T_SHR, n = 2;
			}
		} else if (b1 == '=') {
			t = T_GE, n = 2;
		} else {
			t = T_GT;
		}
		break;
	case '=':
		if (b1 == '=')
			t = b2 == '=' ? T_SEQ : T_EQ, n = b2 == '=' ? 3 : 2;
		else if (b1 == '>')
			t = T_ARROW, n = 2;
		else
			t = T_ASSIGN;
		break;
	case '!':
		if (b1 == '=')
			t = b2 == '=' ? T_SNE : T_NE, n = b2 == '=' ? 3 : 2;
		else
			t = T_BANG;
		break;
	case '+':
		if (b1 == '+')
			t = T_INC, n = 2;
		else if (b1 == '=')
			t = T_PLUS_EQ, n = 2;
		else
			t = T_PLUS;
		break;
	case '-':
		if (b1 == '-')
			t = T_DEC, n = 2;
		else if (b1 == '=')
			t = T_MINUS_EQ, n = 2;
		else
			t = T_MINUS;
		break;
	case '*':
		if (b1 == '*')
			t = b2 == '=' ? T_STARSTAR_EQ : T_STARSTAR,
			n = b2 == '=' ? 3 : 2;
		else if (b1 == '=')
			t = T_STAR_EQ, n = 2;
		else
			t = T_STAR;
		break;
	case '/':
		if (b1 == '=')
			t = T_SLASH_EQ, n = 2;
		else
			t = T_SLASH;
		break;
	case '%':
		if (b1 == '=')
			t = T_PERCENT_EQ, n = 2;
		else
			t = T_PERCENT;
		break;
	case '&':
		if (b1 == '&')
			t = b2 == '=' ? T_ANDAND_EQ : T_ANDAND,
			n = b2 == '=' ? 3 : 2;
		else if (b1 == '=')
			t = T_AMP_EQ, n = 2;
		else
			t = T_AMP;
		break;
	case '|':
		if (b1 == '|')
			t = b2 == '=' ? T_OROR_EQ : T_OROR,
			n = b2 == '=' ? 3 : 2;
		else if (b1 == '=')
			t = T_PIPE_EQ, n = 2;
		else
			t = T_PIPE;
		break;
	case '^':
		if (b1 == '=')
			t = T_CARET_EQ, n = 2;
		else
			t = T_CARET;
		break;
	case '?':
		if (b1 == '?')
			t = b2 == '=' ? T_NULLISH_EQ : T_NULLISH,
			n = b2 == '=' ? 3 : 2;
		else if (b1 == '.' && !(b2 >= '0' && b2 <= '9'))
			t = T_OPTCHAIN, n = 2;
		else
			t = T_QUESTION;
		break;
	default:
		return lexer_fail(lx, p, "Invalid or unexpected token");
	}
	tok->type = t;
	lx->pos += n;
	return 0;
}

int
lexer_next(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	unsigned char b;

	memset(tok, 0, sizeof(*tok));
	if (lexer_skip(lx, tok) < 0)
		return -1;
	tok->start = (uint32_t)lx->pos;
	tok->line = lx->tok_line = lx->line;
	tok->col = lx->tok_col = lexer_col(lx, lx->pos);
	if (lx->pos >= lx->len) {
		tok->type = T_EOF;
		tok->end = tok->start;
		return 0;
	}
	b = s[lx->pos];
	if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '$' ||
	    b == '_' || b == '\\' || b >= 0x80) {
		tok->type = T_NAME;
		if (lexer_ident(lx, tok) < 0)
			return -1;
	} else if ((b >= '0' && b <= '9') ||
	    (b == '.' && lx->pos + 1 < lx->len && s[lx->pos + 1] >= '0' &&
		s[lx->pos + 1] <= '9')) {
		if (lexer_number(lx, tok) < 0)
			return -1;
	} else if (b == '"' || b == '\'') {
		if (lexer_string(lx, tok) < 0)
			return -1;
	} else if (b == '`') {
		lx->pos++;
		if (lexer_template_chunk(lx, tok, tok->start) < 0)
			return -1;
	} else if (b == '#') {
		lx->pos++;
		if (lx->pos >= lx->len ||
		    !(s[lx->pos] == '\\' || s[lx->pos] >= 0x80 ||
			lexer_id_start(s[lx->pos])))
			return lexer_fail(
			    lx, tok->start, "Invalid or unexpected token");
		tok->type = T_PRIVATE;
		if (lexer_ident(lx, tok) < 0)
			return -1;
		tok->kw = KW_NONE;
	} else if (lexer_punct(lx, tok) < 0) {
		return -1;
	}
	tok->end = (uint32_t)lx->pos;
	return 0;
}
