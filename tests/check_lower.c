/* The lowering front end: emitted ES5 text for small inputs, and errors. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lower.h"

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

#define ASSERT_LOWERS(src, want)                                               \
	do {                                                                   \
		char *got_ = lowered((src), LOWER_SCRIPT);                     \
		ck_assert_str_eq(got_, (want));                                \
		free(got_);                                                    \
	} while (0)

#define ASSERT_CONTAINS(src, goal, part)                                       \
	do {                                                                   \
		char *got_ = lowered((src), (goal));                           \
		if (strstr(got_, (part)) == NULL)                              \
			ck_abort_msg("'%s' lowered to '%s', lacking '%s'",     \
			    (src), got_, (part));                              \
		free(got_);                                                    \
	} while (0)

START_TEST(test_h1_names_tdz_eval)
{
	struct lower_result r;
	const char *ev = "var e = eval; let v = 1; var w; function g() {}";

	/* function name inference */
	ASSERT_LOWERS("x = () => 1;",
	    "x = __cm.fname(function () {\"use cm noctor\"; return 1; }, "
	    "\"x\");");
	ASSERT_LOWERS("o = { 'a b': function () {} };",
	    "o = {\"a b\": __cm.fname(function () { }, \"a b\")};");
	ASSERT_LOWERS("(x) = function () {};", "x = function () { };");
	/* a closure that may run before `x` is initialized checks a flag */
	ASSERT_LOWERS("function f() { return x; } f(); let x = 1;",
	    "var $tdz$1; function f() {return ($tdz$1 ? x : __cm.tdz(\"x\")); "
	    "} f(); var x = 1, $tdz$1 = true;");
	/* ... unless nothing before the declaration can call it */
	ASSERT_LOWERS("const A = 1; function f() { return A; }",
	    "var A = 1; function f() {return A; }");
	ASSERT_LOWERS("const m = new Map(); function f() { return m; }",
	    "var m = new Map(); function f() {return m; }");
	ASSERT_CONTAINS("const m = g(); function f() { return m; }",
	    LOWER_SCRIPT, "return ($tdz$1 ? m : __cm.tdz(\"m\"));");
	ASSERT_CONTAINS("let Map = g; const m = new Map(); "
			"function f() { return m; }",
	    LOWER_SCRIPT, "$tdz$");
	/* direct eval stays direct; its code is lowered at run time */
	ASSERT_LOWERS("{ let y; eval(s); }",
	    "{ var y = void 0; eval(__cm.evalSrc(eval, s, 0, [\"y\"])); }");
	ASSERT_LOWERS("'use strict'; eval(s, 2);",
	    "'use strict'; eval(__cm.evalSrc(eval, s, 1), 2);");
	ASSERT_LOWERS("f = eval;", "f = __cm.evalRef(eval);");
	/* ... and spells renamed bindings in view as the caller does */
	ASSERT_LOWERS("let a; { let a; eval(s); }",
	    "var a = void 0; { var a$1 = void 0; eval(__cm.evalSrc(eval, s, "
	    "0, [\"a\", \"a\"], [\"a\", \"a$1\"])); }");
	ASSERT_CONTAINS("export default () => 1;", LOWER_MODULE,
	    "var $default = __cm.fname(function () {\"use cm noctor\"; "
	    "return 1; }, \"default\");");
	ASSERT_CONTAINS("export default function () {}", LOWER_MODULE,
	    "__cm.fname($default, \"default\");");
	/* eval code: lexical names of their own, var names listed */
	ck_assert_int_eq(
	    lower_source_opts(ev, strlen(ev), LOWER_F_EVAL, 100, NULL, 0, &r),
	    0);
	ck_assert_ptr_nonnull(strstr(r.code, "var v$101 = 1;"));
	ck_assert_str_eq(r.vars, "g\nw\ne\n");
	free(r.code);
	free(r.vars);
	ck_assert_int_eq(lower_source_opts("let q; with (o) {}", 18,
			     LOWER_F_STRICT, 0, NULL, 0, &r),
	    -1);
}
END_TEST

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
	ASSERT_LOWERS(
	    "let x = 1; { let x = 2; }", "var x = 1; { var x$1 = 2; }");
	ASSERT_LOWERS("let x;", "var x = void 0;");
	ASSERT_LOWERS("const c = 1; c = 2;", "var c = 1; __cm.constAssign(2);");
	ASSERT_LOWERS("x; let x = 1;", "__cm.tdz(\"x\"); var x = 1;");
}
END_TEST

