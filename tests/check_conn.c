/*
 * Integration: what a connection leaves behind when it closes. Starts
 * build/codemode-executord on a private unix socket with two workers and
 * storms it with clients that submit runs (short, endless, retaining) and
 * hang up at random points, then reads /metrics: the running, queued and
 * retained counts return to zero, and a fresh client still gets answers.
 * Without the cleanup at close, the endless runs of gone connections would
 * hold both workers until their bound, and their retained runs would hold
 * them for the idle bound (five minutes), with every later run queued.
 */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include <codemode/protocol.h>

#include "proto/capnweb.h"
#include "proto/ws.h"
#include "support/test_client.h"
#include "support/test_daemon.h"

static struct test_daemon td;

/* The whole answer to a plain HTTP request (read until EOF). */
static char *
http_get(const char *path)
{
	static char buf[65536];
	char req[256];
	size_t got = 0;
	int fd = test_connect_unix(td.sock);

	ck_assert_int_ge(fd, 0);
	snprintf(req, sizeof(req), "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path);
	ck_assert_int_eq(write(fd, req, strlen(req)), (ssize_t)strlen(req));
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

/* One unlabelled sample of /metrics. */
static long
metric(const char *name)
{
	const char *r = http_get("/metrics");
	char key[96];
	const char *m;

	snprintf(key, sizeof(key), "\n%s ", name);
	ck_assert_msg((m = strstr(r, key)) != NULL, "no %s in /metrics", name);
	return atol(m + strlen(key));
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * Polls the three gauges until all read zero, at most `ms`; returns 1 when
 * they did. The last readings are left in `last` for the message.
 */
static int
gauges_reach_zero(double ms, long last[3])
{
	static const char *const names[3] = { "codemode_executions_running",
		"codemode_queue_depth", "codemode_handles_open" };
	double end = now_ms() + ms;
	int i, zero;

	for (;;) {
		zero = 1;
		for (i = 0; i < 3; i++) {
			last[i] = metric(names[i]);
			zero &= last[i] == 0;
		}
		if (zero || now_ms() > end)
			return zero;
		usleep(20000);
	}
}

static void
start_daemon(void)
{
	/* The protocol's idle bound for handles: a leaked grant would hold a
	 * worker far past this test's bound. */
	const char *extra[] = { "--handles-idle-timeout", "300000", NULL };

	ck_assert_int_eq(test_daemon_init(&td, "cm-conn"), 0);
	ck_assert_msg(
	    test_daemon_spawn(&td, test_daemon_binary(), "warn", extra) == 0,
	    "the daemon did not start");
}

/*
 * Busy for a second before it answers, so a client that hangs up within
 * its first 150 ms never received the answer.
 */
#define BUSY "const t0 = Date.now(); while (Date.now() - t0 < 1000) {} "

enum run_kind { RUN_SHORT, RUN_ENDLESS, RUN_RETAIN, RUN_KINDS };

static json_t *
run_args(enum run_kind k)
{
	switch (k) {
	case RUN_SHORT:
		return json_pack(
		    "[s, [], {}, n, s]", "async () => 6 * 7", "disabled");
	case RUN_ENDLESS:
		return json_pack("[s, [], {s:i}, n, s]",
		    "async () => { for (;;) {} }", "timeout", 60000,
		    "disabled");
	case RUN_RETAIN:
	default:
		return json_pack("[s, [], {s:b}, n, s]",
		    "async () => { " BUSY
		    "return async () => new Response('ok') }",
		    "retainHandles", 1, "disabled");
	}
}

/* The answer to a fresh client's short run: 42, within ms. */
static void
fresh_client_answers(int ms)
{
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a;
	json_t *args = run_args(RUN_SHORT);

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	memset(&a, 0, sizeof(a));
	/* The session borrows the arguments. */
	capnweb_session_call(c->s, "execute", args, test_answer_settle, &a);
	json_decref(args);
	test_client_pump(c, &a.done, ms);
	ck_assert_msg(a.done == 1, "a fresh client got no answer in %d ms", ms);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "42");
	test_answer_clear(&a);
	test_client_close(c);
	free(c);
}

/*
 * A connection that hangs up while its runs are queued and running: the
 * endless one ends, the queued ones never start, the retaining one (still
 * busy) never holds handles, at once rather than at any bound.
 */
START_TEST(test_close_ends_queued_and_running_runs)
{
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a[5];
	long last[3];
	int i, never = 0;

	ck_assert_ptr_nonnull(c);
	start_daemon();
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	memset(a, 0, sizeof(a));
	/* Two endless runs take both workers; three wait behind them. */
	for (i = 0; i < 5; i++) {
		json_t *args = run_args(i < 2 ? RUN_ENDLESS
			: i == 2	      ? RUN_RETAIN
					      : RUN_SHORT);

		capnweb_session_call(
		    c->s, "execute", args, test_answer_settle, &a[i]);
		json_decref(args);
	}
	/* Until both runs have started: a loaded machine (or ASan) takes
	 * longer than any fixed wait to start a second child. */
	for (i = 0; i < 100; i++) {
		test_client_pump(c, &never, 100);
		if (metric("codemode_executions_running") == 2)
			break;
	}
	ck_assert_int_eq(metric("codemode_executions_running"), 2);
	ck_assert_int_eq(metric("codemode_queue_depth"), 3);
	test_client_close(c);
	for (i = 0; i < 5; i++)
		test_answer_clear(&a[i]);
	free(c);
	ck_assert_msg(gauges_reach_zero(3000, last),
	    "running %ld, queued %ld, handles %ld after the close", last[0],
	    last[1], last[2]);
	/* The queued runs were dropped, not run: nothing settled as a result.
	 */
	fresh_client_answers(5000);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/*
 * Many clients connect, submit runs of every kind and hang up at random
 * points (at once, a little later, or after reading every answer and
 * closing the handles they were granted). Afterwards the gauges return to
 * zero within a bound far below any run's, and a fresh client is served.
 */
START_TEST(test_storm_of_connects_and_disconnects)
{
	enum { CLIENTS = 40, MAX_RUNS = 4 };
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a[MAX_RUNS];
	long last[3];
	int i, j, n, never;
	unsigned seed = (unsigned)time(NULL);

	ck_assert_ptr_nonnull(c);
	srand(seed);
	start_daemon();
	for (i = 0; i < CLIENTS; i++) {
		int patient = rand() % 4 == 0;

		memset(c, 0, sizeof(*c));
		errno = 0;
		if (test_client_open(c, td.sock) != 0) {
			int e = errno, st = 0;
			pid_t w = waitpid(td.pid, &st, WNOHANG);

			ck_abort_msg("client %d could not connect (%s); the "
				     "daemon %s %d (seed %u)",
			    i, strerror(e),
			    w == 0		  ? "runs, status"
				: WIFSIGNALED(st) ? "died of signal"
						  : "exited with",
			    w == 0		  ? 0
				: WIFSIGNALED(st) ? WTERMSIG(st)
						  : WEXITSTATUS(st),
			    seed);
		}
		memset(a, 0, sizeof(a));
		n = 1 + rand() % MAX_RUNS;
		for (j = 0; j < n; j++) {
			/* A patient client waits for every answer, so it
			 * runs nothing endless, and retains at most once: a
			 * grant holds a worker until it closes them. */
			enum run_kind k = patient
			    ? (j == 0 && rand() % 2 ? RUN_RETAIN : RUN_SHORT)
			    : (enum run_kind)(rand() % RUN_KINDS);
			json_t *args = run_args(k);

			capnweb_session_call(
			    c->s, "execute", args, test_answer_settle, &a[j]);
			json_decref(args);
		}
		if (patient) {
			for (j = 0; j < n; j++) {
				test_client_pump(c, &a[j].done, 30000);
				ck_assert_msg(a[j].done == 1,
				    "client %d run %d: no answer (seed %u)", i,
				    j, seed);
			}
			/* Delivered grants stay until closed: close them. */
			for (j = 0; j < n; j++) {
				const json_t *id =
				    json_object_get(a[j].value, "executionId");
				struct test_answer closed;

				if (!json_is_string(id))
					continue;
				test_client_call(c, "closeHandles",
				    json_pack("[O]", id), &closed);
				ck_assert_int_eq(
				    closed.status, CAPNWEB_RESOLVED);
				test_answer_clear(&closed);
			}
		} else {
			/* Hangs up at once or within 150 ms: before any
			 * retaining run could have answered. */
			never = 0;
			if (rand() % 2)
				test_client_pump(c, &never, rand() % 150);
		}
		test_client_close(c);
		for (j = 0; j < n; j++)
			test_answer_clear(&a[j]);
	}
	free(c);
	ck_assert_msg(gauges_reach_zero(5000, last),
	    "running %ld, queued %ld, handles %ld after the storm (seed %u)",
	    last[0], last[1], last[2], seed);
	fresh_client_answers(5000);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/* A retaining run that answers at once: its grant is the whole answer. */
static json_t *
grant_args(void)
{
	return json_pack("[s, [], {s:b}, n, s]",
	    "async () => ({ fetch() { return new Response('still here') } })",
	    "retainHandles", 1, "disabled");
}

/*
 * A caller that read its grant but closed before releasing the call's
 * result (the acknowledgement every capnweb receiver sends on reading a
 * resolve): the grant was never delivered, so its handles close with the
 * connection, not at the idle bound (five minutes here).
 */
START_TEST(test_unacknowledged_grant_closes_with_its_connection)
{
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a;
	long last[3];

	ck_assert_ptr_nonnull(c);
	start_daemon();
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	c->drop_releases = 1;
	test_client_call(c, "execute", grant_args(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert(json_is_string(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	/* The connection is open: the grant holds its handles. */
	ck_assert_int_eq(metric("codemode_handles_open"), 1);
	test_client_close(c);
	free(c);
	ck_assert_msg(gauges_reach_zero(2000, last),
	    "running %ld, queued %ld, handles %ld after the close", last[0],
	    last[1], last[2]);
	fresh_client_answers(5000);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/*
 * The same grant acknowledged before the close was delivered: it survives
 * its connection, and another connection invokes and closes it.
 */
START_TEST(test_acknowledged_grant_survives_its_connection)
{
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a;
	char id[64];

	ck_assert_ptr_nonnull(c);
	start_daemon();
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	test_client_call(c, "execute", grant_args(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert(json_is_string(json_object_get(a.value, "executionId")));
	snprintf(id, sizeof(id), "%s",
	    json_string_value(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	/* The release went out with the answer's receipt; then the close. */
	test_client_close(c);
	/* Long enough for a close to have closed the handles. */
	usleep(300000);
	ck_assert_int_eq(metric("codemode_handles_open"), 1);
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	test_client_call(c, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://h.test/"),
	    &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(a.value, "status")), 200);
	test_answer_clear(&a);
	test_client_call(c, "closeHandles", json_pack("[s]", id), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	test_answer_clear(&a);
	test_client_close(c);
	free(c);
	ck_assert_int_eq(metric("codemode_handles_open"), 0);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/*
 * A text message that is not UTF-8 (an execute whose code holds a raw 0xff
 * byte) is no protocol message: the executor fails the WebSocket with 1007
 * and the protocol's text as the reason, runs nothing, and serves the next
 * connection.
 */
START_TEST(test_invalid_utf8_fails_the_websocket)
{
	static const char msg[] = "[\"push\",[\"pipeline\",0,[\"execute\"],"
				  "[\"async () => '\xff'\",[],{},null,"
				  "\"disabled\"]]]";
	struct test_client *c = calloc(1, sizeof(*c));
	uint8_t frame[256];
	const char *v[1] = { "text message" };
	char *want = cm_text_compose("PROTOCOL_INVALID_UTF8", v, 1);
	int never = 0;
	long n;

	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_nonnull(want);
	start_daemon();
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT, (const uint8_t *)msg,
	    sizeof(msg) - 1, frame, sizeof(frame));
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(write(c->fd, frame, (size_t)n), n);
	test_client_pump(c, &never, 5000);
	ck_assert_int_eq(c->closed, 1);
	ck_assert_int_eq(c->close_code, 1007);
	ck_assert_str_eq(c->close_reason, want);
	test_client_close(c);
	free(c);
	free(want);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"result\"}"), 0);
	ck_assert_int_eq(
	    metric("codemode_executions_total{outcome=\"fault\"}"), 0);
	fresh_client_answers(5000);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("conn");
	TCase *tc = tcase_create("lifecycle");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, test_close_ends_queued_and_running_runs);
	tcase_add_test(tc, test_storm_of_connects_and_disconnects);
	tcase_add_test(tc, test_invalid_utf8_fails_the_websocket);
	tcase_add_test(
	    tc, test_unacknowledged_grant_closes_with_its_connection);
	tcase_add_test(tc, test_acknowledged_grant_survives_its_connection);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
