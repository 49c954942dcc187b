/*
 * engine/run/canned_host.c: matching a call to the file's answers, the
 * not-found envelope, stub responses, delays and the order answers arrive
 * in.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "proto/texts.h"
#include "run/canned_host.h"
#include "run/request_file.h"

static int
parse(const char *text, struct request_file *rq, char *err, size_t errlen)
{
	return request_file_parse(text, strlen(text), rq, err, errlen);
}

static void
must_parse(const char *text, struct request_file *rq)
{
	char err[256] = "";

	ck_assert_msg(
	    parse(text, rq, err, sizeof(err)) == 0, "%s: %s", text, err);
}

static char *
tool(struct canned_host *h, const char *provider, const char *name,
    double *delay)
{
	char call[256];

	snprintf(call, sizeof(call),
	    "{\"provider\":\"%s\",\"tool\":\"%s\","
	    "\"args\":\"\"}",
	    provider, name);
	return canned_host_tool_answer(h, call, strlen(call), delay);
}

START_TEST(test_tool_answers)
{
	struct request_file rq;
	struct canned_host h;
	double delay;
	char *a, *nf;

	must_parse("{\"code\": \"x\", \"toolAnswers\": ["
		   "{\"provider\": \"s\", \"tool\": \"a\", \"answer\": "
		   "{\"result\": 1}, "
		   "\"delayMs\": 25},"
		   "{\"tool\": \"a\", \"answer\": \"{\\\"result\\\":2}\"},"
		   "{\"provider\": \"s\", \"answer\": [1, 2.5, \"\\u2028\"], "
		   "\"repeat\": true}]}",
	    &rq);
	ck_assert_int_eq(canned_host_init(&h, &rq, NULL), 0);

	/* First matching unused entry; values as JSON.stringify writes them. */
	a = tool(&h, "s", "a", &delay);
	ck_assert_str_eq(a, "{\"result\":1}");
	ck_assert(delay == 25);
	free(a);
	/* A string answer is the JSON text itself; any provider matches. */
	a = tool(&h, "crm", "a", &delay);
	ck_assert_str_eq(a, "{\"result\":2}");
	ck_assert(delay == 0);
	free(a);
	/* A repeat entry is never used up. */
	a = tool(&h, "s", "a", &delay);
	ck_assert_str_eq(a, "[1,2.5,\"\xe2\x80\xa8\"]");
	free(a);
	a = tool(&h, "s", "zzz", &delay);
	ck_assert_str_eq(a, "[1,2.5,\"\xe2\x80\xa8\"]");
	free(a);
	/* Nothing matches: the protocol's not-found envelope. */
	a = tool(&h, "crm", "b", &delay);
	nf = cm_envelope_tool_not_found("b");
	ck_assert_str_eq(a, nf);
	free(nf);
	free(a);
	canned_host_clear(&h);
	request_file_clear(&rq);
}
END_TEST

static char *
outbound(struct canned_host *h, const char *method, const char *url)
{
	char req[256];
	double delay;

	snprintf(req, sizeof(req),
	    "{\"method\":\"%s\",\"url\":\"%s\","
	    "\"headers\":[],\"body\":null}",
	    method, url);
	return canned_host_outbound_answer(h, req, strlen(req), &delay);
}

static void
assert_error_text(char *answer, enum cm_spec_text id, const char *param)
{
	char *t = param ? texts_compose(id, param) : texts_compose(id);
	json_t *a = json_loads(answer, 0, NULL);

	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(json_string_value(json_object_get(a, "error")), t);
	json_decref(a);
	free(t);
	free(answer);
}

