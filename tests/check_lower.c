/* The lowering front end: emitted ES5 text for small inputs, and errors. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"

/* Lowers and returns the text with every whitespace run made one space. */
static char *
lowered(const char *src, enum lower_goal goal)
{
	struct lower_result res;
	char *out, *o;
	const char *p;
	int sp = 0;

	if (lower_source(src, strlen(src), goal, &res) != 0) {
		out = strdup(res.error);
		ck_assert_ptr_nonnull(out);
		return out;
	}
	ck_assert_ptr_nonnull(res.code);
	ck_assert_uint_eq(strlen(res.code), res.code_len);
	out = malloc(res.code_len + 1);
	ck_assert_ptr_nonnull(out);
	for (p = res.code, o = out; *p; p++) {
		if (*p == ' ' || *p == '\n' || *p == '\t') {
			sp = 1;
			continue;
		}
		if (sp && o != out)
			*o++ = ' ';
		sp = 0;
		*o++ = *p;
	}
	*o = '\0';
	free(res.code);
	return out;
}

#define ASSERT_LOWERS(src, want) do { \
	char *got_ = lowered((src), LOWER_SCRIPT); \
	ck_assert_str_eq(got_, (want)); \
	free(got_); \
} while (0)

#define ASSERT_CONTAINS(src, goal, part) do { \
	char *got_ = lowered((src), (goal)); \
	if (strstr(got_, (part)) == NULL) \
		ck_abort_msg("'%s' lowered to '%s', lacking '%s'", (src), got_, \
		    (part)); \
	free(got_); \
} while (0)

START_TEST(test_es5_passthrough)
{
	ASSERT_LOWERS("var a = 1;", "var a = 1;");
	ASSERT_LOWERS("function f(x) { return x + 1; }",
	    "function f(x) {return x + 1; }");
	ASSERT_LOWERS("for (var i = 0; i < 3; i++) f(i);",
	    "for (var i = 0; i < 3; i++) f(i);");
	ASSERT_LOWERS("a.b[c](d, e);", "a.b[c](d, e);");
	ASSERT_LOWERS("x = a ? b : c, d;", "x = a ? b : c, d;");
	ASSERT_LOWERS("(function () {})();", "(function () { })();");
	ASSERT_LOWERS("({a: 1});", "({a: 1});");
}
END_TEST

START_TEST(test_directive_kept)
{
	ASSERT_LOWERS("'use strict';\nlet x = 1;", "'use strict'; var x = 1;");
	ASSERT_LOWERS("function f() { \"use strict\"; return 1; }",
	    "function f() {\"use strict\"; return 1; }");
}
END_TEST

START_TEST(test_let_const)
{
	ASSERT_LOWERS("let x = 1; const y = 2;", "var x = 1; var y = 2;");
	ASSERT_LOWERS("let x = 1; { let x = 2; }",
	    "var x = 1; { var x$1 = 2; }");
	ASSERT_LOWERS("let x;", "var x = void 0;");
	ASSERT_LOWERS("const c = 1; c = 2;",
	    "var c = 1; __cm.constAssign(2);");
	ASSERT_LOWERS("x; let x = 1;", "__cm.tdz(\"x\"); var x = 1;");
}
END_TEST

START_TEST(test_loop_env)
{
	ASSERT_LOWERS("for (let i = 0; i < 2; i++) f(() => i);",
	    "var $env$1; for ($env$1 = {}, $env$1.i = 0; $env$1.i < 2; "
	    "$env$1 = {i: $env$1.i}, $env$1.i++) f((function ($env$1) { "
	    "return function () {return $env$1.i; }; })($env$1));");
	ASSERT_LOWERS("for (let i = 0; i < 2; i++) f(i);",
	    "for (var i = 0; i < 2; i++) f(i);");
}
END_TEST

START_TEST(test_arrow)
{
	ASSERT_LOWERS("function f() { return () => this.x; }",
	    "function f() {var $this = this; return function () {return "
	    "$this.x; }; }");
	ASSERT_LOWERS("var g = (a, b) => a + b;",
	    "var g = function (a, b) {return a + b; };");
}
END_TEST

