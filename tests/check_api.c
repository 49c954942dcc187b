/*
 * The ExecutorApi bridge (server/daemon/api.c) end to end, with the engine
 * child replaced by a scripted one: the daemon runs in a forked process of this
 * test, with real pool children, so tool-call routing to the caller's
 * dispatch function, retained handles, faults and limits are pinned
 * independently of the engine.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "proto/capnweb.h"
#include "daemon/daemon.h"
#include "ipc/frame.h"
#include "support/test_frames.h"
#include "support/test_client.h"
#include "support/test_forked.h"
#include "support/test_http.h"
#include "child/warm.h"

/* ---- the scripted engine child ---- */

/* The scripted child's frame buffer (one frame at a time). */
static uint8_t fbuf[1 << 16];

static int
scripted_engine(int fd, void *arg)
{
	struct frame f;
	char out[4096];
	const char *code;
	json_t *req;
	uint32_t exec;

	(void)arg;
	test_frame_send(fd, FRAME_HELLO, 0, 0, 0, "{}");
	if (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) != 0)
		return 2;
	exec = f.exec_id;
	req = json_loads((const char *)f.payload, 0, NULL);
	code = json_string_value(json_object_get(req, "code"));
	if (strcmp(code, "result") == 0) {
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0,
		    "{\"resultJson\":\"42\",\"logs\":[]}");
	} else if (strcmp(code, "tools") == 0) {
		/* Two tool calls in turn; the result lists both answers. */
		char *a1, *a2;
		json_t *res;

		test_frame_send(fd, FRAME_TOOL_CALL, 0, exec, 1,
		    "{\"provider\":"
		    "\"store\",\"tool\":\"list\",\"args\":\"[\\\"ada\\\",3]"
		    "\"}");
		if (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) != 0)
			return 3;
		a1 = strdup((const char *)f.payload);
		test_frame_send(fd, FRAME_TOOL_CALL, 0, exec, 2,
		    "{\"provider\":"
		    "\"crm\",\"tool\":\"missing\",\"args\":\"\"}");
		if (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) != 0)
			return 3;
		a2 = strdup((const char *)f.payload);
		res = json_pack("{s:s, s:[]}", "resultJson", "", "logs");
		json_object_set_new(
		    res, "resultJson", json_pack("[s, s]", a1, a2));
		{
			char *s = json_dumps(
			    json_object_get(res, "resultJson"), JSON_COMPACT);

			json_object_set_new(res, "resultJson", json_string(s));
			free(s);
		}
		{
			char *s = json_dumps(res, JSON_COMPACT);

			test_frame_send(fd, FRAME_RESULT, 0, exec, 0, s);
			free(s);
		}
	} else if (strcmp(code, "retain") == 0) {
		int count = 0;

		test_frame_send(fd, FRAME_RESULT, 1, exec, 0,
		    "{\"handles\":[\"fetch\"],\"logs\":[]}");
		while (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) == 0) {
			json_t *inv =
			    json_loads((const char *)f.payload, 0, NULL);
			const char *h =
			    json_string_value(json_object_get(inv, "handle"));

			if (strcmp(h, "fetch") != 0)
				snprintf(out, sizeof(out),
				    "{\"error\":\"no "
				    "handle named %s\"}",
				    h);
			else
				snprintf(out, sizeof(out),
				    "{\"response\":{"
				    "\"status\":200,\"statusText\":\"%d\","
				    "\"headers\":[],\"body\":\"\"}}",
				    ++count);
			test_frame_send(
			    fd, FRAME_HANDLE_RESULT, 0, exec, f.call_id, out);
			json_decref(inv);
		}
	} else if (strncmp(code, "fetch:", 6) == 0) {
		/* One outbound request; the result is the answer, verbatim. */
		json_t *rq = json_pack("{s:s, s:s, s:[[s, s]], s:s}", "method",
		    "POST", "url", code + 6, "headers", "x-test", "1", "body",
		    "aGVsbG8=");
		char *rs = json_dumps(rq, JSON_COMPACT);
		json_t *res;

		json_decref(rq);
		test_frame_send(fd, FRAME_OUTBOUND_REQUEST, 0, exec, 7, rs);
		free(rs);
		if (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) != 0 ||
		    f.type != FRAME_OUTBOUND_RESPONSE || f.call_id != 7)
			return 4;
		res = json_pack("{s:s, s:[]}", "resultJson",
		    (const char *)f.payload, "logs");
		rs = json_dumps(res, JSON_COMPACT);
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0, rs);
		free(rs);
		json_decref(res);
	} else if (strcmp(code, "big") == 0) {
		memset(out, 'x', 2000);
		memcpy(out, "{\"resultJson\":\"\\\"", 17);
		memcpy(out + 1990, "\\\"\",\"logs\":[]}", 14);
		out[2004] = '\0';
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0, out);
	} else if (strcmp(code, "crash") == 0) {
		_exit(3);
	} else if (strcmp(code, "hang") == 0) {
		for (;;)
			pause();
	}
	return 0;
}

