/*
 * Protocol rules of the small codecs at the edges a mutation run found
 * unguarded: a provider name may not start with any digit (0 and 9
 * included), a "js" module source must be a string, a UTF-8 byte order mark
 * before the entry's imports is skipped, and an outbound mode number past
 * the table has no name. (A texts_-prefixed suite: it links libcodemode
 * alone, like the modules it checks.)
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

START_TEST(provider_names_never_start_with_a_digit)
{
	static const char *const bad[] = { "0", "0a", "9a", "5_", "0$" };
	static const char *const good[] = { "a0", "_9", "$0", "Z9" };
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(cm_provider_name_matches_pattern(bad[i]) == 0,
		    "\"%s\" accepted", bad[i]);
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ck_assert_msg(cm_provider_name_matches_pattern(good[i]) == 1,
		    "\"%s\" refused", good[i]);
}
END_TEST

static int
entries_rc(const char *map)
{
	json_t *m = json_loads(map, 0, NULL), *entries = NULL;
	char *t = NULL;
	int rc;

	ck_assert_ptr_nonnull(m);
	rc = cm_module_entries(m, &entries, &t);
	json_decref(entries);
	free(t);
	json_decref(m);
	return rc;
}

START_TEST(module_sources_of_the_wrong_type_are_unsupported)
{
	ck_assert_int_eq(
	    entries_rc("{\"a\":{\"js\":\"export default 1\"}}"), 0);
	ck_assert_int_eq(entries_rc("{\"a\":{\"js\":5}}"), 1);
	ck_assert_int_eq(entries_rc("{\"a\":{\"js\":null}}"), 1);
	ck_assert_int_eq(entries_rc("{\"a\":{\"js\":{\"x\":1}}}"), 1);
	ck_assert_int_eq(entries_rc("{\"a\":{\"cjs\":5}}"), 1);
	ck_assert_int_eq(entries_rc("{\"a\":{\"text\":[]}}"), 1);
}
END_TEST

START_TEST(byte_order_mark_before_imports_is_skipped)
{
	static const char bom[] = "\xef\xbb\xbfimport x from \"m\";\nbody()";
	static const char notbom[] = "\xef\xbb\xbeimport x from \"m\";\nbody()";
	struct cm_imports imp;

	ck_assert_int_eq(cm_separate_imports(bom, strlen(bom), &imp), 0);
	ck_assert_ptr_nonnull(strstr(imp.imports, "import x from \"m\";"));
	ck_assert_str_eq(imp.body, "body()");
	cm_imports_clear(&imp);
	/* A near-miss mark is code, not trivia: nothing is lifted. */
	ck_assert_int_eq(cm_separate_imports(notbom, strlen(notbom), &imp), 0);
	ck_assert_str_eq(imp.imports, "");
	cm_imports_clear(&imp);
}
END_TEST

START_TEST(outbound_mode_past_the_table_has_no_name)
{
	ck_assert_str_eq(
	    cm_outbound_mode_name(CM_OUTBOUND_DISABLED), "disabled");
	ck_assert_ptr_null(cm_outbound_mode_name((enum cm_outbound_mode)3));
	ck_assert_ptr_null(cm_outbound_mode_name((enum cm_outbound_mode) - 1));
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("texts_rules");
	TCase *tc = tcase_create("edges");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, provider_names_never_start_with_a_digit);
	tcase_add_test(tc, module_sources_of_the_wrong_type_are_unsupported);
	tcase_add_test(tc, byte_order_mark_before_imports_is_skipped);
	tcase_add_test(tc, outbound_mode_past_the_table_has_no_name);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
