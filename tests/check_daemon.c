/*
 * Integration: starts build/codemode-executord on a private unix socket and
 * talks to it over real sockets: HTTP endpoints, the WebSocket upgrade, and
 * the ExecutorApi over a capnweb session driven by the shared client code.
 */
#include <check.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "capnweb.h"
#include "http.h"
#include "ws.h"

static char sock_path[108];
static char dir_path[64];
static pid_t daemon_pid;

static const char *
daemon_binary(void)
{
	const char *b = getenv("BUILD");
	static char path[512];

	snprintf(path, sizeof(path), "%s/codemode-executord", b ? b : "build");
	return path;
}

static int
connect_daemon(void)
{
	struct sockaddr_un sun;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", sock_path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static void
start_daemon(const char *extra)
{
	int i;

	snprintf(dir_path, sizeof(dir_path), "/tmp/cm-daemon-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir_path));
	snprintf(sock_path, sizeof(sock_path), "%s/d.sock", dir_path);
	daemon_pid = fork();
	ck_assert_int_ge(daemon_pid, 0);
	if (daemon_pid == 0) {
		const char *argv[12];
		int n = 0;

		argv[n++] = daemon_binary();
		argv[n++] = "--socket";
		argv[n++] = sock_path;
		argv[n++] = "--max-workers";
		argv[n++] = "2";
		argv[n++] = "--log-level";
		argv[n++] = "warn";
		if (extra) {
			argv[n++] = extra;
			argv[n++] = "1000";
		}
		argv[n] = NULL;
		execv(argv[0], (char **)argv);
		_exit(127);
	}
	for (i = 0; i < 500; i++) {
		int fd = connect_daemon();

		if (fd >= 0) {
			close(fd);
			return;
		}
		usleep(10000);
	}
	ck_abort_msg("the daemon did not start");
}

static int
stop_daemon(void)
{
	int status = -1, i;

	kill(daemon_pid, SIGTERM);
	for (i = 0; i < 1000; i++) {
		if (waitpid(daemon_pid, &status, WNOHANG) == daemon_pid)
			break;
		usleep(10000);
	}
	rmdir(dir_path);
	return status;
}

/* Sends a raw request, returns the whole answer (read until EOF). */
static char *
http_exchange(const char *request)
{
	static char buf[65536];
	size_t got = 0;
	int fd = connect_daemon();

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, request, strlen(request)),
	    (ssize_t)strlen(request));
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

/* ---- a blocking WebSocket + capnweb client ---- */

struct client {
	int fd;
	struct capnweb_session *s;
	struct ws_assembler wsa;
	uint8_t in[1 << 20];
	size_t in_len;
	int closed;
	int close_code;
};

static void
client_send(void *udata, const char *msg, size_t len)
{
	struct client *c = udata;
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT,
	    (const uint8_t *)msg, len, frame, len + WS_MAX_HEADER);

	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(write(c->fd, frame, (size_t)n), n);
	free(frame);
}

static void
client_open(struct client *c)
{
	struct http_header hs[16];
	struct http_response res;
	struct capnweb_config cfg;
	char req[1024], key[HTTP_WS_KEY_LEN + 1];
	long n, head;

	memset(c, 0, sizeof(*c));
	ck_assert_int_ge(c->fd = connect_daemon(), 0);
	ck_assert_int_eq(http_ws_make_key(key), 0);
	n = http_build_ws_request(req, sizeof(req), "localhost", "/", key, NULL,
	    NULL, 0);
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(write(c->fd, req, (size_t)n), n);
	for (;;) {
		ssize_t r = read(c->fd, c->in + c->in_len,
		    sizeof(c->in) - c->in_len);

		ck_assert_int_gt(r, 0);
		c->in_len += (size_t)r;
		memset(&res, 0, sizeof(res));
		res.headers = hs;
		res.headers_cap = 16;
		head = http_parse_response((const char *)c->in, c->in_len, &res);
		if (head != 0)
			break;
	}
	ck_assert_int_gt(head, 0);
	ck_assert_int_eq(http_ws_check_response(&res, key, NULL), 0);
	memmove(c->in, c->in + head, c->in_len - (size_t)head);
	c->in_len -= (size_t)head;
	ws_assembler_init(&c->wsa, WS_ROLE_CLIENT, 1 << 24);
	memset(&cfg, 0, sizeof(cfg));
	cfg.send = client_send;
	cfg.send_udata = c;
	ck_assert_ptr_nonnull(c->s = capnweb_session_new(&cfg));
}

/* Reads and handles frames until *flag is set (or the socket closes). */
static void
client_pump(struct client *c, int *flag, int ms)
{
	struct pollfd pfd = { c->fd, POLLIN, 0 };

	while (!*flag && !c->closed) {
		struct ws_event ev;
		long n;

		while (c->in_len > 0 && (n = ws_assembler_feed(&c->wsa, c->in,
		    c->in_len, &ev)) > 0) {
			if (ev.type == WS_EV_TEXT)
				capnweb_session_receive(c->s,
				    (const char *)ev.data, ev.len);
			else if (ev.type == WS_EV_CLOSE) {
				c->closed = 1;
				c->close_code = ev.close_code;
			}
			memmove(c->in, c->in + n, c->in_len - (size_t)n);
			c->in_len -= (size_t)n;
			if (*flag || c->closed)
				return;
		}
		ck_assert_int_gt(poll(&pfd, 1, ms), 0);
		{
			ssize_t r = read(c->fd, c->in + c->in_len,
			    sizeof(c->in) - c->in_len);

			if (r <= 0) {
				c->closed = 1;
				return;
			}
			c->in_len += (size_t)r;
		}
	}
}