/* ---- the daemon in a forked process ---- */

static char sock_path[108];
static pid_t daemon_pid;

static int daemon_veto;
/* --outbound-allow for the next daemon (a loopback test listener). */
static char daemon_allow[64];

static void
start_daemon(unsigned workers, unsigned queue, long long response_limit)
{
	struct daemon_config cfg;

	snprintf(
	    sock_path, sizeof(sock_path), "/tmp/cm-api-%d.sock", (int)getpid());
	daemon_config_default(&cfg);
	cfg.socket_path = sock_path;
	cfg.pool.max_workers = workers;
	cfg.pool.spares = workers;
	cfg.pool.max_queue = queue;
	cfg.pool.program.run = zygote_proc_main;
	cfg.pool.program.child_main = scripted_engine;
	/* warm_zygote seeds jansson before the sandbox, as for the engine. */
	cfg.pool.program.warm = warm_zygote;
	cfg.pool.program.prepare = warm_prepare;
	cfg.response_limit = response_limit;
	cfg.outbound_veto = daemon_veto;
	if (daemon_allow[0] != '\0') {
		static const char *allow[1];

		allow[0] = daemon_allow;
		cfg.outbound_allow = allow;
		cfg.n_outbound_allow = 1;
	}
	cfg.log_level = LOG_ERROR;
	daemon_pid = test_forked_start(&cfg);
}

static void
stop_daemon(void)
{
	test_forked_stop(daemon_pid, sock_path);
}

/* The caller's dispatch function: a local target the daemon calls back. */
static int dispatch_calls;

static void
dispatch_target(void *udata, struct capnweb_call *call)
{
	json_t *args = capnweb_call_args(call);
	char buf[256], *envelope;
	json_t *e;

	(void)udata;
	dispatch_calls++;
	snprintf(buf, sizeof(buf), "%s:%s:%s",
	    json_string_value(json_array_get(args, 0)),
	    json_string_value(json_array_get(args, 1)),
	    json_string_value(json_array_get(args, 2)));
	e = json_pack("{s:s}", "result", buf);
	envelope = json_dumps(e, JSON_COMPACT);
	capnweb_call_resolve(call, json_string(envelope));
	free(envelope);
	json_decref(e);
}

static const char *
fault_code(const struct test_answer *a)
{
	return json_string_value(capnweb_error_prop(a->value, "code"));
}

/* ---- a loopback HTTP server for native fetches ---- */

static pid_t http_pid;

/* Serves every request with 200 and a body describing what it saw. */
static int
start_http(void)
{
	int port, fd = test_http_listener(&port);

	if ((http_pid = fork()) == 0) {
		for (;;) {
			char req[8192], body[9000], out[10000];
			int c = accept(fd, NULL, NULL);
			char *end;

			if (c < 0)
				_exit(0);
			test_http_read_request(c, req, sizeof(req));
			end = strstr(req, "\r\n\r\n");
			snprintf(body, sizeof(body), "%.*s|%s",
			    (int)strcspn(req, "\r"), req, end ? end + 4 : "");
			snprintf(out, sizeof(out),
			    "HTTP/1.1 200 Fine\r\n"
			    "Content-Type: text/plain\r\nX-Test-Seen: %s\r\n"
			    "Content-Length: %zu\r\nConnection: "
			    "close\r\n\r\n%s",
			    strcasestr(req, "x-test: 1") ? "yes" : "no",
			    strlen(body), body);
			if (write(c, out, strlen(out)) < 0)
				_exit(1);
			close(c);
		}
	}
	close(fd);
	return port;
}

static void
stop_http(void)
{
	kill(http_pid, SIGKILL);
	waitpid(http_pid, NULL, 0);
}

