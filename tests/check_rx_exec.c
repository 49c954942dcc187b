/*
 * engine/regexp (rx): what patterns match. Each case compiles a pattern
 * (UTF-8 here, UTF-16 to rx), runs it on a subject and compares every
 * capture, written "whole|group1|..." with "~" for a group that did not
 * participate, or "null" for no match. Subjects may spell a lone code unit
 * as \uXXXX (a backslash in the C string).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regexp/rx.h"

/* UTF-8 to UTF-16; `esc` turns \uXXXX into that unit. */
static size_t
to16(const char *s, uint16_t *out, size_t cap, int esc)
{
	size_t n = 0;
	const unsigned char *p = (const unsigned char *)s;

	while (*p && n + 2 < cap) {
		uint32_t c = *p;
		int k = 0;
		if (esc && p[0] == '\\' && p[1] == 'u') {
			char hex[5];
			memcpy(hex, p + 2, 4);
			hex[4] = '\0';
			out[n++] = (uint16_t)strtoul(hex, NULL, 16);
			p += 6;
			continue;
		}
		if (c >= 0xf0) {
			c &= 7;
			k = 3;
		} else if (c >= 0xe0) {
			c &= 15;
			k = 2;
		} else if (c >= 0xc0) {
			c &= 31;
			k = 1;
		}
		p++;
		while (k-- > 0)
			c = c << 6 | (*p++ & 63);
		if (c >= 0x10000) {
			out[n++] = (uint16_t)(0xd800 + ((c - 0x10000) >> 10));
			out[n++] = (uint16_t)(0xdc00 + ((c - 0x10000) & 0x3ff));
		} else {
			out[n++] = (uint16_t)c;
		}
	}
	return n;
}

/* UTF-16 to UTF-8 (lone surrogates as \uXXXX), appended to out. */
static void
from16(const uint16_t *s, size_t n, char *out, size_t cap)
{
	size_t o = strlen(out), i;

	for (i = 0; i < n && o + 8 < cap; i++) {
		uint32_t c = s[i];
		if (c >= 0xd800 && c <= 0xdbff && i + 1 < n &&
		    s[i + 1] >= 0xdc00 && s[i + 1] <= 0xdfff) {
			c = 0x10000 + ((c - 0xd800) << 10) +
			    (s[i + 1] - 0xdc00);
			i++;
		} else if (c >= 0xd800 && c <= 0xdfff) {
			o += (size_t)snprintf(out + o, cap - o, "\\u%04X", c);
			continue;
		}
		if (c < 0x80) {
			out[o++] = (char)c;
		} else if (c < 0x800) {
			out[o++] = (char)(0xc0 | c >> 6);
			out[o++] = (char)(0x80 | (c & 63));
		} else if (c < 0x10000) {
			out[o++] = (char)(0xe0 | c >> 12);
			out[o++] = (char)(0x80 | ((c >> 6) & 63));
			out[o++] = (char)(0x80 | (c & 63));
		} else {
			out[o++] = (char)(0xf0 | c >> 18);
			out[o++] = (char)(0x80 | ((c >> 12) & 63));
			out[o++] = (char)(0x80 | ((c >> 6) & 63));
			out[o++] = (char)(0x80 | (c & 63));
		}
	}
	out[o] = '\0';
}

static unsigned
flagbits(const char *f)
{
	unsigned b = 0;
	for (; *f; f++)
		b |= *f == 'g'	? RX_G
		    : *f == 'i' ? RX_I
		    : *f == 'm' ? RX_M
		    : *f == 's' ? RX_S
		    : *f == 'u' ? RX_U
		    : *f == 'v' ? RX_V
		    : *f == 'y' ? RX_Y
		    : *f == 'd' ? RX_D
				: 0;
	return b;
}

static uint16_t pat16[4096], subj16[65536];
static int caps[2 * 1024];

