/*
 * The ExecutorApi bridge's identifier check and bounds at their exact edges
 * (server/daemon/api.c), with a scripted engine child: an executionId that
 * merely resembles a live one (a prefix, the id plus junk, the same length
 * with the last character changed, another case) reaches no handles; a
 * `timeout: null` lifts the bound the pool gets, an absent one gives the
 * default; the response limit holds a result and a handle answer exactly at
 * the limit and refuses them one byte past it; closed handles leave the
 * registry; the native fetch's body bound (server/daemon/outbound.c) takes
 * a chunked body exactly at it and refuses one byte past it.
 */
#include <check.h>
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <event2/event.h>
#include <jansson.h>

#include <codemode/protocol.h>

#include "child/warm.h"
#include "daemon/daemon.h"
#include "daemon/netpolicy.h"
#include "daemon/outbound.h"
#include "ipc/frame.h"
#include "proto/capnweb.h"
#include "support/test_client.h"
#include "support/test_forked.h"
#include "support/test_frames.h"

/* The response limit every test daemon runs with. */
#define LIMIT 300

static uint8_t fbuf[1 << 16];

/*
 * A result envelope of exactly `size` bytes: {"resultJson":"\"xx..x\"",
 * "logs":[]}, the x's filling it up (resultJson is the JSON text of a
 * string, as the codec requires).
 */
static char *
sized_envelope(size_t size)
{
	static const char head[] = "{\"resultJson\":\"\\\"",
			  tail[] = "\\\"\",\"logs\":[]}";
	size_t fixed = sizeof(head) - 1 + sizeof(tail) - 1;
	char *s = malloc(size + 1);

	if (s == NULL || size < fixed)
		abort();
	memcpy(s, head, sizeof(head) - 1);
	memset(s + sizeof(head) - 1, 'x', size - fixed);
	memcpy(s + size - (sizeof(tail) - 1), tail, sizeof(tail));
	return s;
}

/*
 * A handle answer of exactly `size` bytes, the status text filling it up
 * (the body is base64, so its length cannot be any size).
 */
static char *
sized_answer(size_t size)
{
	static const char head[] = "{\"response\":{\"status\":200,"
				   "\"headers\":[],\"body\":\"\","
				   "\"statusText\":\"",
			  tail[] = "\"}}";
	size_t fixed = sizeof(head) - 1 + sizeof(tail) - 1;
	char *s = malloc(size + 1);

	if (s == NULL || size < fixed)
		abort();
	memcpy(s, head, sizeof(head) - 1);
	memset(s + sizeof(head) - 1, 'y', size - fixed);
	memcpy(s + size - (sizeof(tail) - 1), tail, sizeof(tail));
	return s;
}