START_TEST(test_loop_env)
{
	ASSERT_LOWERS("for (let i = 0; i < 2; i++) f(() => i);",
	    "var $env$1; for ($env$1 = {}, $env$1.i = 0; $env$1.i < 2; "
	    "$env$1 = {i: $env$1.i}, $env$1.i++) f((function ($env$1) { "
	    "return function () {\"use cm noctor\"; return $env$1.i; }; "
	    "})($env$1));");
	ASSERT_LOWERS("for (let i = 0; i < 2; i++) f(i);",
	    "for (var i = 0; i < 2; i++) f(i);");
}
END_TEST

START_TEST(test_arrow)
{
	ASSERT_LOWERS("function f() { return () => this.x; }",
	    "function f() {var $this = this; return function () {"
	    "\"use cm noctor\"; return $this.x; }; }");
	ASSERT_LOWERS("var g = (a, b) => a + b;",
	    "var g = __cm.fname(function (a, b) {\"use cm noctor\"; return a + "
	    "b; }, "
	    "\"g\");");
	/* only the lowering writes the directive that makes no constructor */
	ASSERT_CONTAINS("function f() { 'use cm noctor'; }", LOWER_SCRIPT,
	    "function f() {\"use cm noct\\x6fr\";");
	ASSERT_CONTAINS("function f() { ('use cm noctor'); }", LOWER_SCRIPT,
	    "function f() {(\"use cm noctor\");");
	ASSERT_LOWERS("f((a, b) => a + b);",
	    "f(function (a, b) {\"use cm noctor\"; return a + b; });");
}
END_TEST

START_TEST(test_operators)
{
	ASSERT_LOWERS("x = a ?? b;", "x = (a != null ? a : b);");
	ASSERT_LOWERS("x = 2 ** 3;", "x = Math.pow(2, 3);");
	ASSERT_LOWERS("x = a?.b;",
	    "var $1; x = (($1 = a) == null ? void 0 : "
	    "$1.b);");
	ASSERT_LOWERS("a ||= b;", "(a || (a = b));");
	ASSERT_LOWERS(
	    "x = 0b101 + 0o17 + 1_000 + 0x10;", "x = 5 + 15 + 1000 + 16;");
}
END_TEST

START_TEST(test_template)
{
	ASSERT_LOWERS("x = `a${b}c${d}`;", "x = \"a\".concat(b, \"c\", d);");
	ASSERT_LOWERS("x = `plain`;", "x = \"plain\";");
	ASSERT_CONTAINS("f`a${1}`;", LOWER_SCRIPT,
	    "__cm.tplObj([\"a\", \"\"], "
	    "[\"a\", \"\"])");
}
END_TEST

/* Counts the occurrences of a word in a string. */
static int
count_of(const char *s, const char *w)
{
	int n = 0;

	while ((s = strstr(s, w)) != NULL) {
		n++;
		s += strlen(w);
	}
	return n;
}