START_TEST(test_operators)
{
	ASSERT_LOWERS("x = a ?? b;", "x = (a != null ? a : b);");
	ASSERT_LOWERS("x = 2 ** 3;", "x = Math.pow(2, 3);");
	ASSERT_LOWERS("x = a?.b;", "var $1; x = (($1 = a) == null ? void 0 : "
	    "$1.b);");
	ASSERT_LOWERS("a ||= b;", "(a || (a = b));");
	ASSERT_LOWERS("x = 0b101 + 0o17 + 1_000 + 0x10;",
	    "x = 5 + 15 + 1000 + 16;");
}
END_TEST

START_TEST(test_template)
{
	ASSERT_LOWERS("x = `a${b}c${d}`;", "x = \"a\".concat(b, \"c\", d);");
	ASSERT_LOWERS("x = `plain`;", "x = \"plain\";");
	ASSERT_CONTAINS("f`a${1}`;", LOWER_SCRIPT, "__cm.tplObj([\"a\", \"\"], "
	    "[\"a\", \"\"])");
}
END_TEST

START_TEST(test_regex)
{
	ASSERT_LOWERS("x = /a+b/gi;", "x = /a+b/gi;");
	ASSERT_LOWERS("x = /(?<y>a)/u;", "x = __cm.re(\"(?<y>a)\", \"u\");");
	ASSERT_LOWERS("x = /a.b/s;", "x = __cm.re(\"a.b\", \"s\");");
}
END_TEST

START_TEST(test_coroutines)
{
	ASSERT_LOWERS("async function f(a) { await a; }",
	    "function f(a) { return __cm.async(function (a) { "
	    "__cm.await(a); }, this, arguments); }");
	ASSERT_CONTAINS("function* g() { yield 1; yield* h(); }", LOWER_SCRIPT,
	    "return __cm.gen(function () { __cm.yield(1); "
	    "__cm.yieldStar(h()); }, this, arguments);");
	ASSERT_CONTAINS("function* g() { try { yield 1; } catch (e) {} }",
	    LOWER_SCRIPT, "catch (e) { if (__cm.isGenReturn(e)) throw e;");
	ASSERT_CONTAINS("async function* g() { yield* h(); }", LOWER_SCRIPT,
	    "__cm.asyncGen(function () { __cm.asyncYieldStar(h());");
	ASSERT_CONTAINS("async function f() { for await (const x of y) g(x); }",
	    LOWER_SCRIPT, "__cm.asyncIter(y)");
}
END_TEST

START_TEST(test_for_of)
{
	char *got = lowered("for (const x of xs) f(x);", LOWER_SCRIPT);

	ck_assert_ptr_nonnull(strstr(got, "$1 = xs; $5 = __cm.ofArray($1); "
	    "$1 = $5 ? void 0 : __cm.iter($1);"));
	ck_assert_ptr_nonnull(strstr(got, "x = $5 ? $5[$6++] : $2.value;"));
	ck_assert_ptr_nonnull(strstr(got, "if ($2 && !$2.done) "
	    "__cm.iterClose($1);"));
	/* never a callback of a built-in */
	ck_assert_ptr_null(strstr(got, "forEach"));
	free(got);
}
END_TEST

START_TEST(test_dynamic_import)
{
	ASSERT_LOWERS("x = import(\"m\");", "x = __cm.importDynamic(\"m\");");
	ASSERT_CONTAINS("x = import(\"m\");", LOWER_MODULE,
	    "__m.importDynamic(\"m\")");
}
END_TEST

