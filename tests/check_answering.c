/* The answering host: each call answered at once, with the one answer. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "child/answering.h"
#include "host/execution.h"

START_TEST(test_answers_each_call_once)
{
	struct answering a;
	struct execution_host host;
	uint32_t id = 0;
	char *payload = NULL;
	size_t len = 0;

	answering_host(&a, "{\"result\":\"1\"}", &host);
	ck_assert_ptr_eq(host.arg, &a);
	/* Nothing sent: nothing to answer. */
	ck_assert_int_eq(host.wait(host.arg, 10, &id, &payload, &len), -1);
	ck_assert_int_eq(
	    host.send(host.arg, EXECUTION_TOOL_CALL, "{}", 2, 7), 0);
	host.host_wait(host.arg, 1);
	ck_assert_int_eq(host.wait(host.arg, -1, &id, &payload, &len), 1);
	ck_assert_uint_eq(id, 7);
	ck_assert_str_eq(payload, "{\"result\":\"1\"}");
	ck_assert_uint_eq(len, strlen(payload));
	free(payload);
	ck_assert_int_eq(host.wait(host.arg, -1, &id, &payload, &len), -1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("answering");
	TCase *tc = tcase_create("host");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_answers_each_call_once);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