static int
scripted_engine(int fd, void *arg)
{
	struct frame f;
	const char *code;
	char out[128], *env;
	json_t *req;
	uint32_t exec;

	(void)arg;
	test_frame_send(fd, FRAME_HELLO, 0, 0, 0, "{}");
	if (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) != 0)
		return 2;
	exec = f.exec_id;
	req = json_loads((const char *)f.payload, 0, NULL);
	code = json_string_value(json_object_get(req, "code"));
	if (strcmp(code, "bound") == 0) {
		/* The bound the run was given, as the result. */
		snprintf(out, sizeof(out),
		    "{\"resultJson\":\"%lld\",\"logs\":[]}",
		    (long long)json_integer_value(
			json_object_get(req, "timeout")));
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0, out);
	} else if (strcmp(code, "flags") == 0) {
		/* What the run was asked to keep, as the result. */
		snprintf(out, sizeof(out),
		    "{\"resultJson\":\"\\\"%s\\\"\",\"logs\":[]}",
		    json_is_true(json_object_get(req, "retainHandles"))
			? "retain"
			: "plain");
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0, out);
	} else if (strncmp(code, "fetch:", 6) == 0) {
		/* One outbound request; the answer becomes the result. */
		json_t *rq = json_pack("{s:s, s:s, s:[], s:s}", "method", "GET",
		    "url", code + 6, "headers", "body", "");
		char *rs = json_dumps(rq, JSON_COMPACT);
		json_t *res;

		json_decref(rq);
		test_frame_send(fd, FRAME_OUTBOUND_REQUEST, 0, exec, 7, rs);
		free(rs);
		if (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) != 0 ||
		    f.type != FRAME_OUTBOUND_RESPONSE)
			return 4;
		res = json_pack("{s:s, s:[]}", "resultJson",
		    (const char *)f.payload, "logs");
		rs = json_dumps(res, JSON_COMPACT);
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0, rs);
		free(rs);
		json_decref(res);
	} else if (strncmp(code, "sized:", 6) == 0) {
		env = sized_envelope((size_t)atol(code + 6));
		test_frame_send(fd, FRAME_RESULT, 0, exec, 0, env);
		free(env);
	} else if (strcmp(code, "retain") == 0) {
		int count = 0;

		test_frame_send(fd, FRAME_RESULT, 1, exec, 0,
		    "{\"handles\":[\"fetch\"],\"logs\":[]}");
		while (test_frame_recv(fd, &f, fbuf, sizeof(fbuf)) == 0) {
			json_t *inv =
			    json_loads((const char *)f.payload, 0, NULL);
			const char *url = json_string_value(json_object_get(
			    json_object_get(inv, "request"), "url"));

			count++;
			if (url != NULL && strncmp(url, "sized:", 6) == 0)
				env = sized_answer((size_t)atol(url + 6));
			else {
				snprintf(out, sizeof(out),
				    "{\"response\":{\"status\":200,"
				    "\"statusText\":\"%d\",\"headers\":[],"
				    "\"body\":\"\"}}",
				    count);
				env = strdup(out);
			}
			test_frame_send(
			    fd, FRAME_HANDLE_RESULT, 0, exec, f.call_id, env);
			free(env);
			json_decref(inv);
		}
	}
	json_decref(req);
	return 0;
}

static char sock_path[108];
static pid_t daemon_pid;

static void
start_daemon(void)
{
	struct daemon_config cfg;

	snprintf(sock_path, sizeof(sock_path), "/tmp/cm-apib-%d.sock",
	    (int)getpid());
	daemon_config_default(&cfg);
	cfg.socket_path = sock_path;
	cfg.pool.max_workers = 1;
	cfg.pool.spares = 1;
	cfg.pool.max_queue = 10;
	cfg.pool.program.run = zygote_proc_main;
	cfg.pool.program.child_main = scripted_engine;
	cfg.pool.program.warm = warm_zygote;
	cfg.pool.program.prepare = warm_prepare;
	cfg.response_limit = LIMIT;
	cfg.log_level = LOG_ERROR;
	daemon_pid = test_forked_start(&cfg);
}

static void
stop_daemon(void)
{
	test_forked_stop(daemon_pid, sock_path);
}

static const char *
fault_code(const struct test_answer *a)
{
	return json_string_value(capnweb_error_prop(a->value, "code"));
}

static const char *
result_json(const struct test_answer *a)
{
	return json_string_value(json_object_get(a->value, "resultJson"));
}

