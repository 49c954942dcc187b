/*
 * The ECMAScript lexer (engine/front/lexer.c): token kinds and values, line
 * terminators and columns, the parser-driven rescans (regular expressions,
 * template continuations) and the lexical errors.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lexer.h"

/* Lexes all of src; writes "kind:value" words into out. Returns the
 * number of tokens, or -1 on an error (message in lx.err). */
static int
lex_all(const char *src, char *out, size_t outlen, struct lexer *lxp)
{
	static struct ast_arena *a;
	struct lexer lx;
	struct token t;
	size_t o = 0;
	int n = 0;

	if (a == NULL)
		a = ast_arena_new();
	lexer_init(&lx, a, src, strlen(src));
	out[0] = '\0';
	for (;;) {
		if (lexer_next(&lx, &t) < 0) {
			if (lxp != NULL)
				*lxp = lx;
			lexer_free(&lx);
			return -1;
		}
		if (t.type == T_EOF)
			break;
		if (o + 64 + t.val.len >= outlen)
			break;
		if (o > 0)
			out[o++] = ' ';
		if (t.nl_before)
			out[o++] = '^';
		switch (t.type) {
		case T_NAME:
			o += (size_t)snprintf(out + o, outlen - o, "%s%.*s",
			    t.kw != KW_NONE ? "kw:" : "id:", (int)t.val.len,
			    t.val.s);
			break;
		case T_NUM:
			o += (size_t)snprintf(out + o, outlen - o, "num:%g%s",
			    t.num, t.octal ? "(o)" : "");
			break;
		case T_BIGINT:
			o += (size_t)snprintf(out + o, outlen - o, "big:%.*s",
			    (int)t.val.len, t.val.s);
			break;
		case T_STRING:
			o += (size_t)snprintf(out + o, outlen - o, "str:%.*s",
			    (int)t.val.len, t.val.s);
			break;
		case T_PRIVATE:
			o += (size_t)snprintf(out + o, outlen - o, "priv:%.*s",
			    (int)t.val.len, t.val.s);
			break;
		case T_TEMPLATE:
			o += (size_t)snprintf(out + o, outlen - o, "tpl:%.*s%s",
			    (int)t.raw.len, t.raw.s, t.tail ? "`" : "${");
			break;
		default:
			o += (size_t)snprintf(
			    out + o, outlen - o, "%s", lexer_tok_text(t.type));
			break;
		}
		n++;
	}
	if (lxp != NULL)
		*lxp = lx;
	lexer_free(&lx);
	return n;
}

static void
check_lex(const char *src, const char *want)
{
	char out[1024];

	ck_assert_msg(lex_all(src, out, sizeof(out), NULL) >= 0, "%s", src);
	ck_assert_msg(
	    strcmp(out, want) == 0, "%s:\n got %s\nwant %s", src, out, want);
}

static void
check_lex_err(const char *src, const char *msg, unsigned line, unsigned col)
{
	char out[1024];
	struct lexer lx;

	ck_assert_msg(
	    lex_all(src, out, sizeof(out), &lx) < 0, "%s: lexed", src);
	ck_assert_msg(strcmp(lx.err, msg) == 0 && lx.err_line == line &&
		lx.err_col == col,
	    "%s: got %s (%u:%u)", src, lx.err, lx.err_line, lx.err_col);
}

START_TEST(test_punctuators)
{
	check_lex("a>>>=b>>=c>>>d", "id:a >>>= id:b >>= id:c >>> id:d");
	check_lex("a?.b ?.5 ?\? c ?\?= d",
	    "id:a ?. id:b ? num:0.5 ?\? id:c ?\?= id:d");
	check_lex("...a => **= ** *= ||= &&= |= &= ^=",
	    "... id:a => **= ** *= ||= &&= |= &= ^=");
	check_lex("a===b!==c==d!=e<=f>=g",
	    "id:a === id:b !== id:c == id:d != id:e <= id:f >= id:g");
	check_lex("x++ + ++y-- - --z", "id:x ++ + ++ id:y -- - -- id:z");
	check_lex("{}()[];,:~!%", "{ } ( ) [ ] ; , : ~ ! %");
	check_lex("/ /=", "/ /=");
}
END_TEST

START_TEST(test_numbers)
{
	check_lex("0x1F 0o17 0b101 1_000 .5 1e3 2E-2",
	    "num:31 num:15 num:5 num:1000 num:0.5 num:1000 num:0.02");
	check_lex("017 019 08.5 0", "num:15(o) num:19(o) num:8.5(o) num:0");
	check_lex("10n 0xFFn 1_0n", "big:10 big:0xFF big:10");
	check_lex("1.5.toString", "num:1.5 . id:toString");
	check_lex("5..x", "num:5 . id:x");
}
END_TEST

START_TEST(test_strings)
{
	check_lex("'a\\nb' \"\\x41\\u0042\\u{43}\"", "str:a\nb str:ABC");
	check_lex("'\\'\\\"\\\\' '\\q'", "str:'\"\\ str:q");
	check_lex("'line\\\ncont'", "str:linecont");
	check_lex("'\xE2\x80\xA8'", "str:\xE2\x80\xA8");
}
END_TEST

START_TEST(test_names)
{
	check_lex("if iff yield await let async of",
	    "kw:if id:iff kw:yield kw:await kw:let kw:async kw:of");
	check_lex("$_ _$1 \\u0061b caf\xC3\xA9 #priv",
	    "id:$_ id:_$1 id:ab id:caf\xC3\xA9 priv:priv");
	check_lex("\xC2\xA0"
		  "a\xEF\xBB\xBF b",
	    "id:a id:b");
}
END_TEST

