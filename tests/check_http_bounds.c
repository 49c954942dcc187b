/*
 * The request line's method token may not be empty
 * (libclient/proto/http.c): " / HTTP/1.1" is a bad request line, not a
 * request with method "".
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "proto/http.h"

static struct http_header hdrs[HTTP_DEFAULT_MAX_HEADERS];

static long
parse_req(const char *buf)
{
	struct http_request req;

	memset(&req, 0, sizeof(req));
	req.headers = hdrs;
	req.headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	return http_parse_request(buf, strlen(buf), &req);
}

START_TEST(empty_method_is_a_bad_request_line)
{
	ck_assert_int_gt(parse_req("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 0);
	ck_assert_int_eq(parse_req(" / HTTP/1.1\r\nHost: x\r\n\r\n"),
	    HTTP_E_BAD_REQUEST_LINE);
	ck_assert_int_eq(parse_req("  HTTP/1.1\r\nHost: x\r\n\r\n"),
	    HTTP_E_BAD_REQUEST_LINE);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("http_bounds");
	TCase *tc = tcase_create("request_line");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, empty_method_is_a_bad_request_line);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