/* Runs pat/flags on subj from start; the captures as text. */
static const char *
run_at(const char *pat, const char *flags, const char *subj, size_t start)
{
	static char out[8192];
	struct rx_error err;
	rx_prog *p;
	size_t pl = to16(pat, pat16, 4096, 0),
	       sl = to16(subj, subj16, 65536, 1);
	int rc, k;

	out[0] = '\0';
	rc = rx_compile(pat16, pl, flagbits(flags), NULL, &p, &err);
	if (rc != 0) {
		snprintf(out, sizeof(out), "error %d: %s", err.pos, err.msg);
		return out;
	}
	rc = rx_exec(p, subj16, sl, start, caps, NULL);
	if (rc == 0) {
		snprintf(out, sizeof(out), "null");
	} else if (rc < 0) {
		snprintf(out, sizeof(out), "exec %d", rc);
	} else {
		for (k = 0; k < rx_ngroups(p); k++) {
			if (k > 0)
				strcat(out, "|");
			if (caps[2 * k] < 0)
				strcat(out, "~");
			else
				from16(subj16 + caps[2 * k],
				    (size_t)(caps[2 * k + 1] - caps[2 * k]),
				    out, sizeof(out));
		}
	}
	rx_free(p);
	return out;
}

static const char *
run(const char *pat, const char *flags, const char *subj)
{
	return run_at(pat, flags, subj, 0);
}

#define M(pat, flags, subj, want)                                              \
	ck_assert_msg(strcmp(run((pat), (flags), (subj)), (want)) == 0,        \
	    "/%s/%s on \"%s\": got %s, want %s", (pat), (flags), (subj),       \
	    run((pat), (flags), (subj)), (want))

/* The offset of the match, or -1. */
static int
index_of(const char *pat, const char *flags, const char *subj, size_t start)
{
	const char *r = run_at(pat, flags, subj, start);
	if (strcmp(r, "null") == 0)
		return -1;
	return caps[0];
}

START_TEST(test_basics)
{
	M("abc", "", "xxabcxx", "abc");
	M("abc", "", "ab", "null");
	M("", "", "x", "");
	M("a|b|c", "", "zzc", "c");
	M("a(b)c", "", "abc", "abc|b");
	M("(a)|(b)", "", "b", "b|~|b");
	M("a.c", "", "a\nc", "null");
	M("a.c", "s", "a\nc", "a\nc");
	M("a.c", "", "a\u2028c", "null");
	M("[a-c]+", "", "xxbcaz", "bca");
	M("[^a-c]+", "", "abxyc", "xy");
	M("\\d+\\s\\w+", "", "x 12 ab!", "12 ab");
	M("\\D\\S\\W", "", "1a ", "null");
	M("\\D\\S\\W", "", "a! ", "a! ");
	M("[]", "", "a", "null");
	M("[^]", "", "\n", "\n");
	M("\\bfoo\\b", "", "a foo b", "foo");
	M("\\bfoo\\b", "", "afoo b", "null");
	M("\\Boo\\B", "", "foox", "oo");
	M("^a", "", "ba", "null");
	M("^b", "m", "a\nb", "b");
	M("a$", "", "a\nb", "null");
	M("a$", "m", "a\nb", "a");
	M("\\x41\\u0042\\cC", "", "AB\x03", "AB\x03");
	M("\\0", "", "a", "null");
	M("[\\b]", "", "\b", "\b");
}
END_TEST

