/*
 * The entry module's text and inputs (engine/host/entry.c): the generated
 * source, the static import list, the scope's parameter names, the module
 * map as the prelude takes it, and the syntax-error text.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "host/entry.h"

/* entry_source of `code` as execution.c makes it (imports lifted first). */
static char *
source_of(const char *code, const json_t *providers)
{
	struct cm_imports imp;
	char *s = NULL;

	if (cm_separate_imports(code, strlen(code), &imp) == 0)
		s = entry_source(&imp, providers);
	cm_imports_clear(&imp);
	return s;
}

/* entry_import_specifiers of `code`, the same way. */
static char *
specifiers_of(const char *code)
{
	struct cm_imports imp;
	char *s = NULL;

	if (cm_separate_imports(code, strlen(code), &imp) == 0)
		s = entry_import_specifiers(&imp);
	cm_imports_clear(&imp);
	return s;
}

START_TEST(test_source)
{
	json_t *providers =
	    json_loads("[{\"name\":\"kv\",\"tools\":[\"get\"]},"
		       "{\"name\":\"raw\",\"tools\":[],\"positionalArgs\":true,"
		       "\"prelude\":\"const seen = 1;\"}]",
		0, NULL);
	char *s;

	ck_assert_ptr_nonnull(providers);
	ck_assert_ptr_nonnull(s = source_of("async () => 1", NULL));
	ck_assert_str_eq(s, "\n__m.entry((\nasync () => 1\n));\n");
	free(s);
	/* Proxies, then preludes, then the arrow; the imports are lifted. */
	ck_assert_ptr_nonnull(s = source_of("import a from 'm'\n"
					    "async () => a",
				  providers));
	ck_assert_ptr_nonnull(strstr(s,
	    "const kv = __cm.entryScope()."
	    "proxy(\"kv\", false);\n"));
	ck_assert_ptr_nonnull(strstr(s,
	    "const raw = __cm.entryScope()."
	    "proxy(\"raw\", true);\n"));
	ck_assert(strstr(s, "const seen = 1;") > strstr(s, "proxy(\"raw\""));
	ck_assert(strstr(s, "import a from 'm'") < strstr(s, "__m.entry(("));
	ck_assert_ptr_nonnull(strstr(s, "__m.entry((\nasync () => a\n));"));
	free(s);
	json_decref(providers);
}
END_TEST

START_TEST(test_import_specifiers)
{
	char *s;

	ck_assert_ptr_nonnull(s = specifiers_of("async () => 1"));
	ck_assert_str_eq(s, "[]");
	free(s);
	ck_assert_ptr_nonnull(
	    s = specifiers_of(
		"import a from 'x'\nimport { b } from \"y/z\"\nimport 'side'\n"
		"async () => a"));
	ck_assert_str_eq(s, "[\"x\",\"y/z\",\"side\"]");
	free(s);
}
END_TEST

START_TEST(test_syntax_text)
{
	char *s;

	ck_assert_ptr_nonnull(
	    s = entry_syntax_text(
		"SyntaxError: unexpected token (5:1)", "executor.js"));
	ck_assert_str_eq(s, "unexpected token [executor.js:5:1]");
	free(s);
	/* Without a position the message stands alone. */
	ck_assert_ptr_nonnull(
	    s = entry_syntax_text("SyntaxError: bad", "executor.js"));
	ck_assert_str_eq(s, "bad");
	free(s);
}
END_TEST

START_TEST(test_scope_params)
{
	const char *p = entry_scope_params();

	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(p,
	    "__dispatch, __stringifyForDispatch, "
	    "__parseForDispatch, __BINARY_TAG, __encodeBinaryValue, "
	    "__decodeBinaryValue, __encodeBase64, __decodeBase64");
	/* Static storage, built once. */
	ck_assert_ptr_eq(entry_scope_params(), p);
}
END_TEST

START_TEST(test_modules)
{
	json_t *pairs;
	char *out, *declared, *text;

	ck_assert_int_eq(entry_modules(NULL, &out, &declared, &text), 0);
	ck_assert_str_eq(out, "[]");
	ck_assert_ptr_null(text);
	free(out);
	free(declared);
	pairs = json_loads("[[\"./a.js\",\"export default 1\"],"
			   "[\"b.json\",{\"json\":\"[1]\"}]]",
	    0, NULL);
	ck_assert_ptr_nonnull(pairs);
	ck_assert_int_eq(entry_modules(pairs, &out, &declared, &text), 0);
	/* Names normalised; a plain string is a js module. */
	ck_assert_ptr_nonnull(
	    strstr(out, "[\"a\",\"js\",\"export default 1\"]"));
	ck_assert_str_eq(declared, "\"a\", \"b.json\"");
	free(out);
	free(declared);
	json_decref(pairs);
	/* Two names that normalise alike are a declared failure. */
	pairs = json_loads("[[\"a\",\"1\"],[\"./a.js\",\"2\"]]", 0, NULL);
	ck_assert_int_eq(entry_modules(pairs, &out, &declared, &text), 1);
	ck_assert_ptr_nonnull(text);
	free(text);
	json_decref(pairs);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("entry");
	TCase *tc = tcase_create("entry");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_source);
	tcase_add_test(tc, test_import_specifiers);
	tcase_add_test(tc, test_syntax_text);
	tcase_add_test(tc, test_scope_params);
	tcase_add_test(tc, test_modules);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