START_TEST(test_module_shape)
{
	char *got = lowered("import a, { b as c } from \"m\";\n"
	    "export const d = a + c;\nexport default 5;\n", LOWER_MODULE);

	/* export getters first, then the imports, then the body */
	ck_assert_str_eq(got, "(function (__m) { \"use strict\"; var $m$1; "
	    "__m.export(\"d\", function () { return d; }); "
	    "__m.export(\"default\", function () { return $default; }); "
	    "$m$1 = __m.import(\"m\"); var d = $m$1.default + $m$1.b; "
	    "var $default = 5; })");
	free(got);
}
END_TEST

START_TEST(test_line_alignment)
{
	struct lower_result res;
	const char *src = "let a = 1;\n\n\nconst b = `x${a}`;\n\nfoo(b);\n";
	const char *p;
	int line = 1;

	ck_assert_int_eq(lower_source(src, strlen(src), LOWER_SCRIPT, &res), 0);
	p = strstr(res.code, "foo(");
	ck_assert_ptr_nonnull(p);
	while (--p >= res.code)
		if (*p == '\n')
			line++;
	ck_assert_int_eq(line, 6);
	free(res.code);
}
END_TEST

START_TEST(test_errors)
{
	struct lower_result res;
	const char *src = "let a = 1;\nlet b = 10n;\n";

	ck_assert_int_eq(lower_source(src, strlen(src), LOWER_SCRIPT, &res), -1);
	ck_assert_ptr_null(res.code);
	ck_assert_str_eq(res.error, "SyntaxError: BigInt is not supported (2:9)");
	ck_assert_uint_eq(res.line, 2);
	ck_assert_uint_eq(res.col, 9);

	src = "let a = ;";
	ck_assert_int_eq(lower_source(src, strlen(src), LOWER_SCRIPT, &res), -1);
	ck_assert_str_eq(res.error, "SyntaxError: Unexpected token ';' (1:9)");
	ck_assert_ptr_null(res.code);
}
END_TEST

START_TEST(test_classes)
{
	ASSERT_CONTAINS("class A extends B { m() { return super.m(); } }",
	    LOWER_SCRIPT, "__cm.inherits(A, $super);");
	ASSERT_CONTAINS("class A extends B { m() { return super.m(); } }",
	    LOWER_SCRIPT, "__cm.superGet(A.prototype, \"m\", this).call(this)");
	ASSERT_CONTAINS("class A { #x = 1; g() { return this.#x; } }",
	    LOWER_SCRIPT, "__cm.privGet(this, $priv_x$");
	ASSERT_CONTAINS("class A { static s = 1; }", LOWER_SCRIPT,
	    "(function () { __cm.defField(this, \"s\", 1); }).call(A);");
}
END_TEST

START_TEST(test_bad_input_no_crash)
{
	static const char *bad[] = { "", "\"use strict\"", "}", "class {",
		"a?.b = 1", "`${", "/*", "for (const of of of) ;", "\xff\xfe",
		"async () => { for await (x of y) ; }", "x = {...a, ...b}",
		"super()", "new.target" };
	struct lower_result res;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = lower_source(bad[i], strlen(bad[i]), LOWER_SCRIPT, &res);

		if (rc == 0) {
			ck_assert_ptr_nonnull(res.code);
			free(res.code);
		} else {
			ck_assert_ptr_null(res.code);
			ck_assert(strncmp(res.error, "SyntaxError: ", 13) == 0);
		}
	}
}
END_TEST

static Suite *
lower_suite(void)
{
	Suite *s = suite_create("lower");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_es5_passthrough);
	tcase_add_test(tc, test_directive_kept);
	tcase_add_test(tc, test_let_const);
	tcase_add_test(tc, test_loop_env);
	tcase_add_test(tc, test_arrow);
	tcase_add_test(tc, test_operators);
	tcase_add_test(tc, test_template);
	tcase_add_test(tc, test_regex);
	tcase_add_test(tc, test_coroutines);
	tcase_add_test(tc, test_for_of);
	tcase_add_test(tc, test_dynamic_import);
	tcase_add_test(tc, test_module_shape);
	tcase_add_test(tc, test_line_alignment);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_classes);
	tcase_add_test(tc, test_bad_input_no_crash);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(lower_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
