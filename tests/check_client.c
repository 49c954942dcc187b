/*
 * The public client (codemode/client.h) against a REAL daemon started on a
 * private unix socket (and a private TCP port for the token test): every
 * call, faults with their exact texts, reconnect after a restart, rotation,
 * a connection killed mid-execution, and the event-driven style.
 *
 * Code under test runs ES5 function expressions, which the engine accepts
 * today; arrows need the lowering the engine does not have yet.
 */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include <codemode/codemode.h>

#include "client/client_int.h"

#include "support/test_daemon.h"

#define ANSWER_CODE "(function () { return 6 * 7; })"

/* The daemon of the running test; its socket is kept across restarts. */
static struct test_daemon td;
static char sock_url[128];

/*
 * $CODEMODE_EXECUTORD, else the plain build's daemon when it exists (the
 * client is what this suite puts under ASan; an instrumented engine child
 * currently dies on a throw or a timeout, which check_daemon owns), else
 * the daemon of $BUILD.
 */
static const char *
daemon_binary(void)
{
	const char *e = getenv("CODEMODE_EXECUTORD");

	if (e && *e)
		return e;
	if (access("build/codemode-executord", X_OK) == 0)
		return "build/codemode-executord";
	return test_daemon_binary();
}

/* Starts the daemon on td.sock; extra args last. */
static void
spawn_daemon(const char *const *extra)
{
	ck_assert_msg(
	    test_daemon_spawn(&td, daemon_binary(), "error", extra) == 0,
	    "the daemon did not start");
}

static void
start_daemon(void)
{
	ck_assert_int_eq(test_daemon_init(&td, "cm-client"), 0);
	snprintf(sock_url, sizeof(sock_url), "unix://%s", td.sock);
	spawn_daemon(NULL);
}

/* Stops the daemon with `sig`; the socket goes too, so a restart is clean. */
static void
kill_daemon(int sig)
{
	test_daemon_kill(&td, sig);
	unlink(td.sock);
}

static void
stop_daemon(void)
{
	kill_daemon(SIGTERM);
	rmdir(td.dir);
}

static struct cm_client *
connect_ok(const struct cm_connect_options *opts)
{
	struct cm_client *c = NULL;
	struct cm_error err;

	if (cm_connect(sock_url, opts, &c, &err) != 0)
		ck_abort_msg("connect failed: %s", err.message);
	ck_assert_ptr_nonnull(c);
	return c;
}

static void
execute_ok(struct cm_client *c, const struct cm_execute_request *req,
    struct cm_result *res)
{
	struct cm_error err;

	if (cm_execute(c, req, res, &err) != 0)
		ck_abort_msg("execute failed: %s (%s)", err.message,
		    cm_error_code_name(err.code) ? cm_error_code_name(err.code)
						 : "no code");
}

static char *
compose(const char *name, const char *a, const char *b)
{
	const char *v[2] = { a, b };
	char *t = cm_text_compose(name, v, b ? 2 : 1);

	ck_assert_ptr_nonnull(t);
	return t;
}

/* ---- tests ---- */

START_TEST(test_execute_answer)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	json_t *j;
	char *s;

	start_daemon();
	c = connect_ok(NULL);
	ck_assert_int_eq(cm_client_connected(c), 1);
	ck_assert_uint_eq(client_sessions_opened(c), 1);
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	req.outbound = CM_OUTBOUND_NULL;
	execute_ok(c, &req, &res);
	ck_assert_str_eq(res.result_json, "42");
	ck_assert(json_is_integer(res.result));
	ck_assert_int_eq(json_integer_value(res.result), 42);
	ck_assert_ptr_null(res.error);
	ck_assert_uint_eq(res.nlogs, 0);
	ck_assert_ptr_null(res.execution_id);
	j = cm_result_to_json(&res);
	s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	ck_assert_str_eq(s, "{\"logs\":[],\"result\":42}");
	free(s);
	json_decref(j);
	cm_result_clear(&res);
	/* Strings and objects come back as the isolate wrote them. */
	req.code =
	    "(function () { return {s: 'x\\u00e9', n: [1, 2.5, null]}; })";
	execute_ok(c, &req, &res);
	ck_assert_str_eq(
	    res.result_json, "{\"s\":\"x\xc3\xa9\",\"n\":[1,2.5,null]}");
	ck_assert_uint_eq(res.nlogs, 0);
	ck_assert_str_eq(
	    json_string_value(json_object_get(res.result, "s")), "x\xc3\xa9");
	ck_assert_double_eq(json_number_value(json_array_get(
				json_object_get(res.result, "n"), 1)),
	    2.5);
	cm_result_clear(&res);
	/* A user throw is the run's error, verbatim. */
	req.code = "(function () { throw new Error('No such customer.'); })";
	execute_ok(c, &req, &res);
	ck_assert_ptr_nonnull(res.error);
	ck_assert_ptr_nonnull(strstr(res.error, "No such customer."));
	ck_assert_ptr_null(res.result_json);
	cm_result_clear(&res);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

