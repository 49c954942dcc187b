/*
 * The host owns every message a child sends (issue 16), tried against a
 * real daemon on a private socket: each forging attack a guest can mount
 * through its own heap (toJSON and getters on Object.prototype, poisoned
 * prototypes, envelope-shaped values) leaves the envelope as the host
 * composes it, and guest data (NUL, lone surrogates, an empty dispatch
 * answer) never crashes the child. Each case asserts the honest outcome
 * the client gets.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/capnweb.h"
#include "support/test_client.h"
#include "support/test_daemon.h"

static struct test_daemon td;
static struct test_client c;

static void
setup(void)
{
	ck_assert_int_eq(test_daemon_init(&td, "cm-ipcmsg"), 0);
	ck_assert_msg(
	    test_daemon_spawn(&td, test_daemon_binary(), "warn", NULL) == 0,
	    "the daemon did not start");
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
}

static void
teardown(void)
{
	test_client_close(&c);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}

/* The caller's dispatch: answers with `dispatch_answer`, or echoes. */
static const char *dispatch_answer;

static void
dispatch_target(void *udata, struct capnweb_call *call)
{
	json_t *args = capnweb_call_args(call), *e;
	char buf[512], *envelope;

	(void)udata;
	if (dispatch_answer != NULL) {
		capnweb_call_resolve(call, json_string(dispatch_answer));
		return;
	}
	snprintf(buf, sizeof(buf), "%s|%s|%s",
	    json_string_value(json_array_get(args, 0)),
	    json_string_value(json_array_get(args, 1)),
	    json_string_value(json_array_get(args, 2)));
	e = json_pack("{s:s}", "result", buf);
	envelope = json_dumps(e, JSON_COMPACT);
	capnweb_call_resolve(call, json_string(envelope));
	free(envelope);
	json_decref(e);
}

/*
 * Runs `code` (options `opt`, stolen; NULL for none) with a provider
 * "store" whose tools reach dispatch_target; the answer must resolve.
 */
static void
run(const char *code, json_t *opt, struct test_answer *a)
{
	int target = capnweb_session_add_target(c.s, dispatch_target, NULL);

	test_client_call(&c, "execute",
	    json_pack("[s, [{s:s, s:[s]}], o, o, s]", code, "name", "store",
		"tools", "list", opt ? opt : json_object(),
		capnweb_value_target(target), "disabled"),
	    a);
	ck_assert_msg(a->status == CAPNWEB_RESOLVED, "%s: rejected", code);
	ck_assert(json_is_object(a->value));
}

/* The envelope has exactly these keys (a comma-separated list). */
static void
expect_keys(const struct test_answer *a, const char *keys)
{
	const char *k;
	json_t *v;
	char want[128];

	json_object_foreach(a->value, k, v)
	{
		snprintf(want, sizeof(want), ",%s,", keys);
		{
			char key[64];

			snprintf(key, sizeof(key), ",%s,", k);
			ck_assert_msg(strstr(want, key) != NULL,
			    "the envelope has %s (want only %s)", k, keys);
		}
	}
}

static const char *
str(const struct test_answer *a, const char *key)
{
	return json_string_value(json_object_get(a->value, key));
}

static json_t *
logs(const struct test_answer *a)
{
	return json_object_get(a->value, "logs");
}

START_TEST(tojson_on_object_prototype_keeps_the_result)
{
	struct test_answer a;

	/* Was WORKER_CRASHED: the envelope itself became 1. */
	run("async () => { Object.prototype.toJSON = function () { return 1 "
	    "}; console.log('x'); return 5 }",
	    NULL, &a);
	expect_keys(&a, "resultJson,logs");
	ck_assert_str_eq(str(&a, "resultJson"), "5");
	ck_assert_uint_eq(json_array_size(logs(&a)), 1);
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_array_get(logs(&a), 0), "level")),
	    "log");
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_array_get(logs(&a), 0), "text")),
	    "x");
	test_answer_clear(&a);
	/* The guest's own value keeps the guest's semantics. */
	run("async () => { Object.prototype.toJSON = function () { return 1 "
	    "}; return { a: 2 } }",
	    NULL, &a);
	ck_assert_str_eq(str(&a, "resultJson"), "1");
	test_answer_clear(&a);
}
END_TEST

