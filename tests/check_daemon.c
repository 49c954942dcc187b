/*
 * Integration: starts build/codemode-executord on a private unix socket and
 * talks to it over real sockets: HTTP endpoints, the WebSocket upgrade, and
 * the ExecutorApi over a capnweb session driven by the shared client code.
 */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "proto/capnweb.h"
#include "proto/http.h"
#include "support/test_client.h"
#include "support/test_daemon.h"

/* The daemon of the running test, on its private socket. */
static struct test_daemon td;

static int
connect_daemon(void)
{
	return test_connect_unix(td.sock);
}

/* Starts the daemon with extra arguments (NULL-terminated, may be NULL). */
static void
start_daemon_argv(const char *const *extra)
{
	ck_assert_int_eq(test_daemon_init(&td, "cm-daemon"), 0);
	ck_assert_msg(
	    test_daemon_spawn(&td, test_daemon_binary(), "warn", extra) == 0,
	    "the daemon did not start");
}

/* Starts the daemon, optionally with one flag set to 1000. */
static void
start_daemon(const char *flag)
{
	const char *extra[] = { flag, "1000", NULL };

	start_daemon_argv(flag ? extra : NULL);
}

/* Sends an upgrade over TCP with an optional Authorization value; the status.
 */
static int
tcp_upgrade_status(int port, const char *auth)
{
	struct sockaddr_in sin;
	char req[512], res[512];
	int fd = socket(AF_INET, SOCK_STREAM, 0), i;
	ssize_t n;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons(port);
	for (i = 0;
	     i < 300 && connect(fd, (struct sockaddr *)&sin, sizeof(sin)) != 0;
	     i++) {
		close(fd);
		fd = socket(AF_INET, SOCK_STREAM, 0);
		usleep(10000);
	}
	snprintf(req, sizeof(req),
	    "GET / HTTP/1.1\r\nHost: x\r\n"
	    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
	    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	    "Sec-WebSocket-Version: 13\r\n%s%s%s\r\n",
	    auth ? "Authorization: " : "", auth ? auth : "",
	    auth ? "\r\n" : "");
	ck_assert_int_eq(write(fd, req, strlen(req)), (ssize_t)strlen(req));
	n = read(fd, res, sizeof(res) - 1);
	close(fd);
	if (n < 12)
		return -1;
	res[n] = '\0';
	return atoi(res + 9);
}

static int
stop_daemon(void)
{
	return test_daemon_stop(&td);
}

/* Sends a raw request, returns the whole answer (read until EOF). */
static char *
http_exchange(const char *request)
{
	static char buf[65536];
	size_t got = 0;
	int fd = connect_daemon();

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(
	    write(fd, request, strlen(request)), (ssize_t)strlen(request));
	for (;;) {
		ssize_t n = read(fd, buf + got, sizeof(buf) - 1 - got);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	return buf;
}

/* ---- tests ---- */

START_TEST(test_http_endpoints)
{
	char *r;

	start_daemon(NULL);
	r = http_exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 200 ", 13) == 0, "%s", r);
	ck_assert_ptr_nonnull(strstr(r, "\r\n\r\nok\n"));
	r = http_exchange("GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 200 ", 13) == 0, "%s", r);
	r = http_exchange("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 200 ", 13) == 0, "%s", r);
	ck_assert_ptr_nonnull(strstr(r, "codemode_connections_total "));
	ck_assert_ptr_nonnull(strstr(r, "codemode_execution_seconds_bucket"));
	r = http_exchange("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 404 ", 13) == 0, "%s", r);
	r = http_exchange("POST /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 405 ", 13) == 0, "%s", r);
	r = http_exchange("GARBAGE\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 400 ", 13) == 0, "%s", r);
	/* A WebSocket upgrade with a bad version gets 426. */
	r = http_exchange("GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
			  "Connection: Upgrade\r\nSec-WebSocket-Key: "
			  "dGhlIHNhbXBsZSBub25jZQ==\r\n"
			  "Sec-WebSocket-Version: 8\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 426 ", 13) == 0, "%s", r);
	ck_assert_int_eq(stop_daemon(), 0);
	/* The socket file goes with the daemon. */
	ck_assert_int_ne(access(td.sock, F_OK), 0);
}
END_TEST