START_TEST(test_quantifiers)
{
	M("a*", "", "aaa", "aaa");
	M("a*?", "", "aaa", "");
	M("a+?", "", "aaa", "a");
	M("a{2}", "", "aaa", "aa");
	M("a{2,}", "", "aaaa", "aaaa");
	M("a{1,2}", "", "aaaa", "aa");
	M("a{1,2}?", "", "aaaa", "a");
	M("(ab)*c", "", "ababc", "ababc|ab");
	M("(ab)+?", "", "abab", "ab|ab");
	M("(?:ab){2}", "", "ababab", "abab");
	M("(a|ab)(c|bcd)(d*)", "", "abcd", "abcd|a|bcd|");
	/* captures inside a quantified atom are reset every iteration */
	M("(z)((a+)?(b+)?(c))*", "", "zaacbbbcac", "zaacbbbcac|z|ac|a|~|c");
	M("(a)|b", "", "b", "b|~");
	/* the empty check: an iteration matching empty fails */
	M("(a*)*", "", "b", "|~");
	M("(a*)+", "", "b", "|");
	M("(?:a?)*?b", "", "ab", "ab");
	M("(a*?)*?x", "", "aax", "aax|a");
	M("(?:()|a)*", "", "aa", "aa|~");
	M("(\\2a)(b?)*", "", "aab", "a|a|~");
	M("x{0}y", "", "xy", "y");
	M("a{,2}", "", "a{,2}", "a{,2}");
	M("a{2,1", "", "a{2,1", "a{2,1");
	M("[a-z]{3,5}", "", "ab abcdefg", "abcde");
	M("a{2}?", "", "aaa", "aa");
	M(".*foo", "", "xfooyfoo", "xfooyfoo");
	M(".*?foo", "", "xfooyfoo", "xfoo");
	M("(a+)+b", "", "aaab", "aaab|aaa");
}
END_TEST

START_TEST(test_backrefs)
{
	M("(a)\\1", "", "aa", "aa|a");
	M("(a)\\1", "", "ab", "null");
	M("\\1(a)", "", "a", "a|a");
	M("(a)?\\1b", "", "b", "b|~");
	M("(?<x>a)\\k<x>", "", "aa", "aa|a");
	M("\\k<x>(?<x>a)", "", "a", "a|a");
	M("(a)\\1", "i", "aA", "aA|a");
	M("(?:(?<n>a)|(?<n>b))\\k<n>", "", "bb", "bb|~|b");
	M("(?:(?<n>a)|(?<n>b))\\k<n>", "", "aa", "aa|a|~");
	M("(?:(?<n>a)|(?<n>b))\\k<n>", "", "ab", "null");
	/* Annex B: \k is an identity escape when no group is named */
	M("\\k", "", "k", "k");
	/* Annex B: \2 with one group is an octal escape */
	M("(a)\\2", "", "a\x02", "a\x02|a");
	M("\\8", "", "8", "8");
}
END_TEST

START_TEST(test_lookaround)
{
	M("a(?=b)", "", "ab", "a");
	M("a(?=b)", "", "ac", "null");
	M("a(?!b)", "", "ab ac", "a");
	M("(?=(a+))a*b\\1", "", "baaabac", "aba|a");
	M("(?=(a+))", "", "baaabac", "|aaa");
	M("(.*?)a(?!(a+)b\\2c)\\2(.*)", "", "baaabaac", "baaabaac|ba|~|abaac");
	M("(?<=\\$)\\d+", "", "cost $42", "42");
	M("(?<!\\$)\\b\\d+", "", "$4 5", "5");
	M("(?<=(\\d+)(\\d+))$", "", "1053", "|1|053");
	M("(?<=\\1(a))b", "", "aab", "b|a");
	M("(?<=(?<a>\\w){3})f", "", "abcdef", "f|c");
	M("(?<=[.!?])\\s+", "", "Hi. There", " ");
	M("(?<![\\w@])@\\w+", "", "a@b @cd", "@cd");
	M("(?<=a(?=b)b)c", "", "abc", "c");
	M("(?<=^abc)def", "", "abcdef", "def");
	M("(?<=a|bc)d", "", "bcd", "d");
	M("(?<=\\b)x", "", "a x", "x");
	/* Annex B: a quantified lookahead */
	M("(?=a)*a", "", "a", "a");
	M("(?!(a))\\1b", "", "b", "b|~");
}
END_TEST

