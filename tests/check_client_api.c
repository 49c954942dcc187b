/*
 * The client API's rules as a host meets them, against a REAL daemon on a
 * private socket: every pointer rule is an argument error (never a crash),
 * local faults have their own codes, a request past the server's message
 * limit fails alone before it is sent, deadlines and cm_cancel end one
 * call and leave the connection usable (a daemon stopped with SIGSTOP
 * included), a client freed inside its blocking call's callback fails that
 * call CONNECTION_BROKEN, malformed URLs are refused, growing structs are
 * judged by their size, and the readiness interface runs executions from a
 * plain poll() loop.
 */
#include <check.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <codemode/codemode.h>

#include "support/test_daemon.h"

static struct test_daemon td;
static char url[160];

static void
start_daemon(void)
{
	const char *e = getenv("CODEMODE_EXECUTORD");
	const char *bin = e && *e ? e
	    : access("build/codemode-executord", X_OK) == 0
	    ? "build/codemode-executord"
	    : test_daemon_binary();

	ck_assert_int_eq(test_daemon_init(&td, "cm-capi"), 0);
	snprintf(url, sizeof(url), "unix://%s", td.sock);
	ck_assert_int_eq(test_daemon_spawn(&td, bin, "error", NULL), 0);
}

static void
stop_daemon(void)
{
	test_daemon_stop(&td);
}

static struct cm_client *
connect_ok(const struct cm_connect_options *opts)
{
	struct cm_client *c = NULL;
	struct cm_error err;

	if (cm_connect(url, opts, &c, &err) != 0)
		ck_abort_msg("connect: %s", err.message);
	return c;
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A local fault: its code, no thrown value, and a message naming `part`. */
static void
assert_local(struct cm_error *err, enum cm_error_code code, const char *part)
{
	ck_assert_msg(err->code == code, "code %d (%s), want %d: %s", err->code,
	    cm_error_code_name(err->code) ? cm_error_code_name(err->code) : "-",
	    code, err->message ? err->message : "(null)");
	ck_assert_str_eq(err->class_name, "ClientError");
	ck_assert_ptr_null(err->thrown);
	ck_assert_ptr_nonnull(err->message);
	ck_assert_msg(strstr(err->message, part) != NULL,
	    "'%s' does not name '%s'", err->message, part);
	cm_error_clear(err);
}

static void
execute_42(struct cm_client *c)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_error err;

	req.code = "(function () { return 6 * 7; })";
	if (cm_execute(c, &req, &res, &err) != 0)
		ck_abort_msg("execute: %s", err.message);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
}

