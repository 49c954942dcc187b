/*
 * The C driver of make bench-peers: ours through libcodemode, speaking the
 * same line protocol as the JavaScript drivers (drivers/driver.mjs) on
 * stdin/stdout, so the orchestrator (run.mjs) interleaves it with them.
 *
 *   build/bench/peer_bench unix:///path/d.sock
 *   build/bench/peer_bench executor:      (the in-process executor)
 *
 *   {"op":"hello"}                         -> {"ok":true,"name","version"}
 *   {"op":"run","code","runs","budgetMs"}  ->
 * {"ok":true,"times_us":[...],"value"}
 *   {"op":"throughput","code","clients","ms"} ->
 * {"ok":true,"count","elapsed_us"}
 *   {"op":"memory",...}                    -> {"ok":true,"skipped":...}
 *
 * The timed runs share one connection, made (and its child warmed) before
 * the first timing; throughput gives each client a thread and a connection
 * of its own, each warmed by one run, and 300 ms for the warming's
 * aftermath, before the clock starts. The one tool
 * is `tools.add({a, b})` -> a + b, as bench/peers/cases.mjs defines it.
 * Memory is measured once, through the JavaScript driver: the sandboxes are
 * the daemon's children whichever client asked for them.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <codemode/codemode.h>

static const char *peer_url;

/* Between the warming and the clock (peer_throughput). */
#define PEER_SETTLE_US 300000

/*
 * "executor:" drives the in-process executor (cm_executor_new, the sandbox
 * image from $CODEMODE_SANDBOX_IMAGE) instead of a daemon: the host process
 * stands in the daemon's place, so a tool call wakes two processes, not
 * four. Its throughput is not measured: a client there is a pool of its
 * own, not a connection to a shared one.
 */
#define PEER_EXECUTOR "executor:"

static int
peer_is_executor(void)
{
	return strcmp(peer_url, PEER_EXECUTOR) == 0;
}

static double
peer_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* tools.add({a, b}): the sum, an integer when both are. */
static char *
peer_dispatch(void *ctx, const char *provider, const char *tool,
    const char *args, size_t len)
{
	char perr[160];
	json_t *argv, *a, *b, *sum;
	char *env;

	(void)ctx;
	if (strcmp(provider, "tools") != 0 || strcmp(tool, "add") != 0)
		return cm_envelope_error("No such tool.");
	if ((argv = cm_parse_dispatch_arguments(
		 args, len, perr, sizeof(perr))) == NULL)
		return cm_envelope_error(perr);
	a = json_object_get(json_array_get(argv, 0), "a");
	b = json_object_get(json_array_get(argv, 0), "b");
	if (!json_is_number(a) || !json_is_number(b)) {
		json_decref(argv);
		return cm_envelope_error("add wants {a, b} numbers.");
	}
	if (json_is_integer(a) && json_is_integer(b))
		sum =
		    json_integer(json_integer_value(a) + json_integer_value(b));
	else
		sum = json_real(json_number_value(a) + json_number_value(b));
	env = cm_envelope_result(sum);
	json_decref(sum);
	json_decref(argv);
	return env;
}

static const char *peer_tool_names[] = { "add" };
static const struct cm_provider peer_provider = { "tools", peer_tool_names, 1,
	0, NULL, NULL };

/* One execution; 0 with *value (new reference, may be NULL) or -1 with
 * *why (malloc'd). */
static int
peer_execute(struct cm_client *c, const char *code, json_t **value, char **why)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_error err;

	req.code = code;
	req.providers = &peer_provider;
	req.nproviders = 1;
	req.dispatch = peer_dispatch;
	req.outbound = CM_OUTBOUND_NULL;
	if (cm_execute(c, &req, &res, &err) != 0) {
		if (asprintf(why, "%s: %s",
			cm_error_code_name(err.code)
			    ? cm_error_code_name(err.code)
			    : "error",
			err.message ? err.message : "") < 0)
			*why = NULL;
		cm_error_clear(&err);
		return -1;
	}
	if (res.error != NULL) {
		*why = strdup(res.error);
		cm_result_clear(&res);
		return -1;
	}
	if (value != NULL)
		*value = res.result ? json_incref(res.result) : NULL;
	cm_result_clear(&res);
	return 0;
}

static struct cm_client *
peer_dial(char **why)
{
	struct cm_client *c;
	struct cm_error err;
	struct cm_executor_options xo;

	memset(&xo, 0, sizeof(xo));
	xo.timeout = CM_TIMEOUT_ABSENT;
	if (peer_is_executor() ? cm_executor_new(&xo, &c, &err) != 0
			       : cm_connect(peer_url, NULL, &c, &err) != 0) {
		if (asprintf(why, "connect %s: %s", peer_url,
			err.message ? err.message : "") < 0)
			*why = NULL;
		cm_error_clear(&err);
		return NULL;
	}
	return c;
}

static json_t *
peer_fail(char *why)
{
	json_t *o = json_pack(
	    "{s:b, s:s}", "ok", 0, "error", why ? why : "out of memory");

	free(why);
	return o;
}

