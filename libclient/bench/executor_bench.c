/*
 * build/bench/executor_bench: the in-process executor (cm_executor) beside
 * the daemon, through the same client API (make bench). Printed, never
 * asserted: machines here are shared and noisy, so compare the two
 * columns of one run.
 *
 *   for each of cm_executor_new and cm_connect to a daemon on a private
 *   socket (build/codemode-executord, same pool options): the first
 *   execution (the executor starts its pool there), the blocking round
 *   trip (median, p99), executions/s with 8 in flight on the readiness
 *   interface, and a tool call's round trip inside one run.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/wait.h>

#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <codemode/codemode.h>

static const char *code = "async () => 6 * 7";

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static char *
dispatch(void *ctx, const char *provider, const char *tool, const char *args,
    size_t len)
{
	json_t *v = json_integer(1);
	char *env = cm_envelope_result(v);

	(void)ctx;
	(void)provider;
	(void)tool;
	(void)args;
	(void)len;
	json_decref(v);
	return env;
}

static int
run_one(struct cm_client *c, const char *src, int tools)
{
	static const char *const names[] = { "t" };
	struct cm_provider p = { "p", names, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_error err;

	req.code = src;
	req.outbound = CM_OUTBOUND_NULL;
	if (tools) {
		req.providers = &p;
		req.nproviders = 1;
		req.dispatch = dispatch;
	}
	if (cm_execute(c, &req, &res, &err) != 0) {
		fprintf(stderr, "bench: %s\n", err.message);
		cm_error_clear(&err);
		return -1;
	}
	cm_result_clear(&res);
	return 0;
}

struct flight {
	int done, failed;
};

static void
landed(struct cm_client *c, struct cm_result *res, const struct cm_error *err,
    void *arg)
{
	struct flight *f = arg;

	(void)c;
	f->done++;
	if (err)
		f->failed++;
	if (res)
		cm_result_clear(res);
}

/* n executions, `inflight` at a time, from a poll() loop. */
static double
throughput(struct cm_client *c, int n, int inflight)
{
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct flight f = { 0, 0 };
	struct cm_error err;
	int sent = 0;
	double t0 = now_ms();

	req.code = code;
	req.outbound = CM_OUTBOUND_NULL;
	while (f.done < n) {
		struct pollfd p;
		int to;

		while (sent < n && sent - f.done < inflight &&
		    cm_execute_async(c, &req, landed, &f, &err) == 0)
			sent++;
		p.fd = cm_client_watch(c, NULL, &to, &err);
		p.events = POLLIN;
		poll(&p, 1, to < 0 || to > 100 ? 100 : to);
		cm_client_process(c, NULL);
	}
	if (f.failed)
		fprintf(stderr, "bench: %d executions failed\n", f.failed);
	return n / ((now_ms() - t0) / 1000);
}

static void
figures(const char *name, struct cm_client *blocking, struct cm_client *ev)
{
	double lat[300], first, t;
	int i, n = 300;

	t = now_ms();
	if (run_one(blocking, code, 0) != 0)
		return;
	first = now_ms() - t;
	for (i = 0; i < n; i++) {
		t = now_ms();
		if (run_one(blocking, code, 0) != 0)
			return;
		lat[i] = now_ms() - t;
	}
	qsort(lat, (size_t)n, sizeof(*lat), cmp_d);
	printf("%s: first execution %.1f ms; round trip median %.2f ms, p99 "
	       "%.2f ms\n",
	    name, first, lat[n / 2], lat[n * 99 / 100]);
	t = now_ms();
	if (run_one(blocking,
		"async () => { for (let i = 0; i < 500; i++) await p.t({}); "
		"return 1 }",
		1) != 0)
		return;
	printf("%s: tool-call round trip %.1f us (500 calls in one run)\n",
	    name, (now_ms() - t) * 1000 / 500);
	/* Warm the event-driven client's own pool or session first. */
	(void)throughput(ev, 8, 8);
	printf("%s: %.0f executions/s with 8 in flight\n", name,
	    throughput(ev, 400, 8));
}

int
main(void)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_client *a = NULL, *b = NULL;
	struct cm_error err;
	const char *bd = getenv("BUILD");
	char image[PATH_MAX], bin[PATH_MAX], sock[108], url[160];
	pid_t d;
	int i, status;

	if (getenv("BENCH_CODE"))
		code = getenv("BENCH_CODE");
	signal(SIGPIPE, SIG_IGN);
	snprintf(bin, sizeof(bin), "%s/codemode-sandbox", bd ? bd : "build");
	if (realpath(bin, image) == NULL) {
		fprintf(stderr, "bench: no %s\n", bin);
		return 1;
	}
	printf("code: %s\n", code);
	o.sandbox_image = image;
	o.max_workers = 2;
	o.max_queue = 10000;
	if (cm_executor_new(&o, &a, &err) != 0 ||
	    (b = cm_executor_start(&o, &err)) == NULL) {
		fprintf(stderr, "bench: %s\n", err.message);
		return 1;
	}
	figures("cm_executor (in-process)", a, b);
	cm_client_free(a);
	cm_client_free(b);

	snprintf(bin, sizeof(bin), "%s/codemode-executord", bd ? bd : "build");
	snprintf(sock, sizeof(sock), "/tmp/cm-xbench-%d.sock", (int)getpid());
	snprintf(url, sizeof(url), "unix://%s", sock);
	if ((d = fork()) == 0) {
		execl(bin, bin, "--socket", sock, "--log-level", "error",
		    "--max-workers", "2", "--max-queue", "10000", (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 500 && access(sock, F_OK) != 0; i++)
		usleep(10000);
	if (cm_connect(url, NULL, &a, &err) != 0 ||
	    (b = cm_connect_start(url, NULL, NULL, NULL, &err)) == NULL) {
		fprintf(stderr, "bench: %s\n", err.message);
		kill(d, SIGTERM);
		waitpid(d, &status, 0);
		return 1;
	}
	figures("daemon (cm_connect, unix socket)", a, b);
	cm_client_free(a);
	cm_client_free(b);
	kill(d, SIGTERM);
	waitpid(d, &status, 0);
	return 0;
}