/* The caller's outbound function: answers 201 and echoes the body. */
static void
outbound_target(void *udata, struct capnweb_call *call)
{
	json_t *req = json_array_get(capnweb_call_args(call), 0);
	json_t *res;
	uint8_t *bytes;
	size_t n;

	(void)udata;
	ck_assert_str_eq(
	    capnweb_value_kind(json_object_get(req, "body")), "bytes");
	ck_assert_int_eq(
	    capnweb_value_get_bytes(json_object_get(req, "body"), &bytes, &n),
	    0);
	res = json_pack("{s:i, s:s, s:[[s, s]], s:o}", "status", 201,
	    "statusText", "Created", "headers", "a", "b", "body",
	    capnweb_value_bytes(bytes, n, "ArrayBuffer"));
	free(bytes);
	capnweb_call_resolve(call, res);
}

/* The scripted run returns the two envelope texts it got back, in order. */
static void
expect_answers(
    const struct test_answer *a, const char *first, const char *second)
{
	json_t *got = json_loads(
	    json_string_value(json_object_get(a->value, "resultJson")), 0,
	    NULL);

	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(json_string_value(json_array_get(got, 0)), first);
	ck_assert_str_eq(json_string_value(json_array_get(got, 1)), second);
	json_decref(got);
}

/* ---- tests ---- */

START_TEST(test_tool_calls_reach_the_callers_dispatch)
{
	struct test_client c;
	struct test_answer a;
	int target;

	start_daemon(1, 10, -1);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	target = capnweb_session_add_target(c.s, dispatch_target, NULL);
	dispatch_calls = 0;
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, o, s]", "tools",
		capnweb_value_target(target), "disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_int_eq(dispatch_calls, 2);
	/* Both calls, a provider no descriptor names included, reached it. */
	expect_answers(&a, "{\"result\":\"store:list:[\\\"ada\\\",3]\"}",
	    "{\"result\":\"crm:missing:\"}");
	test_answer_clear(&a);
	/* Without a dispatch every tool is not found, in the pinned words. */
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "tools", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	expect_answers(&a, "{\"error\":\"Tool \\\"list\\\" not found\"}",
	    "{\"error\":\"Tool \\\"missing\\\" not found\"}");
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

/*
 * A child that keeps its isolate for a run whose request did not ask for
 * retainHandles broke the protocol: no executionId is minted, the run ends
 * as WORKER_CRASHED, the child is ended, and the slot serves the next run.
 */
START_TEST(test_unasked_grant_is_a_crash)
{
	struct test_client c;
	struct test_answer a;

	start_daemon(1, 10, -1);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "retain", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(fault_code(&a), "WORKER_CRASHED");
	test_answer_clear(&a);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "result", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "42");
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