START_TEST(test_async_one_function)
{
	char *got;

	/* an async arrow with plain parameters: one function (the other is
	 * the module's own wrapper); the runtime makes the async function
	 * around it, for its awaits (0) or without a coroutine (1) */
	got = lowered("async () => 6*7", LOWER_MODULE);
	ck_assert_int_eq(count_of(got, "function"), 2);
	ck_assert_ptr_null(strstr(got, "asyncNow"));
	ck_assert_ptr_nonnull(strstr(got,
	    "__cm.asyncArrow(function () {\"use "
	    "cm noctor\";return 6 * 7; }, 1)"));
	free(got);
	ASSERT_CONTAINS("x = [async (a, b) => { await a; return b; }];",
	    LOWER_SCRIPT,
	    "x = [__cm.asyncArrow(function (a, b) {\"use cm "
	    "noctor\";__cm.await(a); return b; }, 0)];");
	/* other async functions with no await and plain parameters: one
	 * function whose returns settle the promise; a body that cannot
	 * throw needs no try/catch */
	ASSERT_CONTAINS("x = [async function () {}, async function () { "
			"return !1 ? \"a\" + 2 : null; }];",
	    LOWER_SCRIPT,
	    "function () {\"use cm noctor\"; return __cm.asyncValue(); }, 1, "
	    "\"\"), __cm.genFn(function () {\"use cm noctor\"; return "
	    "__cm.asyncValue(!1 ? \"a\" + 2 : null); }, 1, \"\")]");
	ASSERT_CONTAINS("x = [async function (a) { return a * 2; }];",
	    LOWER_SCRIPT,
	    "__cm.genFn(function (a) {\"use cm noctor\"; try { "
	    "return __cm.asyncValue(a * 2); } catch ($e$1) { return "
	    "__cm.asyncThrow($e$1); } }, 1, \"\")");
	ASSERT_CONTAINS("x = [async function () { return 1 in 2; }];",
	    LOWER_SCRIPT, "try { return __cm.asyncValue(1 in 2); }");
	/* falling off the end fulfils with undefined */
	ASSERT_CONTAINS("async function f(a, b) { g(a); }", LOWER_SCRIPT,
	    "function f(a, b) {\"use cm noctor\"; try { g(a); } catch ($e$2) { "
	    "return __cm.asyncThrow($e$2); } return __cm.asyncValue(); }");
	ASSERT_CONTAINS("async function f() { if (a) return; return 1; }",
	    LOWER_SCRIPT,
	    "if (a) return __cm.asyncValue(); "
	    "return __cm.asyncValue(1);");
	/* returns of nested functions stay plain */
	ASSERT_CONTAINS(
	    "async function f() { return function () { return 1; }; }",
	    LOWER_SCRIPT, "return __cm.asyncValue(function () {return 1; });");
	ASSERT_CONTAINS(
	    "x = { async m() { return () => { return super.y; }; } };",
	    LOWER_SCRIPT,
	    "try { var $this = this; return __cm.asyncValue("
	    "function () {\"use cm noctor\"; return __cm.superGet($1, \"y\", "
	    "$this); }); }");
	/* a return code runs after (finally, for-of closing) keeps asyncNow,
	 * which settles the promise only when the body is done */
	ASSERT_CONTAINS(
	    "async function f() { try { return 1; } finally { g(); } }",
	    LOWER_SCRIPT, "return __cm.asyncNow(function () {");
	ASSERT_CONTAINS("async function f() { for (const x of y) return x; }",
	    LOWER_SCRIPT, "return __cm.asyncNow(function () {");
	ASSERT_CONTAINS("async function f(o) { with (o) return x; }",
	    LOWER_SCRIPT, "return __cm.asyncNow(function (o) {");
	ASSERT_CONTAINS("async function f() { try { return 1; } catch (e) {} }",
	    LOWER_SCRIPT, "try { try { return __cm.asyncValue(1); }");
}
END_TEST

START_TEST(test_async_params_fallback)
{
	/* parameter initialization errors must reject, so defaults,
	 * patterns and rest bind inside asyncNow's inner function */
	ASSERT_CONTAINS("x = [async (a = g()) => a];", LOWER_SCRIPT,
	    "return __cm.asyncNow(function () { \"use cm noctor\"; var $1, a; "
	    "a = ($1 = arguments[0]) === void 0 ? g() : $1;");
	ASSERT_CONTAINS("x = [async ({ a }) => a];", LOWER_SCRIPT,
	    "return __cm.asyncNow(function (");
	ASSERT_CONTAINS("x = [async (...r) => r];", LOWER_SCRIPT,
	    "return __cm.asyncNow(function () {");
	ASSERT_CONTAINS("async function f(a, b = 1) { return a; }",
	    LOWER_SCRIPT, "return __cm.asyncNow(function (a) {");
}
END_TEST

START_TEST(test_regex)
{
	/* every literal is a fresh RegExp of the prelude's (40_regexp.js) */
	ASSERT_LOWERS("x = /a+b/gi;", "x = __cm.re(\"a+b\", \"gi\");");
	ASSERT_LOWERS("x = /(?<=\\$)\\d+/v;",
	    "x = __cm.re(\"(?<=\\\\$)\\\\d+\", \"v\");");
	/* invalid patterns are early errors at the offending character */
	ASSERT_LOWERS("x = 1;\ny = /a(?<n>b)\\k<m>/;",
	    "SyntaxError: Invalid regular expression: /a(?<n>b)\\k<m>/: "
	    "Invalid named capture referenced (2:14)");
	ASSERT_LOWERS("x = /a**/;",
	    "SyntaxError: Invalid regular expression: /a**/: Nothing to "
	    "repeat (1:8)");
	ASSERT_LOWERS("x = /\\p{Nope}/u;",
	    "SyntaxError: Invalid regular expression: /\\p{Nope}/u: Invalid "
	    "property name (1:6)");
	ASSERT_LOWERS("x = /a/uv;",
	    "SyntaxError: Invalid regular expression "
	    "flags (1:9)");
	ASSERT_LOWERS("x = /(?<y>a)/u;", "x = __cm.re(\"(?<y>a)\", \"u\");");
	ASSERT_LOWERS("x = /a.b/s;", "x = __cm.re(\"a.b\", \"s\");");
}
END_TEST

