/*
 * The lexer's literals: numbers (with separators, legacy octal, BigInt),
 * string and template escapes, template chunks and regular expressions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "lexer_int.h"

/*
 * Reads digits of a radix with numeric separators into the scratch buffer
 * (separators dropped). Returns the count of digits, or -1 on a misplaced
 * separator.
 */
static long
lexer_digits(struct lexer *lx, int radix, int allow_sep)
{
	const unsigned char *s = lx->src;
	long count = 0;
	int h;

	while (lx->pos < lx->len) {
		unsigned char b = s[lx->pos];

		if (b == '_' && allow_sep) {
			if (count == 0 || lx->pos + 1 >= lx->len ||
			    (h = lexer_hexval(s[lx->pos + 1])) < 0 ||
			    h >= radix)
				return -1;
			lx->pos++;
			continue;
		}
		if ((h = lexer_hexval(b)) < 0 || h >= radix)
			break;
		if (lexer_buf_put(lx, &b, 1) < 0)
			return -1;
		count++;
		lx->pos++;
	}
	return count;
}

int
lexer_number(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	size_t start = lx->pos, i, n;
	int radix = 10, is_float = 0;
	double v = 0;

	lx->buf_len = 0;
	tok->type = T_NUM;
	if (s[start] == '0' && start + 1 < lx->len &&
	    strchr("xXoObB", s[start + 1]) != NULL && s[start + 1] != 0) {
		char r = (char)(s[start + 1] | 0x20);

		radix = r == 'x' ? 16 : r == 'o' ? 8 : 2;
		lx->pos += 2;
		if (lexer_digits(lx, radix, 1) <= 0)
			return lexer_fail(
			    lx, start, "Invalid or unexpected token");
		for (i = 0; i < lx->buf_len; i++)
			v = v * radix + lexer_hexval(lx->buf[i]);
		if (lx->pos < lx->len && s[lx->pos] == 'n') {
			lx->pos++;
			tok->type = T_BIGINT;
		}
	} else if (s[start] == '0' && start + 1 < lx->len &&
	    s[start + 1] >= '0' && s[start + 1] <= '9') {
		/* Legacy octal (017) or a decimal with a leading zero (08). */
		int octal = 1;

		for (i = start + 1; i < lx->len && s[i] >= '0' && s[i] <= '9';
		     i++)
			if (s[i] >= '8')
				octal = 0;
		if (i < lx->len && s[i] == '_')
			return lexer_fail(lx, i,
			    "Numeric separator can not be used after leading "
			    "0.");
		tok->octal = 1;
		if (octal) {
			for (i = start + 1; lx->pos = i,
			    i < lx->len && s[i] >= '0' && s[i] <= '7';
			     i++)
				v = v * 8 + (s[i] - '0');
			lx->pos = i;
		} else {
			tok->legacy_num = 1;
			radix = 10;
			goto decimal;
		}
	} else {
		if (s[start] == '0' && start + 1 < lx->len &&
		    s[start + 1] == '_')
			return lexer_fail(lx, start + 1,
			    "Numeric separator can not be used after leading "
			    "0.");
	decimal:
		if (s[lx->pos] != '.') {
			if (lexer_digits(lx, 10, !tok->legacy_num) < 0)
				return lexer_fail(
				    lx, lx->pos, "Invalid numeric separator");
		}
		if (lx->pos < lx->len && s[lx->pos] == '.') {
			lx->pos++;
			is_float = 1;
			if (lexer_buf_put(lx, ".", 1) < 0)
				return lexer_oom(lx, start);
			if (lx->pos < lx->len && s[lx->pos] == '_')
				return lexer_fail(
				    lx, lx->pos, "Invalid numeric separator");
			if (lexer_digits(lx, 10, 1) < 0)
				return lexer_fail(
				    lx, lx->pos, "Invalid numeric separator");
		}
		if (lx->pos < lx->len && (s[lx->pos] | 0x20) == 'e') {
			is_float = 1;
			lx->pos++;
			if (lexer_buf_put(lx, "e", 1) < 0)
				return lexer_oom(lx, start);
			if (lx->pos < lx->len &&
			    (s[lx->pos] == '+' || s[lx->pos] == '-')) {
				if (lexer_buf_put(lx, s + lx->pos, 1) < 0)
					return lexer_oom(lx, start);
				lx->pos++;
			}
			if (lexer_digits(lx, 10, 1) <= 0)
				return lexer_fail(
				    lx, start, "Invalid or unexpected token");
		}
		if (lx->pos < lx->len && s[lx->pos] == 'n' && !is_float &&
		    !tok->legacy_num) {
			lx->pos++;
			tok->type = T_BIGINT;
		}
		if (lexer_buf_put(lx, "", 1) < 0)
			return lexer_oom(lx, start);
		v = strtod(lx->buf, NULL);
	}
	if (lx->pos < lx->len) {
		uint32_t c = lexer_utf8(lx, lx->pos, &n);
		if (lexer_id_start(c) || c == '\\' || (c >= '0' && c <= '9'))
			return lexer_fail(
			    lx, lx->pos, "Invalid or unexpected token");
	}
	tok->num = v;
	if (tok->type == T_BIGINT) {
		/* The value as ESTree's bigint: digits without separators. */
		char pre[2] = { '0', 0 };
		size_t digits_len = lx->buf_len;

		if (radix != 10) {
			pre[1] = (char)(radix == 16 ? 'x'
				: radix == 8	    ? 'o'
						    : 'b');
			if (lexer_buf_put(lx, pre, 2) < 0)
				return lexer_oom(lx, start);
			memmove(lx->buf + 2, lx->buf, digits_len);
			memcpy(lx->buf, pre, 2);
		} else if (digits_len > 0 && lx->buf[digits_len - 1] == 0) {
			digits_len--;
		}
		return lexer_dup(lx, &tok->val, lx->buf,
		    radix != 10 ? digits_len + 2 : digits_len, start);
	}
	return 0;
}