START_TEST(test_null_rules)
{
	static const char *const tools[] = { "a", NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_provider prov = { "store", NULL, 2, 0, NULL, NULL };
	struct cm_connect_options opts;
	struct cm_outbound_request oreq;
	struct cm_outbound_response ores;
	struct cm_result res;
	struct cm_client *c = (struct cm_client *)0x1;
	struct cm_error err;

	start_daemon();
	/* Connecting. */
	ck_assert_int_eq(cm_connect(url, NULL, NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL out pointer");
	ck_assert_int_eq(cm_connect(NULL, NULL, &c, &err), -1);
	ck_assert_ptr_null(c);
	assert_local(&err, CM_ERROR_ARGUMENT, "URL");
	/* A NULL err on the failure path only returns. */
	ck_assert_int_eq(cm_connect("ws://bad:99999/", NULL, &c, NULL), -1);
	ck_assert_int_eq(cm_connect(url, NULL, NULL, NULL), -1);
	memset(&opts, 0, sizeof(opts));
	opts.nheaders = 2;
	ck_assert_int_eq(cm_connect(url, &opts, &c, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "headers are NULL");
	ck_assert_ptr_null(cm_connect_base(NULL, url, NULL, NULL, NULL, &err));
	assert_local(&err, CM_ERROR_ARGUMENT, "event_base");

	c = connect_ok(NULL);
	req.code = "(function () { return 1; })";
	ck_assert_int_eq(cm_execute(c, &req, NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL result pointer");
	ck_assert_int_eq(cm_execute(c, NULL, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "request is NULL");
	ck_assert_int_eq(cm_execute(NULL, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL client");
	req.nproviders = 3;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "nproviders is 3");
	req.providers = &prov;
	req.nproviders = 1;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "providers[0].tools is NULL");
	prov.tools = tools;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "providers[0].tools[1]");
	prov.ntools = 1;
	prov.name = NULL;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "providers[0].name");
	prov.name = "store";
	ck_assert_int_eq(cm_execute(c, &req, &res, NULL), 0);
	cm_result_clear(&res);
	/* Handles: each call is named in its own error. */
	ck_assert_int_eq(cm_close_handles(c, NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "closeHandles");
	ck_assert_int_eq(cm_invoke_handle(c, NULL, "h", NULL, &ores, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "invokeHandle");
	memset(&oreq, 0, sizeof(oreq));
	oreq.method = "GET";
	oreq.url = "http://x/";
	oreq.nheaders = 1;
	ck_assert_int_eq(cm_invoke_handle(c, "e", "h", &oreq, &ores, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "headers are NULL");
	ck_assert_int_eq(cm_invoke_handle(c, "e", "h", &oreq, NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL response");
	/* Fill helpers refuse instead of crashing. */
	ck_assert_int_eq(
	    cm_outbound_request_set(NULL, "GET", "u", NULL, 0, NULL, 0, 0), -1);
	ck_assert_int_eq(
	    cm_outbound_request_set(&oreq, "GET", "u", NULL, 3, NULL, 0, 0),
	    -1);
	ck_assert_int_eq(
	    cm_outbound_request_set(&oreq, "GET", "u", NULL, 0, NULL, 5, 1),
	    -1);
	ck_assert_int_eq(
	    cm_outbound_response_set(NULL, 200, "OK", NULL, 0, NULL, 0), -1);
	ck_assert_int_eq(
	    cm_outbound_response_set(&ores, 200, "OK", NULL, 2, NULL, 0), -1);
	ck_assert_int_eq(cm_tool_call_answer(NULL, "{}"), -1);
	ck_assert_ptr_null(cm_result_to_json(NULL));
	ck_assert_int_eq(cm_client_connected(NULL), 0);
	ck_assert_int_eq(cm_health(url, NULL, NULL, NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL");
	/* The connection took none of this amiss. */
	execute_42(c);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_struct_sizes)
{
	struct {
		struct cm_execute_request r;
		char tail[16];
	} big;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;

	start_daemon();
	c = connect_ok(NULL);
	memset(&big, 0, sizeof(big));
	big.r.code = "(function () { return 6 * 7; })";
	/* 0 is the 0.2.0 layout, sizeof the current one. */
	ck_assert_int_eq(cm_execute(c, &big.r, &res, &err), 0);
	cm_result_clear(&res);
	big.r.size = sizeof(big.r);
	ck_assert_int_eq(cm_execute(c, &big.r, &res, &err), 0);
	cm_result_clear(&res);
	/* A later layout whose unknown members are zero is fine ... */
	big.r.size = sizeof(big);
	ck_assert_int_eq(cm_execute(c, &big.r, &res, &err), 0);
	cm_result_clear(&res);
	/* ... one that uses them, or a size no layout has, is not. */
	big.tail[3] = 1;
	ck_assert_int_eq(cm_execute(c, &big.r, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "does not have");
	big.r.size = 8;
	ck_assert_int_eq(cm_execute(c, &big.r, &res, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "smaller than any layout");
	cm_client_free(c);
	/* The version macros are the library's version. */
	{
		char v[32];

		snprintf(v, sizeof(v), "%d.%d.%d", CM_VERSION_MAJOR,
		    CM_VERSION_MINOR, CM_VERSION_PATCH);
		ck_assert_str_eq(v, cm_version());
		ck_assert_str_eq(CM_VERSION_STRING, cm_version());
	}
	stop_daemon();
}
END_TEST

START_TEST(test_urls)
{
	static const struct {
		const char *url, *why;
	} bad[] = {
		{ "ws://127.0.0.1:8080abc/", "the port is not a number" },
		{ "ws://127.0.0.1:80:90/", "an IPv6 host must be in brackets" },
		{ "ws:127.0.0.1:8080/", "lacks the // after ws:" },
		{ "ws:/127.0.0.1/", "lacks the // after ws:" },
		{ "unix:/tmp/x.sock", "lacks the // after unix:" },
		{ "ftp://h/", "the URL scheme must be unix:// or ws://" },
		{ "127.0.0.1:8080", "the URL scheme must be unix:// or ws://" },
		{ "ws://::1:8080/", "an IPv6 host must be in brackets" },
		{ "ws://[::1/", "unterminated [IPv6] host" },
		{ "ws://[::1]x/", "unexpected text after the host" },
		{ "ws://[nothost]:80/", "not an IPv6 address" },
		{ "ws://a[b]/", "outside a bracketed IPv6 host" },
		{ "ws://user@h/", "user information" },
		{ "ws://h/p#frag", "fragment" },
		{ "ws://h/a b", "space or a control character" },
		{ "ws://h/a\r\nX: y", "space or a control character" },
		{ "wss://h/", "wss:// needs TLS" },
	};
	struct cm_client *c;
	struct cm_error err;
	char want[512];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		c = (struct cm_client *)0x1;
		ck_assert_int_eq(cm_connect(bad[i].url, NULL, &c, &err), -1);
		ck_assert_ptr_null(c);
		ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
		snprintf(want, sizeof(want), "%s", bad[i].why);
		ck_assert_msg(strstr(err.message, want) != NULL,
		    "%s: '%s' lacks '%s'", bad[i].url, err.message, want);
		cm_error_clear(&err);
	}
	/* Brackets, a query and an upper-case scheme are fine: these fail
	 * later, at the socket, not at the parse. */
	ck_assert_int_eq(cm_connect("WS://[::1]:1/?q=1", NULL, &c, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.message, "connect"));
	cm_error_clear(&err);
}
END_TEST

/* ---- the message limit ---- */

struct async_st {
	int done, ok, too_large, other;
	char first[512];
};

static void
async_done(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct async_st *st = arg;

	(void)c;
	st->done++;
	if (err == NULL) {
		st->ok++;
		cm_result_clear(res);
	} else if (err->code == CM_ERROR_TOO_LARGE)
		st->too_large++;
	else {
		st->other++;
		snprintf(st->first, sizeof(st->first), "%s", err->message);
	}
}

/* Times the descriptor woke poll() up: the client's sockets reach it. */
static int ready_wakeups;

/*
 * A host's loop: waits as cm_client_watch says (capped at 1 s so that a
 * broken timeout cannot hang the suite) until *counter reaches want.
 */
static void
drive(struct cm_client *c, int *counter, int want, double limit_s)
{
	double t0 = now_s();
	struct pollfd p;
	int fd, to;

	while (*counter < want) {
		ck_assert_msg(now_s() - t0 < limit_s, "no progress");
		fd = cm_client_watch(c, NULL, &to, NULL);
		ck_assert_int_ge(fd, 0);
		p.fd = fd;
		p.events = POLLIN;
		if (poll(&p, 1, to < 0 || to > 1000 ? 1000 : to) > 0)
			ready_wakeups++;
		ck_assert_int_eq(cm_client_process(c, NULL), 0);
	}
}

START_TEST(test_too_large_alone)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct async_st st;
	struct cm_client *c;
	struct cm_error err;
	size_t n = CM_SERVER_MESSAGE_LIMIT + 1024, i;
	char *big;
	int k;

	start_daemon();
	memset(&st, 0, sizeof(st));
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	/* Three runs in flight, then one program past the daemon's limit. */
	req.code = "(function () { var t = Date.now(); while (Date.now() - t "
		   "< 300) {} return 1; })";
	for (k = 0; k < 3; k++)
		ck_assert_int_eq(
		    cm_execute_async(c, &req, async_done, &st, &err), 0);
	big = malloc(n + 1);
	ck_assert_ptr_nonnull(big);
	memcpy(big, "(function () { return 1; }) //", 30);
	for (i = 30; i < n; i++)
		big[i] = 'x';
	big[n] = '\0';
	req.code = big;
	ck_assert_int_eq(cm_execute_async(c, &req, async_done, &st, &err), 0);
	drive(c, &st.done, 4, 60);
	free(big);
	ck_assert_msg(st.ok == 3 && st.too_large == 1,
	    "%d ok, %d too large, %d other (%s)", st.ok, st.too_large, st.other,
	    st.first);
	/* The same connection goes on. */
	req.code = "(function () { return 2; })";
	ck_assert_int_eq(cm_execute_async(c, &req, async_done, &st, &err), 0);
	drive(c, &st.done, 5, 30);
	ck_assert_int_eq(st.ok, 4);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_too_large_text)
{
	struct cm_connect_options opts = CM_CONNECT_OPTIONS_INIT;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	char code[3000];

	start_daemon();
	opts.max_message = 2048;
	c = connect_ok(&opts);
	memset(code, ' ', sizeof(code));
	memcpy(code, "(function () { return 6 * 7; })", 31);
	code[sizeof(code) - 1] = '\0';
	req.code = code;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_TOO_LARGE, "byte message limit");
	code[100] = '\0';
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

/* ---- deadlines, cancel, free inside a callback ---- */

START_TEST(test_deadline_stopped_daemon)
{
	struct cm_connect_options opts = CM_CONNECT_OPTIONS_INIT;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	double t0;

	start_daemon();
	opts.deadline_ms = 400; /* the connection's default */
	c = connect_ok(&opts);
	/* The first run, with no deadline: on a starved machine a cold
	 * daemon may take longer than 400 ms over it. */
	req.code = "(function () { return 6 * 7; })";
	req.deadline_ms = CM_DEADLINE_NONE;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
	req.deadline_ms = 0;
	kill(td.pid, SIGSTOP);
	t0 = now_s();
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_msg(now_s() - t0 < 5, "took %.1f s", now_s() - t0);
	assert_local(&err, CM_ERROR_TIMED_OUT, "400 ms deadline");
	/* A per-call deadline overrides it. */
	req.deadline_ms = 150;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_TIMED_OUT, "150 ms deadline");
	/* closeHandles takes the connection's deadline, set anew. */
	ck_assert_int_eq(cm_client_set_deadline(c, 120, &err), 0);
	ck_assert_int_eq(cm_close_handles(c, "nope", &err), -1);
	assert_local(&err, CM_ERROR_TIMED_OUT, "closeHandles");
	kill(td.pid, SIGCONT);
	/* The connection is usable again; the late answers are dropped. */
	req.deadline_ms = CM_DEADLINE_NONE;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_deadline_busy_run)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;

	start_daemon();
	c = connect_ok(NULL);
	req.code = "(function () { var t = Date.now(); while (Date.now() - t "
		   "< 1500) {} return 1; })";
	req.deadline_ms = 200;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_TIMED_OUT, "execute call");
	ck_assert_ptr_null(res.result_json);
	execute_42(c);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

struct cancel_ctx {
	struct cm_client *c;
	int calls;
	int mode; /* 0 cancel, 1 free */
};

static char *
cancel_dispatch(void *ctx, const char *provider, const char *tool,
    const char *args, size_t len)
{
	struct cancel_ctx *cc = ctx;

	(void)provider;
	(void)tool;
	(void)args;
	(void)len;
	cc->calls++;
	if (cc->mode == 0)
		ck_assert_int_eq(
		    cm_cancel(cc->c, cm_client_last_call(cc->c), NULL), 0);
	else
		cm_client_free(cc->c);
	{
		json_t *v = json_integer(5);
		char *env = cm_envelope_result(v);

		json_decref(v);
		return env;
	}
}

START_TEST(test_cancel_blocking)
{
	static const char *const tools[] = { "get" };
	struct cm_provider prov = { "store", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cancel_ctx cc;
	struct cm_result res;
	struct cm_error err;

	start_daemon();
	memset(&cc, 0, sizeof(cc));
	cc.c = connect_ok(NULL);
	req.code =
	    "async function () { var v = await store.get({}); return v; }";
	req.providers = &prov;
	req.nproviders = 1;
	req.dispatch = cancel_dispatch;
	req.dispatch_ctx = &cc;
	ck_assert_int_eq(cm_execute(cc.c, &req, &res, &err), -1);
	assert_local(&err, CM_ERROR_CANCELLED, "cm_cancel");
	ck_assert_int_eq(cc.calls, 1);
	/* Nothing left to cancel; the connection goes on. */
	ck_assert_int_eq(cm_cancel(cc.c, cm_client_last_call(cc.c), &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "in flight");
	execute_42(cc.c);
	/* A callback that frees the client: the call fails BROKEN. */
	cc.mode = 1;
	cc.calls = 0;
	ck_assert_int_eq(cm_execute(cc.c, &req, &res, &err), -1);
	ck_assert_int_eq(cc.calls, 1);
	ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_BROKEN);
	ck_assert_ptr_null(res.result_json);
	cm_error_clear(&err);
	stop_daemon();
}
END_TEST

struct held {
	struct cm_tool_call *call;
};

static void
hold_dispatch(void *ctx, struct cm_tool_call *call)
{
	((struct held *)ctx)->call = call;
}

struct cancel_st {
	int done, cancelled, ok;
};

static void
cancel_done(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct cancel_st *st = arg;

	(void)c;
	st->done++;
	if (err && err->code == CM_ERROR_CANCELLED)
		st->cancelled++;
	if (res) {
		st->ok++;
		cm_result_clear(res);
	}
}

START_TEST(test_cancel_async)
{
	static const char *const tools[] = { "get" };
	struct cm_provider prov = { "store", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cancel_st st;
	struct held h;
	struct cm_client *c;
	struct cm_error err;
	uint64_t id;

	start_daemon();
	memset(&st, 0, sizeof(st));
	memset(&h, 0, sizeof(h));
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	/* A run whose tool call the host holds: it never ends by itself. */
	req.code = "async function () { return await store.get({}); }";
	req.providers = &prov;
	req.nproviders = 1;
	req.dispatch_async = hold_dispatch;
	req.dispatch_ctx = &h;
	req.timeout = CM_TIMEOUT_LIFTED;
	ck_assert_int_eq(cm_execute_async(c, &req, cancel_done, &st, &err), 0);
	id = cm_client_last_call(c);
	ck_assert_uint_gt(id, 0);
	while (h.call == NULL)
		drive(c, &st.done, 0, 10), (void)cm_client_process(c, NULL),
		    usleep(1000);
	ck_assert_int_eq(cm_cancel(c, id, &err), 0);
	ck_assert_int_eq(st.cancelled, 1);
	/* Answering the held call now is harmless, and the connection
	 * serves the next run. */
	(void)cm_tool_call_answer(h.call, "{\"result\":1}");
	memset(&req, 0, sizeof(req));
	req.code = "(function () { return 3; })";
	ck_assert_int_eq(cm_execute_async(c, &req, cancel_done, &st, &err), 0);
	drive(c, &st.done, 2, 30);
	ck_assert_int_eq(st.ok, 1);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

/* A result nested past the sandbox's JSON writer reads in the grammar. */
START_TEST(test_deep_result)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	const char *v[2] = { "run's answer", NULL };
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	long long depth;
	char code[160], limit[24], *want;

	start_daemon();
	c = connect_ok(NULL);
	ck_assert_int_eq(cm_spec_integer("JSON_DEPTH_LIMIT", &depth), 0);
	snprintf(limit, sizeof(limit), "%lld", depth);
	v[1] = limit;
	want = cm_text_compose("VALUE_TOO_DEEP", v, 2);
	ck_assert_ptr_nonnull(want);
	/* At the limit the value crosses; one level more fails. */
	snprintf(code, sizeof(code),
	    "(function () { var a = 1; for (var i = 0; i < %lld; i++) "
	    "a = [a]; return a; })",
	    depth);
	req.code = code;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_ptr_null(res.error);
	ck_assert_ptr_nonnull(res.result_json);
	cm_result_clear(&res);
	snprintf(code, sizeof(code),
	    "(function () { var a = 1; for (var i = 0; i < %lld; i++) "
	    "a = {k: a}; return a; })",
	    depth + 1);
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_ptr_nonnull(res.error);
	ck_assert_str_eq(res.error, want);
	cm_result_clear(&res);
	free(want);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

/* The protocol helpers' out-pointers: NULL is -1, never a crash. */
START_TEST(test_protocol_nulls)
{
	enum cm_outbound_mode mode;
	struct cm_envelope_dispatch d;
	json_t *j = json_array(), *entries;
	char *text = (char *)"x";
	uint8_t *bytes;
	size_t len;

	ck_assert_int_eq(cm_check_protocol_version(1, 2, NULL), -1);
	ck_assert_int_eq(cm_parse_outbound_mode("native", 0, NULL, &text), -1);
	ck_assert_ptr_null(text);
	ck_assert_int_eq(cm_parse_outbound_mode("native", 0, &mode, NULL), -1);
	ck_assert_int_eq(cm_binary_bytes(j, NULL, &len), -1);
	ck_assert_int_eq(cm_binary_bytes(j, &bytes, NULL), -1);
	ck_assert_int_eq(cm_envelope_read("{}", 2, NULL), -1);
	ck_assert_int_eq(cm_validate_provider_names(NULL, 2, &text), -1);
	ck_assert_int_eq(cm_validate_providers(j, NULL), -1);
	ck_assert_int_eq(cm_separate_imports("x", 1, NULL), -1);
	ck_assert_int_eq(cm_module_entries(j, NULL, &text), -1);
	ck_assert_int_eq(cm_module_entries(j, &entries, NULL), -1);
	ck_assert_int_eq(cm_spec_integer("PAYLOAD_LIMIT", NULL), -1);
	cm_envelope_dispatch_init(NULL, NULL, NULL);
	cm_envelope_dispatch_finish(NULL);
	/* No dispatch: the run is over, as for a finished one. */
	text = cm_envelope_dispatch_call(NULL, "p", "t", "[]", 2);
	ck_assert_ptr_nonnull(text);
	free(text);
	memset(&d, 0, sizeof(d));
	cm_envelope_dispatch_finish(&d);
	json_decref(j);
}
END_TEST

/* ---- the readiness interface ---- */

START_TEST(test_poll_loop)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct async_st st;
	struct cm_client *c;
	struct cm_error err;
	double t0;
	int fd, fd2, k;

	start_daemon();
	memset(&st, 0, sizeof(st));
	c = cm_connect_start(url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	fd = cm_client_watch(c, NULL, NULL, &err);
	ck_assert_int_ge(fd, 0);
	req.code = "(function () { return 1; })";
	for (k = 0; k < 20; k++)
		ck_assert_int_eq(
		    cm_execute_async(c, &req, async_done, &st, &err), 0);
	ready_wakeups = 0;
	t0 = now_s();
	drive(c, &st.done, 20, 60);
	ck_assert_int_eq(st.ok, 20);
	/* Driven by readiness, not by timeouts: the descriptor woke the
	 * loop, and 20 one-line runs took far less than the 1 s cap. */
	ck_assert_int_gt(ready_wakeups, 0);
	ck_assert_msg(now_s() - t0 < 5, "took %.1f s", now_s() - t0);
	/* The descriptor is the same for the client's whole life. */
	fd2 = cm_client_watch(c, NULL, NULL, &err);
	ck_assert_int_eq(fd, fd2);
	ck_assert_int_eq(cm_client_watch(NULL, NULL, NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL client");
	ck_assert_int_eq(cm_client_process(NULL, &err), -1);
	assert_local(&err, CM_ERROR_ARGUMENT, "NULL client");
	cm_client_free(c);
	stop_daemon();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("client_api");
	TCase *tc = tcase_create("daemon");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_null_rules);
	tcase_add_test(tc, test_protocol_nulls);
	tcase_add_test(tc, test_struct_sizes);
	tcase_add_test(tc, test_urls);
	tcase_add_test(tc, test_too_large_text);
	tcase_add_test(tc, test_too_large_alone);
	tcase_add_test(tc, test_deadline_stopped_daemon);
	tcase_add_test(tc, test_deadline_busy_run);
	tcase_add_test(tc, test_cancel_blocking);
	tcase_add_test(tc, test_cancel_async);
	tcase_add_test(tc, test_poll_loop);
	tcase_add_test(tc, test_deep_result);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