START_TEST(test_socket_mode_0600)
{
	struct stat st;

	start_daemon(NULL);
	ck_assert_int_eq(stat(td.sock, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_protocol_version_and_execute)
{
	struct test_client c;
	struct test_answer a;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_call(&c, "protocolVersion", json_array(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_int_eq(json_integer_value(a.value), 1);
	test_answer_clear(&a);

	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "async () => 6 * 7", "disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "42");
	ck_assert(json_is_array(json_object_get(a.value, "logs")));
	test_answer_clear(&a);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

/* When the caller answered a tool call, and when the daemon released the
 * answer (it read it), in ms. */
static double release_answered, release_acked;

static double
release_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
release_ack(void *udata)
{
	release_acked = release_now();
	*(int *)udata = 1;
}

static void
release_dispatch(void *udata, struct capnweb_call *call)
{
	release_answered = release_now();
	capnweb_call_resolve_acked(
	    call, json_string("{\"result\":1}"), release_ack, udata);
}

/*
 * The daemon's release of a tool call's answer waits for company (the next
 * message) only briefly: a run that goes quiet for 1.5 s after the call
 * still lets the caller free the answer long before that.
 */
START_TEST(test_release_of_an_answer_is_not_held_back)
{
	struct test_client c;
	struct test_answer a;
	int target, acked = 0;
	json_t *args;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	target = capnweb_session_add_target(c.s, release_dispatch, &acked);
	memset(&a, 0, sizeof(a));
	args = json_pack("[s, [{s:s, s:[s]}], {}, o, s]",
	    "async () => { await t.x(1); await new "
	    "Promise(r => setTimeout(r, 1500)); return 1 }",
	    "name", "t", "tools", "x", capnweb_value_target(target),
	    "disabled");
	ck_assert_int_gt(
	    capnweb_session_call(c.s, "execute", args, test_answer_settle, &a),
	    0);
	json_decref(args);
	test_client_pump(&c, &a.done, 10000);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "1");
	ck_assert_int_eq(acked, 1);
	ck_assert_msg(release_acked - release_answered < 1000,
	    "the release came %.0f ms after the answer",
	    release_acked - release_answered);
	test_answer_clear(&a);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_close_handshake)
{
	struct test_client c;
	uint8_t frame[64], buf[64];
	long n;
	int never = 0;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	n = ws_close_encode(
	    WS_ROLE_CLIENT, 1000, "bye", 3, frame, sizeof(frame));
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(write(c.fd, frame, (size_t)n), n);
	/* The server echoes the close, then hangs up (RFC 6455 §7.1.1). */
	test_client_pump(&c, &never, 5000);
	ck_assert_int_eq(c.closed, 1);
	ck_assert_int_eq(c.close_code, 1000);
	ck_assert_int_eq(read(c.fd, buf, sizeof(buf)), 0);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_admission_bearer_token_on_tcp)
{
	char port[16], tokfile[96];
	const char *extra[] = { "--port", port, "--token-file", tokfile, NULL };
	FILE *f;
	int p = test_free_port();

	snprintf(port, sizeof(port), "%d", p);
	snprintf(tokfile, sizeof(tokfile), "/tmp/cm-token-%d", (int)getpid());
	ck_assert_ptr_nonnull(f = fopen(tokfile, "w"));
	fputs("s3cret\n", f);
	fclose(f);
	start_daemon_argv(extra);
	ck_assert_int_eq(tcp_upgrade_status(p, NULL), 401);
	ck_assert_int_eq(tcp_upgrade_status(p, "Bearer wrong"), 401);
	ck_assert_int_eq(tcp_upgrade_status(p, "Bearer s3cret"), 101);
	ck_assert_int_eq(stop_daemon(), 0);
	unlink(tokfile);
}
END_TEST

START_TEST(test_admission_peer_uid)
{
	char uid[16];
	const char *other[] = { "--allow-uid", "4242424", NULL };
	const char *mine[] = { "--allow-uid", uid, NULL };
	struct test_client c;
	char buf[16];
	int fd;

	start_daemon_argv(other);
	/* Refused before any byte: the socket just closes. */
	fd = connect_daemon();
	ck_assert_int_ge(fd, 0);
	ck_assert_int_le(read(fd, buf, sizeof(buf)), 0);
	close(fd);
	ck_assert_int_eq(stop_daemon(), 0);
	snprintf(uid, sizeof(uid), "%u", (unsigned)getuid());
	start_daemon_argv(mine);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_stale_socket_replaced_live_one_refused)
{
	struct sockaddr_un sun;
	char other[200];
	int fd, status;
	pid_t p2;

	/* A socket file nobody listens on: what a killed daemon leaves. */
	ck_assert_int_eq(test_daemon_init(&td, "cm-stale"), 0);
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", td.sock);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sun, sizeof(sun)), 0);
	close(fd);
	ck_assert_int_eq(
	    test_daemon_spawn(&td, test_daemon_binary(), "error", NULL), 0);
	/* A second daemon on a live socket refuses to start and leaves it be.
	 */
	snprintf(other, sizeof(other), "%s", td.sock);
	if ((p2 = fork()) == 0) {
		execl(test_daemon_binary(), test_daemon_binary(), "--socket",
		    other, "--log-level", "error", (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(p2, &status, 0), p2);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 1);
	ck_assert_int_ge(fd = connect_daemon(), 0);
	close(fd);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_slow_client_gets_408)
{
	const char *extra[] = { "--head-timeout", "300", NULL };
	char buf[256];
	ssize_t n;
	int fd;

	start_daemon_argv(extra);
	ck_assert_int_ge(fd = connect_daemon(), 0);
	ck_assert_int_eq(write(fd, "GET /healthz HTTP/1.1\r\nHo", 25), 25);
	n = read(fd, buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 12);
	buf[n] = '\0';
	ck_assert_msg(strncmp(buf, "HTTP/1.1 408 ", 13) == 0, "%s", buf);
	close(fd);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_dead_peer_dropped_and_age_bounded)
{
	const char *ping[] = { "--ping-interval", "200", NULL };
	const char *age[] = { "--max-connection-age", "300", NULL };
	struct test_client c;
	uint8_t buf[256];
	ssize_t n;
	int never = 0;

	/* A peer that never answers pings is dropped after the second one. */
	start_daemon_argv(ping);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	usleep(700000);
	while ((n = read(c.fd, buf, sizeof(buf))) > 0)
		ck_assert_int_eq(buf[0], 0x89); /* only pings came */
	ck_assert_int_eq(n, 0);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
	/* maxConnectionAge closes with 1001. */
	start_daemon_argv(age);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_pump(&c, &never, 3000);
	ck_assert_int_eq(c.closed, 1);
	ck_assert_int_eq(c.close_code, 1001);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_connection_limit)
{
	const char *extra[] = { "--max-connections", "1", NULL };
	struct test_client c;
	struct test_answer a;
	json_t *args;
	char buf[512];
	ssize_t n;
	int fd, i;

	start_daemon_argv(extra);
	/*
	 * The start's readiness probe holds the one place until the daemon
	 * reads its close, which on a loaded machine (or under ASan) can
	 * take longer than any fixed sleep: until then an open is refused.
	 * A refused open must fail here, not kill the test with SIGPIPE.
	 */
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < 100; i++) {
		if (test_client_open(&c, td.sock) == 0)
			break;
		if (c.fd >= 0)
			close(c.fd);
		usleep(50000);
	}
	ck_assert_msg(i < 100, "the daemon never took a first connection");
	/* A run in flight: the one connection is not idle, so not shed. */
	args = json_pack("[s, [], {}, n, s]",
	    "async () => { await new Promise((r) => setTimeout(r, 3000)); "
	    "return 1 }",
	    "disabled");
	memset(&a, 0, sizeof(a));
	ck_assert_int_gt(
	    capnweb_session_call(c.s, "execute", args, test_answer_settle, &a),
	    0);
	json_decref(args);
	usleep(200000);
	/* The second is refused at once, with 503 and the reason. */
	ck_assert_int_ge(fd = connect_daemon(), 0);
	n = read(fd, buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 12);
	buf[n] = '\0';
	ck_assert_msg(strncmp(buf, "HTTP/1.1 503 ", 13) == 0, "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "already holds 1 open connections"));
	ck_assert_int_le(read(fd, buf, sizeof(buf)), 0);
	close(fd);
	test_client_close(&c);
	test_answer_clear(&a);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_drain_delivers_running_results)
{
	const char *extra[] = { "--shutdown-drain", "3000", NULL };
	struct test_client c;
	struct test_answer a;
	json_t *args;
	int status;

	start_daemon_argv(extra);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	args = json_pack("[s, [], {}, n, s]",
	    "async () => { await new "
	    "Promise((r) => setTimeout(r, 600)); return 7 }",
	    "disabled");
	memset(&a, 0, sizeof(a));
	ck_assert_int_gt(
	    capnweb_session_call(c.s, "execute", args, test_answer_settle, &a),
	    0);
	json_decref(args);
	usleep(150000);
	kill(td.pid, SIGTERM);
	test_client_pump(&c, &a.done, 10000);
	ck_assert_int_eq(a.done, 1);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "7");
	test_answer_clear(&a);
	test_client_close(&c);
	status = test_daemon_reap(&td);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	rmdir(td.dir);
}
END_TEST

START_TEST(test_execute_faults)
{
	struct test_client c;
	struct test_answer a;
	json_t *code;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	/* An unknown outbound mode is PROTOCOL_MISMATCH. */
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "async () => 1", "carrier-pigeon"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	code = capnweb_error_prop(a.value, "code");
	ck_assert_str_eq(json_string_value(code), "PROTOCOL_MISMATCH");
	test_answer_clear(&a);
	/* stub without its function is PROTOCOL_MISMATCH too. */
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", "async () => 1", "stub"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(json_string_value(capnweb_error_prop(a.value, "code")),
	    "PROTOCOL_MISMATCH");
	test_answer_clear(&a);
	/* A bad provider name fails inside the envelope, not as a fault. */
	test_client_call(&c, "execute",
	    json_pack("[s, [{s:s, s:[]}], {}, n, s]", "async () => 1", "name",
		"1store", "tools", "disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert(json_is_string(json_object_get(a.value, "error")));
	ck_assert_ptr_null(json_object_get(a.value, "resultJson"));
	test_answer_clear(&a);
	/* No handles were ever granted. */
	test_client_call(
	    &c, "invokeHandle", json_pack("[s, s, {}]", "e1", "fetch"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(json_string_value(capnweb_error_prop(a.value, "code")),
	    "HANDLES_CLOSED");
	ck_assert_ptr_nonnull(strstr(capnweb_error_message(a.value),
	    "Execution \"e1\" holds no handles"));
	test_answer_clear(&a);
	/* Unknown methods are not functions, as in JavaScript. */
	test_client_call(&c, "nosuch", json_array(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	test_answer_clear(&a);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_children_of_one_warm_heap_do_not_share_randomness)
{
	struct test_client c;
	struct test_answer a, b;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]",
		"async () => [Math.random(), Math.random()]", "disabled"),
	    &a);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]",
		"async () => [Math.random(), Math.random()]", "disabled"),
	    &b);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_int_eq(b.status, CAPNWEB_RESOLVED);
	ck_assert_str_ne(
	    json_string_value(json_object_get(a.value, "resultJson")),
	    json_string_value(json_object_get(b.value, "resultJson")));
	test_answer_clear(&a);
	test_answer_clear(&b);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

/* One sample of the daemon's /metrics, by name (without labels). */
static long
metric(const char *name)
{
	const char *r =
	    http_exchange("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
	char key[96];
	const char *m;

	snprintf(key, sizeof(key), "\n%s ", name);
	ck_assert_ptr_nonnull(m = strstr(r, key));
	return atol(m + strlen(key));
}

static long
worker_spawns(void)
{
	return metric("codemode_worker_spawns_total");
}

/*
 * A gauge that settles after the answer: polls until it reads `want` (every
 * 10 ms, at most 10 s) and returns the last reading, so the caller still
 * asserts the exact value, only not before the daemon could have reached it.
 */
static long
metric_settles_at(const char *name, long want)
{
	long v = metric(name);
	int i;

	for (i = 0; i < 1000 && v != want; i++) {
		usleep(10000);
		v = metric(name);
	}
	return v;
}

/* The spawn count once the spares are all up: unchanged for 300 ms. */
static long
settled_spawns(void)
{
	long n = worker_spawns(), m;
	int i;

	for (i = 0; i < 50; i++) {
		usleep(300000);
		if ((m = worker_spawns()) == n)
			return n;
		n = m;
	}
	ck_abort_msg("the pool never settled");
	return -1;
}

/*
 * One connection's executions share a child that resets its heap between
 * them: no fork after the first, and nothing one run leaves in the heap
 * (globals, a polluted prototype, a replaced built-in) reaches the next.
 */
START_TEST(test_one_connection_reuses_a_child_with_fresh_heaps)
{
	const char *dirty =
	    "async () => { globalThis.leak = 1; "
	    "Object.prototype.polluted = 1; Array.prototype.map = null; "
	    "globalThis.count = (globalThis.count || 0) + 1; return count }";
	const char *look =
	    "async () => [typeof globalThis.leak, "
	    "typeof ({}).polluted, typeof [].map, typeof globalThis.count]";
	struct test_client c;
	struct test_answer a;
	long before;
	int i;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	for (i = 0; i < 8; i++) {
		if (i == 2)
			before = settled_spawns();
		test_client_call(&c, "execute",
		    json_pack("[s, [], {}, n, s]", dirty, "disabled"), &a);
		ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
		ck_assert_str_eq(
		    json_string_value(json_object_get(a.value, "resultJson")),
		    "1");
		test_answer_clear(&a);
		test_client_call(&c, "execute",
		    json_pack("[s, [], {}, n, s]", look, "disabled"), &a);
		ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
		ck_assert_str_eq(
		    json_string_value(json_object_get(a.value, "resultJson")),
		    "[\"undefined\",\"undefined\","
		    "\"function\",\"undefined\"]");
		test_answer_clear(&a);
	}
	/* Twelve executions after the spares settled, and no fork for them
	 * (each would have taken a spare, and the pool forks another). */
	ck_assert_int_eq(worker_spawns(), before);
	ck_assert_int_ge(metric("codemode_worker_reuses_total"), 12);
	/* The last answer leaves before the child has reset its heap and said
	 * HELLO again, and only then is it kept: a reading straight after the
	 * answer can see 0 (it once did, under load). Wait for the HELLO. */
	ck_assert_int_eq(metric_settles_at("codemode_workers_kept", 1), 1);
	/* Measured as it came back to stay: a few MiB of its own. */
	ck_assert_int_gt(metric("codemode_workers_kept_bytes"), 0);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

/*
 * Every way out of the sandbox we know to try, in one run: the engine's own
 * surface, the host's natives and the coroutine primitives must all be
 * unreachable, and the Function constructor reaches only the sandbox global.
 */
static const char escape_attempts[] =
    "async () => {\n"
    "  const t = (f) => { try { return f() } catch (e) { return 'threw ' + "
    "e.name } };\n"
    "  return {\n"
    "    Duktape: typeof Duktape, native: typeof __cm_native,\n"
    "    require: typeof require, print: typeof print, alert: typeof alert,\n"
    "    process: typeof process, CBOR: typeof CBOR,\n"
    "    ctorGlobal: t(() => ({}).constructor.constructor('return this')() === "
    "globalThis),\n"
    "    fnDuktape: t(() => Function('return typeof Duktape')()),\n"
    "    evalDuktape: t(() => (0, eval)('typeof Duktape')),\n"
    "    threadResume: t(() => typeof Object.getPrototypeOf((function* () "
    "{})()).constructor.resume),\n"
    "    fromBufferRaw: typeof String.fromBufferRaw,\n"
    "    prelude: t(() => typeof __cm.P),\n"
    "    cmPrimitives: t(() => Object.getOwnPropertyNames(__cm).filter((k) => "
    "/resume|native|thread|^P$/i.test(k)).join(',')),\n"
    "    act: t(() => typeof Duktape.act),\n"
    "  }\n"
    "}";

START_TEST(test_no_way_out)
{
	struct test_client c;
	struct test_answer a;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]", escape_attempts, "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")),
	    "{\"Duktape\":\"undefined\",\"native\":"
	    "\"undefined\",\"require\":\"undefined\",\"print\":\"undefined\","
	    "\"alert\":\"undefined\",\"process\":\"undefined\",\"CBOR\":"
	    "\"undefined\",\"ctorGlobal\":true,\"fnDuktape\":\"undefined\","
	    "\"evalDuktape\":\"undefined\",\"threadResume\":\"undefined\","
	    "\"fromBufferRaw\":\"undefined\",\"prelude\":\"undefined\","
	    "\"cmPrimitives\":\"\",\"act\":\"threw ReferenceError\"}");
	test_answer_clear(&a);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

/*
 * The timeout text, whether the bound passes in guest code, inside a long
 * native call (a catastrophic RegExp), or while the result is serialized
 * (a getter that loops): never a crashed worker, which a caller would
 * retry. /metrics counts each as a timeout, not as an error.
 */
START_TEST(test_timeout_text)
{
	static const char *const codes[] = {
		"async () => { for (;;) {} }",
		"async () => /^(a+)+$/.test('a'.repeat(40) + '!')",
		"async () => ({ get x() { while (true) {} } })",
	};
	struct test_client c;
	struct test_answer a;
	size_t i;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		test_client_call(&c, "execute",
		    json_pack("[s, [], {s:i}, n, s]", codes[i], "timeout", 200,
			"disabled"),
		    &a);
		ck_assert_msg(a.status == CAPNWEB_RESOLVED, "%s: status %d",
		    codes[i], a.status);
		ck_assert_str_eq(
		    json_string_value(json_object_get(a.value, "error")),
		    "Execution timed out at its 200 ms bound. Do less work per "
		    "run and return the part that is already finished.");
		test_answer_clear(&a);
	}
	/* /metrics counts them as timeouts; a run's own error stays an
	 * error. */
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"timeout\"}"), 3);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"error\"}"), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {}, n, s]",
		"async () => { throw new Error('own') }", "disabled"),
	    &a);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "error")), "own");
	test_answer_clear(&a);
	test_client_close(&c);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"timeout\"}"), 3);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"error\"}"), 1);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"fault\"}"), 0);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

