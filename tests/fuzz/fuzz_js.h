/*
 * JavaScript source from fuzz bytes, shared by the harnesses of the front
 * end (fuzz_parser.c, fuzz_lower.c). data[0] is the harness's own (goal,
 * flags); with its bit 7 set the rest maps byte by byte onto JavaScript
 * tokens, so random input gets past the lexer into the grammar's corners;
 * else the rest is the source, copied to an exact-size buffer so a read
 * past its end shows under ASan.
 */
#ifndef FUZZ_JS_H
#define FUZZ_JS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const fuzz_tokens[] = {
	"(",
	")",
	"{",
	"}",
	"[",
	"]",
	";",
	",",
	"=>",
	"...",
	".",
	"?.",
	"?",
	":",
	"=",
	"+=",
	"?\?=",
	"||",
	"&&",
	"?\?",
	"**",
	"+",
	"-",
	"++",
	"!",
	"/",
	"/x/g",
	"`a${",
	"}`",
	"`t`",
	"a",
	"b",
	"async",
	"await",
	"yield",
	"function",
	"function*",
	"class",
	"extends",
	"super",
	"new",
	"target",
	"import",
	"export",
	"default",
	"from",
	"as",
	"let",
	"const",
	"var",
	"for",
	"of",
	"in",
	"if",
	"else",
	"return",
	"break",
	"continue",
	"label:",
	"get",
	"set",
	"static",
	"#p",
	"this",
	"1",
	"0x1n",
	"'s'",
	"\"use strict\";",
	"\n",
	" ",
	"try",
	"catch",
	"finally",
	"throw",
	"switch",
	"case",
	"delete",
	"typeof",
	"while",
	"do",
	"\\u0061",
	"arguments",
	"eval",
	"meta",
	"__proto__:",
};

/* The source for data[1..]: malloc'd (the caller frees), its length in
 * *len; NULL when size is 0 or memory ran out. */
static char *
fuzz_js_source(const uint8_t *data, size_t size, size_t *len)
{
	size_t i, n = sizeof(fuzz_tokens) / sizeof(fuzz_tokens[0]);
	char *src;

	*len = 0;
	if (size == 0)
		return NULL;
	if (data[0] & 0x80) {
		if ((src = malloc(size * 16 + 1)) == NULL)
			return NULL;
		for (i = 1; i < size; i++) {
			const char *t = fuzz_tokens[data[i] % n];
			size_t tl = strlen(t);

			memcpy(src + *len, t, tl);
			*len += tl;
			src[(*len)++] = ' ';
		}
		return src;
	}
	*len = size - 1;
	if ((src = malloc(*len ? *len : 1)) == NULL)
		return NULL;
	memcpy(src, data + 1, *len);
	return src;
}

#endif
