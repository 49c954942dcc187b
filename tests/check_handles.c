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
	ck_assert_int_eq(handles_add(&h, &a, NULL, &owner_a), 0);
	ck_assert_int_eq(handles_add(&h, &b, NULL, &owner_b), 0);
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
	char id[HANDLES_ID_MAX + 1];

	handles_init(&h);
	ck_assert_int_eq(handles_add(&h, &a, NULL, NULL), 0);
	ck_assert_int_eq(handles_add(&h, &b, NULL, NULL), 0);
	memcpy(id, a.id, sizeof(id));
	handles_remove(&h, &a);
	ck_assert_ptr_null(handles_find(&h, id));
	ck_assert_str_eq(a.id, id);
	ck_assert_ptr_eq(handles_find(&h, b.id), &b);
	handles_remove(&h, &b);
	ck_assert(TAILQ_EMPTY(&h));
}
END_TEST

/* An instance id names the daemon in front of the random part; a bad one
 * is refused rather than minted into an id a client would misroute. */
START_TEST(test_instance_prefix)
{
	struct handles h;
	struct handles_entry a = { 0 }, b = { 0 };
	char longest[HANDLES_INSTANCE_MAX + 2];
	size_t i;

	handles_init(&h);
	ck_assert_int_eq(handles_add(&h, &a, "pod-7d9f_x2", NULL), 0);
	ck_assert_uint_eq(
	    strlen(a.id), strlen("pod-7d9f_x2.") + HANDLES_ID_LEN);
	ck_assert(strncmp(a.id, "pod-7d9f_x2.", 12) == 0);
	for (i = 12; i < strlen(a.id); i++)
		ck_assert(isxdigit((unsigned char)a.id[i]));
	ck_assert_ptr_eq(handles_find(&h, a.id), &a);
	ck_assert_ptr_null(handles_find(&h, a.id + 12));
	memset(longest, 'x', HANDLES_INSTANCE_MAX);
	longest[HANDLES_INSTANCE_MAX] = '\0';
	ck_assert_int_eq(handles_add(&h, &b, longest, NULL), 0);
	ck_assert_uint_eq(strlen(b.id), HANDLES_ID_MAX);
	handles_remove(&h, &b);
	longest[HANDLES_INSTANCE_MAX] = 'x';
	longest[HANDLES_INSTANCE_MAX + 1] = '\0';
	ck_assert(!handles_instance_valid(longest));
	ck_assert_int_eq(handles_add(&h, &b, longest, NULL), -1);
	ck_assert(!handles_instance_valid(""));
	ck_assert(!handles_instance_valid("a.b"));
	ck_assert(!handles_instance_valid("a/b"));
	ck_assert(!handles_instance_valid("a b"));
	ck_assert(handles_instance_valid("A-z_0"));
	ck_assert_int_eq(handles_add(&h, &b, "a.b", NULL), -1);
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
	tcase_add_test(tc, test_instance_prefix);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
