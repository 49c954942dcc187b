/*
 * engine/run/request_file.c: the request file's parser (defaults, the
 * daemon's bounds, refusals of malformed files, both module forms) and the
 * invocation requests it makes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "run/request_file.h"
#include "proto/texts.h"

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

START_TEST(test_defaults)
{
	struct request_file rq;

	must_parse("{\"code\": \"async () => 1\"}", &rq);
	ck_assert_str_eq(rq.code, "async () => 1");
	ck_assert(rq.timeout_ms == CM_DEFAULT_TIMEOUT);
	ck_assert_uint_eq(rq.memory_limit_mb, CM_DEFAULT_MEMORY_LIMIT);
	ck_assert_str_eq(rq.outbound_mode, CM_OUTBOUND_MODE_NATIVE);
	ck_assert_int_eq(rq.count_host_waits, 0);
	ck_assert_int_eq(rq.retain_handles, 0);
	ck_assert_ptr_null(rq.providers);
	ck_assert_ptr_null(rq.modules);
	ck_assert_ptr_null(rq.modules_error);
	ck_assert_ptr_null(rq.tool_answers);
	ck_assert_ptr_null(rq.invocations);
	request_file_clear(&rq);

	must_parse("{\"code\": \"x\", \"memoryLimit\": 16, \"countHostWaits\": "
		   "true, \"retainHandles\": true, \"outboundMode\": \"stub\", "
		   "\"providers\": [{\"name\": \"s\", \"tools\": [\"a\"], "
		   "\"positionalArgs\": true}]}",
	    &rq);
	ck_assert_uint_eq(rq.memory_limit_mb, 16);
	ck_assert_int_eq(rq.count_host_waits, 1);
	ck_assert_int_eq(rq.retain_handles, 1);
	ck_assert_str_eq(rq.outbound_mode, "stub");
	ck_assert_uint_eq(json_array_size(rq.providers), 1);
	request_file_clear(&rq);
}
END_TEST

START_TEST(test_timeout)
{
	static const struct {
		const char *timeout;
		double ms;
	} cases[] = {
		{ "null", CM_MAX_SUPPORTED_TIMEOUT },
		{ "50", 50 },
		{ "50.7", 50 },
		{ "0", 1 },
		{ "-5", 1 },
		{ "1e12", CM_MAX_SUPPORTED_TIMEOUT },
	};
	struct request_file rq;
	char text[128], err[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text),
		    "{\"code\": \"x\", \"timeout\": %s}", cases[i].timeout);
		must_parse(text, &rq);
		ck_assert_msg(rq.timeout_ms == cases[i].ms, "%s: %g",
		    cases[i].timeout, rq.timeout_ms);
		request_file_clear(&rq);
	}
	ck_assert_int_eq(parse("{\"code\": \"x\", \"timeout\": \"5\"}", &rq,
			     err, sizeof(err)),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "timeout"));
}
END_TEST

START_TEST(test_malformed)
{
	static const struct {
		const char *text;
		const char *says;
	} cases[] = {
		{ "", "line 1" },
		{ "[]", "expected a JSON object" },
		{ "{}", "code: missing" },
		{ "{\"code\": 1}", "code: missing" },
		{ "{\"code\": \"x\", \"code\": \"y\"}", "duplicate" },
		{ "{\"code\": \"x\", \"timeoutMs\": 1}",
		    "unknown member \"timeoutMs\"" },
		{ "{\"code\": \"x\", \"memoryLimit\": 0}", "memoryLimit" },
		{ "{\"code\": \"x\", \"memoryLimit\": 2.5}", "memoryLimit" },
		{ "{\"code\": \"x\", \"memoryLimit\": 1048577}",
		    "memoryLimit" },
		{ "{\"code\": \"x\", \"countHostWaits\": 1}",
		    "countHostWaits" },
		{ "{\"code\": \"x\", \"outboundMode\": \"proxy\"}",
		    "Outbound mode \"proxy\" is not one this protocol "
		    "defines" },
		{ "{\"code\": \"x\", \"providers\": {}}", "providers" },
		{ "{\"code\": \"x\", \"providers\": [{\"tools\": []}]}",
		    "providers[0]: \"name\"" },
		{ "{\"code\": \"x\", \"providers\": [{\"name\": \"a\"}]}",
		    "providers[0]: \"tools\"" },
		{ "{\"code\": \"x\", \"providers\": [{\"name\": \"a\", "
		  "\"tools\": "
		  "[], \"proxy\": 1}]}",
		    "unknown member \"proxy\"" },
		{ "{\"code\": \"x\", \"modules\": \"m\"}", "modules" },
		{ "{\"code\": \"x\", \"modules\": [[\"a\"]]}", "modules[0]" },
		{ "{\"code\": \"x\", \"toolAnswers\": [{\"tool\": \"t\"}]}",
		    "\"answer\" is missing" },
		{ "{\"code\": \"x\", \"toolAnswers\": [{\"answer\": 1, "
		  "\"delayMs\": -1}]}",
		    "delayMs" },
		{ "{\"code\": \"x\", \"toolAnswers\": [{\"answer\": 1, "
		  "\"repeat\": 1}]}",
		    "repeat" },
		{ "{\"code\": \"x\", \"outboundAnswers\": [{\"answer\": 1}]}",
		    "outboundAnswers[0]" },
		{ "{\"code\": \"x\", \"invocations\": [{\"method\": \"GET\"}]}",
		    "invocations[0]" },
		{ "{\"code\": \"x\", \"invocations\": [{\"url\": \"u\", "
		  "\"body\": 5}]}",
		    "\"body\"" },
		{ "{\"code\": \"x\", \"invocations\": [{\"url\": \"u\", "
		  "\"headers\": [[\"a\"]]}]}",
		    "\"headers\"" },
	};
	struct request_file rq;
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		ck_assert_msg(parse(cases[i].text, &rq, err, sizeof(err)) == -1,
		    "accepted: %s", cases[i].text);
		ck_assert_msg(strstr(err, cases[i].says) != NULL,
		    "%s: said \"%s\", not \"%s\"", cases[i].text, err,
		    cases[i].says);
		ck_assert_ptr_null(rq.root);
	}
}
END_TEST

START_TEST(test_modules)
{
	struct request_file rq;
	char *want;
	json_t *pair;

	/* The map form is normalized as the client does it. */
	must_parse("{\"code\": \"x\", \"modules\": {\"./a.js\": \"export "
		   "default 1\", \"cfg\": {\"json\": {\"k\": [1]}}}}",
	    &rq);
	ck_assert_ptr_null(rq.modules_error);
	ck_assert_uint_eq(json_array_size(rq.modules), 2);
	pair = json_array_get(rq.modules, 0);
	ck_assert_str_eq(json_string_value(json_array_get(pair, 0)), "a");
	pair = json_array_get(rq.modules, 1);
	ck_assert_str_eq(json_string_value(json_array_get(pair, 1)),
	    "export default {\"k\":[1]};");
	request_file_clear(&rq);

	/* Its declared failure waits for the envelope. */
	must_parse("{\"code\": \"x\", \"modules\": {\"./u.js\": \"1\", "
		   "\"u\": \"2\"}}",
	    &rq);
	want = texts_compose(CM_TEXT_MODULE_KEY_COLLISION, "./u.js", "u", "u");
	ck_assert_ptr_nonnull(rq.modules_error);
	ck_assert_str_eq(rq.modules_error, want);
	free(want);
	request_file_clear(&rq);

	/* Wire pairs pass as they are, even a kind the run will refuse. */
	must_parse("{\"code\": \"x\", \"modules\": [[\"./b.js\", "
		   "{\"wasm\": 1}]]}",
	    &rq);
	ck_assert_ptr_null(rq.modules_error);
	pair = json_array_get(rq.modules, 0);
	ck_assert_str_eq(json_string_value(json_array_get(pair, 0)), "./b.js");
	request_file_clear(&rq);
}
END_TEST