/*
 * Decodes the escape after the backslash at lx->pos (pointing at the
 * character after '\'). in_tpl: template rules (no octal). Returns 0,
 * 1 when the escape is invalid (position in *bad), -1 on OOM.
 */
static int
lexer_escape(struct lexer *lx, struct token *tok, int in_tpl, size_t *bad)
{
	const unsigned char *s = lx->src;
	size_t at = lx->pos, n;
	unsigned char b = s[at];
	uint32_t c;
	long u;
	int h1, h2;

	switch (b) {
	case 'n':
		c = '\n';
		lx->pos++;
		break;
	case 't':
		c = '\t';
		lx->pos++;
		break;
	case 'r':
		c = '\r';
		lx->pos++;
		break;
	case 'b':
		c = '\b';
		lx->pos++;
		break;
	case 'f':
		c = '\f';
		lx->pos++;
		break;
	case 'v':
		c = '\v';
		lx->pos++;
		break;
	case '\r':
		lx->pos++;
		if (lx->pos < lx->len && s[lx->pos] == '\n')
			lx->pos++;
		lexer_newline(lx, lx->pos);
		return 0;
	case '\n':
		lx->pos++;
		lexer_newline(lx, lx->pos);
		return 0;
	case 'x':
		if (at + 2 >= lx->len || (h1 = lexer_hexval(s[at + 1])) < 0 ||
		    (h2 = lexer_hexval(s[at + 2])) < 0) {
			*bad = at;
			lx->pos++;
			return 1;
		}
		c = (uint32_t)(h1 * 16 + h2);
		lx->pos += 3;
		break;
	case 'u':
		if ((u = lexer_read_u(lx, &lx->pos)) < 0) {
			*bad = at;
			lx->pos = at + 1;
			return 1;
		}
		c = (uint32_t)u;
		/* Join an escaped surrogate pair into one code point. */
		if (c >= 0xD800 && c <= 0xDBFF && lx->pos + 1 < lx->len &&
		    s[lx->pos] == '\\' && s[lx->pos + 1] == 'u') {
			size_t p2 = lx->pos + 1;
			long lo = lexer_read_u(lx, &p2);

			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) +
				    (uint32_t)(lo - 0xDC00);
				lx->pos = p2;
			}
		}
		break;
	default:
		if (b >= '0' && b <= '9') {
			int next_digit = at + 1 < lx->len && s[at + 1] >= '0' &&
			    s[at + 1] <= '9';

			if (b == '0' && !next_digit) {
				c = 0;
				lx->pos++;
				break;
			}
			if (in_tpl) {
				*bad = at;
				lx->pos++;
				return 1;
			}
			tok->octal = 1;
			if (b >= '8') {
				c = b;
				lx->pos++;
				break;
			}
			/* Legacy octal: up to 3 digits, value <= 0377. */
			c = (uint32_t)(b - '0');
			lx->pos++;
			if (lx->pos < lx->len && s[lx->pos] >= '0' &&
			    s[lx->pos] <= '7') {
				c = c * 8 + (s[lx->pos++] - '0');
				if (b <= '3' && lx->pos < lx->len &&
				    s[lx->pos] >= '0' && s[lx->pos] <= '7')
					c = c * 8 + (s[lx->pos++] - '0');
			}
			break;
		}
		c = lexer_utf8(lx, at, &n);
		lx->pos += n;
		if (c == 0x2028 || c == 0x2029) {
			lexer_newline(lx, lx->pos);
			return 0;
		}
		if (c == 0xFFFD && n == 1)
			return lexer_buf_put(lx, "\xEF\xBF\xBD", 3);
		return lexer_buf_put(lx, s + at, n);
	}
	return lexer_buf_cp(lx, c);
}