START_TEST(test_retained_handles_lifecycle)
{
	struct test_client c, other;
	struct test_answer a;
	char id[64];

	start_daemon(1, 10, -1);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {s:b}, n, s]", "retain", "retainHandles", 1,
		"disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(json_string_value(json_array_get(
			     json_object_get(a.value, "handles"), 0)),
	    "fetch");
	ck_assert_int_eq(
	    strlen(json_string_value(json_object_get(a.value, "executionId"))),
	    32);
	snprintf(id, sizeof(id), "%s",
	    json_string_value(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	/* Invocations in order, state kept; from another connection too. */
	test_client_call(&c, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://x/"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "statusText")), "1");
	test_answer_clear(&a);
	ck_assert_int_eq(test_client_open(&other, sock_path), 0);
	test_client_call(&other, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://x/"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "statusText")), "2");
	test_answer_clear(&a);
	/* A name outside the grant: the child's text, no fault code. */
	test_client_call(
	    &c, "invokeHandle", json_pack("[s, s, {}]", id, "scheduled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_ptr_null(fault_code(&a));
	test_answer_clear(&a);
	/* Close, then every call meets HANDLES_CLOSED, closeHandles twice too.
	 */
	test_client_call(&other, "closeHandles", json_pack("[s]", id), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	test_answer_clear(&a);
	test_client_call(&c, "closeHandles", json_pack("[s]", id), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(fault_code(&a), "HANDLES_CLOSED");
	test_answer_clear(&a);
	test_client_call(
	    &c, "invokeHandle", json_pack("[s, s, {}]", id, "fetch"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(fault_code(&a), "HANDLES_CLOSED");
	test_answer_clear(&a);
	/* The slot is free again. */
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "result", "disabled"), &a);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "42");
	test_answer_clear(&a);
	test_client_close(&other);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

START_TEST(test_faults_carry_their_codes)
{
	struct test_client c;
	struct test_answer a;

	start_daemon(1, 10, 1000);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "crash", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(fault_code(&a), "WORKER_CRASHED");
	test_answer_clear(&a);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "big", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(fault_code(&a), "RESPONSE_TOO_LARGE");
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

START_TEST(test_native_and_stub_outbound)
{
	struct test_client c;
	struct test_answer a;
	char code[128];
	json_t *res;
	int port = start_http(), target;

	daemon_veto = 0;
	/* Loopback is closed to native fetch unless the operator opens it. */
	snprintf(daemon_allow, sizeof(daemon_allow), "127.0.0.1:%d", port);
	start_daemon(1, 10, -1);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	/* native: the daemon performs it (libcurl), headers and body intact. */
	snprintf(
	    code, sizeof(code), "fetch:http://127.0.0.1:%d/path?q=1", port);
	test_client_call(
	    &c, "execute", json_pack("[s, [], {}, n, s]", code, "native"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	res = json_loads(
	    json_string_value(json_object_get(a.value, "resultJson")), 0, NULL);
	ck_assert_ptr_nonnull(res);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(res, "status")), 200);
	ck_assert_str_eq(
	    json_string_value(json_object_get(res, "statusText")), "Fine");
	/* base64 of "POST /path?q=1 HTTP/1.1|hello" */
	ck_assert_str_eq(json_string_value(json_object_get(res, "body")),
	    "UE9TVCAvcGF0aD9xPTEgSFRUUC8xLjF8aGVsbG8=");
	{
		char *h =
		    json_dumps(json_object_get(res, "headers"), JSON_COMPACT);

		ck_assert_ptr_nonnull(strstr(h, "[\"X-Test-Seen\",\"yes\"]"));
		free(h);
	}
	json_decref(res);
	test_answer_clear(&a);
	/* Only http and https. */
	test_client_call(&c, "execute",
	    json_pack(
		"[s, [], {}, n, s]", "fetch:file:///etc/passwd", "native"),
	    &a);
	ck_assert_ptr_nonnull(
	    strstr(json_string_value(json_object_get(a.value, "resultJson")),
		"Only http and https URLs can be fetched"));
	test_answer_clear(&a);
	/* disabled: the outbound text, whatever the child asked. */
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", code, "disabled"), &a);
	ck_assert_ptr_nonnull(
	    strstr(json_string_value(json_object_get(a.value, "resultJson")),
		"Outbound fetch is disabled for this execution."));
	test_answer_clear(&a);
	/* stub: the caller's function answers, bodies cross as bytes. */
	target = capnweb_session_add_target(c.s, outbound_target, NULL);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s, o]", code, "stub",
		capnweb_value_target(target)),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")),
	    "{\"status\":201,\"statusText\":\"Created\","
	    "\"headers\":[[\"a\",\"b\"]],\"body\":\"aGVsbG8=\"}");
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
	/* The operator's veto: native asks get no network at all. */
	daemon_veto = 1;
	start_daemon(1, 10, -1);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	test_client_call(
	    &c, "execute", json_pack("[s, [], {}, n, s]", code, "native"), &a);
	ck_assert_ptr_nonnull(
	    strstr(json_string_value(json_object_get(a.value, "resultJson")),
		"Outbound fetch is disabled for this execution."));
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
	daemon_veto = 0;
	daemon_allow[0] = '\0';
	stop_http();
}
END_TEST

START_TEST(test_queue_overflow_under_a_burst)
{
	struct test_client c;
	struct test_answer a;
	int i;

	start_daemon(1, 1, -1);
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	usleep(200000);
	/* One runs, one waits, the rest are turned away with their code. */
	for (i = 0; i < 4; i++) {
		json_t *args = json_pack(
		    "[s, [], {s:i}, n, s]", "hang", "timeout", 300, "disabled");

		/* Fire and forget: the session borrows the arguments. */
		ck_assert_int_gt(
		    capnweb_session_call(c.s, "execute", args, NULL, NULL), 0);
		json_decref(args);
	}
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "result", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(fault_code(&a), "QUEUE_OVERFLOW");
	ck_assert_ptr_nonnull(strstr(capnweb_error_message(a.value),
	    "because 1 executions are already waiting"));
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("api");
	TCase *tc = tcase_create("bridge");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_tool_calls_reach_the_callers_dispatch);
	tcase_add_test(tc, test_retained_handles_lifecycle);
	tcase_add_test(tc, test_unasked_grant_is_a_crash);
	tcase_add_test(tc, test_faults_carry_their_codes);
	tcase_add_test(tc, test_native_and_stub_outbound);
	tcase_add_test(tc, test_queue_overflow_under_a_burst);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