START_TEST(test_icase)
{
	M("abc", "i", "xABC", "ABC");
	M("[a-z]+", "i", "HeLLo", "HeLLo");
	M("[^a-z]", "i", "Ab1", "1");
	M("\\u212a", "i", "k", "null");
	M("\\u212a", "iu", "k", "k");
	M("\\u212a", "iu", "K", "K");
	M("k", "iu", "\u212a", "\u212a");
	M("\\u017f", "i", "s", "null");
	M("\\u017f", "iu", "S", "S");
	M("\\w", "iu", "\u017f", "\u017f");
	M("\\w", "i", "\u017f", "null");
	M("\\W", "iu", "\u017f", "null");
	M("[\\W]", "iu", "S", "null");
	M("\\u00df", "i", "SS", "null");
	M("\\u03a3", "i", "\u03c2", "\u03c2");
	M("\\u03c3", "i", "\u03a3", "\u03a3");
	M("\\u0130", "i", "i", "null");
	M("\\u0131", "i", "I", "null");
	M("\\u1e9e", "iu", "\u00df", "\u00df");
	M("\\u1e9e", "i", "\u00df", "null");
	M("\\u{10400}", "iu", "\xf0\x90\x90\xa8", "\xf0\x90\x90\xa8");
	M("(?i:a)b", "", "Ab", "Ab");
	M("(?i:a)b", "", "AB", "null");
	M("(?-i:a)b", "i", "aB", "aB");
	M("(?-i:a)b", "i", "AB", "null");
	M("(?m:^b)", "", "a\nb", "b");
	M("(?s:.)", "", "\n", "\n");
	M("(?s-i:a.)", "i", "a\n", "a\n");
	M("\\p{Lu}", "iu", "a", "a");
	M("\\P{Ll}", "iu", "a", "a");
	M("\\P{Ll}", "iv", "a", "null");
}
END_TEST

