/*
 * Check suite for libclient/proto/imports.c: the seed's three Entry-contract
 * examples exactly, then multi-line declarations, blank and comment lines,
 * and the forms that are not static imports.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "proto/imports.h"

static void
ck_split(const char *code, const char *imports, const char *body)
{
	struct cm_imports imp;

	ck_assert_int_eq(cm_separate_imports(code, strlen(code), &imp), 0);
	ck_assert_str_eq(imp.imports, imports);
	ck_assert_uint_eq(imp.imports_len, strlen(imports));
	ck_assert_str_eq(imp.body, body);
	ck_assert_uint_eq(imp.body_len, strlen(body));
	cm_imports_clear(&imp);
	ck_assert_ptr_null(imp.imports);
}

START_TEST(seed_examples)
{
	ck_split("import { greet } from 'greeter'\nasync () => greet('ada')",
	    "import { greet } from 'greeter'", "async () => greet('ada')");
	/* Trailing code on an import line reaches module scope with it. */
	ck_split("import { greet } from 'greeter'; const size = 3\n"
		 "async () => greet('ada').repeat(size).length",
	    "import { greet } from 'greeter'; const size = 3",
	    "async () => greet('ada').repeat(size).length");
	/* The arrow on the import line goes with it, leaving the body empty. */
	ck_split("import { greet } from 'greeter'; async () => greet('ada')",
	    "import { greet } from 'greeter'; async () => greet('ada')", "");
}
END_TEST

START_TEST(no_imports)
{
	ck_split("async () => 6 * 7", "", "async () => 6 * 7");
	ck_split("", "", "");
	ck_split(
	    "// a note\n\nasync () => 1", "", "// a note\n\nasync () => 1");
	ck_split("async () => {\n  import('x')\n}", "",
	    "async () => {\n  import('x')\n}");
	/* Dynamic import and import.meta are expressions, not declarations. */
	ck_split(
	    "import('x').then(m => m)\n", "", "import('x').then(m => m)\n");
	ck_split("import.meta\n", "", "import.meta\n");
	ck_split("imports => imports.length", "", "imports => imports.length");
	ck_split("import$ => 1", "", "import$ => 1");
	{
		struct cm_imports imp;

		ck_assert_int_eq(cm_separate_imports(NULL, 5, &imp), 0);
		ck_assert_str_eq(imp.imports, "");
		ck_assert_str_eq(imp.body, "");
		cm_imports_clear(&imp);
	}
}
END_TEST

START_TEST(declaration_forms)
{
	ck_split("import 'polyfill'\nasync () => 1", "import 'polyfill'",
	    "async () => 1");
	ck_split("import\"p\"\nasync () => 1", "import\"p\"", "async () => 1");
	ck_split("import * as ns from \"lib\"\nasync () => ns.x",
	    "import * as ns from \"lib\"", "async () => ns.x");
	ck_split("import d, { a as b } from 'm'\nasync () => b",
	    "import d, { a as b } from 'm'", "async () => b");
	ck_split("import{a}from'm'\nasync () => a", "import{a}from'm'",
	    "async () => a");
	/* A quoted binding name inside braces is not the specifier. */
	ck_split("import { 'a-b' as ab } from 'm'\nasync () => ab",
	    "import { 'a-b' as ab } from 'm'", "async () => ab");
	ck_split("import { x } from 'it\\'s'\nasync () => x",
	    "import { x } from 'it\\'s'", "async () => x");
}
END_TEST

START_TEST(multi_line_declarations)
{
	ck_split("import {\n  a,\n  b\n} from 'x'\nasync () => a + b",
	    "import {\n  a,\n  b\n} from 'x'", "async () => a + b");
	ck_split("import {\n  a, // first\n  /* } from 'fake' */ b\n} from "
		 "'x'; const c = 1\n"
		 "async () => a + b + c",
	    "import {\n  a, // first\n  /* } from 'fake' */ b\n} from 'x'; "
	    "const c = 1",
	    "async () => a + b + c");
	ck_split("import d\n  from 'm'\nasync () => d", "import d\n  from 'm'",
	    "async () => d");
}
END_TEST

START_TEST(blank_and_comment_lines)
{
	/* Between imports they are lifted with them... */
	ck_split("import a from 'a'\n\n// the helper\nimport b from 'b'\nasync "
		 "() => a(b)",
	    "import a from 'a'\n\n// the helper\nimport b from 'b'",
	    "async () => a(b)");
	ck_split("/* header\n   comment */\nimport a from 'a'\nasync () => a",
	    "/* header\n   comment */\nimport a from 'a'", "async () => a");
	ck_split("\n\n  import a from 'a'\nasync () => a",
	    "\n\n  import a from 'a'", "async () => a");
	ck_split("/* c */ import a from 'a'\nasync () => a",
	    "/* c */ import a from 'a'", "async () => a");
	/* ...after the last import they stay with the body. */
	ck_split("import a from 'a'\n\n// the arrow\nasync () => a",
	    "import a from 'a'", "\n// the arrow\nasync () => a");
	ck_split("import a from 'a'\nimport b from 'b'\n",
	    "import a from 'a'\nimport b from 'b'", "");
}
END_TEST

START_TEST(line_ends_and_malformed)
{
	ck_split("import a from 'a'\r\nasync () => a", "import a from 'a'",
	    "async () => a");
	ck_split("import a from 'a'\r\nimport b from 'b'\r\nasync () => a",
	    "import a from 'a'\r\nimport b from 'b'", "async () => a");
	/* A declaration that never reaches its specifier takes the rest: the
	 * engine then reports the syntax error against the import. */
	ck_split("import { a\nasync () => a", "import { a\nasync () => a", "");
	ck_split("import a;\nasync () => a", "import a;\nasync () => a", "");
	ck_split("import 'unterminated\nasync () => 1",
	    "import 'unterminated\nasync () => 1", "");
	ck_assert_uint_eq(
	    imports_declaration_end("import a from 'b' x", 19, 0), 17);
	ck_assert_uint_eq(imports_declaration_end("x", 1, 0), 0);
	ck_assert_uint_eq(imports_declaration_end("import", 6, 0), 6);
}
END_TEST

static Suite *
imports_suite(void)
{
	Suite *s = suite_create("imports");
	TCase *tc = tcase_create("separate");

	tcase_add_test(tc, seed_examples);
	tcase_add_test(tc, no_imports);
	tcase_add_test(tc, declaration_forms);
	tcase_add_test(tc, multi_line_declarations);
	tcase_add_test(tc, blank_and_comment_lines);
	tcase_add_test(tc, line_ends_and_malformed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(imports_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
