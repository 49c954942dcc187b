/*
 * Sizes never break a session, against a REAL daemon on a private socket
 * (spec/protocol.md, section 6): a stub outbound response or a tool result
 * past PAYLOAD_LIMIT fails its one fetch or tool call in the run with the
 * PAYLOAD_TOO_LARGE text while another execution on the same connection
 * completes; both pass at exactly the bound; a request of exactly
 * MESSAGE_LIMIT bytes crosses and one byte more fails locally before it is
 * sent, the other executions going on; a daemon answer far past capnweb's
 * default 32 MiB (but within MESSAGE_LIMIT) reaches the client; and a peer
 * that sends a frame past MESSAGE_LIMIT anyway is closed with 1009 while
 * every other connection goes on (the Decision).
 */
#include <check.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <codemode/codemode.h>

#include "cm_spec.h"
#include "support/test_client.h"
#include "support/test_daemon.h"

#define P ((size_t)CM_PAYLOAD_LIMIT)
#define STR_(x) #x
#define STR(x) STR_(x)
#define M ((size_t)CM_MESSAGE_LIMIT)

static struct test_daemon td;
static char url[160];

static void
start_daemon(void)
{
	/* $BUILD's daemon: the sanitized one under make check SANITIZE=1. */
	const char *bin = test_daemon_binary();

	ck_assert_int_eq(test_daemon_init(&td, "cm-sizes"), 0);
	snprintf(url, sizeof(url), "unix://%s", td.sock);
	ck_assert_int_eq(test_daemon_spawn(&td, bin, "error", NULL), 0);
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The PAYLOAD_TOO_LARGE text for `part` at `size`, as a result's JSON
 * text (the run returns the message it caught). */
static char *
too_large_text(const char *part, size_t size)
{
	char sz[24], lim[24], *t, *q;
	const char *v[3] = { part, sz, lim };

	snprintf(sz, sizeof(sz), "%zu", size);
	snprintf(lim, sizeof(lim), "%zu", P);
	t = cm_text_compose("PAYLOAD_TOO_LARGE", v, 3);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_gt(asprintf(&q, "\"%s\"", t), 0);
	free(t);
	return q;
}

/* ---- executions in flight together, driven from one poll() loop ---- */

struct run {
	int done, ok, local;
	char *result; /* result_json, or the envelope's error */
	char message[512]; /* a fault's message */
};

static void
run_done(struct cm_client *c, struct cm_result *res, const struct cm_error *err,
    void *arg)
{
	struct run *r = arg;

	(void)c;
	r->done = 1;
	if (err == NULL) {
		r->ok = 1;
		r->result = strdup(res->result_json ? res->result_json
			: res->error		    ? res->error
						    : "");
		cm_result_clear(res);
		return;
	}
	r->local = err->code == CM_ERROR_TOO_LARGE;
	snprintf(r->message, sizeof(r->message), "%s",
	    err->message ? err->message : "");
}

static void
drive(struct cm_client *c, struct run *const *runs, size_t n, double limit_s)
{
	double t0 = now_s();
	struct pollfd p;
	size_t i, done;
	int to;

	for (;;) {
		for (i = done = 0; i < n; i++)
			done += runs[i]->done;
		if (done == n)
			return;
		ck_assert_msg(now_s() - t0 < limit_s, "no progress");
		p.fd = cm_client_watch(c, NULL, &to, NULL);
		ck_assert_int_ge(p.fd, 0);
		p.events = POLLIN;
		poll(&p, 1, to < 0 || to > 1000 ? 1000 : to);
		ck_assert_int_eq(cm_client_process(c, NULL), 0);
	}
}

/* A run that holds its worker for a while, started beside the one under
 * test so that both are in flight on the connection together. */
static const char *const busy_code =
    "(function () { var t = Date.now(); while (Date.now() - t < 400) {} "
    "return 'beside'; })";

static void
submit(struct cm_client *c, struct cm_execute_request *req, struct run *r)
{
	struct cm_error err;

	memset(r, 0, sizeof(*r));
	if (cm_execute_async(c, req, run_done, r, &err) != 0)
		ck_abort_msg("submit: %s", err.message);
}

static void
run_clear(struct run *r)
{
	free(r->result);
	r->result = NULL;
}

/* ---- the caller's outbound function and dispatch ---- */

/* Answers every fetch with a body of *(size_t *)ctx bytes, status text "". */
static int
outbound_sized(void *ctx, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, char **error_text)
{
	size_t n = *(size_t *)ctx;
	char *body = malloc(n ? n : 1);
	int rc;

	(void)req;
	(void)error_text;
	if (body == NULL)
		return -1;
	memset(body, 'b', n);
	rc = cm_outbound_response_set(res, 200, "", NULL, 0, body, n);
	free(body);
	return rc;
}

/* Answers every tool call with {"result":"xx..x"} of *(size_t *)ctx
 * characters in all. */
static char *
dispatch_sized(void *ctx, const char *provider, const char *tool,
    const char *args, size_t args_len)
{
	size_t n = *(size_t *)ctx;
	char *s = malloc(n + 1);

	(void)provider;
	(void)tool;
	(void)args;
	(void)args_len;
	if (s == NULL || n < 13)
		abort();
	memcpy(s, "{\"result\":\"", 11);
	memset(s + 11, 'x', n - 13);
	memcpy(s + n - 2, "\"}", 3);
	return s;
}

static const char *const fetch_code =
    "async () => { try { var r = await fetch('https://x.test/'); "
    "return String((await r.arrayBuffer()).byteLength); } "
    "catch (e) { return e.message; } }";

/* One fetch through a stub answering `body` bytes, beside a busy run. */
static void
fetch_beside(size_t body, struct run *r, struct run *beside)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct run *runs[2] = { r, beside };
	struct cm_client *c;
	struct cm_error err;

	start_daemon();
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	req.code = busy_code;
	submit(c, &req, beside);
	req.code = fetch_code;
	req.outbound = CM_OUTBOUND_FUNCTION;
	req.outbound_fn = outbound_sized;
	req.outbound_ctx = &body;
	submit(c, &req, r);
	drive(c, runs, 2, 120);
	cm_client_free(c);
	test_daemon_stop(&td);
}