/* Starts a retained run; its executionId into id[33]. */
static void
retain(struct test_client *c, char *id)
{
	struct test_answer a;

	test_client_call(c, "execute",
	    json_pack("[s, [], {s:b}, n, s]", "retain", "retainHandles", 1,
		"disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_uint_eq(
	    strlen(json_string_value(json_object_get(a.value, "executionId"))),
	    32);
	snprintf(id, 33, "%s",
	    json_string_value(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	/* Sixteen random bytes in hex: not one byte repeated (a chance of
	 * 2^-120), and nothing but lowercase hex. */
	ck_assert_uint_eq(strspn(id, "0123456789abcdef"), 32);
	{
		int i, same = 1;

		for (i = 2; i < 32; i += 2)
			same &= id[i] == id[0] && id[i + 1] == id[1];
		ck_assert_msg(!same, "executionId %s repeats one byte", id);
	}
}

static void
invoke_expect_body(struct test_client *c, const char *id, const char *body)
{
	struct test_answer a;

	test_client_call(c, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://x/"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	/* The fake child numbers its answers in the status text. */
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "statusText")), body);
	test_answer_clear(&a);
}

START_TEST(near_miss_execution_ids_reach_no_handles)
{
	struct test_client c;
	struct test_answer a;
	char id[33], miss[8][80];
	size_t i, n = 0;

	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	retain(&c, id);
	/* A prefix (the first 8, and all but the last), the id plus junk, the
	 * same length with the last character changed, another case, empty. */
	snprintf(miss[n++], 80, "%.8s", id);
	snprintf(miss[n++], 80, "%.31s", id);
	snprintf(miss[n++], 80, "%sx", id);
	snprintf(miss[n++], 80, "%s%s", id, id);
	snprintf(miss[n++], 80, "%.31s%c", id, id[31] == '0' ? '1' : '0');
	snprintf(miss[n++], 80, "%c%s", id[0] == 'a' ? 'b' : 'a', id + 1);
	snprintf(miss[n++], 80, "%s", id);
	for (i = 0; miss[n - 1][i]; i++)
		miss[n - 1][i] = (char)toupper((unsigned char)miss[n - 1][i]);
	if (strcmp(miss[n - 1], id) == 0) /* all digits: no other case */
		n--;
	miss[n++][0] = '\0';
	for (i = 0; i < n; i++) {
		test_client_call(&c, "invokeHandle",
		    json_pack(
			"[s, s, {s:s}]", miss[i], "fetch", "url", "https://x/"),
		    &a);
		ck_assert_msg(a.status == CAPNWEB_REJECTED,
		    "\"%s\" reached the handles of \"%s\"", miss[i], id);
		ck_assert_str_eq(fault_code(&a), "HANDLES_CLOSED");
		test_answer_clear(&a);
		test_client_call(
		    &c, "closeHandles", json_pack("[s]", miss[i]), &a);
		ck_assert_msg(a.status == CAPNWEB_REJECTED,
		    "\"%s\" closed the handles of \"%s\"", miss[i], id);
		ck_assert_str_eq(fault_code(&a), "HANDLES_CLOSED");
		test_answer_clear(&a);
	}
	/* Not a string at all. */
	test_client_call(&c, "invokeHandle",
	    json_pack("[i, s, {s:s}]", 7, "fetch", "url", "https://x/"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	test_answer_clear(&a);
	/* None of them reached the child: the first real call is its first. */
	invoke_expect_body(&c, id, "1");
	test_client_call(&c, "closeHandles", json_pack("[s]", id), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

static void
expect_bound(struct test_client *c, json_t *options, const char *want)
{
	struct test_answer a;

	test_client_call(c, "execute",
	    json_pack("[s, [], o, n, s]", "bound", options, "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(result_json(&a), want);
	test_answer_clear(&a);
}

START_TEST(null_timeout_lifts_the_bound)
{
	struct test_client c;
	char lifted[32], deflt[32];

	snprintf(lifted, sizeof(lifted), "%lld",
	    (long long)CM_MAX_SUPPORTED_TIMEOUT);
	snprintf(deflt, sizeof(deflt), "%lld", (long long)CM_DEFAULT_TIMEOUT);
	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	expect_bound(&c, json_pack("{s:n}", "timeout"), lifted);
	expect_bound(&c, json_object(), deflt);
	expect_bound(&c, json_pack("{s:i}", "timeout", 1234), "1234");
	expect_bound(&c, json_pack("{s:i}", "timeout", 0), "1");
	expect_bound(&c, json_pack("{s:f}", "timeout", 1e12), lifted);
	expect_bound(&c, json_pack("{s:s}", "timeout", "5"), deflt);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

static void
expect_sized_result(struct test_client *c, size_t size, int fits)
{
	struct test_answer a;
	char code[32];

	snprintf(code, sizeof(code), "sized:%zu", size);
	test_client_call(
	    c, "execute", json_pack("[s, [], {}, n, s]", code, "disabled"), &a);
	if (fits) {
		ck_assert_msg(a.status == CAPNWEB_RESOLVED,
		    "a %zu-byte result under a %d-byte limit was refused", size,
		    LIMIT);
		ck_assert_uint_eq(strlen(result_json(&a)), size - 29);
	} else {
		ck_assert_msg(a.status == CAPNWEB_REJECTED,
		    "a %zu-byte result passed a %d-byte limit", size, LIMIT);
		ck_assert_str_eq(fault_code(&a), "RESPONSE_TOO_LARGE");
	}
	test_answer_clear(&a);
}

START_TEST(result_at_the_response_limit)
{
	struct test_client c;

	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	expect_sized_result(&c, LIMIT - 1, 1);
	expect_sized_result(&c, LIMIT, 1);
	expect_sized_result(&c, LIMIT + 1, 0);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

static void
expect_sized_answer(
    struct test_client *c, const char *id, size_t size, int fits)
{
	struct test_answer a;
	char url[32];

	snprintf(url, sizeof(url), "sized:%zu", size);
	test_client_call(c, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", url), &a);
	if (fits) {
		ck_assert_msg(a.status == CAPNWEB_RESOLVED,
		    "a %zu-byte handle answer under a %d-byte limit was "
		    "refused",
		    size, LIMIT);
	} else {
		ck_assert_msg(a.status == CAPNWEB_REJECTED,
		    "a %zu-byte handle answer passed a %d-byte limit", size,
		    LIMIT);
		ck_assert_str_eq(fault_code(&a), "RESPONSE_TOO_LARGE");
	}
	test_answer_clear(&a);
}

START_TEST(handle_answer_at_the_response_limit)
{
	struct test_client c;
	struct test_answer a;
	char id[33];

	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	retain(&c, id);
	expect_sized_answer(&c, id, LIMIT, 1);
	expect_sized_answer(&c, id, LIMIT + 1, 0);
	expect_sized_answer(&c, id, LIMIT - 1, 1);
	test_client_call(&c, "closeHandles", json_pack("[s]", id), &a);
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

START_TEST(retain_handles_only_when_asked)
{
	struct test_client c;
	struct test_answer a;

	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "flags", "disabled"), &a);
	ck_assert_str_eq(result_json(&a), "\"plain\"");
	test_answer_clear(&a);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {s:b}, n, s]", "flags", "retainHandles", 0,
		"disabled"),
	    &a);
	ck_assert_str_eq(result_json(&a), "\"plain\"");
	test_answer_clear(&a);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {s:b}, n, s]", "flags", "retainHandles", 1,
		"disabled"),
	    &a);
	ck_assert_str_eq(result_json(&a), "\"retain\"");
	test_answer_clear(&a);
	test_client_close(&c);
	stop_daemon();
}
END_TEST

START_TEST(native_fetch_takes_only_http_and_https_urls)
{
	static const char *const refused[] = { "fetch:http:/x", "fetch:http:x",
		"fetch:https:/x", "fetch:file:///etc/passwd", "fetch:ftp://x/",
		"fetch:httpx://x/" };
	struct test_client c;
	struct test_answer a;
	size_t i;

	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		test_client_call(&c, "execute",
		    json_pack("[s, [], {}, n, s]", refused[i], "native"), &a);
		ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
		ck_assert_msg(
		    strstr(result_json(&a),
			"Only http and https URLs can be fetched") != NULL,
		    "%s: %s", refused[i], result_json(&a));
		test_answer_clear(&a);
	}
	test_client_close(&c);
	stop_daemon();
}
END_TEST

/*
 * A one-connection HTTP server on a loopback port: a forked child answers
 * the first request with `n` body bytes in a single chunk, chunked, so no
 * Content-Length lets libcurl's own size cap (CURLOPT_MAXFILESIZE) refuse
 * it first and only the body callback's bound decides.
 */
static pid_t
chunked_server(size_t n, int *port)
{
	struct sockaddr_in a = { 0 };
	socklen_t alen = sizeof(a);
	int ls, cs;
	pid_t pid;

	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_ge(ls = socket(AF_INET, SOCK_STREAM, 0), 0);
	ck_assert_int_eq(bind(ls, (struct sockaddr *)&a, sizeof(a)), 0);
	ck_assert_int_eq(listen(ls, 1), 0);
	ck_assert_int_eq(getsockname(ls, (struct sockaddr *)&a, &alen), 0);
	*port = ntohs(a.sin_port);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		char req[4096], head[128];
		size_t got = 0;
		char *body = malloc(n + 1);

		if (body == NULL || (cs = accept(ls, NULL, NULL)) < 0)
			_exit(1);
		/* The request ends at its blank line (a GET has no body). */
		while (got < sizeof(req) - 1) {
			ssize_t k = read(cs, req + got, sizeof(req) - 1 - got);

			if (k <= 0)
				_exit(1);
			got += (size_t)k;
			req[got] = '\0';
			if (strstr(req, "\r\n\r\n") != NULL)
				break;
		}
		memset(body, 'x', n);
		snprintf(head, sizeof(head),
		    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
		    "Connection: close\r\n\r\n%zx\r\n",
		    n);
		if (write(cs, head, strlen(head)) < 0 ||
		    write(cs, body, n) < 0 || write(cs, "\r\n0\r\n\r\n", 7) < 0)
			_exit(1);
		close(cs);
		_exit(0);
	}
	close(ls);
	return pid;
}

static void
on_fetched(void *arg, const char *json, size_t len)
{
	char **out = arg;

	ck_assert_ptr_nonnull(*out = strndup(json, len));
}

/* Fetches `n` chunked body bytes under a `max_body` bound; caller frees. */
static char *
fetch_chunked(size_t n, size_t max_body)
{
	struct event_base *eb;
	struct outbound *ob;
	struct outbound_options oo = { 0 };
	struct netpolicy *np;
	json_t *req;
	char url[64], *out = NULL, err[128];
	int port, st;
	pid_t pid = chunked_server(n, &port);

	ck_assert_ptr_nonnull(eb = event_base_new());
	/* The test server is on loopback: open it. */
	ck_assert_ptr_nonnull(np = netpolicy_new());
	snprintf(url, sizeof(url), "127.0.0.1:%d", port);
	ck_assert_int_eq(
	    netpolicy_add(np, NETPOLICY_ALLOW, url, err, sizeof(err)), 0);
	oo.max_body = max_body;
	oo.policy = np;
	oo.max_total = oo.max_per_owner = oo.max_waiting = 1;
	ck_assert_ptr_nonnull(ob = outbound_new(eb, &oo));
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/", port);
	req = json_pack("{s:s, s:s, s:[], s:n}", "method", "GET", "url", url,
	    "headers", "body");
	outbound_start(ob, &out, req, 5000, on_fetched, &out);
	json_decref(req);
	while (out == NULL)
		ck_assert_int_ge(event_base_loop(eb, EVLOOP_ONCE), 0);
	outbound_free(ob);
	netpolicy_free(np);
	event_base_free(eb);
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return out;
}

/*
 * The native fetch's response body bound: a chunked body exactly at
 * max_body arrives whole, one byte past it is refused with the
 * FETCH_RESPONSE_TOO_LARGE text naming the bound.
 */
START_TEST(native_fetch_body_bound_is_exact_when_chunked)
{
	const size_t max = 1000;
	char *out, *b64;
	json_t *j, *body;
	size_t want_b64 = (max + 2) / 3 * 4;

	out = fetch_chunked(max, max);
	ck_assert_ptr_nonnull(j = json_loads(out, 0, NULL));
	ck_assert_msg(json_object_get(j, "error") == NULL, "%s", out);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "status")), 200);
	ck_assert_ptr_nonnull(body = json_object_get(j, "body"));
	b64 = (char *)json_string_value(body);
	ck_assert_ptr_nonnull(b64);
	ck_assert_uint_eq(strlen(b64), want_b64);
	json_decref(j);
	free(out);

	out = fetch_chunked(max + 1, max);
	ck_assert_ptr_nonnull(j = json_loads(out, 0, NULL));
	ck_assert_msg(json_object_get(j, "error") != NULL, "%s", out);
	ck_assert_msg(strstr(json_string_value(json_object_get(j, "error")),
			  "1000") != NULL,
	    "%s", out);
	json_decref(j);
	free(out);
}
END_TEST