START_TEST(test_coroutines)
{
	ASSERT_LOWERS("async function f(a) { await a; }",
	    "var $af$1 = __cm.genFn(f, 1); "
	    "function f(a) {\"use cm noctor\"; return __cm.async(function (a) "
	    "{ "
	    "\"use cm noctor\"; __cm.await(a); }, this, arguments, "
	    "new.target); }");
	/* generators pass themselves (their `prototype`) and new.target */
	ASSERT_CONTAINS("function* g() { yield 1; yield* h(); }", LOWER_SCRIPT,
	    "var $gf$1 = __cm.genFn(g, 2); function g() {\"use cm noctor\"; "
	    "return __cm.gen(function () { \"use cm noctor\"; __cm.yield(1); "
	    "__cm.yieldStar(h()); }, this, arguments, $gf$1, new.target);");
	ASSERT_CONTAINS("x = [function* () {}];", LOWER_SCRIPT,
	    "__cm.genFn(function $gf$1() {\"use cm noctor\"; return "
	    "__cm.gen(function () "
	    "{ \"use cm noctor\"; }, this, arguments, $gf$1, new.target); }, "
	    "2, \"\")");
	ASSERT_CONTAINS("x = [function* g(g) {}];", LOWER_SCRIPT,
	    "__cm.genFn(function $gf$1(g) {");
	ASSERT_CONTAINS("x = [async function () { return await 1; }];",
	    LOWER_SCRIPT,
	    "__cm.genFn(function () {\"use cm noctor\"; return "
	    "__cm.async(function () { \"use cm noctor\"; return __cm.await(1); "
	    "}, this, arguments, new.target); }, 1, \"\")");
	/* No await of its own: no coroutine (a nested function's awaits are
	 * its own), and with plain parameters one function whose returns
	 * settle the promise and whose throws reject it. */
	ASSERT_CONTAINS("x = [async function () { return y; }];", LOWER_SCRIPT,
	    "__cm.genFn(function () {\"use cm noctor\"; try { return "
	    "__cm.asyncValue(y); } catch ($e$1) { return "
	    "__cm.asyncThrow($e$1); "
	    "} }, 1, \"\")");
	ASSERT_CONTAINS("async function f() { return async () => await 1; }",
	    LOWER_SCRIPT,
	    "try { return __cm.asyncValue(__cm.asyncArrow(function "
	    "() {\"use cm noctor\";return __cm.await(1); }, 0)); }");
	ASSERT_CONTAINS("async function f() { for await (const x of y); }",
	    LOWER_SCRIPT, "return __cm.async(function () {");
	/* A module whose only await is a for await is still async at the top.
	 */
	ASSERT_CONTAINS("for await (const x of y);", LOWER_MODULE,
	    "return __cm.async(function () {");
	/* an async generator awaits its return value at the return */
	ASSERT_CONTAINS("async function* g() { return 1; }", LOWER_SCRIPT,
	    "return __cm.await(1);");
	ASSERT_CONTAINS("function* g() { try { yield 1; } catch (e) {} }",
	    LOWER_SCRIPT, "catch (e) { if (__cm.isGenReturn(e)) throw e;");
	ASSERT_CONTAINS("async function* g() { yield* h(); }", LOWER_SCRIPT,
	    "__cm.asyncGen(function () { \"use cm noctor\"; "
	    "__cm.asyncYieldStar(h());");
	ASSERT_CONTAINS("async function f() { for await (const x of y) g(x); }",
	    LOWER_SCRIPT, "__cm.asyncIter(y, \"y\")");
	/* for await too reads next once and calls it each step */
	ASSERT_CONTAINS("async function f() { for await (const x of y) g(x); }",
	    LOWER_SCRIPT,
	    "$2 = __cm.asyncIter(y, \"y\"); $7 = __cm.nextOf($2); ");
	ASSERT_CONTAINS("async function f() { for await (const x of y) g(x); }",
	    LOWER_SCRIPT, "$5 = __cm.await($7()); !");
	ASSERT_CONTAINS("async function f() { for await (const x of y) g(x); }",
	    LOWER_SCRIPT, "$3 = void 0, $5 = __cm.await($7())) ");
}
END_TEST

