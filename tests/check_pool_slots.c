/*
 * CPU slots against a REAL daemon on a private socket (two workers): a run
 * waiting on a tool gives its slot back, so 64 runs whose tool takes a
 * second are all waiting on their tools at once and finish together, not
 * two at a time (32 s); and the bound on executions at once
 * (--max-executions) holds, with QUEUE_OVERFLOW past the queue in front of
 * it, and /metrics says so.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include <codemode/codemode.h>

#include "support/test_client.h"
#include "support/test_daemon.h"

#define NRUNS 64

static struct test_daemon td;
static char url[160];

static void
start_daemon(const char *const *extra)
{
	const char *e = getenv("CODEMODE_EXECUTORD");
	const char *bin = e && *e ? e
	    : access("build/codemode-executord", X_OK) == 0
	    ? "build/codemode-executord"
	    : test_daemon_binary();

	ck_assert_int_eq(test_daemon_init(&td, "cm-slots"), 0);
	snprintf(url, sizeof(url), "unix://%s", td.sock);
	ck_assert_int_eq(test_daemon_spawn(&td, bin, "error", extra), 0);
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The host: tool calls are held (the tool "takes" as long as the test
 * says), answered with 41 by answer_all; runs count how they ended.
 */
struct host {
	struct event_base *base;
	struct cm_tool_call *held[2 * NRUNS];
	int nheld;
	int calls; /* tool calls that reached the host */
	int answer_at_once; /* answer every later call as it comes */
	int results, overflows, others;
	char other[256];
};

static void
answer_all(struct host *h)
{
	char *env;
	json_t *v = json_integer(41);
	int i;

	ck_assert_ptr_nonnull(env = cm_envelope_result(v));
	json_decref(v);
	for (i = 0; i < h->nheld; i++)
		ck_assert_int_eq(cm_tool_call_answer(h->held[i], env), 0);
	h->nheld = 0;
	free(env);
}

static void
on_tool(void *ctx, struct cm_tool_call *call)
{
	struct host *h = ctx;

	h->calls++;
	ck_assert_int_lt(h->nheld, 2 * NRUNS);
	h->held[h->nheld++] = call;
	if (h->answer_at_once)
		answer_all(h);
}

static void
on_done(struct cm_client *c, struct cm_result *res, const struct cm_error *err,
    void *arg)
{
	struct host *h = arg;

	(void)c;
	if (res != NULL && res->error == NULL && res->result_json != NULL &&
	    strcmp(res->result_json, "42") == 0)
		h->results++;
	else if (err != NULL && err->code == CM_ERROR_QUEUE_OVERFLOW)
		h->overflows++;
	else {
		h->others++;
		snprintf(h->other, sizeof(h->other), "%s",
		    err			    ? err->message
			: res && res->error ? res->error
					    : "no result");
	}
	if (res)
		cm_result_clear(res);
}

static const char *const slow_tools[] = { "wait", NULL };
static const struct cm_provider slow_provider = { "slow", slow_tools, 1, 0,
	NULL, NULL };

static void
submit_code(struct cm_client *c, struct host *h, const char *code)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_error err;

	req.code = code;
	req.providers = &slow_provider;
	req.nproviders = 1;
	req.timeout = 60000;
	req.dispatch_async = on_tool;
	req.dispatch_ctx = h;
	if (cm_execute_async(c, &req, on_done, h, &err) != 0)
		ck_abort_msg("execute: %s", err.message);
}

static void
submit(struct cm_client *c, struct host *h)
{
	submit_code(
	    c, h, "async () => { const v = await slow.wait(); return v + 1 }");
}

/* Turns the loop until *a >= want or `s` seconds pass; 1 when reached. */
static int
turn_until(struct host *h, const int *a, int want, double s)
{
	double end = now_s() + s;

	while (*a < want && now_s() < end) {
		event_base_loop(h->base, EVLOOP_NONBLOCK);
		if (*a < want)
			usleep(1000);
	}
	return *a >= want;
}

/* Turns the loop for `s` seconds whatever happens. */
static void
turn_for(struct host *h, double s)
{
	int never = 0;

	turn_until(h, &never, 1, s);
}

static struct cm_client *
connect_base(struct host *h)
{
	struct cm_error err;
	struct cm_client *c;

	memset(h, 0, sizeof(*h));
	ck_assert_ptr_nonnull(h->base = event_base_new());
	c = cm_connect_base(h->base, url, NULL, NULL, NULL, &err);
	if (c == NULL)
		ck_abort_msg("connect: %s", err.message);
	return c;
}

/* The value of metric `name` on the daemon's /metrics, or -1. */
static long
metric(const char *name)
{
	char buf[65536], key[128], *p;
	size_t got = 0;
	ssize_t r;
	int fd = test_connect_unix(td.sock);
	const char *get = "GET /metrics HTTP/1.1\r\nHost: localhost\r\n"
			  "Connection: close\r\n\r\n";

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, get, strlen(get)), (ssize_t)strlen(get));
	while (got < sizeof(buf) - 1 &&
	    (r = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)r;
	close(fd);
	buf[got] = '\0';
	snprintf(key, sizeof(key), "\n%s ", name);
	if ((p = strstr(buf, key)) == NULL)
		return -1;
	return strtol(p + strlen(key), NULL, 10);
}