int
lexer_string(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	unsigned char q = s[lx->pos];
	size_t start = lx->pos, seg, n;
	size_t bad = 0;
	int r;

	lx->pos++;
	tok->type = T_STRING;
	lx->buf_len = 0;
	seg = lx->pos;
	for (;;) {
		unsigned char b;

		if (lx->pos >= lx->len)
			return lexer_fail(
			    lx, start, "Unterminated string constant");
		b = s[lx->pos];
		if (b == q)
			break;
		if (b == '\n' || b == '\r')
			return lexer_fail(
			    lx, start, "Unterminated string constant");
		if (b == '\\') {
			if (lexer_buf_put(lx, s + seg, lx->pos - seg) < 0)
				return lexer_oom(lx, start);
			lx->pos++;
			if (lx->pos >= lx->len)
				return lexer_fail(
				    lx, start, "Unterminated string constant");
			if ((r = lexer_escape(lx, tok, 0, &bad)) < 0)
				return lexer_oom(lx, start);
			if (r > 0) {
				lx->pos = bad;
				return lexer_fail(lx, bad - 1,
				    s[bad] == 'x'
					? "Invalid hexadecimal escape sequence"
					: "Invalid Unicode escape sequence");
			}
			seg = lx->pos;
			continue;
		}
		if (b >= 0x80) {
			uint32_t c = lexer_utf8(lx, lx->pos, &n);
			if (c == 0xFFFD && n == 1) {
				if (lexer_buf_put(lx, s + seg, lx->pos - seg) <
					0 ||
				    lexer_buf_put(lx, "\xEF\xBF\xBD", 3) < 0)
					return lexer_oom(lx, start);
				seg = lx->pos + 1;
			} else if (c == 0x2028 || c == 0x2029) {
				/* Allowed in strings since ES2019. */
				lx->pos += n;
				if (lexer_buf_put(lx, s + seg, lx->pos - seg) <
				    0)
					return lexer_oom(lx, start);
				lexer_newline(lx, lx->pos);
				seg = lx->pos;
				continue;
			}
			lx->pos += n;
			continue;
		}
		lx->pos++;
	}
	if (lexer_buf_put(lx, s + seg, lx->pos - seg) < 0)
		return lexer_oom(lx, start);
	lx->pos++;
	return lexer_dup(lx, &tok->val, lx->buf, lx->buf_len, start);
}

/*
 * Reads a template chunk from lx->pos (just after '`' or '}') up to and
 * including '`' or '${'.
 */