START_TEST(test_unicode)
{
	M(".", "u", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	M(".", "", "\xf0\x9f\x98\x80", "\\uD83D");
	M("^.$", "u", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	M("^.$", "", "\xf0\x9f\x98\x80", "null");
	M("\\u{1F600}", "u", "x\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	M("\\uD83D\\uDE00", "u", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	M("\\uD83D", "u", "\xf0\x9f\x98\x80", "null");
	M("\\uD83D", "", "\xf0\x9f\x98\x80", "\\uD83D");
	M("[\xf0\x9f\x98\x80]", "u", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	M("[\\u{1F600}-\\u{1F64F}]+", "u", "a\xf0\x9f\x98\x80\xf0\x9f\x98\x81",
	    "\xf0\x9f\x98\x80\xf0\x9f\x98\x81");
	M("\xf0\x9f\x98\x80{2}", "u", "\xf0\x9f\x98\x80\xf0\x9f\x98\x80",
	    "\xf0\x9f\x98\x80\xf0\x9f\x98\x80");
	M("^[^x]$", "u", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	M(".+", "u", "\\uDE00\\uD83D", "\\uDE00\\uD83D");
	M("(?<=.)x", "u", "\xf0\x9f\x98\x80x", "x");
	M("(?<=^.)x", "u", "\xf0\x9f\x98\x80x", "x");
	M("(?<=^.)x", "", "\xf0\x9f\x98\x80x", "null");
	M(".*?x", "u", "\xf0\x9f\x98\x80x", "\xf0\x9f\x98\x80x");
	M("\\p{L}+", "u", "1caf\xc3\xa9!", "caf\xc3\xa9");
	M("\\p{Nd}", "u", "a\xd9\xa3", "\xd9\xa3");
	M("\\p{Script=Greek}+", "u", "a\xce\xb1\xce\xb2", "\xce\xb1\xce\xb2");
	M("\\p{sc=Grek}", "u", "\xce\xb1", "\xce\xb1");
	M("\\p{scx=Deva}", "u", "\xe0\xa5\xa4", "\xe0\xa5\xa4");
	M("\\p{sc=Deva}", "u", "\xe0\xa5\xa4", "null");
	M("\\p{Extended_Pictographic}", "u", "a\xf0\x9f\x98\x80",
	    "\xf0\x9f\x98\x80");
	M("\\p{Emoji_Presentation}", "u", "\xe2\x9d\xa4", "null");
	M("\\P{L}", "u", "ab1", "1");
	M("[\\p{L}\\d]+", "u", "-a1-", "a1");
	M("\\p{Any}", "u", "\n", "\n");
	M("\\p{ASCII_Hex_Digit}+", "u", "xcafe", "cafe");
	M("\\p{General_Category=Decimal_Number}", "u", "7", "7");
	/* the count of code points in a string with an emoji */
	M("^(?:.){8}$", "u", "I \xe2\x9d\xa4\xef\xb8\x8f JS \xf0\x9f\x98\x80",
	    "null");
	M("^(?:.){9}$", "u", "I \xe2\x9d\xa4\xef\xb8\x8f JS \xf0\x9f\x98\x80",
	    "I \xe2\x9d\xa4\xef\xb8\x8f JS \xf0\x9f\x98\x80");
}
END_TEST

START_TEST(test_vmode)
{
	M("[\\p{L}--[a-z]]+", "v", "abCD", "CD");
	M("[\\p{L}&&\\p{ASCII}]+", "v",
	    "\xc3\xa9"
	    "ab\xc3\xa9",
	    "ab");
	M("[[a-z]--[aeiou]]+", "v", "aebcd", "bcd");
	M("[\\q{abc|d}x]+", "v", "abcdxz", "abcdx");
	M("[\\q{abc|ab}]", "v", "abc", "abc");
	M("^\\p{RGI_Emoji}$", "v", "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd",
	    "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd");
	M("^[\\p{RGI_Emoji_Flag_Sequence}]$", "v",
	    "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7",
	    "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7");
	M("\\p{Emoji_Keycap_Sequence}", "v", "a#\xef\xb8\x8f\xe2\x83\xa3",
	    "#\xef\xb8\x8f\xe2\x83\xa3");
	M("[^[a-z]&&[aeiou]]", "v", "ab", "b");
	M("[\\q{}]", "v", "x", "");
	M("[\\w--\\d]+", "v", "12ab3", "ab");
	M("[\\-]", "v", "-", "-");
	M("[\\q{KM}]", "vi", "km", "km");
	M("[^\\q{a}]", "v", "ab", "b");
	M(".", "v", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	/* v + i: operands fold (MaybeSimpleCaseFolding) before && and --;
	 * a lone General_Category value does not (the spec's first step) */
	M("[\\w--k]", "vi", "K", "null");
	M("[\\w--k]", "vi", "\u212a", "null");
	M("[\\p{Lowercase}--k]", "vi", "K", "null");
	M("[\\p{Lu}--c]", "vi", "c", "c");
	M("[\\p{gc=Lu}--c]", "vi", "c", "null");
	M("[^b]", "vi", "B", "null");
	M("[^[^b]&&s]", "vi", "S", "null");
	M("[^]", "vi", "A", "A");
}
END_TEST

START_TEST(test_annexb)
{
	M("]", "", "]", "]");
	M("}", "", "}", "}");
	M("{", "", "{", "{");
	M("a{", "", "a{", "a{");
	M("\\c", "", "\\c", "\\c");
	M("\\c1", "", "\\c1", "\\c1");
	M("[\\c1]", "", "\x11", "\x11");
	M("[\\c_]", "", "\x1f", "\x1f");
	M("[\\c]", "", "c", "c");
	M("[\\c]", "", "\\", "\\");
	M("\\101", "", "A", "A");
	M("\\0101", "",
	    "\x08"
	    "1",
	    "\x08"
	    "1");
	M("\\377", "", "\xc3\xbf", "\xc3\xbf");
	M("\\400", "", " 0", " 0");
	M("[\\d-z]+", "", "1-z", "1-z");
	M("\\a\\e\\q", "", "aeq", "aeq");
	M("\\x4", "", "x4", "x4");
	M("\\u12", "", "u12", "u12");
	M("\\u{2}", "", "uu", "uu");
	M("\\p{L}", "", "p{L}", "p{L}");
	M("[\\8]", "", "8", "8");
	M("[\\1]", "", "\x01", "\x01");
	M("\\_", "", "_", "_");
}
END_TEST

START_TEST(test_search_and_sticky)
{
	ck_assert_int_eq(index_of("b", "", "abcb", 0), 1);
	ck_assert_int_eq(index_of("b", "", "abcb", 2), 3);
	ck_assert_int_eq(index_of("b", "y", "abcb", 0), -1);
	ck_assert_int_eq(index_of("b", "y", "abcb", 1), 1);
	ck_assert_int_eq(index_of("^a", "", "aa", 1), -1);
	ck_assert_int_eq(index_of("^a", "m", "a\na", 1), 2);
	ck_assert_int_eq(index_of("", "", "ab", 2), 2);
	ck_assert_int_eq(index_of("", "", "ab", 3), -1);
	ck_assert_int_eq(index_of("[b-z]", "i", "aaB", 0), 2);
	/* the first-unit filter keeps every unit a match may start with */
	ck_assert_int_eq(index_of("\\bfoo|bar", "", "xx foo", 0), 3);
	ck_assert_int_eq(index_of("k", "iu", "ab\u212a", 0), 2);
	ck_assert_int_eq(index_of("k", "i", "ab\u212a", 0), -1);
	ck_assert_int_eq(index_of("\\s*,", "", "a\u00a0,", 0), 1);
	ck_assert_int_eq(index_of("(?=\\W)\\u00e9", "", "a\u00e9", 0), 1);
	ck_assert_int_eq(
	    index_of("\\u{1F600}", "u", "a\xf0\x9f\x98\x80", 0), 1);
	/* u: the search steps over a whole surrogate pair */
	ck_assert_int_eq(index_of("\\uDE00", "u", "\xf0\x9f\x98\x80", 0), -1);
	ck_assert_int_eq(index_of("\\uDE00", "", "\xf0\x9f\x98\x80", 0), 1);
	/* u: a start inside a pair means the pair (the spec's inputIndex) */
	ck_assert_int_eq(index_of("\\uDE00", "u", "\xf0\x9f\x98\x80", 1), -1);
	ck_assert_int_eq(index_of(".", "u", "\xf0\x9f\x98\x80", 1), 0);
	ck_assert_int_eq(index_of(".", "uy", "\xf0\x9f\x98\x80", 1), 0);
	ck_assert_int_eq(index_of(".", "", "\xf0\x9f\x98\x80", 1), 1);
}
END_TEST

/* --- bounds --- */

struct counter {
	int calls, stop_after;
};

static int
interrupt_cb(void *opaque)
{
	struct counter *c = opaque;
	return ++c->calls >= c->stop_after;
}

static rx_prog *
compile(const char *pat, const char *flags)
{
	struct rx_error err;
	rx_prog *p = NULL;
	size_t n = to16(pat, pat16, 4096, 0);

	ck_assert_int_eq(
	    rx_compile(pat16, n, flagbits(flags), NULL, &p, &err), 0);
	return p;
}

START_TEST(test_interrupt)
{
	rx_prog *p = compile("^(a+)+$", "");
	struct counter cnt = { 0, 3 };
	struct rx_limits lim = { interrupt_cb, &cnt, 0, NULL };
	size_t n;
	int k;

	for (n = 0; n < 40; n++)
		subj16[n] = 'a';
	subj16[n++] = '!';
	ck_assert_int_eq(rx_exec(p, subj16, n, 0, caps, &lim), RX_EINTERRUPTED);
	ck_assert_int_eq(cnt.calls, 3);
	for (k = 0; k < 4; k++)
		ck_assert_int_eq(caps[k], -1);
	/* the same on a shorter subject completes with no match */
	cnt.calls = 0;
	cnt.stop_after = 1 << 30;
	ck_assert_int_eq(rx_exec(p, subj16 + 30, 11, 0, caps, &lim), 0);
	ck_assert_int_gt(cnt.calls, 0);
	rx_free(p);
	/* a loop that never backtracks is interrupted too */
	p = compile("(?:x?){100000000}", "");
	cnt.calls = 0;
	cnt.stop_after = 1;
	ck_assert_int_eq(rx_exec(p, subj16, 0, 0, caps, &lim), RX_EINTERRUPTED);
	ck_assert_int_eq(cnt.calls, 1);
	rx_free(p);
}
END_TEST

START_TEST(test_stack_bound)
{
	rx_prog *p = compile("(?:a|b)*c", "");
	struct rx_limits lim = { NULL, NULL, 4096, NULL };
	size_t n;

	for (n = 0; n < 20000; n++)
		subj16[n] = 'a';
	ck_assert_int_eq(rx_exec(p, subj16, n, 0, caps, &lim), RX_ESTACK);
	ck_assert_int_eq(caps[0], -1);
	/* a bound large enough lets it finish */
	lim.max_stack_bytes = 64 << 20;
	subj16[n - 1] = 'c';
	ck_assert_int_eq(rx_exec(p, subj16, n, 0, caps, &lim), 1);
	ck_assert_int_eq(caps[1], (int)n);
	rx_free(p);
}
END_TEST

static int refuse_after;

static void *
refusing_realloc(void *opaque, void *ptr, size_t n)
{
	(void)opaque;
	if (n == 0) {
		free(ptr);
		return NULL;
	}
	if (refuse_after-- <= 0)
		return NULL;
	return realloc(ptr, n);
}

START_TEST(test_alloc_refused)
{
	struct rx_alloc ra = { refusing_realloc, NULL };
	struct rx_limits lim = { NULL, NULL, 0, &ra };
	struct rx_error err;
	rx_prog *p = compile("(?:a|b)*c", "");
	size_t n, pl;
	int i, rc, ok = 0;

	for (n = 0; n < 1000; n++)
		subj16[n] = 'a';
	refuse_after = 0;
	ck_assert_int_eq(rx_exec(p, subj16, n, 0, caps, &lim), RX_ENOMEM);
	ck_assert_int_eq(caps[0], -1);
	rx_free(p);
	/* compile: every allocation refused in turn, never a crash or leak */
	pl = to16("(?<n>a)|[\\p{L}--[a-z]]\\k<n>[\\q{xy}]", pat16, 4096, 0);
	for (i = 0; i < 5000 && !ok; i++) {
		refuse_after = i;
		rc = rx_compile(pat16, pl, RX_V | RX_I, &ra, &p, &err);
		if (rc == 0) {
			ok = 1;
			rx_free(p);
		} else {
			ck_assert_msg(rc == RX_ENOMEM,
			    "refusal %d: %d %s at %d", i, rc, err.msg, err.pos);
			ck_assert_ptr_null(p);
		}
	}
	ck_assert(ok);
}
END_TEST

static Suite *
rx_exec_suite(void)
{
	Suite *s = suite_create("rx_exec");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_basics);
	tcase_add_test(tc, test_quantifiers);
	tcase_add_test(tc, test_backrefs);
	tcase_add_test(tc, test_lookaround);
	tcase_add_test(tc, test_icase);
	tcase_add_test(tc, test_unicode);
	tcase_add_test(tc, test_vmode);
	tcase_add_test(tc, test_annexb);
	tcase_add_test(tc, test_search_and_sticky);
	tcase_add_test(tc, test_interrupt);
	tcase_add_test(tc, test_stack_bound);
	tcase_add_test(tc, test_alloc_refused);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(rx_exec_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
