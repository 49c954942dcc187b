/* The executionId registry: fresh unguessable ids, lookup, removal. */
#include <check.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/handles.h"

START_TEST(test_add_names_with_hex_and_finds)
{
	struct handles h;
	struct handles_entry a = { 0 }, b = { 0 };
	int owner_a, owner_b;
	size_t i;

	handles_init(&h);
	ck_assert_int_eq(handles_add(&h, &a, &owner_a), 0);
	ck_assert_int_eq(handles_add(&h, &b, &owner_b), 0);
	ck_assert_uint_eq(strlen(a.id), HANDLES_ID_LEN);
	for (i = 0; i < HANDLES_ID_LEN; i++)
		ck_assert(isxdigit((unsigned char)a.id[i]) &&
		    !isupper((unsigned char)a.id[i]));
	ck_assert_str_ne(a.id, b.id);
	ck_assert_ptr_eq(handles_find(&h, a.id), &a);
	ck_assert_ptr_eq(handles_find(&h, b.id)->owner, &owner_b);
	ck_assert_ptr_null(handles_find(&h, "0123"));
	ck_assert_ptr_null(handles_find(&h, ""));
}
END_TEST

START_TEST(test_remove_unlists_and_keeps_the_id)
{
	struct handles h;
	struct handles_entry a = { 0 }, b = { 0 };
	char id[HANDLES_ID_LEN + 1];

	handles_init(&h);
	ck_assert_int_eq(handles_add(&h, &a, NULL), 0);
	ck_assert_int_eq(handles_add(&h, &b, NULL), 0);
	memcpy(id, a.id, sizeof(id));
	handles_remove(&h, &a);
	ck_assert_ptr_null(handles_find(&h, id));
	ck_assert_str_eq(a.id, id);
	ck_assert_ptr_eq(handles_find(&h, b.id), &b);
	handles_remove(&h, &b);
	ck_assert(TAILQ_EMPTY(&h));
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("handles");
	TCase *tc = tcase_create("registry");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_add_names_with_hex_and_finds);
	tcase_add_test(tc, test_remove_unlists_and_keeps_the_id);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