START_TEST(forged_envelope_fields_never_reach_the_client)
{
	struct test_answer a;

	/*
	 * An envelope-shaped toJSON, inherited grant fields, a poisoned
	 * level: none of it shapes the envelope.
	 */
	run("async () => { Object.prototype.toJSON = function () { return { "
	    "executionId: 'forged', error: 'e', resultJson: '{' } }; "
	    "Object.defineProperty(Object.prototype, 'executionId', { get() "
	    "{ return 'forged' }, enumerable: true, configurable: true }); "
	    "Object.prototype.handles = ['fetch']; Object.prototype.level = "
	    "'admin'; console.log('line'); return 'v' }",
	    NULL, &a);
	expect_keys(&a, "resultJson,logs");
	ck_assert_str_eq(str(&a, "resultJson"), "\"v\"");
	ck_assert_ptr_null(json_object_get(a.value, "executionId"));
	ck_assert_ptr_null(json_object_get(a.value, "error"));
	ck_assert_uint_eq(json_array_size(logs(&a)), 1);
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_array_get(logs(&a), 0), "level")),
	    "log");
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_array_get(logs(&a), 0), "text")),
	    "line");
	test_answer_clear(&a);
	/* An object result: toJSON shapes the value, never the envelope. */
	run("async () => { Object.prototype.toJSON = function () { return { "
	    "executionId: 'forged', error: 'e', resultJson: '{' } }; return {} "
	    "}",
	    NULL, &a);
	expect_keys(&a, "resultJson,logs");
	ck_assert_str_eq(str(&a, "resultJson"),
	    "{\"executionId\":\"forged\",\"error\":\"e\",\"resultJson\":\"{"
	    "\"}");
	test_answer_clear(&a);
}
END_TEST

START_TEST(a_getter_on_the_result_runs)
{
	struct test_answer a;

	run("async () => ({ get x() { console.log('getter ran'); return 7 } "
	    "})",
	    NULL, &a);
	ck_assert_str_eq(str(&a, "resultJson"), "{\"x\":7}");
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_array_get(logs(&a), 0), "text")),
	    "getter ran");
	test_answer_clear(&a);
	/* A getter that throws: its message is the run's error, one field. */
	run("async () => ({ get x() { throw new Error('from getter') } })",
	    NULL, &a);
	expect_keys(&a, "error,logs");
	ck_assert_str_eq(str(&a, "error"), "from getter");
	test_answer_clear(&a);
}
END_TEST

/* The run's answer reads no global a program can replace. */
START_TEST(replaced_globals_do_not_reach_the_answer)
{
	struct test_answer a;

	run("async () => { globalThis.String = function () { return 1 }; "
	    "globalThis.Number = function () { return 'x' }; throw new "
	    "Error('mine') }",
	    NULL, &a);
	expect_keys(&a, "error,logs");
	ck_assert_str_eq(str(&a, "error"), "mine");
	test_answer_clear(&a);
}
END_TEST

START_TEST(no_execution_id_without_retain_handles)
{
	static const char *const codes[] = {
		"async () => ({ fetch() { return new Response('x') } })",
		"async () => () => new Response('x')",
		"async () => { Object.prototype.toJSON = function () { return "
		"{ executionId: 'f', handles: ['fetch'] } }; return { fetch() "
		"{ return new Response('x') } } }",
		"async () => { Object.defineProperty(Object.prototype, "
		"'retainHandles', { get() { return true } }); return { fetch() "
		"{ return new Response('x') } } }",
	};
	struct test_answer a;
	size_t i;

	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		run(codes[i], NULL, &a);
		ck_assert_msg(json_object_get(a.value, "executionId") == NULL,
		    "%s was granted handles", codes[i]);
		ck_assert_ptr_null(json_object_get(a.value, "handles"));
		test_answer_clear(&a);
	}
	/* Asked for, a handler is granted one executionId of the daemon's. */
	run(codes[0], json_pack("{s:b}", "retainHandles", 1), &a);
	expect_keys(&a, "executionId,handles,logs");
	ck_assert_uint_eq(strlen(str(&a, "executionId")), 32);
	ck_assert_str_eq(json_string_value(json_array_get(
			     json_object_get(a.value, "handles"), 0)),
	    "fetch");
	test_answer_clear(&a);
	/* A forged toJSON changes nothing of the grant. */
	run(codes[2], json_pack("{s:b}", "retainHandles", 1), &a);
	expect_keys(&a, "executionId,handles,logs");
	ck_assert_str_ne(str(&a, "executionId"), "f");
	test_answer_clear(&a);
}
END_TEST