/* invokeHandle on `id` must meet HANDLES_CLOSED. */
static void
invoke_expect_closed(struct test_client *c, const char *id)
{
	struct test_answer a;

	test_client_call(c, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://x/"), &a);
	ck_assert_msg(
	    a.status == CAPNWEB_REJECTED, "closed handles \"%s\" answered", id);
	ck_assert_str_eq(fault_code(&a), "HANDLES_CLOSED");
	test_answer_clear(&a);
}

/* codemode_handles_open from the daemon's /metrics, on its socket. */
static long
handles_open(void)
{
	static const char req[] = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
	static char buf[65536];
	const char *m;
	size_t got = 0;
	ssize_t n;
	int fd = test_connect_unix(sock_path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, req, strlen(req)), (ssize_t)strlen(req));
	while ((n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';
	ck_assert_ptr_nonnull(m = strstr(buf, "\ncodemode_handles_open "));
	return atol(m + strlen("\ncodemode_handles_open "));
}

/*
 * Closing handles unlists them: the registry never keeps an entry whose
 * execution is gone. A stale entry would point at freed memory that the
 * next grant's execution is likely to reuse, so later grants, lookups of
 * the old id and of unknown ids, and a clean daemon exit are checked over
 * several close-then-grant rounds.
 */
START_TEST(closed_handles_leave_the_registry)
{
	struct test_client c;
	struct test_answer a;
	char id[4][33];
	int i, j;

	start_daemon();
	ck_assert_int_eq(test_client_open(&c, sock_path), 0);
	for (i = 0; i < 4; i++) {
		retain(&c, id[i]);
		ck_assert_int_eq(handles_open(), 1);
		invoke_expect_body(&c, id[i], "1");
		for (j = 0; j < i; j++)
			invoke_expect_closed(&c, id[j]);
		test_client_call(
		    &c, "closeHandles", json_pack("[s]", id[i]), &a);
		ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
		test_answer_clear(&a);
		invoke_expect_closed(&c, id[i]);
		ck_assert_int_eq(handles_open(), 0);
		test_client_call(
		    &c, "closeHandles", json_pack("[s]", id[i]), &a);
		ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
		ck_assert_str_eq(fault_code(&a), "HANDLES_CLOSED");
		test_answer_clear(&a);
		invoke_expect_closed(&c, "00000000000000000000000000000000");
	}
	test_client_close(&c);
	stop_daemon();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("api_bounds");
	TCase *tc = tcase_create("edges");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, near_miss_execution_ids_reach_no_handles);
	tcase_add_test(tc, null_timeout_lifts_the_bound);
	tcase_add_test(tc, result_at_the_response_limit);
	tcase_add_test(tc, handle_answer_at_the_response_limit);
	tcase_add_test(tc, retain_handles_only_when_asked);
	tcase_add_test(tc, native_fetch_takes_only_http_and_https_urls);
	tcase_add_test(tc, native_fetch_body_bound_is_exact_when_chunked);
	tcase_add_test(tc, closed_handles_leave_the_registry);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
