/*
 * engine/run/run_request.c: the request file's parser (defaults, the daemon's
 * bounds, refusals of malformed files, both module forms) and the canned
 * host (matching, the not-found envelope, stub responses, delays and the
 * order answers arrive in, invocation requests).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "host/engine.h"
#include "run/run_request.h"
#include "proto/texts.h"

static int
parse(const char *text, struct run_request *rq, char *err, size_t errlen)
{
	return run_request_parse(text, strlen(text), rq, err, errlen);
}

static void
must_parse(const char *text, struct run_request *rq)
{
	char err[256] = "";

	ck_assert_msg(
	    parse(text, rq, err, sizeof(err)) == 0, "%s: %s", text, err);
}

START_TEST(test_defaults)
{
	struct run_request rq;

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
	run_request_clear(&rq);

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
	run_request_clear(&rq);
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
	struct run_request rq;
	char text[128], err[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text),
		    "{\"code\": \"x\", \"timeout\": %s}", cases[i].timeout);
		must_parse(text, &rq);
		ck_assert_msg(rq.timeout_ms == cases[i].ms, "%s: %g",
		    cases[i].timeout, rq.timeout_ms);
		run_request_clear(&rq);
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
	struct run_request rq;
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
	struct run_request rq;
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
	run_request_clear(&rq);

	/* Its declared failure waits for the envelope. */
	must_parse("{\"code\": \"x\", \"modules\": {\"./u.js\": \"1\", "
		   "\"u\": \"2\"}}",
	    &rq);
	want = texts_compose(CM_TEXT_MODULE_KEY_COLLISION, "./u.js", "u", "u");
	ck_assert_ptr_nonnull(rq.modules_error);
	ck_assert_str_eq(rq.modules_error, want);
	free(want);
	run_request_clear(&rq);

	/* Wire pairs pass as they are, even a kind the run will refuse. */
	must_parse("{\"code\": \"x\", \"modules\": [[\"./b.js\", "
		   "{\"wasm\": 1}]]}",
	    &rq);
	ck_assert_ptr_null(rq.modules_error);
	pair = json_array_get(rq.modules, 0);
	ck_assert_str_eq(json_string_value(json_array_get(pair, 0)), "./b.js");
	run_request_clear(&rq);
}
END_TEST

static char *
tool(struct run_request_host *h, const char *provider, const char *name,
    double *delay)
{
	char call[256];

	snprintf(call, sizeof(call),
	    "{\"provider\":\"%s\",\"tool\":\"%s\","
	    "\"args\":\"\"}",
	    provider, name);
	return run_request_tool_answer(h, call, strlen(call), delay);
}

START_TEST(test_tool_answers)
{
	struct run_request rq;
	struct run_request_host h;
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
	ck_assert_int_eq(run_request_host_init(&h, &rq, NULL), 0);

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
	run_request_host_clear(&h);
	run_request_clear(&rq);
}
END_TEST

static char *
outbound(struct run_request_host *h, const char *method, const char *url)
{
	char req[256];
	double delay;

	snprintf(req, sizeof(req),
	    "{\"method\":\"%s\",\"url\":\"%s\","
	    "\"headers\":[],\"body\":null}",
	    method, url);
	return run_request_outbound_answer(h, req, strlen(req), &delay);
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
	struct run_request rq;
	struct run_request_host h;
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
	ck_assert_int_eq(run_request_host_init(&h, &rq, NULL), 0);
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
	run_request_host_clear(&h);
	run_request_clear(&rq);

	/* Outside stub mode no request is answered from the file. */
	must_parse("{\"code\": \"x\", \"outboundMode\": \"disabled\", "
		   "\"outboundAnswers\": [{\"answer\": {\"status\": 200}}]}",
	    &rq);
	ck_assert_int_eq(run_request_host_init(&h, &rq, NULL), 0);
	assert_error_text(
	    outbound(&h, "GET", "https://t/"), CM_TEXT_OUTBOUND_DISABLED, NULL);
	run_request_host_clear(&h);
	run_request_clear(&rq);
}
END_TEST

START_TEST(test_host_order)
{
	struct run_request rq;
	struct run_request_host h;
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
	ck_assert_int_eq(run_request_host_init(&h, &rq, NULL), 0);
	run_request_host_bind(&h, &eh);
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
	run_request_host_clear(&h);
	run_request_clear(&rq);
}
END_TEST

START_TEST(test_invocation)
{
	struct run_request rq;
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
	s = run_request_invocation(json_array_get(rq.invocations, 0), &handle);
	ck_assert_str_eq(handle, "fetch");
	ck_assert_str_eq(s,
	    "{\"method\":\"GET\",\"url\":\"https://h/\","
	    "\"headers\":[],\"body\":null,\"executionId\":"
	    "\"" RUN_REQUEST_EXECUTION_ID "\"}");
	free(s);
	s = run_request_invocation(json_array_get(rq.invocations, 1), &handle);
	ck_assert_str_eq(handle, "other");
	ck_assert_str_eq(s,
	    "{\"method\":\"POST\",\"url\":\"https://h/p\","
	    "\"headers\":[[\"k\",\"v\"]],\"body\":\"aGk=\",\"executionId\":"
	    "\"" RUN_REQUEST_EXECUTION_ID "\"}");
	free(s);
	s = run_request_invocation(json_array_get(rq.invocations, 2), &handle);
	ck_assert_ptr_nonnull(strstr(s, "\"body\":\"AP8=\""));
	free(s);
	run_request_clear(&rq);
}
END_TEST

static Suite *
run_request_suite(void)
{
	Suite *s = suite_create("run_request");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_malformed);
	tcase_add_test(tc, test_modules);
	tcase_add_test(tc, test_tool_answers);
	tcase_add_test(tc, test_outbound_answers);
	tcase_add_test(tc, test_host_order);
	tcase_add_test(tc, test_invocation);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(run_request_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