START_TEST(test_stub_response_64mib_fails_the_fetch_only)
{
	struct run r, beside;
	char *want = too_large_text("outbound response", (size_t)64 << 20);

	/* The case: 64 MiB from the stub, past the message limit
	 * once base64-encoded. */
	fetch_beside((size_t)64 << 20, &r, &beside);
	ck_assert_msg(r.ok, "the fetch's run failed: %s", r.message);
	ck_assert_str_eq(r.result, want);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	ck_assert_str_eq(beside.result, "\"beside\"");
	run_clear(&r);
	run_clear(&beside);
	free(want);
}
END_TEST

START_TEST(test_stub_response_one_past_the_bound)
{
	struct run r, beside;
	char *want = too_large_text("outbound response", P + 1);

	fetch_beside(P + 1, &r, &beside);
	ck_assert_msg(r.ok, "the fetch's run failed: %s", r.message);
	ck_assert_str_eq(r.result, want);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	run_clear(&r);
	run_clear(&beside);
	free(want);
}
END_TEST

START_TEST(test_stub_response_at_the_bound)
{
	struct run r, beside;
	char want[32];

	fetch_beside(P, &r, &beside);
	snprintf(want, sizeof(want), "\"%zu\"", P);
	ck_assert_msg(r.ok, "the fetch's run failed: %s", r.message);
	ck_assert_str_eq(r.result, want);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	run_clear(&r);
	run_clear(&beside);
}
END_TEST