START_TEST(test_lines)
{
	struct ast_arena *a = ast_arena_new();
	struct lexer lx;
	struct token t;
	const char *src = "a // c\nb /* x\r\n */ c\r\nd\xE2\x80\xA8"
			  "e /* */ f \xF0\x9F\x98\x80 g";

	check_lex("a // c\nb /* x\n */ c /**/ d", "id:a ^id:b ^id:c id:d");
	check_lex("a\rb\r\nc\xE2\x80\xA9"
		  "d",
	    "id:a ^id:b ^id:c ^id:d");
	lexer_init(&lx, a, src, strlen(src));
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_uint_eq(t.line, 1);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_uint_eq(t.line, 2);
	ck_assert_uint_eq(t.col, 1);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_uint_eq(t.line, 3);
	ck_assert_uint_eq(t.col, 5);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_uint_eq(t.line, 4);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_uint_eq(t.line, 5);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_str_eq(t.val.s, "f");
	ck_assert_uint_eq(t.col, 9);
	/* A non-BMP character is two UTF-16 units wide. */
	ck_assert_int_eq(lexer_next(&lx, &t), -1);
	ck_assert_str_eq(lx.err, "Invalid or unexpected token");
	ck_assert_uint_eq(lx.err_col, 11);
	lexer_free(&lx);
	ast_arena_free(a);
}
END_TEST

START_TEST(test_rescans)
{
	struct ast_arena *a = ast_arena_new();
	struct lexer lx;
	struct token t;
	const char *src = "/[/]\\/x/gi / `a${b}c${d}`";

	lexer_init(&lx, a, src, strlen(src));
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_SLASH);
	ck_assert_int_eq(lexer_regex(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_REGEX);
	ck_assert_str_eq(t.val.s, "[/]\\/x");
	ck_assert_str_eq(t.raw.s, "gi");
	ck_assert_uint_eq(t.end, 10);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_SLASH);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_TEMPLATE);
	ck_assert(!t.tail);
	ck_assert_str_eq(t.val.s, "a");
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_str_eq(t.val.s, "b");
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_RBRACE);
	ck_assert_int_eq(lexer_template_continue(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_TEMPLATE);
	ck_assert(!t.tail);
	ck_assert_str_eq(t.val.s, "c");
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(lexer_template_continue(&lx, &t), 0);
	ck_assert(t.tail);
	ck_assert_uint_eq(t.val.len, 0);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(t.type, T_EOF);
	lexer_free(&lx);
	/* Flags are checked; an invalid template escape only marks it. */
	lexer_init(&lx, a, "/a/gg", 5);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert_int_eq(lexer_regex(&lx, &t), -1);
	ck_assert_str_eq(lx.err, "Invalid regular expression flags");
	lexer_free(&lx);
	lexer_init(&lx, a, "`\\xZ\\01`", 8);
	ck_assert_int_eq(lexer_next(&lx, &t), 0);
	ck_assert(t.bad_escape);
	ck_assert_ptr_null(t.val.s);
	ck_assert_str_eq(t.raw.s, "\\xZ\\01");
	lexer_free(&lx);
	ast_arena_free(a);
}
END_TEST

START_TEST(test_errors)
{
	check_lex_err("a /* b", "Unterminated comment", 1, 3);
	check_lex_err("\n 'abc", "Unterminated string constant", 2, 2);
	check_lex_err("'a\nb'", "Unterminated string constant", 1, 1);
	check_lex_err("`abc", "Unterminated template", 1, 1);
	check_lex_err("a @", "Invalid or unexpected token", 1, 3);
	check_lex_err("3in", "Invalid or unexpected token", 1, 2);
	check_lex_err("1__2", "Invalid numeric separator", 1, 2);
	check_lex_err("0x", "Invalid or unexpected token", 1, 1);
	check_lex_err("'\\u{FFFFFF}'", "Invalid Unicode escape sequence", 1, 2);
	check_lex_err("'\\xG0'", "Invalid hexadecimal escape sequence", 1, 2);
	check_lex_err("\\u0030x", "Invalid Unicode escape sequence", 1, 1);
	check_lex_err("# x", "Invalid or unexpected token", 1, 1);
	/* Errors in tokens that span lines point at where they start. */
	check_lex_err("x = 1;\n/* abc\n\ndef", "Unterminated comment", 2, 1);
	check_lex_err("x\n  `a\nb\n", "Unterminated template", 2, 3);
}
END_TEST

START_TEST(test_helpers)
{
	ck_assert_int_eq(lexer_kw("instanceof", 10), KW_INSTANCEOF);
	ck_assert_int_eq(lexer_kw("constructor", 11), KW_CONSTRUCTOR);
	ck_assert_int_eq(lexer_kw("Let", 3), KW_NONE);
	ck_assert(lexer_id_start(0x00E9));
	ck_assert(!lexer_id_start(0x00A0));
	ck_assert(!lexer_id_start('1'));
	ck_assert(lexer_id_part('1'));
	ck_assert(lexer_id_part(0x200D));
	ck_assert(!lexer_id_start(0x2028));
	ck_assert_str_eq(lexer_tok_text(T_NULLISH_EQ), "?\?=");
	ck_assert_str_eq(lexer_tok_text(T_EOF), "end of input");
}
END_TEST

static Suite *
lexer_suite(void)
{
	Suite *s = suite_create("lexer");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_punctuators);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_strings);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_lines);
	tcase_add_test(tc, test_rescans);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_helpers);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(lexer_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
