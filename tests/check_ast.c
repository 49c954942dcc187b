/*
 * The syntax tree's arena (engine/front/ast.c): every allocation comes back
 * zeroed and aligned, including from a chunk a freed arena handed back to
 * the process cache, and a block larger than a chunk gets its own.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/ast.h"

static int
all_zero(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

START_TEST(test_zeroed_after_reuse)
{
	struct ast_arena *a;
	unsigned char *p;
	int round, i;

	/* The second round reuses the first round's chunk, dirty. */
	for (round = 0; round < 2; round++) {
		ck_assert_ptr_nonnull(a = ast_arena_new());
		for (i = 0; i < 200; i++) {
			ck_assert_ptr_nonnull(p = ast_alloc(a, 100 + i));
			ck_assert_msg(all_zero(p, 100 + i), "round %d alloc %d",
			    round, i);
			ck_assert_uint_eq(
			    (uintptr_t)p % _Alignof(max_align_t), 0);
			memset(p, 0xa5, 100 + i);
		}
		ast_arena_free(a);
	}
}
END_TEST

START_TEST(test_big_block)
{
	struct ast_arena *a = ast_arena_new();
	unsigned char *small, *big, *after;
	size_t n = 1u << 20;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(small = ast_alloc(a, 16));
	ck_assert_ptr_nonnull(big = ast_alloc(a, n));
	ck_assert(all_zero(big, n));
	memset(big, 1, n);
	/* The current chunk's tail is still used after a big block. */
	ck_assert_ptr_nonnull(after = ast_alloc(a, 16));
	ck_assert(after > small && after < small + 64 * 1024);
	ck_assert(all_zero(after, 16));
	ast_arena_free(a);
}
END_TEST

START_TEST(test_list_push)
{
	struct ast_arena *a = ast_arena_new();
	struct ast_list l;
	struct ast_node *n;
	int i;

	memset(&l, 0, sizeof(l));
	for (i = 0; i < 100; i++) {
		ck_assert_ptr_nonnull(
		    n = ast_node_new(a, AST_PROGRAM, i + 1, 0, 0));
		ck_assert_int_eq(ast_list_push(a, &l, n), 0);
	}
	ck_assert_uint_eq(l.len, 100);
	for (i = 0; i < 100; i++)
		ck_assert_uint_eq(l.items[i]->line, (uint32_t)i + 1);
	ast_arena_free(a);
}
END_TEST

static Suite *
ast_suite(void)
{
	Suite *s = suite_create("ast");
	TCase *tc = tcase_create("arena");

	tcase_add_test(tc, test_zeroed_after_reuse);
	tcase_add_test(tc, test_big_block);
	tcase_add_test(tc, test_list_push);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ast_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