/* One tool call answered with `size` characters, beside a busy run. */
static void
tool_beside(size_t size, struct run *r, struct run *beside)
{
	static const char *const tools[] = { "get" };
	struct cm_provider prov = { "store", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct run *runs[2] = { r, beside };
	struct cm_client *c;
	struct cm_error err;

	start_daemon();
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	req.code = busy_code;
	submit(c, &req, beside);
	req.code = "async () => { try { return String((await "
		   "store.get()).length); } catch (e) { return e.message; } }";
	req.providers = &prov;
	req.nproviders = 1;
	req.dispatch = dispatch_sized;
	req.dispatch_ctx = &size;
	submit(c, &req, r);
	drive(c, runs, 2, 120);
	cm_client_free(c);
	test_daemon_stop(&td);
}

START_TEST(test_tool_result_one_past_the_bound)
{
	struct run r, beside;
	char *want = too_large_text("tool result", P + 1);

	tool_beside(P + 1, &r, &beside);
	ck_assert_msg(r.ok, "the tool call's run failed: %s", r.message);
	ck_assert_str_eq(r.result, want);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	run_clear(&r);
	run_clear(&beside);
	free(want);
}
END_TEST

START_TEST(test_tool_result_64mib_is_never_sent)
{
	struct run r, beside;
	char *want = too_large_text("tool result", (size_t)64 << 20);

	tool_beside((size_t)64 << 20, &r, &beside);
	ck_assert_msg(r.ok, "the tool call's run failed: %s", r.message);
	ck_assert_str_eq(r.result, want);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	run_clear(&r);
	run_clear(&beside);
	free(want);
}
END_TEST

START_TEST(test_tool_result_at_the_bound)
{
	struct run r, beside;
	char want[32];

	tool_beside(P, &r, &beside);
	snprintf(want, sizeof(want), "\"%zu\"", P - 13);
	ck_assert_msg(r.ok, "the tool call's run failed: %s", r.message);
	ck_assert_str_eq(r.result, want);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	run_clear(&r);
	run_clear(&beside);
}
END_TEST

/* ---- requests at the message limit ---- */

/*
 * A program of `units` U+0001 characters in a comment (6 bytes each once
 * JSON-escaped, 1 in the child) and `pad` spaces: the request's size is
 * steered to the byte without a program too large to run.
 */
static char *
program(size_t units, size_t pad)
{
	static const char head[] = "(function () { return 7; }) //";
	size_t h = sizeof(head) - 1;
	char *s = malloc(h + pad + units + 1);

	ck_assert_ptr_nonnull(s);
	memcpy(s, head, h);
	memset(s + h, ' ', pad);
	memset(s + h + pad, 1, units);
	s[h + pad + units] = '\0';
	return s;
}

START_TEST(test_request_exactly_at_the_message_limit)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct run probe, at, over, beside;
	struct run *runs[3] = { &at, &over, &beside };
	struct cm_client *c;
	struct cm_error err;
	size_t units = M / 6 + 100, size, fixed;
	const char *p;
	char *code;

	start_daemon();
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	/* Measured, not assumed: the refusal names the request's size. */
	code = program(units, 0);
	req.code = code;
	submit(c, &req, &probe);
	runs[0] = &probe;
	drive(c, runs, 1, 60);
	free(code);
	ck_assert_msg(probe.local, "not refused locally: %s", probe.message);
	p = strstr(probe.message, "request is ");
	ck_assert_ptr_nonnull(p);
	size = strtoull(p + 11, NULL, 10);
	ck_assert_uint_gt(size, M);
	fixed = size - 6 * units;
	/* Exactly M bytes, and one byte more, beside a busy run. */
	req.code = busy_code;
	submit(c, &req, &beside);
	code = program((M - fixed) / 6, (M - fixed) % 6);
	req.code = code;
	submit(c, &req, &at);
	free(code);
	code = program((M - fixed) / 6, (M - fixed) % 6 + 1);
	req.code = code;
	submit(c, &req, &over);
	free(code);
	runs[0] = &at;
	drive(c, runs, 3, 120);
	ck_assert_msg(at.ok, "the request of exactly %zu bytes failed: %s", M,
	    at.message);
	ck_assert_str_eq(at.result, "7");
	ck_assert_msg(over.local, "one byte past: %s", over.message);
	ck_assert_ptr_nonnull(strstr(over.message, "byte message limit"));
	ck_assert_msg(
	    beside.ok, "the run beside them failed: %s", beside.message);
	/* The same connection goes on. */
	req.code = "(function () { return 8; })";
	submit(c, &req, &probe);
	runs[0] = &probe;
	drive(c, runs, 1, 60);
	ck_assert_msg(probe.ok, "after: %s", probe.message);
	ck_assert_str_eq(probe.result, "8");
	run_clear(&probe);
	run_clear(&at);
	run_clear(&beside);
	cm_client_free(c);
	test_daemon_stop(&td);
}
END_TEST