/* A slow tool through createEnvelopeDispatch's C twin: 300 ms per call. */
static int slow_calls;

static int
slow_respond(void *ctx, const char *provider, const char *tool,
    const char *args_json, size_t args_len, json_t **result, char **error)
{
	(void)ctx;
	(void)error;
	slow_calls++;
	usleep(300000);
	*result = json_pack("{s:s, s:s, s:s%}", "provider", provider, "tool",
	    tool, "args", args_json, args_len);
	return 0;
}

START_TEST(test_slow_tools_against_the_daemon)
{
	static const char *const tools[] = { "list" };
	struct cm_provider prov = { "store", tools, 1, 1, NULL, NULL };
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;

	start_daemon();
	c = connect_ok(NULL);
	memset(&req, 0, sizeof(req));
	/*
	 * Two 300 ms tools under a 200 ms bound: the clock stops while they
	 * run. positionalArgs: the call's arguments cross as a list.
	 */
	req.code = "async () => { const a = await store.list('x', 2); "
		   "const b = await store.other(); return [a, b] }";
	req.providers = &prov;
	req.nproviders = 1;
	req.timeout = 200;
	req.outbound = CM_OUTBOUND_NULL;
	req.respond = slow_respond;
	slow_calls = 0;
	execute_ok(c, &req, &res);
	ck_assert_ptr_null(res.error);
	ck_assert_int_eq(slow_calls, 2);
	ck_assert_str_eq(res.result_json,
	    "[{\"provider\":\"store\","
	    "\"tool\":\"list\",\"args\":\"[\\\"x\\\",2]\"},"
	    "{\"provider\":\"store\",\"tool\":\"other\",\"args\":\"[]\"}]");
	cm_result_clear(&res);
	/* With countHostWaits the wall clock rules: the same run times out. */
	req.count_host_waits = CM_FLAG_TRUE;
	execute_ok(c, &req, &res);
	ck_assert_ptr_nonnull(res.error);
	ck_assert_ptr_nonnull(strstr(res.error,
	    "Execution timed out at its "
	    "200 ms bound."));
	cm_result_clear(&res);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_declared_failures)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_provider prov;
	struct cm_client *c;
	const char *tools[] = { "listOrders" };
	json_t *mods, *entries = NULL;
	char *text = NULL;

	start_daemon();
	c = connect_ok(NULL);
	memset(&req, 0, sizeof(req));
	/* The timeout text, with the bound requested. */
	req.code = "(function () { for (;;) {} })";
	req.timeout = 200;
	execute_ok(c, &req, &res);
	text = compose("EXECUTION_TIMEOUT", "200", NULL);
	ck_assert_str_eq(res.error, text);
	ck_assert_int_eq(cm_timeout_text_matches(res.error), 1);
	free(text);
	cm_result_clear(&res);
	/* A provider name outside the pattern: the envelope says so. */
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	memset(&prov, 0, sizeof(prov));
	prov.name = "1store";
	prov.tools = tools;
	prov.ntools = 1;
	req.providers = &prov;
	req.nproviders = 1;
	execute_ok(c, &req, &res);
	{
		const char *names[] = { "1store" };

		ck_assert_int_eq(
		    cm_validate_provider_names(names, 1, &text), 1);
	}
	ck_assert_str_eq(res.error, text);
	free(text);
	cm_result_clear(&res);
	/* Module keys that collide after normalisation: in the envelope. */
	mods = json_pack("{s:s, s:s}", "./a", "export const x = 1", "a",
	    "export const x = 2");
	ck_assert_int_eq(cm_module_entries(mods, &entries, &text), 1);
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	req.modules = mods;
	execute_ok(c, &req, &res);
	ck_assert_str_eq(res.error, text);
	ck_assert_uint_eq(res.nlogs, 0);
	free(text);
	json_decref(mods);
	cm_result_clear(&res);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