START_TEST(test_outbound_answers)
{
	struct request_file rq;
	struct canned_host h;
	char *a;

	must_parse(
	    "{\"code\": \"x\", \"outboundMode\": \"stub\", "
	    "\"outboundAnswers\": ["
	    "{\"method\": \"POST\", \"answer\": {\"status\": 201, "
	    "\"statusText\": "
	    "\"Created\", \"headers\": [[\"a\", \"b\"]], \"body\": \"hi\"}},"
	    "{\"url\": \"https://t/bin\", \"answer\": {\"status\": 200, "
	    "\"body\": "
	    "{\"__executor_binary_v1__\": \"Uint8Array\", \"data\": "
	    "\"AP8=\"}}},"
	    "{\"url\": \"https://t/err\", \"answer\": {\"error\": \"down\"}},"
	    "{\"url\": \"https://t/bad\", \"answer\": {\"status\": \"200\"}}]}",
	    &rq);
	ck_assert_int_eq(canned_host_init(&h, &rq, NULL), 0);
	a = outbound(&h, "POST", "https://t/");
	ck_assert_str_eq(a,
	    "{\"status\":201,\"statusText\":\"Created\","
	    "\"headers\":[[\"a\",\"b\"]],\"body\":\"aGk=\"}");
	free(a);
	a = outbound(&h, "GET", "https://t/bin");
	ck_assert_str_eq(a,
	    "{\"status\":200,\"statusText\":\"\","
	    "\"headers\":[],\"body\":\"AP8=\"}");
	free(a);
	a = outbound(&h, "GET", "https://t/err");
	ck_assert_str_eq(a, "{\"error\":\"down\"}");
	free(a);
	assert_error_text(outbound(&h, "GET", "https://t/bad"),
	    CM_TEXT_OUTBOUND_FUNCTION_BAD_ANSWER, NULL);
	/* Used up: the function cannot be reached for it. */
	assert_error_text(outbound(&h, "POST", "https://t/"),
	    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
	    "no entry of outboundAnswers matches it");
	canned_host_clear(&h);
	request_file_clear(&rq);

	/* Outside stub mode no request is answered from the file. */
	must_parse("{\"code\": \"x\", \"outboundMode\": \"disabled\", "
		   "\"outboundAnswers\": [{\"answer\": {\"status\": 200}}]}",
	    &rq);
	ck_assert_int_eq(canned_host_init(&h, &rq, NULL), 0);
	assert_error_text(
	    outbound(&h, "GET", "https://t/"), CM_TEXT_OUTBOUND_DISABLED, NULL);
	canned_host_clear(&h);
	request_file_clear(&rq);
}
END_TEST

START_TEST(test_host_order)
{
	struct request_file rq;
	struct canned_host h;
	struct execution_host eh;
	const char *c1 = "{\"provider\":\"s\",\"tool\":\"slow\",\"args\":\"\"}";
	const char *c2 = "{\"provider\":\"s\",\"tool\":\"fast\",\"args\":\"\"}";
	uint32_t id;
	char *payload;
	size_t len;

	must_parse("{\"code\": \"x\", \"toolAnswers\": ["
		   "{\"tool\": \"slow\", \"answer\": {\"result\": \"slow\"}, "
		   "\"delayMs\": 60},"
		   "{\"tool\": \"fast\", \"answer\": {\"result\": \"fast\"}}]}",
	    &rq);
	ck_assert_int_eq(canned_host_init(&h, &rq, NULL), 0);
	canned_host_bind(&h, &eh);
	/* Nothing on its way and no bound: nothing ever would be. */
	ck_assert_int_eq(eh.wait(eh.arg, -1, &id, &payload, &len), -1);
	ck_assert_int_eq(eh.wait(eh.arg, 1, &id, &payload, &len), 0);
	ck_assert_int_eq(
	    eh.send(eh.arg, EXECUTION_TOOL_CALL, c1, strlen(c1), 1), 0);
	ck_assert_int_eq(
	    eh.send(eh.arg, EXECUTION_TOOL_CALL, c2, strlen(c2), 2), 0);
	/* The undelayed answer comes first, the other not before its time. */
	ck_assert_int_eq(eh.wait(eh.arg, -1, &id, &payload, &len), 1);
	ck_assert_uint_eq(id, 2);
	ck_assert_str_eq(payload, "{\"result\":\"fast\"}");
	ck_assert_uint_eq(len, strlen(payload));
	free(payload);
	ck_assert_int_eq(eh.wait(eh.arg, 5, &id, &payload, &len), 0);
	ck_assert_int_eq(eh.wait(eh.arg, -1, &id, &payload, &len), 1);
	ck_assert_uint_eq(id, 1);
	ck_assert_str_eq(payload, "{\"result\":\"slow\"}");
	free(payload);
	canned_host_clear(&h);
	request_file_clear(&rq);
}
END_TEST

static Suite *
canned_host_suite(void)
{
	Suite *s = suite_create("canned_host");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_tool_answers);
	tcase_add_test(tc, test_outbound_answers);
	tcase_add_test(tc, test_host_order);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(canned_host_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
