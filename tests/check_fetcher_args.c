/*
 * The fetcher's argument vector (server/fetcher/fetcher_args.c): what the
 * encoder writes decodes to the same settings, and the decoder takes
 * nothing else (a missing or reordered bound, a sign or leading zero, an
 * empty list entry, a list out of its place).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fetcher/fetcher_args.h"

static int
count(char **argv)
{
	int n = 0;

	while (argv[n] != NULL)
		n++;
	return n;
}

START_TEST(test_roundtrip)
{
	static const char *allow[] = { "127.0.0.1:8080", "*.example" };
	static const char *deny[] = { "10.0.0.0/8" };
	static const char *self[] = { "[::ffff:127.0.0.1]:9000", "[::]:9100" };
	struct fetcher_args a, b;
	char **argv, err[128];
	int argc;

	memset(&a, 0, sizeof(a));
	a.max_body = 8388608;
	a.max_total = 256;
	a.max_per_owner = 16;
	a.max_waiting = 0;
	a.verbosity = 3;
	a.allow = allow;
	a.nallow = 2;
	a.deny = deny;
	a.ndeny = 1;
	a.self = self;
	a.nself = 2;
	ck_assert_ptr_nonnull(argv = fetcher_args_encode(&a, "/bin/x"));
	argc = count(argv);
	ck_assert_int_eq(argc, 12);
	ck_assert_str_eq(argv[0], "/bin/x");
	ck_assert_str_eq(argv[1], "--fetcher");
	ck_assert_str_eq(argv[2], "--max-body=8388608");
	ck_assert_str_eq(argv[5], "--max-waiting=0");
	ck_assert_str_eq(argv[6], "--verbosity=3");
	ck_assert_str_eq(argv[7], "--allow=127.0.0.1:8080");
	ck_assert_str_eq(argv[10], "--self=[::ffff:127.0.0.1]:9000");
	ck_assert_int_eq(
	    fetcher_args_decode(argc, argv, &b, err, sizeof(err)), 0);
	ck_assert_uint_eq(b.max_body, 8388608);
	ck_assert_uint_eq(b.max_total, 256);
	ck_assert_uint_eq(b.max_per_owner, 16);
	ck_assert_uint_eq(b.max_waiting, 0);
	ck_assert_uint_eq(b.verbosity, 3);
	ck_assert_uint_eq(b.nallow, 2);
	ck_assert_str_eq(b.allow[1], "*.example");
	ck_assert_ptr_null(b.allow[2]);
	ck_assert_uint_eq(b.ndeny, 1);
	ck_assert_uint_eq(b.nself, 2);
	ck_assert_str_eq(b.self[1], "[::]:9100");
	ck_assert_uint_eq(b.nresolve, 0);
	ck_assert_ptr_null(b.resolve[0]);
	fetcher_args_clear(&b);
	fetcher_args_free(argv);
	/* An empty text cannot be written, nor a verbosity past 4. */
	allow[0] = "";
	ck_assert_ptr_null(fetcher_args_encode(&a, "/bin/x"));
	allow[0] = "127.0.0.1:8080";
	a.verbosity = 5;
	ck_assert_ptr_null(fetcher_args_encode(&a, "/bin/x"));
}
END_TEST

START_TEST(test_only_what_the_encoder_writes)
{
	static const char *const cases[][9] = {
		{ "x", "--fetcher", "--max-body=1", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", NULL },
		{ "x", "--fetcher", "--max-body=1", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=5",
		    NULL },
		{ "x", "--zygote", "--max-body=1", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    NULL },
		{ "x", "--fetcher", "--max-total=1", "--max-body=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    NULL },
		{ "x", "--fetcher", "--max-body=01", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    NULL },
		{ "x", "--fetcher", "--max-body=1", "--max-total=-1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    NULL },
		{ "x", "--fetcher", "--max-body=1", "--max-total=4294967296",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    NULL },
		{ "x", "--fetcher", "--max-body=1", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    "--allow=", NULL },
		{ "x", "--fetcher", "--max-body=1", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    "--deny=a", "--allow=b" },
		{ "x", "--fetcher", "--max-body=1", "--max-total=1",
		    "--max-per-owner=1", "--max-waiting=1", "--verbosity=1",
		    "--other=a", NULL },
	};
	struct fetcher_args b;
	char err[128];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int argc = 0;

		while (argc < 9 && cases[i][argc] != NULL)
			argc++;
		err[0] = '\0';
		ck_assert_msg(fetcher_args_decode(argc, (char *const *)cases[i],
				  &b, err, sizeof(err)) == -1,
		    "case %zu decoded", i);
		ck_assert_msg(err[0] != '\0', "case %zu: no reason", i);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("fetcher_args");
	TCase *tc = tcase_create("codec");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_roundtrip);
	tcase_add_test(tc, test_only_what_the_encoder_writes);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