/* cm_execute refuses `req` with the invalid-UTF-8 text naming `part`. */
static void
refused_as_not_utf8(
    struct cm_client *c, const struct cm_execute_request *req, const char *part)
{
	struct cm_result res;
	struct cm_error err;
	char *want = compose("PROTOCOL_INVALID_UTF8", part, NULL);

	memset(&res, 0, sizeof(res));
	ck_assert_int_eq(cm_execute(c, req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_PROTOCOL_MISMATCH);
	ck_assert_int_eq(err.retryable, 0);
	ck_assert_str_eq(err.message, want);
	free(want);
	cm_error_clear(&err);
}

/*
 * Text that is not UTF-8 (raw bytes in the code, a provider or tool name,
 * a module's source) is refused with the protocol's text naming the part,
 * not INTERNAL "out of memory", and before anything is sent: the same
 * client's next run is answered on the same connection.
 */
START_TEST(test_invalid_utf8_refused)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_provider prov;
	struct cm_client *c;
	const char *tools[] = { "ok", "bad\xc3" };
	json_t *mods;

	start_daemon();
	c = connect_ok(NULL);
	memset(&req, 0, sizeof(req));
	req.code = "async () => '\xff'";
	refused_as_not_utf8(c, &req, "code");
	memset(&prov, 0, sizeof(prov));
	prov.name = "st\xe9re";
	prov.tools = tools;
	prov.ntools = 1;
	req.code = ANSWER_CODE;
	req.providers = &prov;
	req.nproviders = 1;
	refused_as_not_utf8(c, &req, "name of provider 1");
	prov.name = "store";
	prov.ntools = 2;
	refused_as_not_utf8(c, &req, "name of tool 2 of provider 1");
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	mods = json_object();
	json_object_set_new(
	    mods, "blob", json_string_nocheck("export default '\x80'"));
	req.modules = mods;
	refused_as_not_utf8(c, &req, "source of module \"blob\"");
	json_decref(mods);
	{
		struct cm_outbound_request hreq;
		struct cm_outbound_response hres;
		struct cm_error err;
		char *want =
		    compose("PROTOCOL_INVALID_UTF8", "handle name", NULL);

		memset(&hreq, 0, sizeof(hreq));
		hreq.method = "GET";
		hreq.url = "https://h.test/";
		memset(&hres, 0, sizeof(hres));
		ck_assert_int_eq(cm_invoke_handle(c, "0123", "fetch\xfe", &hreq,
				     &hres, &err),
		    -1);
		ck_assert_int_eq(err.code, CM_ERROR_PROTOCOL_MISMATCH);
		ck_assert_str_eq(err.message, want);
		free(want);
		cm_error_clear(&err);
	}
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	execute_ok(c, &req, &res);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_connect_rejected)
{
	struct cm_client *c = NULL;
	struct cm_error err;
	char *want;

	/* No daemon behind the path. */
	ck_assert_int_eq(
	    cm_connect("unix:///nonexistent/cm.sock", NULL, &c, &err), -1);
	ck_assert_ptr_null(c);
	ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
	ck_assert_str_eq(err.class_name, "ExecutorError");
	want = compose("CONNECTION_REJECTED", "unix:///nonexistent/cm.sock",
	    "connect: No such file or directory");
	ck_assert_str_eq(err.message, want);
	ck_assert_str_eq(json_string_value(json_object_get(err.thrown, "code")),
	    "CONNECTION_REJECTED");
	free(want);
	cm_error_clear(&err);
	/* A URL we cannot use. */
	ck_assert_int_eq(cm_connect("http://x/", NULL, &c, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
	want = compose("CONNECTION_REJECTED", "http://x/",
	    "the URL scheme must be unix:// or ws://");
	ck_assert_str_eq(err.message, want);
	free(want);
	cm_error_clear(&err);
	ck_assert_int_eq(
	    cm_connect("ws://127.0.0.1:notaport/", NULL, &c, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
	cm_error_clear(&err);
	/* Ports out of range and empty hosts are refused, never wrapped. */
	{
		static const struct {
			const char *url, *why;
		} bad[] = {
			{ "ws://127.0.0.1:99999/",
			    "the port is not between 1 and 65535" },
			{ "ws://127.0.0.1:65536/",
			    "the port is not between 1 and 65535" },
			{ "ws://127.0.0.1:0/",
			    "the port is not between 1 and 65535" },
			{ "ws://127.0.0.1:/", "the port is not a number" },
			{ "ws://:8080/", "the URL names no host" },
			{ "ws://[]:8080/", "the URL names no host" },
			{ "ws:///", "the URL names no host" },
		};
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			ck_assert_int_eq(
			    cm_connect(bad[i].url, NULL, &c, &err), -1);
			ck_assert_ptr_null(c);
			ck_assert_int_eq(
			    err.code, CM_ERROR_CONNECTION_REJECTED);
			want = compose(
			    "CONNECTION_REJECTED", bad[i].url, bad[i].why);
			ck_assert_str_eq(err.message, want);
			free(want);
			cm_error_clear(&err);
		}
	}
	/* A listener that is not an executor: the handshake fails, and a
	 * status without a reason reads without a dangling space. */
	for (int k = 0; k < 2; k++) {
		static const char *const answers[2] = {
			"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n",
			"HTTP/1.1 401 \r\nContent-Length: 0\r\n\r\n"
		};
		static const char *const reasons[2] = {
			"the server answered the upgrade with 404 Not Found",
			"the server answered the upgrade with 401"
		};
		char path[] = "/tmp/cm-notws-XXXXXX";
		char spath[64], url[96];
		struct sockaddr_un sun;
		int lfd;
		pid_t pid;

		ck_assert_ptr_nonnull(mkdtemp(path));
		snprintf(spath, sizeof(spath), "%s/s", path);
		snprintf(url, sizeof(url), "unix://%s", spath);
		memset(&sun, 0, sizeof(sun));
		sun.sun_family = AF_UNIX;
		snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", spath);
		lfd = socket(AF_UNIX, SOCK_STREAM, 0);
		ck_assert_int_eq(
		    bind(lfd, (struct sockaddr *)&sun, sizeof(sun)), 0);
		ck_assert_int_eq(listen(lfd, 4), 0);
		pid = fork();
		if (pid == 0) {
			int fd = accept(lfd, NULL, NULL);
			char buf[4096];
			const char *ans = answers[k];

			(void)!read(fd, buf, sizeof(buf));
			(void)!write(fd, ans, strlen(ans));
			usleep(200000);
			_exit(0);
		}
		close(lfd);
		ck_assert_int_eq(cm_connect(url, NULL, &c, &err), -1);
		ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
		want = compose("CONNECTION_REJECTED", url, reasons[k]);
		ck_assert_str_eq(err.message, want);
		free(want);
		cm_error_clear(&err);
		waitpid(pid, NULL, 0);
		unlink(spath);
		rmdir(path);
	}
}
END_TEST

START_TEST(test_handles_closed)
{
	struct cm_outbound_request req;
	struct cm_outbound_response res;
	struct cm_client *c;
	struct cm_error err;
	char *want;

	start_daemon();
	c = connect_ok(NULL);
	ck_assert_int_eq(cm_outbound_request_set(&req, "GET",
			     "https://h.example/x", NULL, 0, NULL, 0, 0),
	    0);
	ck_assert_int_eq(
	    cm_invoke_handle(c, "e1", "fetch", &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_HANDLES_CLOSED);
	ck_assert_str_eq(err.class_name, "HandlesClosedError");
	want = compose("HANDLES_CLOSED", "e1", NULL);
	ck_assert_str_eq(err.message, want);
	free(want);
	cm_error_clear(&err);
	ck_assert_int_eq(cm_close_handles(c, "e2", &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_HANDLES_CLOSED);
	want = compose("HANDLES_CLOSED", "e2", NULL);
	ck_assert_str_eq(err.message, want);
	free(want);
	cm_error_clear(&err);
	/* The connection still serves afterwards. */
	{
		struct cm_execute_request er;
		struct cm_result r;

		memset(&er, 0, sizeof(er));
		er.code = ANSWER_CODE;
		er.retain_handles = 1;
		execute_ok(c, &er, &r);
		ck_assert_str_eq(r.result_json, "42");
		ck_assert_ptr_null(r.execution_id);
		cm_result_clear(&r);
	}
	cm_outbound_request_clear(&req);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_rotation)
{
	struct cm_connect_options o;
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	int i;

	start_daemon();
	memset(&o, 0, sizeof(o));
	o.rotate_after_executions = 3;
	c = connect_ok(&o);
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	for (i = 0; i < 7; i++) {
		execute_ok(c, &req, &res);
		ck_assert_str_eq(res.result_json, "42");
		cm_result_clear(&res);
	}
	/* 3 + 3 + 1 executions: three sessions. */
	ck_assert_uint_eq(client_sessions_opened(c), 3);
	cm_client_free(c);
	/* The default is 100. */
	c = connect_ok(NULL);
	for (i = 0; i < 101; i++) {
		execute_ok(c, &req, &res);
		cm_result_clear(&res);
	}
	ck_assert_uint_eq(client_sessions_opened(c), 2);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

START_TEST(test_reconnect_after_restart)
{
	struct cm_connect_options o;
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;

	start_daemon();
	c = connect_ok(NULL);
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	execute_ok(c, &req, &res);
	cm_result_clear(&res);
	kill_daemon(SIGTERM);
	spawn_daemon(NULL);
	/* The old session died with the daemon; the call reopens one. */
	execute_ok(c, &req, &res);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
	ck_assert_uint_eq(client_sessions_opened(c), 2);
	/* The daemon stays away: every retry fails, then the call does. */
	kill_daemon(SIGTERM);
	{
		struct timespec a, b;
		double ms;

		clock_gettime(CLOCK_MONOTONIC, &a);
		ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
		clock_gettime(CLOCK_MONOTONIC, &b);
		ms =
		    (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
		ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
		/* 250 + 500 + 750 ms of backoff between four attempts. */
		ck_assert_msg(ms >= 1490 && ms < 4000, "took %.0f ms", ms);
		cm_error_clear(&err);
	}
	/* Back again: the next call reconnects. */
	spawn_daemon(NULL);
	execute_ok(c, &req, &res);
	ck_assert_str_eq(res.result_json, "42");
	cm_result_clear(&res);
	cm_client_free(c);
	/* With reconnect disabled a broken connection stays broken. */
	memset(&o, 0, sizeof(o));
	o.reconnect_retries = CM_RECONNECT_DISABLED;
	c = connect_ok(&o);
	kill_daemon(SIGTERM);
	spawn_daemon(NULL);
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_BROKEN);
	cm_error_clear(&err);
	cm_client_free(c);
	stop_daemon();
}
END_TEST

/* ---- the event-driven style ---- */

struct ev_state {
	int done;
	int ok;
	int broken;
	int other;
	char first_error[512];
	struct event_base *base;
};

static void
ev_executed(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct ev_state *st = arg;

	(void)c;
	st->done++;
	if (res && res->result_json && strcmp(res->result_json, "42") == 0)
		st->ok++;
	else if (err && err->code == CM_ERROR_CONNECTION_BROKEN)
		st->broken++;
	else
		st->other++;
	if (err && st->first_error[0] == '\0')
		snprintf(st->first_error, sizeof(st->first_error), "%s",
		    err->message);
	if (res)
		cm_result_clear(res);
}

static void
ev_connected(struct cm_client *c, const struct cm_error *err, void *arg)
{
	struct ev_state *st = arg;

	(void)c;
	ck_assert_ptr_null(err);
	st->ok = -1;
}

START_TEST(test_event_concurrent)
{
	struct event_base *base = event_base_new();
	struct cm_execute_request req;
	struct ev_state st, cst;
	struct cm_client *c;
	struct cm_error err;
	int i;

	start_daemon();
	memset(&st, 0, sizeof(st));
	memset(&cst, 0, sizeof(cst));
	c = cm_connect_base(base, sock_url, NULL, ev_connected, &cst, &err);
	ck_assert_ptr_nonnull(c);
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	/* Submitted before the handshake finished: they wait for it. */
	for (i = 0; i < 30; i++)
		ck_assert_int_eq(
		    cm_execute_async(c, &req, ev_executed, &st, &err), 0);
	while (st.done < 30)
		ck_assert_int_eq(event_base_loop(base, EVLOOP_ONCE), 0);
	ck_assert_int_eq(cst.ok, -1);
	ck_assert_msg(
	    st.ok == 30, "%d ok, first error: %s", st.ok, st.first_error);
	ck_assert_uint_eq(client_sessions_opened(c), 1);
	/* Blocking calls refuse a client on the caller's base. */
	{
		struct cm_result res;

		ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
		ck_assert_int_eq(err.code, CM_ERROR_USAGE);
		ck_assert_str_eq(err.class_name, "ClientError");
		ck_assert_ptr_null(err.thrown);
		cm_error_clear(&err);
	}
	cm_client_free(c);
	event_base_free(base);
	stop_daemon();
}
END_TEST

static void
kill_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	(void)arg;
	kill_daemon(SIGKILL);
}

START_TEST(test_broken_mid_execution)
{
	struct event_base *base = event_base_new();
	struct cm_execute_request req;
	struct cm_connect_options o;
	struct ev_state st;
	struct cm_client *c;
	struct cm_error err;
	struct timeval tv = { 0, 300000 };
	char *want;

	start_daemon();
	memset(&st, 0, sizeof(st));
	memset(&o, 0, sizeof(o));
	o.reconnect_backoff_ms = 10;
	c = cm_connect_base(base, sock_url, &o, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	memset(&req, 0, sizeof(req));
	req.code = "(function () { for (;;) {} })";
	req.timeout = CM_TIMEOUT_LIFTED;
	ck_assert_int_eq(cm_execute_async(c, &req, ev_executed, &st, &err), 0);
	ck_assert_int_eq(cm_execute_async(c, &req, ev_executed, &st, &err), 0);
	event_base_once(base, -1, EV_TIMEOUT, kill_cb, NULL, &tv);
	while (st.done < 2)
		ck_assert_int_eq(event_base_loop(base, EVLOOP_ONCE), 0);
	ck_assert_int_eq(st.broken, 2);
	/*
	 * A daemon killed before it read all the client wrote resets the
	 * connection rather than closing it (a loaded machine, ASan): both
	 * are the break the text names.
	 */
	want = compose("CONNECTION_BROKEN", "WebSocket",
	    "the server closed the connection");
	if (strcmp(st.first_error, want) != 0) {
		free(want);
		want = compose(
		    "CONNECTION_BROKEN", "WebSocket", strerror(ECONNRESET));
	}
	ck_assert_str_eq(st.first_error, want);
	free(want);
	/* The daemon is gone for good: the next call is rejected. */
	req.code = ANSWER_CODE;
	memset(&st, 0, sizeof(st));
	ck_assert_int_eq(cm_execute_async(c, &req, ev_executed, &st, &err), 0);
	while (st.done < 1)
		ck_assert_int_eq(event_base_loop(base, EVLOOP_ONCE), 0);
	ck_assert_int_eq(st.other, 1);
	ck_assert_ptr_nonnull(strstr(st.first_error, "was rejected"));
	cm_client_free(c);
	event_base_free(base);
	rmdir(td.dir);
}
END_TEST

/* cm_client_free with calls in flight fails them, from inside the free. */
START_TEST(test_free_in_flight)
{
	struct event_base *base = event_base_new();
	struct cm_execute_request req;
	struct ev_state st;
	struct cm_client *c;
	struct cm_error err;

	start_daemon();
	memset(&st, 0, sizeof(st));
	c = cm_connect_base(base, sock_url, NULL, NULL, NULL, &err);
	memset(&req, 0, sizeof(req));
	req.code = ANSWER_CODE;
	ck_assert_int_eq(cm_execute_async(c, &req, ev_executed, &st, &err), 0);
	cm_client_free(c);
	ck_assert_int_eq(st.done, 1);
	ck_assert_int_eq(st.broken, 1);
	event_base_free(base);
	stop_daemon();
}
END_TEST

START_TEST(test_health_and_token)
{
	struct cm_connect_options o;
	struct cm_header h = { "Authorization", "Bearer s3cret" };
	struct cm_client *c = NULL;
	struct cm_error err;
	char tok[128], port[16], url[64], *body = NULL;
	const char *extra[8];
	int status = 0, i, up = 0;
	FILE *f;

	start_daemon();
	ck_assert_int_eq(cm_health(sock_url, NULL, &status, &body, &err), 0);
	ck_assert_int_eq(status, 200);
	ck_assert_str_eq(body, "ok\n");
	free(body);
	kill_daemon(SIGTERM);
	/* TCP with a bearer token: only the handshake with the header passes.
	 */
	snprintf(tok, sizeof(tok), "%s/token", td.dir);
	ck_assert_ptr_nonnull(f = fopen(tok, "w"));
	fputs("s3cret\n", f);
	fclose(f);
	srand((unsigned)getpid());
	for (i = 0; i < 5 && !up; i++) {
		snprintf(port, sizeof(port), "%d", 20000 + rand() % 30000);
		extra[0] = "--port";
		extra[1] = port;
		extra[2] = "--token-file";
		extra[3] = tok;
		extra[4] = NULL;
		spawn_daemon(extra);
		snprintf(url, sizeof(url), "ws://127.0.0.1:%s/", port);
		if (cm_health(url, NULL, &status, &body, &err) == 0) {
			up = 1;
			free(body);
		} else {
			cm_error_clear(&err);
			kill_daemon(SIGTERM);
		}
	}
	ck_assert_msg(up, "no free TCP port");
	ck_assert_int_eq(cm_connect(url, NULL, &c, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_CONNECTION_REJECTED);
	cm_error_clear(&err);
	memset(&o, 0, sizeof(o));
	o.headers = &h;
	o.nheaders = 1;
	c = NULL;
	if (cm_connect(url, &o, &c, &err) != 0)
		ck_abort_msg("%s", err.message);
	{
		struct cm_execute_request req;
		struct cm_result res;

		memset(&req, 0, sizeof(req));
		req.code = ANSWER_CODE;
		execute_ok(c, &req, &res);
		ck_assert_str_eq(res.result_json, "42");
		cm_result_clear(&res);
	}
	cm_client_free(c);
	kill_daemon(SIGTERM);
	unlink(tok);
	rmdir(td.dir);
}
END_TEST

/* A thousand executions on one client: for valgrind (CM_LOOP=1000). */
START_TEST(test_loop)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	const char *n = getenv("CM_LOOP");
	int i, count = n ? atoi(n) : 50;

	start_daemon();
	c = connect_ok(NULL);
	memset(&req, 0, sizeof(req));
	req.code = "(function () { return 1; })";
	for (i = 0; i < count; i++) {
		execute_ok(c, &req, &res);
		ck_assert_str_eq(res.result_json, "1");
		cm_result_clear(&res);
	}
	cm_client_free(c);
	stop_daemon();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("client");
	TCase *tc = tcase_create("daemon");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_execute_answer);
	tcase_add_test(tc, test_slow_tools_against_the_daemon);
	tcase_add_test(tc, test_declared_failures);
	tcase_add_test(tc, test_invalid_utf8_refused);
	tcase_add_test(tc, test_connect_rejected);
	tcase_add_test(tc, test_handles_closed);
	tcase_add_test(tc, test_rotation);
	tcase_add_test(tc, test_reconnect_after_restart);
	tcase_add_test(tc, test_event_concurrent);
	tcase_add_test(tc, test_broken_mid_execution);
	tcase_add_test(tc, test_free_in_flight);
	tcase_add_test(tc, test_health_and_token);
	tcase_add_test(tc, test_loop);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