START_TEST(test_for_of)
{
	char *got = lowered("for (const x of xs) f(x);", LOWER_SCRIPT);

	ck_assert_ptr_nonnull(strstr(got,
	    "$1 = xs; $8 = __cm.ofArray($1); "
	    "$1 = $8 ? void 0 : __cm.iter($1, \"xs\");"));
	/* next is read once, as the loop opens (GetIterator), and each step
	 * calls what was read */
	ck_assert_ptr_nonnull(
	    strstr(got, "$6 = $8 ? void 0 : __cm.nextOf($1);"));
	ck_assert_ptr_nonnull(strstr(got, "$4 = $6(), "));
	ck_assert_ptr_null(strstr(got, ".next()"));
	ck_assert_ptr_nonnull(strstr(got, "x = $8 ? $8[$9++] : $5;"));
	ck_assert_ptr_nonnull(strstr(got, "if ($2) __cm.iterClose($1);"));
	/* never a callback of a built-in */
	ck_assert_ptr_null(strstr(got, "forEach"));
	free(got);
}
END_TEST

START_TEST(test_dynamic_import)
{
	ASSERT_LOWERS("x = import(\"m\");", "x = __cm.importDynamic(\"m\");");
	ASSERT_CONTAINS(
	    "x = import(\"m\");", LOWER_MODULE, "__m.importDynamic(\"m\")");
	/* the options go along, evaluated after the specifier; a trailing
	 * comma leaves no trace */
	ASSERT_LOWERS(
	    "x = import(\"m\", o,);", "x = __cm.importDynamic(\"m\", o);");
	ASSERT_LOWERS(
	    "x = import(a, (b, c));", "x = __cm.importDynamic(a, (b, c));");
	ASSERT_LOWERS("x = import.source(\"m\");",
	    "x = __cm.importDynamic(\"m\", void 0, \"source\");");
	ASSERT_LOWERS("x = import.defer(\"m\", o);",
	    "x = __cm.importDynamic(\"m\", o, \"defer\");");
	ASSERT_CONTAINS(
	    "x = import(\"m\",);", LOWER_MODULE, "__m.importDynamic(\"m\")");
}
END_TEST

START_TEST(test_module_shape)
{
	char *got = lowered("import a, { b as c } from \"m\";\n"
			    "export const d = a + c;\nexport default 5;\n",
	    LOWER_MODULE);

	/* export getters first, then the imports, then the body */
	ck_assert_str_eq(got,
	    "(function (__m) { \"use strict\"; var $m$1; "
	    "__m.export(\"d\", function () { return d; }); "
	    "__m.export(\"default\", function () { return $default; }); "
	    "$m$1 = __m.import(\"m\"); var d = $m$1.default + $m$1.b; "
	    "var $default = 5; })");
	free(got);
}
END_TEST

