/*
 * The entry's leading import block, lifted a line at a time. An import
 * declaration may span lines; the line it ends on goes with it whole,
 * trailing code included. Blank and comment-only lines go with the imports
 * when another import follows them, and stay with the body otherwise.
 */
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "imports.h"

static int
imports_ident_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

/* Skips whitespace, line breaks and comments; returns the next significant
 * offset. */
static size_t
imports_skip_trivia(const char *s, size_t len, size_t i)
{
	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\v' || c == '\f') {
			i++;
		} else if (c == 0xef && i + 2 < len &&
		    (unsigned char)s[i + 1] == 0xbb &&
		    (unsigned char)s[i + 2] == 0xbf) {
			i += 3; /* a byte-order mark */
		} else if (c == '/' && i + 1 < len && s[i + 1] == '/') {
			while (i < len && s[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
			const char *end = NULL;
			size_t j;

			for (j = i + 2; j + 1 < len; j++)
				if (s[j] == '*' && s[j + 1] == '/') {
					end = s + j;
					break;
				}
			if (end == NULL)
				return len; /* unterminated: nothing significant
					       left */
			i = (size_t)(end - s) + 2;
		} else
			break;
	}
	return i;
}

/* Offset just past the string literal opening at `i`, or `len` if it never
 * closes. */
static size_t
imports_skip_string(const char *s, size_t len, size_t i)
{
	char q = s[i++];

	while (i < len && s[i] != q) {
		if (s[i] == '\\' && i + 1 < len)
			i++;
		else if (s[i] == '\n')
			return len;
		i++;
	}
	return i < len ? i + 1 : len;
}

size_t
imports_declaration_end(const char *s, size_t len, size_t pos)
{
	size_t i;
	int depth = 0;

	if (len - pos < 6 || strncmp(s + pos, "import", 6) != 0)
		return 0;
	i = pos + 6;
	if (i < len && imports_ident_char((unsigned char)s[i]))
		return 0; /* "imports", "import_x", ... */
	i = imports_skip_trivia(s, len, i);
	if (i < len && (s[i] == '(' || s[i] == '.'))
		return 0; /* import(...) and import.meta */
	while ((i = imports_skip_trivia(s, len, i)) < len) {
		char c = s[i];

		if (c == '"' || c == '\'') {
			i = imports_skip_string(s, len, i);
			/* A quoted name inside braces is a binding, not the
			 * specifier. */
			if (depth == 0)
				return i;
			continue;
		}
		if (c == '{')
			depth++;
		else if (c == '}' && depth > 0)
			depth--;
		else if (c == ';' && depth == 0)
			return len; /* "import x;" has no specifier: malformed
				     */
		i++;
	}
	return len;
}

static char *
imports_dup(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int
cm_separate_imports(const char *code, size_t len, struct cm_imports *out)
{
	size_t pos = 0, lifted = 0, body = 0, at, end;

	if (out == NULL)
		return -1;
	memset(out, 0, sizeof(*out));
	if (code == NULL)
		len = 0;
	for (;;) {
		at = imports_skip_trivia(code, len, pos);
		if (at >= len ||
		    (end = imports_declaration_end(code, len, at)) == 0)
			break;
		/* The line the declaration ends on is lifted whole. */
		while (end < len && code[end] != '\n')
			end++;
		lifted = end;
		body = end < len ? end + 1 : len;
		pos = body;
		if (end >= len)
			break;
	}
	/* The break between the blocks belongs to neither; so does its CR. */
	if (lifted > 0 && lifted < len && code[lifted] == '\n' &&
	    code[lifted - 1] == '\r')
		lifted--;
	out->imports = imports_dup(code ? code : "", lifted);
	out->imports_len = lifted;
	out->body = imports_dup(code ? code + body : "", len - body);
	out->body_len = len - body;
	if (out->imports == NULL || out->body == NULL) {
		cm_imports_clear(out);
		return -1;
	}
	return 0;
}

void
cm_imports_clear(struct cm_imports *imp)
{
	if (imp == NULL)
		return;
	free(imp->imports);
	free(imp->body);
	memset(imp, 0, sizeof(*imp));
}
