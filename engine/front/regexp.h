/*
 * The RegExp translator: JavaScript (ES2022) regular-expression syntax in,
 * a pattern Duktape 2.7's RegExp accepts out. A pure codec on (buf, len).
 *
 * Translated: named groups (?<n>...) become plain groups (names returned in
 * order), \k<n> a numbered backreference (?:\N); the s flag rewrites `.`
 * outside classes to [\s\S]; under u, \u{X} becomes \uXXXX (a surrogate
 * pair outside classes above U+FFFF) and \p{..}/\P{..} become character
 * classes from engine/front/regexp_unicode.h: the general categories (L, Lu,
 * Ll, Lt, Lm, Lo, M.., N, Nd, Nl, No, P.., S.., Z.., Cc, Cf, long names too,
 * gc=/General_Category=), White_Space, Alphabetic, Uppercase, Lowercase,
 * ASCII_Hex_Digit, ASCII, Any, and Script=/sc= Latin, Greek, Cyrillic, Han,
 * Arabic, Hebrew, Hiragana, Katakana, Hangul, Thai, Devanagari, Common;
 * BMP code points only. Output flags are the g, i, m given (plus g for y:
 * the wrapper emulates sticky and d; s and u are consumed here).
 * Refused with an error naming the feature: lookbehind, \p of another
 * property, Script_Extensions, code points above U+FFFF inside a class,
 * duplicate or unknown group names, bad flags.
 */
#ifndef REGEXP_H
#define REGEXP_H

#include <stddef.h>

struct regexp_result {
	char *source; /* malloc'd, NUL-terminated */
	size_t source_len;
	char flags[8]; /* what Duktape accepts: a subset of "gim" */
	char **names; /* ngroups entries: group i+1's name, or NULL */
	size_t ngroups;
	char error[128]; /* on failure: e.g. "lookbehind is not supported" */
};

/*
 * Translates len bytes of pattern with the given flags. Returns 0 and fills
 * *out, or -1 with out->error set. Either way the caller calls
 * regexp_result_free(out).
 */
int regexp_translate(const char *src, size_t len, const char *flags,
    size_t flen, struct regexp_result *out);

void regexp_result_free(struct regexp_result *out);

#endif