/*
 * Metric `name` once it reads `want` (a run's HOST_WAIT follows its tool
 * call, so the daemon may see it a moment after the host saw the call),
 * or its last value after 5 s.
 */
static long
metric_settles(struct host *h, const char *name, long want)
{
	double end = now_s() + 5;
	long v;

	while ((v = metric(name)) != want && now_s() < end)
		turn_for(h, 0.01);
	return v;
}

START_TEST(test_64_waiting_runs_on_two_workers)
{
	static const char *const extra[] = { "--max-executions", "64",
		"--max-queue", "100", NULL };
	struct host h;
	struct cm_client *c;
	double t0, all_waiting, end;
	int i;

	start_daemon(extra);
	c = connect_base(&h);
	t0 = now_s();
	/* Two calls in turn: the second wait gives the slot back only if
	 * the child counts the answer it read (frame.h). */
	for (i = 0; i < NRUNS; i++)
		submit_code(c, &h,
		    "async () => { const a = await slow.wait(); "
		    "const b = await slow.wait(); return a + b - 40 }");
	/*
	 * Every run reaches its tool while none is answered: with two slots
	 * held through the wait, only two would (and then 32 s in all).
	 */
	turn_until(&h, &h.calls, NRUNS, 30);
	ck_assert_msg(h.calls == NRUNS,
	    "only %d of %d runs reached their tool at once on 2 workers",
	    h.calls, NRUNS);
	all_waiting = now_s();
	ck_assert_int_eq(
	    metric_settles(&h, "codemode_executions_parked", NRUNS), NRUNS);
	ck_assert_int_eq(metric("codemode_executions_running"), 0);
	/* The tool takes a second, then every answer goes at once. */
	turn_for(&h, 1.0);
	answer_all(&h);
	turn_until(&h, &h.calls, 2 * NRUNS, 30);
	ck_assert_msg(h.calls == 2 * NRUNS,
	    "only %d of %d runs reached their second call at once",
	    h.calls - NRUNS, NRUNS);
	ck_assert_int_eq(
	    metric_settles(&h, "codemode_executions_parked", NRUNS), NRUNS);
	answer_all(&h);
	turn_until(&h, &h.results, NRUNS, 30);
	end = now_s();
	ck_assert_msg(h.results == NRUNS,
	    "%d results, %d faults, %d other (%s)", h.results, h.overflows,
	    h.others, h.other);
	ck_assert_int_eq(h.overflows + h.others, 0);
	printf("64 runs with a 1 s tool (then a second call) on 2 workers: "
	       "all waiting after %.2f s, all done after %.2f s\n",
	    all_waiting - t0, end - t0);
	/* Generous: two at a time would take 32 s. */
	ck_assert_msg(end - t0 < 8, "took %.1f s", end - t0);
	cm_client_free(c);
	event_base_free(h.base);
	test_daemon_stop(&td);
}
END_TEST

START_TEST(test_bound_on_executions_and_queue_overflow)
{
	static const char *const extra[] = { "--max-executions", "4",
		"--max-queue", "2", NULL };
	struct host h;
	struct cm_client *c;
	int i;

	start_daemon(extra);
	c = connect_base(&h);
	ck_assert_int_eq(metric("codemode_executions_max"), 4);
	/* One at a time: a queue of two must not meet children still
	 * starting. */
	for (i = 0; i < 4; i++) {
		submit(c, &h);
		ck_assert_int_eq(turn_until(&h, &h.calls, i + 1, 30), 1);
	}
	/* Four exist, none holds a slot: the next two wait in the queue,
	 * and the two after them meet QUEUE_OVERFLOW. */
	for (i = 0; i < 4; i++)
		submit(c, &h);
	ck_assert_int_eq(turn_until(&h, &h.overflows, 2, 30), 1);
	turn_for(&h, 0.3);
	ck_assert_int_eq(h.calls, 4);
	ck_assert_int_eq(h.overflows, 2);
	ck_assert_int_eq(
	    metric_settles(&h, "codemode_executions_parked", 4), 4);
	ck_assert_int_eq(metric("codemode_queue_depth"), 2);
	/* Answered, the four finish and the two queued run. */
	h.answer_at_once = 1;
	answer_all(&h);
	turn_until(&h, &h.results, 6, 30);
	ck_assert_msg(h.results == 6, "%d results, %d faults, %d other (%s)",
	    h.results, h.overflows, h.others, h.other);
	ck_assert_int_eq(h.calls, 6);
	ck_assert_int_eq(h.others, 0);
	cm_client_free(c);
	event_base_free(h.base);
	test_daemon_stop(&td);
}
END_TEST

static Suite *
pool_slots_suite(void)
{
	Suite *s = suite_create("pool_slots");
	TCase *tc = tcase_create("daemon");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_64_waiting_runs_on_two_workers);
	tcase_add_test(tc, test_bound_on_executions_and_queue_overflow);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(pool_slots_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
