/*
 * The TypeScript subset of the front end (engine/front/parser_ts.c): each
 * TypeScript text must lower to exactly what its JavaScript without the
 * types lowers to; the ambiguous texts take TypeScript's reading with
 * LOWER_F_TS and JavaScript's without; what needs code generation is
 * refused with its text and the position the model wrote; and none of it
 * is accepted unless asked for.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lower.h"

/* Lowered text with whitespace runs made one space, or the error text. */
static char *
lowered(const char *src, unsigned flags)
{
	struct lower_result res;
	char *out, *o;
	const char *p;
	int sp = 0;

	if (lower_source_flags(src, strlen(src), LOWER_SCRIPT, flags, &res) !=
	    0) {
		out = strdup(res.error);
		ck_assert_ptr_nonnull(out);
		return out;
	}
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

/* TypeScript `ts` lowers as JavaScript `js` does (and is an error as JS). */
#define ASSERT_STRIPS(ts, js)                                                  \
	do {                                                                   \
		char *t_ = lowered((ts), LOWER_F_TS);                          \
		char *j_ = lowered((js), 0);                                   \
		char *n_ = lowered((ts), 0);                                   \
		if (strcmp(t_, j_) != 0)                                       \
			ck_abort_msg(                                          \
			    "'%s' lowered to '%s', want '%s'", (ts), t_, j_);  \
		if (strncmp(j_, "SyntaxError", 11) == 0)                       \
			ck_abort_msg("'%s' is no JavaScript: %s", (js), j_);   \
		free(t_);                                                      \
		free(j_);                                                      \
		free(n_);                                                      \
	} while (0)

/* `src` is a SyntaxError without LOWER_F_TS: TypeScript is opt-in. */
#define ASSERT_JS_REFUSES(src)                                                 \
	do {                                                                   \
		char *n_ = lowered((src), 0);                                  \
		if (strncmp(n_, "SyntaxError: ", 13) != 0)                     \
			ck_abort_msg(                                          \
			    "'%s' lowered as JavaScript: %s", (src), n_);      \
		free(n_);                                                      \
	} while (0)

#define ASSERT_TS_ERROR(src, want)                                             \
	do {                                                                   \
		char *t_ = lowered((src), LOWER_F_TS);                         \
		ck_assert_str_eq(t_, (want));                                  \
		free(t_);                                                      \
	} while (0)

static const char *const annotated[][2] = {
	{ "let x: number = 1;", "let x = 1;" },
	{ "let y!: string; y = 'a';", "let y; y = 'a';" },
	{ "const o: { a: number; b?: string[] } = { a: 1 };",
	    "const o = { a: 1 };" },
	{ "var f: (a: number, b: string) => void = null;", "var f = null;" },
	{ "var u: 'a' | 'b' | `x-${string}` = 'a';", "var u = 'a';" },
	{ "var t: [number, string?, ...boolean[]] = [];", "var t = [];" },
	{ "var c: T extends U ? X<T>[] : keyof typeof y = 0;", "var c = 0;" },
	{ "var g: Array<Array<number>> = [];", "var g = [];" },
	{ "var h: Map<string, Set<Array<number>>> = 0;", "var h = 0;" },
	{ "var i: Array<number>= [];", "var i = [];" },
	{ "function f(a: number, b?: string, ...r: any[]): void {}",
	    "function f(a, b, ...r) {}" },
	{ "function f(this: Window, a = 1 as number) {}",
	    "function f(a = 1) {}" },
	{ "function f<T extends object = {}>(x: T): x is T { return 1; }",
	    "function f(x) { return 1; }" },
	{ "function f(x: unknown): asserts x is string {}",
	    "function f(x) {}" },
	{ "function f(a: string): void;\nfunction f(a: any) {}",
	    ";\nfunction f(a) {}" },
	{ "const a = (x: number, y?: number): number => x;",
	    "const a = (x, y) => x;" },
	{ "const a = async (x: number): Promise<void> => {};",
	    "const a = async (x) => {};" },
	{ "const a = <T,>(x: T) => x;", "const a = (x) => x;" },
	{ "const a = <T>(x: T): T => x;", "const a = (x) => x;" },
	{ "const a = async <T>(x: T) => x;", "const a = async (x) => x;" },
	{ "const a = ({ p }: { p: number }, [q]: number[]) => p;",
	    "const a = ({ p }, [q]) => p;" },
	{ "var v = x as any as string[];", "var v = x;" },
	{ "var v = { a: 1 } as const;", "var v = { a: 1 };" },
	{ "var v = y satisfies Z;", "var v = y;" },
	{ "var v = <string>y;", "var v = y;" },
	{ "var v = a!.b!.c!;", "var v = a.b.c;" },
	{ "var v = a?.b!.c;", "var v = a?.b.c;" },
	{ "var v = (a as B).c;", "var v = (a).c;" },
	{ "var v = a + b as number;", "var v = a + b;" },
	{ "var v = f<string>(1) + new M<K, V>();", "var v = f(1) + new M();" },
	{ "var v = f<string>`t`;", "var v = f`t`;" },
	{ "var v = o.m<T>(1)?.n<U>(2);", "var v = o.m(1)?.n(2);" },
	{ "interface I<T> extends J, K<T> { a: T; m(): void }", ";" },
	{ "type A<T = string> = { [K in keyof T]?: T[K] } | null;", ";" },
	{ "declare const d: number;\ndeclare function g(): void\nvar z;",
	    ";\n;\nvar z;" },
	{ "declare module 'm' { export const x: number; }", ";" },
	{ "declare global { interface W { x: number } }", ";" },
	{ "namespace N { export interface I {} export type T = 1; }", ";" },
	{ "try {} catch (e: unknown) {}", "try {} catch (e) {}" },
	{ "class C<T> extends B<T> implements I, J<T> {}",
	    "class C extends B {}" },
	{ "abstract class C { abstract m(): void; n() {} }",
	    "class C { n() {} }" },
	{ "class C { private readonly x: number = 1; public static y?: "
	  "string; protected z!: number; }",
	    "class C { x = 1; static y; z; }" },
	{ "class C { declare a: number; b; override m(): void {} }",
	    "class C { b; m() {} }" },
	{ "class C { [k: string]: unknown; m?(): void; n<T>(x: T): T { "
	  "return x; } }",
	    "class C { n(x) { return x; } }" },
	{ "class C { m(a: string): void; m(a: any) {} }",
	    "class C { m(a) {} }" },
	{ "class C { constructor(a: string); constructor(a: any) {} }",
	    "class C { constructor(a) {} }" },
	{ "class C { get v(): number { return 1; } set v(x: number) {} }",
	    "class C { get v() { return 1; } set v(x) {} }" },
	{ "var o = { m<T>(x: T): T { return x; }, get g(): number { return "
	  "1; } };",
	    "var o = { m(x) { return x; }, get g() { return 1; } };" },
	{ "class C { readonly; declare; abstract = 1; }",
	    "class C { readonly; declare; abstract = 1; }" },
	{ "var type = 1, declare = 2, namespace = 3, abstract = 4;\ntype;",
	    "var type = 1, declare = 2, namespace = 3, abstract = 4;\ntype;" },
};

START_TEST(test_annotations_stripped)
{
	size_t i;

	for (i = 0; i < sizeof(annotated) / sizeof(annotated[0]); i++)
		ASSERT_STRIPS(annotated[i][0], annotated[i][1]);
}
END_TEST

/* Each text with types is still a SyntaxError for JavaScript. */
START_TEST(test_opt_in)
{
	size_t i;

	for (i = 0; i < sizeof(annotated) / sizeof(annotated[0]); i++) {
		/* the last two are JavaScript on purpose */
		if (i + 2 >= sizeof(annotated) / sizeof(annotated[0]))
			break;
		/* these read as JavaScript with another meaning */
		if (strstr(annotated[i][0], "f<string>(1)") ||
		    strstr(annotated[i][0], "<string>y") ||
		    strstr(annotated[i][0], "o.m<T>(1)") ||
		    strstr(annotated[i][0], "f<string>`t`"))
			continue;
		ASSERT_JS_REFUSES(annotated[i][0]);
	}
	ASSERT_JS_REFUSES("var v = <string>y;");
}
END_TEST

START_TEST(test_ambiguous)
{
	/* TypeScript: a call with a type argument; JavaScript: comparisons */
	ASSERT_STRIPS("a < b > (c);", "a(c);");
	ASSERT_STRIPS("a < b, c > (d);", "a(d);");
	ASSERT_STRIPS("f(a < b, c > (d));", "f(a(d));");
	{
		char *j = lowered("a < b > (c);", 0);

		ck_assert_str_eq(j, "a < b > c;");
		free(j);
	}
	/* the token after `>` decides (canFollowTypeArgumentsInExpression) */
	ASSERT_STRIPS("a < b > c;", "a < b > c;");
	ASSERT_STRIPS("a < b > +c;", "a < b > +c;");
	ASSERT_STRIPS("a < b > [c];", "a < b > [c];");
	ASSERT_STRIPS("i < n && j > (k);", "i < n && j > k;");
	ASSERT_STRIPS("x = a < b >\nc;", "x = a\nc;");
	ASSERT_STRIPS("x = a<b> == c;", "x = a == c;");
	ASSERT_STRIPS("x = a < (b) > (c);", "x = a(c);"); /* (b) is a type */
	/* a conditional, not an arrow with a return type */
	ASSERT_STRIPS("x = a ? (b) : c => d;", "x = a ? b : (c) => d;");
	ASSERT_STRIPS("x = a ? (b): T => b : e;", "x = a ? (b) => b : e;");
	ASSERT_STRIPS(
	    "x = a ? f((b): T => b) : e;", "x = a ? f((b) => b) : e;");
	ASSERT_STRIPS("x = (a?: number) => a;", "x = (a) => a;");
	ASSERT_STRIPS("x = (a) ? b : c;", "x = a ? b : c;");
	ASSERT_STRIPS("x = (a, b);", "x = (a, b);");
	ASSERT_STRIPS("x = <T,>(y: T) => y;", "x = (y) => y;");
	ASSERT_STRIPS("x = <T>(y: T) => y;", "x = (y) => y;");
	ASSERT_STRIPS("x = <T>(y);", "x = y;");
	ASSERT_STRIPS("x = async <T>(y: T) => y;", "x = async (y) => y;");
	ASSERT_STRIPS("x = async(y);", "x = async(y);");
	ASSERT_STRIPS("x = (y as T) < z;", "x = y < z;");
	/* as TypeScript: after `as`, `T <` opens type arguments */
	ASSERT_TS_ERROR(
	    "x = y as T < z;", "SyntaxError: Unexpected token ';' (1:15)");
}
END_TEST

START_TEST(test_refusals)
{
	ASSERT_TS_ERROR("var a: number;\n  enum E { A }",
	    "SyntaxError: TypeScript enum is not supported: it needs code "
	    "generation, and only erasable types are stripped; use a frozen "
	    "object instead (const Color = Object.freeze({ Red: 0, Green: 1 "
	    "})) (2:3)");
	ASSERT_TS_ERROR("const enum E { A }",
	    "SyntaxError: TypeScript enum is not supported: it needs code "
	    "generation, and only erasable types are stripped; use a frozen "
	    "object instead (const Color = Object.freeze({ Red: 0, Green: 1 "
	    "})) (1:1)");
	ASSERT_TS_ERROR("namespace N { export const v = 1; }",
	    "SyntaxError: TypeScript namespace with values is not supported: "
	    "it needs code generation, and only erasable types are stripped; "
	    "use a plain object (const NS = { f() {} }) or top-level "
	    "declarations instead (1:1)");
	ASSERT_TS_ERROR("x;\nmodule M { function f() {} }",
	    "SyntaxError: TypeScript namespace with values is not supported: "
	    "it needs code generation, and only erasable types are stripped; "
	    "use a plain object (const NS = { f() {} }) or top-level "
	    "declarations instead (2:1)");
	ASSERT_TS_ERROR("class C {\n  constructor(public x: number) {} }",
	    "SyntaxError: TypeScript parameter property is not supported: it "
	    "needs code generation, and only erasable types are stripped; "
	    "declare the field in the class body and assign it in the "
	    "constructor (x; constructor(x) { this.x = x; }) (2:15)");
	ASSERT_TS_ERROR("class C { constructor(readonly x) {} }",
	    "SyntaxError: TypeScript parameter property is not supported: it "
	    "needs code generation, and only erasable types are stripped; "
	    "declare the field in the class body and assign it in the "
	    "constructor (x; constructor(x) { this.x = x; }) (1:23)");
	ASSERT_TS_ERROR("var a;\n\t@dec class C {}",
	    "SyntaxError: TypeScript decorator is not supported: it needs "
	    "code generation, and only erasable types are stripped; call the "
	    "decorating function on the class or method instead (C = "
	    "logged(C)) (2:2)");
	ASSERT_TS_ERROR("class C { @dec m() {} }",
	    "SyntaxError: TypeScript decorator is not supported: it needs "
	    "code generation, and only erasable types are stripped; call the "
	    "decorating function on the class or method instead (C = "
	    "logged(C)) (1:11)");
	/* a parameter merely named like a modifier is no parameter property */
	ASSERT_STRIPS("function f(readonly, public: number) {}",
	    "function f(readonly, public) {}");
}
END_TEST

/* import/export forms only a module has */
START_TEST(test_module_forms)
{
	struct lower_result r;
	static const char src[] =
	    "import type { A } from 'a';\n"
	    "import type B from 'b';\n"
	    "import { type C, D, type E as F } from 'c';\n"
	    "export type { A };\n"
	    "export interface G {}\n"
	    "export type H = 1;\n"
	    "export function f(x: number): void;\n"
	    "export function f(x: any) { return D; }\n"
	    "export abstract class K {}\n";

	ck_assert_int_eq(
	    lower_source_flags(src, strlen(src), LOWER_MODULE, LOWER_F_TS, &r),
	    0);
	/* the value import stays, the type-only ones are gone */
	ck_assert_ptr_nonnull(strstr(r.code, "__m.import(\"c\")"));
	ck_assert_ptr_nonnull(strstr(r.code, ".D;"));
	ck_assert_ptr_null(strstr(r.code, "__m.import(\"a\")"));
	ck_assert_ptr_null(strstr(r.code, "__m.import(\"b\")"));
	ck_assert_ptr_null(strstr(r.code, "\"A\""));
	ck_assert_ptr_null(strstr(r.code, "\"G\""));
	ck_assert_ptr_nonnull(strstr(r.code, "__m.export(\"K\""));
	ck_assert_ptr_nonnull(strstr(r.code, "__m.export(\"f\""));
	free(r.code);
	ck_assert_int_eq(lower_source_flags("import x = require('x');", 24,
			     LOWER_MODULE, LOWER_F_TS, &r),
	    -1);
	ck_assert_str_eq(r.error,
	    "SyntaxError: TypeScript 'import x = require()' is not supported: "
	    "it needs code generation, and only erasable types are stripped; "
	    "write an import declaration instead (import x from \"m\") (1:1)");
	ck_assert_int_eq(
	    lower_source_flags("export = 1;", 11, LOWER_MODULE, LOWER_F_TS, &r),
	    -1);
	ck_assert_ptr_nonnull(strstr(r.error, "TypeScript 'export ='"));
}
END_TEST

/* Positions are those of the text as written, types and all. */
START_TEST(test_positions)
{
	ASSERT_TS_ERROR("interface I { a: number }\n"
			"const v: Array<Map<string, number>> = [];\n"
			"const bad = f<number>(1) +;",
	    "SyntaxError: Unexpected token ';' (3:27)");
	/* `>>>` split one `>` at a time: the third is where it stands */
	ASSERT_TS_ERROR("var a: Array<Array<number>>> = 1;",
	    "SyntaxError: Unexpected token '>' (1:28)");
	ASSERT_TS_ERROR("let broken: Map<string, = 1;",
	    "SyntaxError: Unexpected token '=' (1:25)");
	ASSERT_TS_ERROR("let x: number = 1;\nlet x: string = '';",
	    "SyntaxError: Identifier 'x' has already been declared (2:5)");
	ASSERT_TS_ERROR("const f = (a: number): string => { return a +; };",
	    "SyntaxError: Unexpected token ';' (1:46)");
	/* line alignment: a statement after erased ones keeps its line */
	{
		struct lower_result r;
		static const char src[] =
		    "interface A {\n b: number\n}\ntype T = 1;\nvar x;";
		const char *q;
		int lines = 1;

		ck_assert_int_eq(lower_source_flags(src, strlen(src),
				     LOWER_SCRIPT, LOWER_F_TS, &r),
		    0);
		ck_assert_ptr_nonnull(strstr(r.code, "var x"));
		for (q = r.code; q < strstr(r.code, "var x"); q++)
			lines += *q == '\n';
		ck_assert_int_eq(lines, 5);
		free(r.code);
	}
}
END_TEST

START_TEST(test_bad_input_no_crash)
{
	static const char *const bad[] = { "let x: = 1;", "f<", "a < (",
		"<T>(x: T", "class C { m<T( }", "type = ;", "x as", "interface",
		"declare", "(a?: ) => 1", "a ? (b) : c =>",
		"let x: Array<Array<number>>>> = 1;", "class C implements {}",
		"let v: `a${", "function f(this) {}", "namespace {", "enum",
		"@", "<", "x!!!;" };
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *t = lowered(bad[i], LOWER_F_TS);

		free(t);
	}
}
END_TEST

static Suite *
ts_suite(void)
{
	Suite *s = suite_create("ts");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_annotations_stripped);
	tcase_add_test(tc, test_opt_in);
	tcase_add_test(tc, test_ambiguous);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_module_forms);
	tcase_add_test(tc, test_positions);
	tcase_add_test(tc, test_bad_input_no_crash);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ts_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