/*
 * The memory text, whether the limit is met by the run itself or while its
 * result is serialized (a getter that allocates): never a crashed worker.
 */
START_TEST(test_memory_text)
{
	static const char *const codes[] = {
		"async () => { const a = []; for (;;) a.push('x'.repeat(1e5) + "
		"a.length) }",
		"async () => ({ get x() { const a = []; for (;;) "
		"a.push('x'.repeat(1e5) + a.length) } })",
	};
	const char *extra[] = { "--memory-limit", "16", NULL };
	struct test_client c;
	struct test_answer a;
	size_t i;

	start_daemon_argv(extra);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		test_client_call(&c, "execute",
		    json_pack("[s, [], {s:i}, n, s]", codes[i], "timeout",
			20000, "disabled"),
		    &a);
		ck_assert_msg(a.status == CAPNWEB_RESOLVED, "%s: status %d",
		    codes[i], a.status);
		ck_assert_str_eq(
		    json_string_value(json_object_get(a.value, "error")),
		    "Execution ran out of memory at its 16 MB limit. Work "
		    "through the data in smaller pieces and keep only what you "
		    "return.");
		test_answer_clear(&a);
	}
	test_client_close(&c);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"fault\"}"), 0);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

/* --max-timeout caps every request, a larger number and null alike. */
START_TEST(test_max_timeout_caps_requests)
{
	const char *extra[] = { "--max-timeout", "300", NULL };
	struct test_client c;
	struct test_answer a;
	const char *e;

	start_daemon_argv(extra);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {s:i}, n, s]", "async () => { for (;;) {} }",
		"timeout", 60000, "disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_ptr_nonnull(
	    e = json_string_value(json_object_get(a.value, "error")));
	ck_assert_msg(strstr(e, " 300 ms bound.") != NULL, "%s", e);
	test_answer_clear(&a);
	test_client_call(&c, "execute",
	    json_pack("[s, [], {s:n}, n, s]", "async () => { for (;;) {} }",
		"timeout", "disabled"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_ptr_nonnull(
	    e = json_string_value(json_object_get(a.value, "error")));
	ck_assert_msg(strstr(e, " 300 ms bound.") != NULL, "%s", e);
	test_answer_clear(&a);
	/* Below the cap a request keeps its own bound. */
	test_client_call(&c, "execute",
	    json_pack("[s, [], {s:i}, n, s]", "async () => { for (;;) {} }",
		"timeout", 100, "disabled"),
	    &a);
	ck_assert_ptr_nonnull(
	    e = json_string_value(json_object_get(a.value, "error")));
	ck_assert_msg(strstr(e, " 100 ms bound.") != NULL, "%s", e);
	test_answer_clear(&a);
	test_client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_shutdown_flips_readiness)
{
	char *r;
	int status;

	start_daemon("--shutdown-delay");
	kill(td.pid, SIGTERM);
	usleep(200000);
	r = http_exchange("GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 503 ", 13) == 0, "%s", r);
	r = http_exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 200 ", 13) == 0, "%s", r);
	status = test_daemon_reap(&td);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	rmdir(td.dir);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("daemon");
	TCase *tc = tcase_create("integration");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_http_endpoints);
	tcase_add_test(tc, test_socket_mode_0600);
	tcase_add_test(tc, test_protocol_version_and_execute);
	tcase_add_test(tc, test_close_handshake);
	tcase_add_test(tc, test_admission_bearer_token_on_tcp);
	tcase_add_test(tc, test_admission_peer_uid);
	tcase_add_test(tc, test_stale_socket_replaced_live_one_refused);
	tcase_add_test(tc, test_slow_client_gets_408);
	tcase_add_test(tc, test_dead_peer_dropped_and_age_bounded);
	tcase_add_test(tc, test_connection_limit);
	tcase_add_test(tc, test_drain_delivers_running_results);
	tcase_add_test(tc, test_execute_faults);
	tcase_add_test(
	    tc, test_children_of_one_warm_heap_do_not_share_randomness);
	tcase_add_test(tc, test_no_way_out);
	tcase_add_test(tc, test_timeout_text);
	tcase_add_test(tc, test_memory_text);
	tcase_add_test(tc, test_max_timeout_caps_requests);
	tcase_add_test(tc, test_shutdown_flips_readiness);
	tcase_add_test(tc, test_one_connection_reuses_a_child_with_fresh_heaps);
	tcase_add_test(tc, test_release_of_an_answer_is_not_held_back);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