int
lexer_template_chunk(struct lexer *lx, struct token *tok, size_t start)
{
	const unsigned char *s = lx->src;
	size_t seg, rawlen, n;
	size_t bad = 0;
	char *raw;
	int r;

	tok->type = T_TEMPLATE;
	tok->bad_escape = 0;
	tok->tail = 0;
	lx->buf_len = 0;
	seg = lx->pos;
	for (;;) {
		unsigned char b;

		if (lx->pos >= lx->len)
			return lexer_fail(lx, start, "Unterminated template");
		b = s[lx->pos];
		if (b == '`') {
			tok->tail = 1;
			break;
		}
		if (b == '$' && lx->pos + 1 < lx->len && s[lx->pos + 1] == '{')
			break;
		if (b == '\\') {
			if (lexer_buf_put(lx, s + seg, lx->pos - seg) < 0)
				return lexer_oom(lx, start);
			lx->pos++;
			if (lx->pos >= lx->len)
				return lexer_fail(
				    lx, start, "Unterminated template");
			if ((r = lexer_escape(lx, tok, 1, &bad)) < 0)
				return lexer_oom(lx, start);
			if (r > 0)
				tok->bad_escape = 1;
			seg = lx->pos;
			continue;
		}
		if (b == '\r') {
			if (lexer_buf_put(lx, s + seg, lx->pos - seg) < 0 ||
			    lexer_buf_put(lx, "\n", 1) < 0)
				return lexer_oom(lx, start);
			lx->pos++;
			if (lx->pos < lx->len && s[lx->pos] == '\n')
				lx->pos++;
			lexer_newline(lx, lx->pos);
			seg = lx->pos;
			continue;
		}
		if (b == '\n') {
			lx->pos++;
			lexer_newline(lx, lx->pos);
			continue;
		}
		if (b >= 0x80) {
			uint32_t c = lexer_utf8(lx, lx->pos, &n);
			if (c == 0xFFFD && n == 1) {
				if (lexer_buf_put(lx, s + seg, lx->pos - seg) <
					0 ||
				    lexer_buf_put(lx, "\xEF\xBF\xBD", 3) < 0)
					return lexer_oom(lx, start);
				seg = lx->pos + 1;
			} else if (c == 0x2028 || c == 0x2029) {
				lx->pos += n;
				lexer_newline(lx, lx->pos);
				continue;
			}
			lx->pos += n;
			continue;
		}
		lx->pos++;
	}
	if (lexer_buf_put(lx, s + seg, lx->pos - seg) < 0)
		return lexer_oom(lx, start);
	if (tok->bad_escape)
		tok->val = (struct ast_str){ NULL, 0 };
	else if (lexer_dup(lx, &tok->val, lx->buf, lx->buf_len, start) < 0)
		return -1;
	/* Raw: the source text with CRLF and CR turned into LF. */
	lx->buf_len = 0;
	for (seg = start + 1; seg < lx->pos; seg++) {
		if (s[seg] == '\r') {
			if (seg + 1 < lx->pos && s[seg + 1] == '\n')
				seg++;
			if (lexer_buf_put(lx, "\n", 1) < 0)
				return lexer_oom(lx, start);
		} else if (lexer_buf_put(lx, s + seg, 1) < 0) {
			return lexer_oom(lx, start);
		}
	}
	raw = lx->buf;
	rawlen = lx->buf_len;
	if (lexer_dup(lx, &tok->raw, raw, rawlen, start) < 0)
		return -1;
	lx->pos += tok->tail ? 1 : 2;
	tok->end = (uint32_t)lx->pos;
	return 0;
}

int
lexer_template_continue(struct lexer *lx, struct token *tok)
{
	lx->pos = tok->start + 1;
	lx->tok_line = tok->line;
	lx->tok_col = tok->col;
	return lexer_template_chunk(lx, tok, tok->start);
}

int
lexer_regex(struct lexer *lx, struct token *tok)
{
	const unsigned char *s = lx->src;
	size_t start = tok->start, fstart, n, i;
	int in_class = 0;
	uint32_t c;

	lx->pos = start + 1;
	for (;;) {
		unsigned char b;

		if (lx->pos >= lx->len)
			return lexer_fail(
			    lx, start, "Invalid regular expression: missing /");
		b = s[lx->pos];
		if (b == '\n' || b == '\r')
			return lexer_fail(
			    lx, start, "Invalid regular expression: missing /");
		if (b >= 0x80) {
			c = lexer_utf8(lx, lx->pos, &n);
			if (c == 0x2028 || c == 0x2029)
				return lexer_fail(lx, start,
				    "Invalid regular expression: missing /");
			lx->pos += n;
			continue;
		}
		if (b == '\\') {
			lx->pos++;
			if (lx->pos >= lx->len || s[lx->pos] == '\n' ||
			    s[lx->pos] == '\r')
				return lexer_fail(lx, start,
				    "Invalid regular expression: missing /");
			c = lexer_utf8(lx, lx->pos, &n);
			if (c == 0x2028 || c == 0x2029)
				return lexer_fail(lx, start,
				    "Invalid regular expression: missing /");
			lx->pos += n;
			continue;
		}
		if (b == '[')
			in_class = 1;
		else if (b == ']')
			in_class = 0;
		else if (b == '/' && !in_class)
			break;
		lx->pos++;
	}
	if (lexer_dup(
		lx, &tok->val, s + start + 1, lx->pos - start - 1, start) < 0)
		return -1;
	lx->pos++;
	fstart = lx->pos;
	while (lx->pos < lx->len) {
		c = lexer_utf8(lx, lx->pos, &n);
		if (c == '\\')
			return lexer_fail(
			    lx, start, "Invalid regular expression flags");
		if (!lexer_id_part(c))
			break;
		lx->pos += n;
	}
	for (i = fstart; i < lx->pos; i++) {
		if (strchr("dgimsuvy", s[i]) == NULL || s[i] == 0 ||
		    memchr(s + fstart, s[i], i - fstart) != NULL)
			return lexer_fail(
			    lx, start, "Invalid regular expression flags");
	}
	if (lexer_dup(lx, &tok->raw, s + fstart, lx->pos - fstart, start) < 0)
		return -1;
	tok->type = T_REGEX;
	tok->end = (uint32_t)lx->pos;
	return 0;
}