/* An answer of ~48 MiB on the wire: a thrown message of PAYLOAD_LIMIT
 * control characters, each 6 bytes once escaped. */
START_TEST(test_answer_past_32_mib_reaches_the_client)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct run r, beside;
	struct run *runs[2] = { &r, &beside };
	struct cm_client *c;
	struct cm_error err;
	size_t i;

	start_daemon();
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	req.code = busy_code;
	submit(c, &req, &beside);
	req.code = "async () => { throw "
		   "String.fromCharCode(1).repeat(" STR(CM_PAYLOAD_LIMIT) ") }";
	submit(c, &req, &r);
	drive(c, runs, 2, 120);
	ck_assert_msg(r.ok, "the run failed: %s", r.message);
	ck_assert_uint_eq(strlen(r.result), P);
	for (i = 0; i < P; i++)
		if (r.result[i] != 1)
			ck_abort_msg("byte %zu is %d", i, r.result[i]);
	ck_assert_msg(
	    beside.ok, "the run beside it failed: %s", beside.message);
	run_clear(&r);
	run_clear(&beside);
	cm_client_free(c);
	test_daemon_stop(&td);
}
END_TEST

/* ---- a peer that ignores the limit ---- */

START_TEST(test_frame_past_the_limit_closes_that_connection_only)
{
	struct test_client bad, good;
	struct test_answer a = { 0 };
	uint8_t head[14];
	uint64_t len = M + 1;
	int i, flag = 0;

	start_daemon();
	ck_assert_int_eq(test_client_open(&good, td.sock), 0);
	ck_assert_int_eq(test_client_open(&bad, td.sock), 0);
	/* A masked text frame announcing M + 1 bytes: refused at its header,
	 * before any of it is buffered. */
	head[0] = 0x81;
	head[1] = 0x80 | 127;
	for (i = 0; i < 8; i++)
		head[2 + i] = (uint8_t)(len >> (8 * (7 - i)));
	memset(head + 10, 0x5a, 4);
	ck_assert_int_eq(write(bad.fd, head, sizeof(head)), sizeof(head));
	test_client_pump(&bad, &flag, 5000);
	ck_assert_int_eq(bad.close_code, 1009);
	/* The other connection goes on. */
	test_client_call(&good, "protocolVersion", json_array(), &a);
	ck_assert_int_eq(a.done, 1);
	ck_assert_int_eq((int)json_number_value(a.value), CM_PROTOCOL_VERSION);
	test_answer_clear(&a);
	test_client_close(&bad);
	test_client_close(&good);
	test_daemon_stop(&td);
}
END_TEST

static Suite *
client_sizes_suite(void)
{
	Suite *s = suite_create("client_sizes");
	TCase *tc = tcase_create("sizes");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_stub_response_64mib_fails_the_fetch_only);
	tcase_add_test(tc, test_stub_response_one_past_the_bound);
	tcase_add_test(tc, test_stub_response_at_the_bound);
	tcase_add_test(tc, test_tool_result_one_past_the_bound);
	tcase_add_test(tc, test_tool_result_64mib_is_never_sent);
	tcase_add_test(tc, test_tool_result_at_the_bound);
	tcase_add_test(tc, test_request_exactly_at_the_message_limit);
	tcase_add_test(tc, test_answer_past_32_mib_reaches_the_client);
	tcase_add_test(
	    tc, test_frame_past_the_limit_closes_that_connection_only);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(client_sizes_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