static json_t *
peer_run(struct cm_client *c, const char *code, long runs, double budget_ms)
{
	json_t *times = json_array(), *value = NULL;
	double end = peer_now_us() + budget_ms * 1000;
	char *why = NULL;

	for (long i = 0; i < runs; i++) {
		double t0 = peer_now_us();

		json_decref(value);
		value = NULL;
		if (peer_execute(c, code, &value, &why) != 0) {
			json_decref(times);
			return peer_fail(why);
		}
		json_array_append_new(times, json_real(peer_now_us() - t0));
		if (peer_now_us() > end && i >= 2)
			break;
	}
	return json_pack("{s:b, s:o, s:o}", "ok", 1, "times_us", times, "value",
	    value ? value : json_null());
}

/* ---- throughput: a thread and a connection per client ---- */

struct peer_worker {
	pthread_t thread;
	struct cm_client *c;
	const char *code;
	double end_us;
	long count;
	char *why;
	pthread_barrier_t *start;
};

static void *
peer_worker_main(void *arg)
{
	struct peer_worker *w = arg;

	pthread_barrier_wait(w->start);
	while (peer_now_us() < w->end_us && w->why == NULL)
		if (peer_execute(w->c, w->code, NULL, &w->why) == 0)
			w->count++;
	return NULL;
}

static json_t *
peer_throughput(const char *code, long clients, double ms)
{
	struct peer_worker *w = calloc((size_t)clients, sizeof(*w));
	pthread_barrier_t start;
	char *why = NULL;
	long i, n = 0, count = 0;
	double t0, elapsed;

	if (w == NULL)
		return peer_fail(NULL);
	/* Connect and warm every client before the clock starts. */
	for (n = 0; n < clients; n++) {
		if ((w[n].c = peer_dial(&why)) == NULL ||
		    peer_execute(w[n].c, code, NULL, &why) != 0)
			break;
		w[n].code = code;
	}
	if (n < clients) {
		for (i = 0; i <= n && i < clients; i++)
			cm_client_free(w[i].c);
		free(w);
		return peer_fail(why);
	}
	/*
	 * And let the warming end: after its first run each child resets for
	 * the first time and the daemon refills its spares (a fork, a
	 * prewarm), which at 64 connections ran 100-300 ms into the window at
	 * a fraction of the steady rate. Connecting belongs to no peer's rate.
	 */
	usleep(PEER_SETTLE_US);
	pthread_barrier_init(&start, NULL, (unsigned)clients + 1);
	t0 = peer_now_us();
	for (i = 0; i < clients; i++) {
		w[i].end_us = t0 + ms * 1000;
		w[i].start = &start;
		pthread_create(&w[i].thread, NULL, peer_worker_main, &w[i]);
	}
	pthread_barrier_wait(&start);
	for (i = 0; i < clients; i++) {
		pthread_join(w[i].thread, NULL);
		count += w[i].count;
		if (w[i].why != NULL && why == NULL)
			why = w[i].why;
		else
			free(w[i].why);
	}
	elapsed = peer_now_us() - t0;
	pthread_barrier_destroy(&start);
	for (i = 0; i < clients; i++)
		cm_client_free(w[i].c);
	free(w);
	if (why != NULL)
		return peer_fail(why);
	return json_pack("{s:b, s:I, s:f}", "ok", 1, "count", (json_int_t)count,
	    "elapsed_us", elapsed);
}

static json_t *
peer_handle(struct cm_client *c, const json_t *req)
{
	const char *op = json_string_value(json_object_get(req, "op"));
	const char *code = json_string_value(json_object_get(req, "code"));
	char version[64];

	if (op == NULL)
		return peer_fail(strdup("a request without op"));
	if (strcmp(op, "hello") == 0) {
		snprintf(
		    version, sizeof(version), "libcodemode %s", cm_version());
		return json_pack("{s:b, s:s, s:s}", "ok", 1, "name",
		    peer_is_executor() ? "ours (C, in-process executor)"
				       : "ours (C client)",
		    "version", version);
	}
	if (strcmp(op, "memory") == 0)
		return json_pack("{s:b, s:s}", "ok", 1, "skipped",
		    "measured through the JavaScript driver (same children)");
	if (code == NULL)
		return peer_fail(strdup("a request without code"));
	if (strcmp(op, "run") == 0)
		return peer_run(c, code,
		    (long)json_integer_value(json_object_get(req, "runs")),
		    json_number_value(json_object_get(req, "budgetMs")));
	if (strcmp(op, "throughput") == 0 && peer_is_executor())
		return json_pack("{s:b, s:s}", "ok", 1, "skipped",
		    "a client of the executor is a pool of its own");
	if (strcmp(op, "throughput") == 0)
		return peer_throughput(code,
		    (long)json_integer_value(json_object_get(req, "clients")),
		    json_number_value(json_object_get(req, "ms")));
	return peer_fail(strdup("unknown op"));
}

int
main(int argc, char **argv)
{
	struct cm_client *c;
	char *line = NULL, *why = NULL;
	size_t cap = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s URL\n", argv[0]);
		return 2;
	}
	peer_url = argv[1];
	if ((c = peer_dial(&why)) == NULL) {
		fprintf(stderr, "peer_bench: %s\n", why ? why : "no memory");
		free(why);
		return 1;
	}
	while (getline(&line, &cap, stdin) > 0) {
		json_error_t jerr;
		json_t *req = json_loads(line, 0, &jerr), *answer;

		answer = req ? peer_handle(c, req)
			     : peer_fail(strdup("a line that is not JSON"));
		json_dumpf(answer, stdout, JSON_COMPACT);
		fputc('\n', stdout);
		fflush(stdout);
		json_decref(answer);
		json_decref(req);
	}
	free(line);
	cm_client_free(c);
	return 0;
}