START_TEST(test_invocation)
{
	struct request_file rq;
	const char *handle;
	char *s;

	must_parse("{\"code\": \"x\", \"invocations\": ["
		   "{\"url\": \"https://h/\"},"
		   "{\"handle\": \"other\", \"request\": {\"method\": "
		   "\"POST\", \"url\": "
		   "\"https://h/p\", \"headers\": [[\"k\", \"v\"]], \"body\": "
		   "\"hi\"}},"
		   "{\"method\": \"PUT\", \"url\": \"https://h/b\", \"body\": "
		   "{\"__executor_binary_v1__\": \"ArrayBuffer\", \"data\": "
		   "\"AP8=\"}}]}",
	    &rq);
	s = request_file_invocation(json_array_get(rq.invocations, 0), &handle);
	ck_assert_str_eq(handle, "fetch");
	ck_assert_str_eq(s,
	    "{\"method\":\"GET\",\"url\":\"https://h/\","
	    "\"headers\":[],\"body\":null,\"executionId\":"
	    "\"" REQUEST_FILE_EXECUTION_ID "\"}");
	free(s);
	s = request_file_invocation(json_array_get(rq.invocations, 1), &handle);
	ck_assert_str_eq(handle, "other");
	ck_assert_str_eq(s,
	    "{\"method\":\"POST\",\"url\":\"https://h/p\","
	    "\"headers\":[[\"k\",\"v\"]],\"body\":\"aGk=\",\"executionId\":"
	    "\"" REQUEST_FILE_EXECUTION_ID "\"}");
	free(s);
	s = request_file_invocation(json_array_get(rq.invocations, 2), &handle);
	ck_assert_ptr_nonnull(strstr(s, "\"body\":\"AP8=\""));
	free(s);
	request_file_clear(&rq);
}
END_TEST

static Suite *
request_file_suite(void)
{
	Suite *s = suite_create("request_file");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_malformed);
	tcase_add_test(tc, test_modules);
	tcase_add_test(tc, test_invocation);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(request_file_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