START_TEST(nul_crosses_intact)
{
	struct test_answer a;
	json_t *t;

	/* Was WORKER_CRASHED. */
	run("async () => { console.log('\\u0000'); throw new "
	    "Error('a\\u0000b') }",
	    NULL, &a);
	expect_keys(&a, "error,logs");
	ck_assert_uint_eq(
	    json_string_length(json_object_get(a.value, "error")), 3);
	ck_assert_mem_eq(str(&a, "error"), "a\0b", 3);
	t = json_object_get(json_array_get(logs(&a), 0), "text");
	ck_assert_uint_eq(json_string_length(t), 1);
	ck_assert_int_eq(json_string_value(t)[0], '\0');
	test_answer_clear(&a);
	run("async () => 'x\\u0000y'", NULL, &a);
	ck_assert_str_eq(str(&a, "resultJson"), "\"x\\u0000y\"");
	test_answer_clear(&a);
}
END_TEST

START_TEST(lone_surrogates_become_the_replacement_character)
{
	struct test_answer a;

	run("async () => { console.log('\\ud800x'); return '\\udc00' }", NULL,
	    &a);
	ck_assert_str_eq(str(&a, "resultJson"), "\"\xEF\xBF\xBD\"");
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_array_get(logs(&a), 0), "text")),
	    "\xEF\xBF\xBDx");
	test_answer_clear(&a);
	/* A pair stays the character it makes. */
	run("async () => '\\ud83d\\ude00'", NULL, &a);
	ck_assert_str_eq(str(&a, "resultJson"), "\"\xF0\x9F\x98\x80\"");
	test_answer_clear(&a);
}
END_TEST

START_TEST(empty_dispatch_answer_is_the_envelope_fault)
{
	struct test_answer a;

	dispatch_answer = "";
	run("async () => { try { await store.list(); return 'no' } catch (e) "
	    "{ return e.message } }",
	    NULL, &a);
	dispatch_answer = NULL;
	ck_assert_str_eq(str(&a, "resultJson"),
	    "\"The dispatch answered outside the result envelope\"");
	test_answer_clear(&a);
}
END_TEST

START_TEST(tool_call_args_keep_guest_semantics_inside_a_host_message)
{
	struct test_answer a;

	/* The args value is the guest's (its toJSON runs); the provider and
	 * tool are the call's, whatever Object.prototype says. */
	run("async () => { Object.prototype.toJSON = function () { return "
	    "'P' }; Object.prototype.provider = 'evil'; return await "
	    "store.list({ a: 1 }) }",
	    NULL, &a);
	ck_assert_str_eq(str(&a, "resultJson"), "\"store|list|\\\"P\\\"\"");
	test_answer_clear(&a);
	/* A setter on Object.prototype sees none of the run's pending calls. */
	run("async () => { Object.defineProperty(Object.prototype, '1', { "
	    "set(v) { globalThis.stolen = v }, configurable: true }); await "
	    "store.list(); return typeof globalThis.stolen }",
	    NULL, &a);
	ck_assert_str_eq(str(&a, "resultJson"), "\"undefined\"");
	test_answer_clear(&a);
	/* A NUL in the arguments reaches the caller's dispatch intact. */
	run("async () => await store.list('a\\u0000b')", NULL, &a);
	ck_assert_str_eq(
	    str(&a, "resultJson"), "\"store|list|\\\"a\\\\u0000b\\\"\"");
	test_answer_clear(&a);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("ipcmsg_daemon");
	TCase *tc = tcase_create("forging");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, tojson_on_object_prototype_keeps_the_result);
	tcase_add_test(tc, forged_envelope_fields_never_reach_the_client);
	tcase_add_test(tc, a_getter_on_the_result_runs);
	tcase_add_test(tc, replaced_globals_do_not_reach_the_answer);
	tcase_add_test(tc, no_execution_id_without_retain_handles);
	tcase_add_test(tc, nul_crosses_intact);
	tcase_add_test(tc, lone_surrogates_become_the_replacement_character);
	tcase_add_test(tc, empty_dispatch_answer_is_the_envelope_fault);
	tcase_add_test(
	    tc, tool_call_args_keep_guest_semantics_inside_a_host_message);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