static void
client_close(struct client *c)
{
	capnweb_session_close(c->s, "test done");
	capnweb_session_free(c->s);
	ws_assembler_free(&c->wsa);
	close(c->fd);
}

struct answer {
	int done;
	int status;
	json_t *value;
};

static void
on_answer(void *udata, int status, json_t *value)
{
	struct answer *a = udata;

	a->done = 1;
	a->status = status;
	a->value = json_incref(value);
}

static void
call(struct client *c, const char *method, json_t *args, struct answer *a)
{
	memset(a, 0, sizeof(*a));
	ck_assert_int_gt(capnweb_session_call(c->s, method, args, on_answer, a),
	    0);
	json_decref(args);
	client_pump(c, &a->done, 20000);
	ck_assert_msg(a->done, "no answer to %s", method);
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
	    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	    "Sec-WebSocket-Version: 8\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 426 ", 13) == 0, "%s", r);
	ck_assert_int_eq(stop_daemon(), 0);
	/* The socket file goes with the daemon. */
	ck_assert_int_ne(access(sock_path, F_OK), 0);
}
END_TEST

START_TEST(test_socket_mode_0600)
{
	struct stat st;

	start_daemon(NULL);
	ck_assert_int_eq(stat(sock_path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_protocol_version_and_execute)
{
	struct client c;
	struct answer a;

	start_daemon(NULL);
	client_open(&c);
	call(&c, "protocolVersion", json_array(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_int_eq(json_integer_value(a.value), 1);
	json_decref(a.value);

	call(&c, "execute", json_pack("[s, [], {}, n, s]",
	    "async () => 6 * 7", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(json_string_value(json_object_get(a.value,
	    "resultJson")), "42");
	ck_assert(json_is_array(json_object_get(a.value, "logs")));
	json_decref(a.value);
	client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_execute_faults)
{
	struct client c;
	struct answer a;
	json_t *code;

	start_daemon(NULL);
	client_open(&c);
	/* An unknown outbound mode is PROTOCOL_MISMATCH. */
	call(&c, "execute", json_pack("[s, [], {}, n, s]", "async () => 1",
	    "carrier-pigeon"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	code = capnweb_error_prop(a.value, "code");
	ck_assert_str_eq(json_string_value(code), "PROTOCOL_MISMATCH");
	json_decref(a.value);
	/* stub without its function is PROTOCOL_MISMATCH too. */
	call(&c, "execute", json_pack("[s, [], {}, n, s]", "async () => 1",
	    "stub"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(json_string_value(capnweb_error_prop(a.value,
	    "code")), "PROTOCOL_MISMATCH");
	json_decref(a.value);
	/* A bad provider name fails inside the envelope, not as a fault. */
	call(&c, "execute", json_pack("[s, [{s:s, s:[]}], {}, n, s]",
	    "async () => 1", "name", "1store", "tools", "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert(json_is_string(json_object_get(a.value, "error")));
	ck_assert_ptr_null(json_object_get(a.value, "resultJson"));
	json_decref(a.value);
	/* No handles were ever granted. */
	call(&c, "invokeHandle", json_pack("[s, s, {}]", "e1", "fetch"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(json_string_value(capnweb_error_prop(a.value,
	    "code")), "HANDLES_CLOSED");
	ck_assert_ptr_nonnull(strstr(capnweb_error_message(a.value),
	    "Execution \"e1\" holds no handles"));
	json_decref(a.value);
	/* Unknown methods are not functions, as in JavaScript. */
	call(&c, "nosuch", json_array(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_REJECTED);
	json_decref(a.value);
	client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_timeout_text)
{
	struct client c;
	struct answer a;

	start_daemon(NULL);
	client_open(&c);
	call(&c, "execute", json_pack("[s, [], {s:i}, n, s]",
	    "async () => { for (;;) {} }", "timeout", 200, "disabled"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(json_string_value(json_object_get(a.value, "error")),
	    "Execution timed out at its 200 ms bound. Do less work per run and "
	    "return the part that is already finished.");
	json_decref(a.value);
	client_close(&c);
	ck_assert_int_eq(stop_daemon(), 0);
}
END_TEST

START_TEST(test_shutdown_flips_readiness)
{
	char *r;
	int status = -1, i;

	start_daemon("--shutdown-delay");
	kill(daemon_pid, SIGTERM);
	usleep(200000);
	r = http_exchange("GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 503 ", 13) == 0, "%s", r);
	r = http_exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
	ck_assert_msg(strncmp(r, "HTTP/1.1 200 ", 13) == 0, "%s", r);
	for (i = 0; i < 500; i++) {
		if (waitpid(daemon_pid, &status, WNOHANG) == daemon_pid)
			break;
		usleep(10000);
	}
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	rmdir(dir_path);
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
	tcase_add_test(tc, test_execute_faults);
	tcase_add_test(tc, test_timeout_text);
	tcase_add_test(tc, test_shutdown_flips_readiness);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