START_TEST(test_module_params)
{
	static const char src[] = "export default (async () => d(1));\n";
	struct lower_result res;

	static const struct {
		const char *src, *head;
	} kept[] = {
		/* none named: none compiled */
		{ "export default 1;\n", "(function (__m) { " },
		/* the list is positional: kept up to the last one named */
		{ "export default () => e;\n", "(function (__m, d, e) { " },
		{ "export default () => typeof d;\n", "(function (__m, d) { " },
		/* a local d is not the parameter */
		{ "let d = 1; export default d;\n", "(function (__m) { " },
		/* a direct eval or the module's arguments may reach any */
		{ "export default () => eval('1');\n",
		    "(function (__m, d, e) { " },
		{ "export default arguments;\n", "(function (__m, d, e) { " },
	};
	size_t i;

	/* The entry's scope arrives as parameters; a free use reads them. */
	ck_assert_int_eq(
	    lower_module_params(src, strlen(src), "d, e", &res), 0);
	ck_assert_ptr_nonnull(strstr(res.code, "(function (__m, d) { "));
	ck_assert_ptr_nonnull(strstr(res.code, "return d(1);"));
	free(res.code);
	for (i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		ck_assert_int_eq(lower_module_params(kept[i].src,
				     strlen(kept[i].src), "d, e", &res),
		    0);
		ck_assert_msg(
		    strncmp(res.code, kept[i].head, strlen(kept[i].head)) == 0,
		    "%s -> %s", kept[i].src, res.code);
		free(res.code);
	}
	/* Other modules keep the one parameter. */
	ck_assert_int_eq(lower_source(src, strlen(src), LOWER_MODULE, &res), 0);
	ck_assert_ptr_nonnull(strstr(res.code, "(function (__m) { "));
	free(res.code);
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

/* Lowers src, which must succeed; the caller frees the text. */
static char *
lower_ok(const char *src)
{
	struct lower_result res;

	ck_assert_msg(lower_source(src, strlen(src), LOWER_SCRIPT, &res) == 0,
	    "%s", res.error);
	return res.code;
}

/*
 * A source that may make a BigInt (a literal, the name BigInt) has its
 * literals made by __cm.big and its operators guarded for an object
 * operand (__cm.bop and friends); any other source is left alone.
 */
START_TEST(test_bigint)
{
	char *code;

	code = lower_ok("let b = 10n, h = 0xffn;\n");
	ck_assert_ptr_nonnull(strstr(code, "__cm.big(\"10\")"));
	ck_assert_ptr_nonnull(strstr(code, "__cm.big(\"0xff\")"));
	free(code);
	code = lower_ok("var x = a + b, y = a < 2, z = typeof a; BigInt;\n");
	ck_assert_ptr_nonnull(strstr(code,
	    "(typeof a !== \"object\" && typeof b !== \"object\" ? a + b : "
	    "__cm.bop(0, a, b))"));
	ck_assert_ptr_nonnull(strstr(
	    code, "(typeof a !== \"object\" ? a < 2 : __cm.bop(13, a, 2))"));
	ck_assert_ptr_nonnull(strstr(code, "__cm.btype(a)"));
	free(code);
	/* The right operand may assign the left one: read it first. */
	code = lower_ok("var x = a - (a = 1n);\n");
	ck_assert_ptr_nonnull(strstr(code, "__cm.bop(1, $"));
	ck_assert_ptr_null(strstr(code, "__cm.bop(1, a"));
	free(code);
	code = lower_ok("var i = 0n; i++; o.k *= 2n; -i;\n");
	ck_assert_ptr_nonnull(strstr(code, "__cm.binc("));
	ck_assert_ptr_nonnull(strstr(code, "__cm.bop(2, "));
	ck_assert_ptr_nonnull(strstr(code, "__cm.bneg(i)"));
	free(code);
	code = lower_ok("var x = a + b, i = 0; i++; -i; typeof a;\n");
	ck_assert_ptr_null(strstr(code, "__cm.b"));
	ck_assert_ptr_nonnull(strstr(code, "a + b"));
	free(code);
}
END_TEST

START_TEST(test_errors)
{
	struct lower_result res;
	const char *src = "let a = 1;\n  import x from 'y';\n";

	ck_assert_int_eq(
	    lower_source(src, strlen(src), LOWER_SCRIPT, &res), -1);
	ck_assert_ptr_null(res.code);
	ck_assert_str_eq(res.error,
	    "SyntaxError: Cannot use import statement outside a module (2:3)");
	ck_assert_uint_eq(res.line, 2);
	ck_assert_uint_eq(res.col, 3);

	src = "let a = ;";
	ck_assert_int_eq(
	    lower_source(src, strlen(src), LOWER_SCRIPT, &res), -1);
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
		int rc =
		    lower_source(bad[i], strlen(bad[i]), LOWER_SCRIPT, &res);

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

/* Destructuring steps iterators per element and closes them (h2). */
START_TEST(test_h2_destructuring)
{
	/* plain names: one expression, no try; plain arrays by index */
	ASSERT_CONTAINS("let [a, , b] = x;", LOWER_SCRIPT,
	    "($1 = __cm.dFast(x)) !== null ? (a = $1[0], b = $1[2]) : "
	    "($1 = __cm.dIter(x, \"x\"), a = __cm.dStep($1), __cm.dStep($1), "
	    "b = __cm.dStep($1), __cm.dEnd($1));");
	/* an element that may throw: statements closing on abrupt exit */
	ASSERT_CONTAINS("let [a = f()] = x;", LOWER_SCRIPT,
	    "try { a = ($2 = __cm.dStep($1)) === void 0 ? f() : $2; "
	    "__cm.dEnd($1); } catch ($e$3) { __cm.dAbort($1, $e$3); }");
	/* assignment statement: the member target comes before the step */
	ASSERT_CONTAINS("r = [o.p, ...q] = v;", LOWER_SCRIPT,
	    "{ $1 = v; $2 = __cm.dIter($1); try { (o.p = __cm.dStep($2)); "
	    "q = __cm.dRest($2); } catch ($e$3) { __cm.dAbort($2, $e$3); }; "
	    "r = $1; }");
	/* parameters: TDZ for later ones; generators bind them when called */
	ASSERT_CONTAINS(
	    "function f(x = y, y) {}", LOWER_SCRIPT, "__cm.tdz(\"y\")");
	ASSERT_CONTAINS("function* g({a}) { yield a; }", LOWER_SCRIPT,
	    ".a; return __cm.gen(function () { \"use cm noctor\"; "
	    "__cm.yield(a); }");
	/* non-simple parameters: arguments is unmapped */
	ASSERT_CONTAINS("function f(a, b = 1) { return arguments; }",
	    LOWER_SCRIPT, "function f($p$1) {");
	ASSERT_CONTAINS("function f(a, b = 1) { return arguments; }",
	    LOWER_SCRIPT, "a = $p$1;");
}
END_TEST

/*
 * The names V8's error texts give a destructured or iterated value
 * (lower_v8name.c), passed to the helpers for their error path only.
 */
START_TEST(test_v8_error_names)
{
	char *got;

	/* object patterns: the value's name and the first named key */
	ASSERT_LOWERS("const {a} = o.x[k];",
	    "var $1, a; $1 = __cm.objCheck(o.x[k], \"o.x[k]\", \"a\"), "
	    "a = $1.a;");
	ASSERT_CONTAINS("const {a} = f(1)['b'];", LOWER_SCRIPT,
	    "__cm.objCheck(f(1)[\"b\"], \"f(...).b\", \"a\")");
	ASSERT_CONTAINS(
	    "const {[k]: a} = o;", LOWER_SCRIPT, "__cm.objCheck(o, \"o\"),");
	ASSERT_CONTAINS(
	    "({...r} = o);", LOWER_SCRIPT, "__cm.objCheck($1, \"o\")");
	ASSERT_CONTAINS("const {0x10: a} = o;", LOWER_SCRIPT,
	    "__cm.objCheck(o, \"o\", 16)");
	ASSERT_CONTAINS("const {'b-c': a} = o;", LOWER_SCRIPT,
	    "__cm.objCheck(o, \"o\", \"b-c\")");
	/* a default or member target first: V8 words a property read */
	ASSERT_CONTAINS(
	    "const {a = 1} = o;", LOWER_SCRIPT, "__cm.objCheck(o, 0, \"a\")");
	ASSERT_CONTAINS(
	    "({a: p.q} = o);", LOWER_SCRIPT, "__cm.objCheck($1, 0, \"a\")");
	/* nested patterns read; parameters describe the value */
	ASSERT_CONTAINS("const {a: {b}} = o;", LOWER_SCRIPT,
	    "$1 = __cm.objCheck(o, \"o\", \"a\"), "
	    "$2 = __cm.objCheck($1.a, 0, \"b\")");
	ASSERT_CONTAINS(
	    "const [{}] = x;", LOWER_SCRIPT, "__cm.objCheck(__cm.dStep($1));");
	ASSERT_CONTAINS("function f({a}) {}", LOWER_SCRIPT,
	    "__cm.objCheck($p$1, \"\", \"a\");");
	ASSERT_CONTAINS("for ({a} of xs);", LOWER_SCRIPT,
	    "__cm.objCheck($8 ? $8[$9++] : $5, 0, \"a\")");
	ASSERT_CONTAINS("for (const {a} of xs);", LOWER_SCRIPT,
	    "__cm.objCheck($8 ? $8[$9++] : $5, \"\", \"a\")");
	/* the name is a string the lowering composed and escaped */
	ASSERT_CONTAINS("const {a} = 'q\"\\n'.y;", LOWER_SCRIPT,
	    "__cm.objCheck(\"q\\\"\\n\".y, \"\\\"q\\\"\\n\\\".y\", \"a\")");
	/* array patterns: declarations name an initializer V8 can point at */
	ASSERT_CONTAINS("const [a] = f();", LOWER_SCRIPT,
	    "__cm.dIter($1, \"f is not a function or its return value\")");
	ASSERT_CONTAINS(
	    "let [a = g()] = x;", LOWER_SCRIPT, "$1 = __cm.dIter(x, \"x\");");
	ASSERT_CONTAINS("const [a] = o.x;", LOWER_SCRIPT, "__cm.dIter($1),");
	ASSERT_CONTAINS("const [a] = (x);", LOWER_SCRIPT, "__cm.dIter(x),");
	ASSERT_CONTAINS("[a] = xs;", LOWER_SCRIPT, "__cm.dIter($1);");
	ASSERT_CONTAINS("function f([a]) {}", LOWER_SCRIPT, "__cm.dIter($p$1)");
	/* for-of, for await */
	ASSERT_CONTAINS(
	    "for (const x of o.y);", LOWER_SCRIPT, "__cm.iter($1, \"o.y\");");
	ASSERT_CONTAINS(
	    "for (const x of c ? o : p);", LOWER_SCRIPT, "__cm.iter($1);");
	ASSERT_CONTAINS(
	    "for (const x of a || b);", LOWER_SCRIPT, "__cm.iter($1);");
	ASSERT_CONTAINS("for (const x of a ?? b);", LOWER_SCRIPT,
	    "__cm.iter($1, \"(a ?? b)\");");
	ASSERT_CONTAINS("for (const x of new C().d);", LOWER_SCRIPT,
	    "__cm.iter($1, \"C.d\");");
	ASSERT_CONTAINS("async function h() { for await (const x of g()); }",
	    LOWER_SCRIPT,
	    "__cm.asyncIter(g(), \"g(...) is not a function or its return "
	    "value\")");
	/* spread: every one of an array literal, a call's single last one */
	ASSERT_LOWERS("[...o.a, ...f()];",
	    "__cm.spread(o.a, \"o.a\").concat(__cm.spread(f(), \"f is not a "
	    "function or its return value\"));");
	ASSERT_LOWERS("f(1, ...o);",
	    "f.apply(void 0, [1].concat(__cm.spread(o, \"o\", 1)));");
	ASSERT_LOWERS("new C(...f());",
	    "__cm.construct(C, __cm.spread(f(), \"f(...)\", 1));");
	/* a `new` callee whose base is a call in the output keeps its
	 * parentheses: new takes the first argument list for its own */
	ASSERT_LOWERS("new (f().a.m)();", "new (f().a.m)();");
	ASSERT_LOWERS("new a.b.c();", "new a.b.c();");
	ASSERT_LOWERS(
	    "f(...o, 1);", "f.apply(void 0, __cm.spread(o).concat([1]));");
	ASSERT_LOWERS("f(...o, ...p);",
	    "f.apply(void 0, __cm.spread(o).concat(__cm.spread(p)));");
	/* V8's printing: numbers as JavaScript writes them, operators
	 * parenthesized, a left chain flat, `!=` as a negated `==` */
	ASSERT_CONTAINS("for (const x of o[1e21][0.000001][1e-7][-1][0x10]);",
	    LOWER_SCRIPT, "\"o[1e+21][0.000001][1e-7][-1][16]\"");
	ASSERT_CONTAINS("for (const x of o[i != 1][a + b + c][a - (b - c)]);",
	    LOWER_SCRIPT, "\"o[(!(i == 1))][(a + b + c)][(a - (b - c))]\"");
	ASSERT_CONTAINS("for (const x of (a, b)[c ? d : e][{k: 1}]);",
	    LOWER_SCRIPT,
	    "\"(a , b)[(intermediate value)(intermediate value)"
	    "(intermediate value)][{(intermediate value)}]\"");
	/* a name past 200 characters is left to the runtime */
	got =
	    lowered("for (const x of o.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa);",
		LOWER_SCRIPT);
	ck_assert_ptr_nonnull(strstr(got, "__cm.iter($1);"));
	free(got);
	ASSERT_CONTAINS(
	    "for (const x of o.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa);",
	    LOWER_SCRIPT, "__cm.iter($1, \"o.aaaa");
	/* a source that neither destructures nor spreads nor iterates is
	 * lowered as before */
	ASSERT_LOWERS("var o = {a: 1, b: [1, 2]}; const s = `x${o.a}`; "
		      "let m = o?.b ?? []; f(o.a); for (var k in o) g(k);",
	    "var $1, $2; var o = {a: 1, b: [1, 2]}; var s = \"x\".concat(o.a); "
	    "var m = (($1 = (($2 = o) == null ? void 0 : $2.b)) != null ? $1 "
	    ": []); f(o.a); for (var k in o) g(k);");
}
END_TEST

static Suite *
lower_suite(void)
{
	Suite *s = suite_create("lower");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_es5_passthrough);
	tcase_add_test(tc, test_h1_names_tdz_eval);
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
	tcase_add_test(tc, test_module_params);
	tcase_add_test(tc, test_line_alignment);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_bigint);
	tcase_add_test(tc, test_classes);
	tcase_add_test(tc, test_bad_input_no_crash);
	tcase_add_test(tc, test_h2_destructuring);
	tcase_add_test(tc, test_async_one_function);
	tcase_add_test(tc, test_async_params_fallback);
	tcase_add_test(tc, test_v8_error_names);
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
