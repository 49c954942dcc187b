/*
 * build/bench/server_bench: figures for the pool and the daemon (make bench).
 * Printed, never asserted: machines here are shared and noisy, so compare
 * ratios within one run.
 *
 *   pool: executions/s with 1 and 2 workers, submit-to-result median and
 *         p99, the cost of replacing a retired zygote, RSS of idle children;
 *   engine: request to result inside a child forked from a warm heap (the
 *         pool's snapshot), cold and prewarmed; a staying child's heap
 *         reset with its page map read (as deployed) and comparing every
 *         page; the cost of a tool call inside the engine; peak memory;
 *   daemon: round trip of one execution over the unix socket (median, p99,
 *         and the first run on each connection's replacement child),
 *         executions/s at 1, 8 and 64 concurrent clients, then warm (each
 *         connection's first run left out) at 8, 9, 16 and 64 with the
 *         private memory of the idle children, daemon RSS with 100 idle
 *         connections; 64 runs awaiting a 1 s tool on two workers, wall
 *         time (a waiting run gives its CPU slot back);
 *   C client: a tool call's time and CPU per process through the daemon
 *         (four processes woken per call) and through the in-process
 *         executor (two).
 *
 * BENCH_ENGINE_ONLY=1 runs the engine part alone (with BENCH_STAYING_ONLY=1
 * its staying-child rows alone, one child each, for callgrind);
 * BENCH_DAEMON_ONLY=1 runs the daemon part alone; BENCH_TAIL_DETAIL=1 then
 * stops after the single client, printing each run slower than 3x the
 * median;
 * BENCH_CLIENTS_ONLY=1 stops after the executions/s rows (BUILD=dir picks
 * the daemon, so one bench compares two builds).
 */
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include <codemode/codemode.h>

#include "proto/capnweb.h"
#include "host/engine.h"
#include "host/execution.h"
#include "proto/http.h"
#include "pool/pool.h"
#include "child/answering.h"
#include "child/prewarm.h"
#include "child/warm.h"
#include "child/worker.h"
#include "proto/ws.h"

/* ES5 until the whole front end is in every build; the same run either way. */
#define BENCH_CODE_ENV "BENCH_CODE"
static const char *bench_code = "async () => 6 * 7";
/* 0: every execution its own child; else one tenant's, children staying. */
static uint64_t bench_tenant;

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
report(const char *what, double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	printf("%-44s median %8.3f ms  p99 %8.3f ms  (n=%zu)\n", what, v[n / 2],
	    v[n * 99 / 100 < n ? n * 99 / 100 : n - 1], n);
}

/* ---- pool ---- */

static struct event_base *base;
static int outstanding;
static double *lat;
static size_t nlat;

struct job {
	double t0;
	int ok;
};

static void
on_settle(struct pool_exec *e, enum pool_outcome o, const uint8_t *p,
    size_t len, void *udata)
{
	struct job *j = udata;

	(void)e;
	(void)p;
	(void)len;
	j->ok = o == POOL_RESULT && len > 0 && memmem(p, len, "42", 2) != NULL;
	lat[nlat++] = now_ms() - j->t0;
	outstanding--;
	if (!j->ok)
		fprintf(stderr, "bench: a run failed (%d): %.*s\n", (int)o,
		    (int)len, (const char *)p);
	free(j);
}

static const struct pool_exec_callbacks bench_cb = { NULL, NULL, NULL,
	on_settle, NULL };

/* $BUILD/codemode-sandbox (build/ by default), as an absolute path. */
static const char *
bench_image(void)
{
	static char path[4096];
	const char *b = getenv("BUILD");
	char rel[512];

	snprintf(rel, sizeof(rel), "%s/codemode-sandbox", b ? b : "build");
	if (path[0] == '\0' && realpath(rel, path) == NULL) {
		fprintf(stderr, "bench: no sandbox image at %s\n", rel);
		exit(1);
	}
	return path;
}

static struct pool *
bench_pool(unsigned workers, unsigned retire_after, int prewarm)
{
	struct pool_options o;
	struct pool_stats st;
	char err[256];
	struct pool *p;

	pool_options_default(&o);
	o.max_workers = workers;
	o.spares = workers;
	o.max_queue = 100000;
	o.retire_after_executions = retire_after;
	/* The daemon's children: the sandbox image, exec'd by the pool. */
	o.program.image = bench_image();
	o.program.prewarm = prewarm && !getenv("BENCH_NO_PREWARM");
	if ((p = pool_new(base, &o, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	/* Let the spares come up before timing anything. */
	do {
		event_base_loop(base, EVLOOP_NONBLOCK);
		pool_stats(p, &st);
		usleep(1000);
	} while (st.spares < workers);
	return p;
}

static void
submit(struct pool *p, const char *req)
{
	struct job *j = calloc(1, sizeof(*j));
	int full;

	j->t0 = now_ms();
	if (pool_execute(p, (const uint8_t *)req, strlen(req), 5000, 1000, 0,
		bench_tenant, 0, &bench_cb, j, &full) == NULL) {
		fprintf(stderr, "bench: pool refused a run\n");
		exit(1);
	}
	outstanding++;
}

static void
bench_pool_throughput(unsigned workers, int n, const char *req)
{
	struct pool *p = bench_pool(workers, 1000000, 1);
	double t0;
	char what[96];
	int i;

	nlat = 0;
	t0 = now_ms();
	for (i = 0; i < n; i++) {
		submit(p, req);
		/* Keep the workers busy without piling up a long queue. */
		while (outstanding >= (int)workers * 2)
			event_base_loop(base, EVLOOP_ONCE);
	}
	while (outstanding > 0)
		event_base_loop(base, EVLOOP_ONCE);
	printf("pool, %u worker%s%s: %.0f executions/s\n", workers,
	    workers > 1 ? "s" : "", bench_tenant ? ", one tenant (reset)" : "",
	    n / ((now_ms() - t0) / 1000));
	snprintf(what, sizeof(what), "pool, %u worker(s)%s: submit to result",
	    workers, bench_tenant ? ", one tenant" : "");
	report(what, lat, nlat);
	pool_free(p);
}

/* The cost of a fresh zygote on the path: retire after every fork. */
static void
bench_pool_retire(int n, const char *req)
{
	struct pool *p = bench_pool(1, 1, 1);
	int i;

	nlat = 0;
	for (i = 0; i < n; i++) {
		submit(p, req);
		while (outstanding > 0)
			event_base_loop(base, EVLOOP_ONCE);
	}
	report("pool, zygote retired after every fork", lat, nlat);
	pool_free(p);
}

/*
 * One run at a time with an idle moment between runs, as a sidecar sees
 * them: the spare has had time to warm its pages (or not, without prewarm).
 */
static void
bench_pool_idle_latency(int n, const char *req, int prewarm)
{
	struct pool *p = bench_pool(1, 1000000, prewarm);
	int i, k;

	nlat = 0;
	for (i = 0; i < n; i++) {
		for (k = 0; k < 30; k++) {
			event_base_loop(base, EVLOOP_NONBLOCK);
			usleep(1000);
		}
		submit(p, req);
		while (outstanding > 0)
			event_base_loop(base, EVLOOP_ONCE);
	}
	report(bench_tenant ? "pool, idle staying child (reset): submit to "
			      "result"
		: prewarm   ? "pool, idle spare, prewarmed: submit to result"
			    : "pool, idle spare, cold: submit to result",
	    lat, nlat);
	pool_free(p);
}

/* --- The engine alone, as the pool's child runs it, without frames. ---- */

/* One execution of `code` on `e`; microseconds of wall time, or -1. */
static double
bench_engine_run(struct engine *e, const char *code, const json_t *providers)
{
	struct answering wa;
	struct execution_host host;
	struct execution_request er;
	double t0;
	char *msg;
	int retained = 0;

	answering_host(&wa, "{\"result\":\"1\"}", &host);
	memset(&er, 0, sizeof(er));
	er.code = code;
	er.providers = providers;
	er.timeout_ms = 5000;
	er.outbound_mode = "disabled";
	er.memory_limit_mb = 128;
	t0 = now_ms();
	if (engine_configure(e, 128u << 20, 5000, NULL, NULL) != 0)
		return -1;
	msg = execution_run(e, &er, &host, &retained);
	t0 = (now_ms() - t0) * 1e3;
	if (msg == NULL || strstr(msg, "\"error\"") != NULL) {
		fprintf(stderr, "bench: %s\n", msg ? msg : "no result");
		t0 = -1;
	}
	free(msg);
	return t0;
}

/*
 * Request to result in a child forked from a warm heap, the pool's
 * snapshot (a heap runs one execution, so every run gets its own child):
 * the child waits for its request on a pipe (prewarming or not), runs, and
 * reports its own figure. Fork and exit are off the clock, as they are for
 * the pool's spares. Microseconds, or -1.
 */
/* The parent's side of each fork: the snapshot's copy (page tables). */
static double bench_fork_ms[256];
static size_t bench_nfork;

static double
bench_engine_child(
    struct engine *e, const char *code, const json_t *providers, int prewarm)
{
	static struct prewarm pw;
	double us = -1, t0;
	int req[2], ans[2], status;
	char c = 'x';
	pid_t pid;

	if (pipe(req) != 0 || pipe(ans) != 0)
		exit(1);
	t0 = now_ms();
	if ((pid = fork()) == 0) {
		if (prewarm && prewarm_scan(&pw) == 0)
			prewarm_run(&pw, req[0]);
		if (read(req[0], &c, 1) != 1)
			_exit(1);
		us = bench_engine_run(e, code, providers);
		_exit(write(ans[1], &us, sizeof(us)) == sizeof(us) ? 0 : 1);
	}
	if (bench_nfork < sizeof(bench_fork_ms) / sizeof(*bench_fork_ms))
		bench_fork_ms[bench_nfork++] = now_ms() - t0;
	/* Our copies of the child's ends: a dead child then reads as EOF. */
	close(req[0]);
	close(ans[1]);
	usleep(30000); /* an idle moment, as a spare has */
	if (write(req[1], &c, 1) != 1 ||
	    read(ans[0], &us, sizeof(us)) != sizeof(us))
		us = -1;
	waitpid(pid, &status, 0);
	close(req[1]);
	close(ans[0]);
	if (us < 0)
		fprintf(
		    stderr, "bench: the child failed (status %d)\n", status);
	return us;
}

static void
bench_engine_forked(struct engine *e, int n, int prewarm)
{
	int i;

	nlat = 0;
	for (i = 0; i < n; i++)
		lat[nlat++] =
		    bench_engine_child(e, "async () => 6*7", NULL, prewarm) /
		    1e3;
	report(prewarm ? "engine, forked snapshot, prewarmed: request to "
			 "result"
		       : "engine, forked snapshot, cold: request to result",
	    lat, nlat);
}

/*
 * The same request in this process, each on a fresh heap made on the clock
 * by resetting the frozen warm heap to its image (engine_reset), as a child
 * staying for its tenant does: back to back, and after the idle moment a
 * staying child has, when the machine has forgotten our code and data.
 */
static void
bench_engine_in_process(struct engine *e, int n, unsigned idle_us)
{
	double us, t0;
	int i;

	nlat = 0;
	for (i = 0; i < n; i++) {
		if (idle_us > 0)
			usleep(idle_us);
		t0 = now_ms();
		if (engine_reset(e) != 0) {
			fprintf(stderr, "bench: the heap could not be reset\n");
			exit(1);
		}
		t0 = now_ms() - t0;
		if ((us = bench_engine_run(e, "async () => 6*7", NULL)) < 0)
			exit(1);
		lat[nlat++] = t0 + us / 1e3;
	}
	(void)engine_reset(e); /* the forks that follow want it fresh */
	report(idle_us > 0 ? "engine, heap reset + request to result, after "
			     "30 ms idle"
			   : "engine, heap reset + request to result, back to "
			     "back",
	    lat, nlat);
}

/*
 * A child staying for its tenant, forked from the frozen heap: each run on
 * the heap put back by engine_reset, the reset timed alone. With `track`,
 * as the sandbox image's children do (warm_track): the reset reads the
 * page map and compares only the pages the child made its own; without,
 * it compares the whole image. The child reports its medians on a pipe.
 */
static void
bench_engine_staying(struct engine *e, int n, int track)
{
	double fig[2] = { -1, -1 }, *rs, *all, t0, us;
	int ans[2], status, i, fd;
	pid_t pid;

	if (pipe(ans) != 0)
		exit(1);
	if ((pid = fork()) == 0) {
		rs = calloc((size_t)n, sizeof(*rs));
		all = calloc((size_t)n, sizeof(*all));
		fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
		if (rs == NULL || all == NULL ||
		    (track && (fd < 0 || engine_track_pages(e, fd) != 0)))
			_exit(1);
		/* The first reset compares it all either way: not counted. */
		if (bench_engine_run(e, "async () => 6*7", NULL) < 0 ||
		    engine_reset(e) != 0)
			_exit(1);
		for (i = 0; i < n; i++) {
			if ((us = bench_engine_run(
				 e, "async () => 6*7", NULL)) < 0)
				_exit(1);
			t0 = now_ms();
			if (engine_reset(e) != 0)
				_exit(1);
			rs[i] = (now_ms() - t0) * 1e3;
			all[i] = us + rs[i];
		}
		qsort(rs, (size_t)n, sizeof(*rs), cmp_double);
		qsort(all, (size_t)n, sizeof(*all), cmp_double);
		fig[0] = rs[n / 2];
		fig[1] = all[n / 2];
		_exit(write(ans[1], fig, sizeof(fig)) == sizeof(fig) ? 0 : 1);
	}
	close(ans[1]);
	if (read(ans[0], fig, sizeof(fig)) != sizeof(fig))
		fprintf(stderr, "bench: the staying child failed\n");
	waitpid(pid, &status, 0);
	close(ans[0]);
	printf("engine, staying child, %s: heap reset %.1f us, run + reset "
	       "%.1f us (medians of %d)\n",
	    track ? "page map read (as deployed)" : "every page compared",
	    fig[0], fig[1], n);
}

/* Tool-call overhead inside the engine: 200 calls against none. */
static void
bench_engine_tool_calls(struct engine *e)
{
	const char *zero = "async () => { let s = 0; for (let i = 0; i < 200; "
			   "i++) s += 1; return s; }";
	const char *many = "async () => { let s = 0; for (let i = 0; i < 200; "
			   "i++) s += await t.f({ i }); return s; }";
	json_t *prov =
	    json_loads("[{\"name\":\"t\",\"tools\":[\"f\"]}]", 0, NULL);
	double a[21], b[21];
	int i;

	for (i = 0; i < 21; i++) {
		a[i] = bench_engine_child(e, zero, prov, 1);
		b[i] = bench_engine_child(e, many, prov, 1);
	}
	qsort(a, 21, sizeof(*a), cmp_double);
	qsort(b, 21, sizeof(*b), cmp_double);
	printf("engine: one tool call inside the engine costs %.1f us "
	       "(200 calls: %.0f us, none: %.0f us; host answers at once)\n",
	    (b[10] - a[10]) / 200, b[10], a[10]);
	json_decref(prov);
}

static void
bench_engine(void)
{
	struct engine_options eo;
	struct engine *e;
	char err[256];

	memset(&eo, 0, sizeof(eo));
	if ((e = engine_create(&eo, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	/* The peak of a run is the child's: the fresh heap is its floor. */
	printf("engine: fresh heap with the runtime %.2f MB live, %.2f MB "
	       "peak while loading\n",
	    engine_mem_live(e) / 1048576.0, engine_mem_peak(e) / 1048576.0);
	engine_destroy(e);
	/* The children fork from the zygote's heap, made as the zygote makes
	 * it. */
	if ((e = warm_heap()) == NULL || engine_freeze(e) != 0) {
		fprintf(stderr, "bench: the warm heap could not be made\n");
		exit(1);
	}
	/* BENCH_STAYING_ONLY: the staying child's rows alone (callgrind). */
	if (getenv("BENCH_STAYING_ONLY")) {
		bench_engine_staying(e, 300, 0);
		bench_engine_staying(e, 300, 1);
		engine_destroy(e);
		return;
	}
	bench_engine_forked(e, 100, 0);
	bench_engine_forked(e, 100, 1);
	bench_engine_in_process(e, 200, 0);
	bench_engine_in_process(e, 100, 30000);
	bench_engine_staying(e, 300, 0);
	bench_engine_staying(e, 300, 1);
	memcpy(lat, bench_fork_ms, bench_nfork * sizeof(*lat));
	nlat = bench_nfork;
	report("engine, a fresh heap from the snapshot (fork)", lat, nlat);
	bench_engine_tool_calls(e);
	engine_destroy(e);
}

/* RSS of each spare child (they share the zygote's pages copy-on-write). */
static void
bench_idle_rss(void)
{
	struct pool *p = bench_pool(4, 1000000, 1);
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t me = getpid();
	long page = sysconf(_SC_PAGESIZE);
	int n = 0;
	double total = 0, private = 0;

	/* Idle means warmed: let every spare finish its prewarm pass first. */
	usleep(300000);
	while (d && (de = readdir(d)) != NULL) {
		char path[300], buf[512];
		FILE *f;
		int ppid, gppid = 0;
		long rss = 0, shared = 0;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fgets(buf, sizeof(buf), f) == NULL ||
		    sscanf(strrchr(buf, ')') + 2, "%*c %d", &ppid) != 1) {
			fclose(f);
			continue;
		}
		fclose(f);
		snprintf(path, sizeof(path), "/proc/%d/stat", ppid);
		if ((f = fopen(path, "r")) != NULL) {
			if (fgets(buf, sizeof(buf), f) != NULL)
				sscanf(strrchr(buf, ')') + 2, "%*c %d", &gppid);
			fclose(f);
		}
		if (gppid != me)
			continue; /* not a grandchild: not an engine child */
		snprintf(path, sizeof(path), "/proc/%s/statm", de->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fscanf(f, "%*d %ld %ld", &rss, &shared) == 2) {
			total += rss * page / 1048576.0;
			private += (rss - shared) * page / 1048576.0;
			n++;
		}
		fclose(f);
	}
	if (d)
		closedir(d);
	if (n)
		printf("pool: RSS of an idle, warmed child %.2f MB, %.2f MB of "
		       "it its own (mean of %d)\n",
		    total / n, private / n, n);
	pool_free(p);
}

/* ---- daemon ---- */

struct client {
	int fd;
	struct capnweb_session *s;
	struct ws_assembler wsa;
	uint8_t *in;
	size_t in_len, in_cap;
	int pending;
	double t0;
};

static char sock_path[108];

static void
client_send(void *udata, const char *msg, size_t len)
{
	struct client *c = udata;
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT,
	    (const uint8_t *)msg, len, frame, len + WS_MAX_HEADER);

	if (n <= 0 || write(c->fd, frame, (size_t)n) != n) {
		fprintf(stderr, "bench: write failed\n");
		exit(1);
	}
	free(frame);
}

static int
client_open(struct client *c)
{
	struct http_header hs[16];
	struct http_response res;
	struct capnweb_config cfg;
	struct sockaddr_un sun;
	char req[512], key[HTTP_WS_KEY_LEN + 1];
	long n, head = 0;

	memset(c, 0, sizeof(*c));
	c->in_cap = 1 << 16;
	c->in = malloc(c->in_cap);
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, sock_path, strlen(sock_path) + 1);
	if ((c->fd = socket(AF_UNIX, SOCK_STREAM, 0)) < 0 ||
	    connect(c->fd, (struct sockaddr *)&sun, sizeof(sun)) != 0)
		return -1;
	http_ws_make_key(key);
	n = http_build_ws_request(
	    req, sizeof(req), "localhost", "/", key, NULL, NULL, 0);
	if (write(c->fd, req, (size_t)n) != n)
		return -1;
	while (head == 0) {
		ssize_t r =
		    read(c->fd, c->in + c->in_len, c->in_cap - c->in_len);

		if (r <= 0)
			return -1;
		c->in_len += (size_t)r;
		memset(&res, 0, sizeof(res));
		res.headers = hs;
		res.headers_cap = 16;
		head =
		    http_parse_response((const char *)c->in, c->in_len, &res);
	}
	if (head < 0 || http_ws_check_response(&res, key, NULL) != 0)
		return -1;
	memmove(c->in, c->in + head, c->in_len - (size_t)head);
	c->in_len -= (size_t)head;
	ws_assembler_init(&c->wsa, WS_ROLE_CLIENT, 1 << 24);
	memset(&cfg, 0, sizeof(cfg));
	cfg.send = client_send;
	cfg.send_udata = c;
	c->s = capnweb_session_new(&cfg);
	return c->s ? 0 : -1;
}

/* Feeds whatever arrived on the socket to the session. */
static void
client_read(struct client *c)
{
	ssize_t r = read(c->fd, c->in + c->in_len, c->in_cap - c->in_len);
	struct ws_event ev;
	long n;

	if (r <= 0) {
		fprintf(stderr, "bench: the daemon closed a connection\n");
		exit(1);
	}
	c->in_len += (size_t)r;
	while ((n = ws_assembler_feed(&c->wsa, c->in, c->in_len, &ev)) > 0) {
		if (ev.type == WS_EV_TEXT)
			capnweb_session_receive(
			    c->s, (const char *)ev.data, ev.len);
		memmove(c->in, c->in + n, c->in_len - (size_t)n);
		c->in_len -= (size_t)n;
	}
	if (c->in_len == c->in_cap) {
		c->in_cap *= 2;
		c->in = realloc(c->in, c->in_cap);
	}
}

static void
on_answer(void *udata, int status, json_t *value)
{
	struct client *c = udata;
	const char *r = json_string_value(json_object_get(value, "resultJson"));

	if (status != CAPNWEB_RESOLVED || r == NULL || strcmp(r, "42") != 0) {
		char *s = json_dumps(value, JSON_ENCODE_ANY);

		fprintf(stderr, "bench: unexpected answer %s\n", s ? s : "?");
		free(s);
		exit(1);
	}
	lat[nlat++] = now_ms() - c->t0;
	c->pending = 0;
}

static void
client_execute(struct client *c)
{
	json_t *args = json_pack("[s, [], {}, n, s]", bench_code, "disabled");

	c->t0 = now_ms();
	c->pending = 1;
	capnweb_session_call(c->s, "execute", args, on_answer, c);
	json_decref(args);
}

static pid_t
daemon_start(void)
{
	const char *b = getenv("BUILD");
	char bin[256];
	pid_t pid;
	int i;

	/* A daemon started elsewhere (under strace or perf, say): use it. */
	if (getenv("BENCH_SOCKET")) {
		snprintf(
		    sock_path, sizeof(sock_path), "%s", getenv("BENCH_SOCKET"));
		return 0;
	}
	snprintf(bin, sizeof(bin), "%s/codemode-executord", b ? b : "build");
	snprintf(sock_path, sizeof(sock_path), "/tmp/cm-bench-%d.sock",
	    (int)getpid());
	if ((pid = fork()) == 0) {
		execl(bin, bin, "--socket", sock_path, "--log-level", "error",
		    "--max-queue", "10000", (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 500 && access(sock_path, F_OK) != 0; i++)
		usleep(10000);
	usleep(100000);
	return pid;
}

static long
rss_kb(pid_t pid)
{
	char path[64];
	long pages = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fscanf(f, "%*d %ld", &pages) != 1)
		pages = 0;
	fclose(f);
	return pages * sysconf(_SC_PAGESIZE) / 1024;
}

/* Private bytes (USS) of `pid`, from smaps_rollup; -1 when unreadable. */
static long
uss_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1, v;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/smaps_rollup", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Private_Clean: %ld", &v) == 1 ||
		    sscanf(line, "Private_Dirty: %ld", &v) == 1)
			kb = (kb < 0 ? 0 : kb) + v;
	fclose(f);
	return kb;
}

/* statm's resident minus file-backed pages of `pid`, in kB; -1. */
static long
statm_private_kb(pid_t pid)
{
	char path[64];
	long size, res, shared;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fscanf(f, "%ld %ld %ld", &size, &res, &shared) != 3)
		res = shared = 0;
	fclose(f);
	return (res - shared) * (sysconf(_SC_PAGESIZE) / 1024);
}

/* The parent of `pid`, or -1. */
static pid_t
ppid_of(pid_t pid)
{
	char path[64], line[256];
	int pp = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "PPid: %d", &pp) == 1)
			break;
	fclose(f);
	return pp;
}

static int
cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/*
 * The private memory of the daemon's children (grandchildren: each zygote
 * forks them) while the connections that keep them are idle.
 */
static void
bench_daemon_kept_uss(pid_t daemon)
{
	long kb[1024], est[1024];
	size_t n = 0;
	struct dirent *d;
	DIR *dir;

	if ((dir = opendir("/proc")) == NULL)
		return;
	while ((d = readdir(dir)) != NULL && n < 1024) {
		pid_t pid = (pid_t)atoi(d->d_name), z;

		if (pid <= 0 || (z = ppid_of(pid)) <= 0 || ppid_of(z) != daemon)
			continue;
		if ((kb[n] = uss_kb(pid)) >= 0)
			est[n++] = statm_private_kb(pid);
	}
	closedir(dir);
	if (n == 0)
		return;
	qsort(kb, n, sizeof(*kb), cmp_long);
	qsort(est, n, sizeof(*est), cmp_long);
	/* The second figure is what a daemon that may not read smaps counts. */
	printf("daemon, idle children (staying and spare): %zu, private "
	       "memory median %.2f MiB, max %.2f MiB (statm estimate median "
	       "%.2f MiB)\n",
	    n, kb[n / 2] / 1024.0, kb[n - 1] / 1024.0, est[n / 2] / 1024.0);
}

/*
 * The single connection's latencies, in the order they ran. The daemon was
 * started just before (daemon_start), so its first runs share the machine
 * with the pool's start (the zygote's warming, the spares' forks and
 * rehearsals): they are reported apart from the steady runs after them,
 * which include the first run on the connection's replacement child (run
 * reuse-runs + 1, the daemon's default 1000).
 */
#define BENCH_ONE_SETTLE 300
#define BENCH_ONE_REUSE 1000

static void
bench_daemon_one_client_report(void)
{
	size_t i, n = nlat;
	double *v = malloc(n * sizeof(*v)), median;

	if (v == NULL || n <= BENCH_ONE_SETTLE + 1) {
		free(v);
		return;
	}
	printf("daemon, the connection's first run: %.3f ms\n", lat[0]);
	if (n > BENCH_ONE_REUSE)
		printf("daemon, first run on its replacement child (run %d): "
		       "%.3f ms\n",
		    BENCH_ONE_REUSE + 1, lat[BENCH_ONE_REUSE]);
	memcpy(v, lat, n * sizeof(*v));
	report("daemon, round trip, runs 2-300 (pool starting)", v + 1,
	    BENCH_ONE_SETTLE - 1);
	report("daemon, round trip over the socket (steady)",
	    v + BENCH_ONE_SETTLE, n - BENCH_ONE_SETTLE);
	median = v[BENCH_ONE_SETTLE + (n - BENCH_ONE_SETTLE) / 2];
	if (getenv("BENCH_TAIL_DETAIL"))
		for (i = BENCH_ONE_SETTLE; i < n; i++)
			if (lat[i] > 3 * median)
				printf("  run %zu: %.3f ms\n", i + 1, lat[i]);
	free(v);
}

/*
 * `nclients` connections, each running `per_client` executions one after
 * another. With `warm`, every connection runs one first, unmeasured: its
 * child's fork belongs to the connection's start, not to the steady rate.
 */
static void
bench_daemon_clients_run(int nclients, int per_client, int warm, pid_t daemon)
{
	struct client *cs = calloc((size_t)nclients, sizeof(*cs));
	struct pollfd *pfd = calloc((size_t)nclients, sizeof(*pfd));
	int i, left = nclients * per_client, started = 0, done = 0;
	double t0;

	for (i = 0; i < nclients; i++)
		if (client_open(&cs[i]) != 0) {
			fprintf(stderr, "bench: cannot connect\n");
			exit(1);
		}
	for (i = 0; warm && i < nclients; i++) {
		client_execute(&cs[i]);
		while (cs[i].pending)
			client_read(&cs[i]);
	}
	nlat = 0;
	t0 = now_ms();
	for (i = 0; i < nclients && started < left; i++, started++)
		client_execute(&cs[i]);
	while (done < left) {
		for (i = 0; i < nclients; i++) {
			pfd[i].fd = cs[i].fd;
			pfd[i].events = POLLIN;
		}
		if (poll(pfd, (nfds_t)nclients, 10000) <= 0) {
			fprintf(stderr, "bench: the daemon went quiet\n");
			exit(1);
		}
		for (i = 0; i < nclients; i++) {
			if (!(pfd[i].revents & POLLIN))
				continue;
			client_read(&cs[i]);
			if (!cs[i].pending && cs[i].t0 > 0) {
				done++;
				cs[i].t0 = 0;
				if (started < left) {
					started++;
					client_execute(&cs[i]);
				}
			}
		}
	}
	printf("daemon, %d concurrent client%s%s: %.0f executions/s\n",
	    nclients, nclients > 1 ? "s" : "", warm ? " (warm)" : "",
	    left / ((now_ms() - t0) / 1000));
	if (nclients == 1)
		bench_daemon_one_client_report();
	if (daemon > 0)
		bench_daemon_kept_uss(daemon);
	for (i = 0; i < nclients; i++) {
		capnweb_session_close(cs[i].s, "done");
		capnweb_session_free(cs[i].s);
		ws_assembler_free(&cs[i].wsa);
		free(cs[i].in);
		close(cs[i].fd);
	}
	free(cs);
	free(pfd);
}

static void
bench_daemon_clients(int nclients, int per_client)
{
	bench_daemon_clients_run(nclients, per_client, 0, 0);
}

/* The caller's dispatch for the tool-call benchmark: answers at once. */
static void
bench_dispatch(void *udata, struct capnweb_call *call)
{
	(void)udata;
	capnweb_call_resolve(call, json_string("{\"result\":1}"));
}

static int tools_done;

static void
on_tools_answer(void *udata, int status, json_t *value)
{
	(void)udata;
	if (status != CAPNWEB_RESOLVED ||
	    json_object_get(value, "resultJson") == NULL) {
		fprintf(stderr, "bench: the tool-call run failed\n");
		exit(1);
	}
	tools_done = 1;
}

/*
 * Tool-call round trip (sandbox -> daemon -> the client's dispatch ->
 * back): one run making N sequential calls, minus a run making none.
 */
static void
bench_daemon_tool_calls(int n)
{
	struct client c;
	struct pollfd pfd;
	char code[160];
	double t[2];
	int k, target;

	if (client_open(&c) != 0) {
		fprintf(stderr, "bench: cannot connect\n");
		exit(1);
	}
	target = capnweb_session_add_target(c.s, bench_dispatch, NULL);
	for (k = 0; k < 2; k++) {
		json_t *args;

		snprintf(code, sizeof(code),
		    "async () => { for (let i = 0; i < "
		    "%d; i++) await t.x(i); return 1 }",
		    k ? n : 0);
		args = json_pack("[s, [{s:s, s:[s]}], {}, o, s]", code, "name",
		    "t", "tools", "x", capnweb_value_target(target),
		    "disabled");
		tools_done = 0;
		t[k] = now_ms();
		capnweb_session_call(
		    c.s, "execute", args, on_tools_answer, NULL);
		json_decref(args);
		while (!tools_done) {
			pfd.fd = c.fd;
			pfd.events = POLLIN;
			if (poll(&pfd, 1, 10000) <= 0) {
				fprintf(
				    stderr, "bench: the daemon went quiet\n");
				exit(1);
			}
			client_read(&c);
		}
		t[k] = now_ms() - t[k];
	}
	printf("daemon, tool-call round trip: %.1f us (%d calls in one run)\n",
	    (t[1] - t[0]) * 1000.0 / n, n);
	capnweb_session_close(c.s, "done");
	capnweb_session_free(c.s);
	ws_assembler_free(&c.wsa);
	free(c.in);
	close(c.fd);
}

/*
 * Runs waiting on a slow tool: WAITING_RUNS executions on a daemon of two
 * workers, each awaiting one tool call its caller answers WAITING_TOOL_MS
 * after it arrived. A waiting run gives its CPU slot back, so they all
 * wait at once: about one tool latency plus the forks, where runs holding
 * their slot would take WAITING_RUNS / 2 tool latencies.
 */
#define WAITING_RUNS 64
#define WAITING_TOOL_MS 1000.0

struct waiting_call {
	struct capnweb_call *call;
	double due;
};

static struct waiting_call waiting_calls[WAITING_RUNS];
static int waiting_ncalls, waiting_done, waiting_peak, waiting_answered;

static void
waiting_dispatch(void *udata, struct capnweb_call *call)
{
	(void)udata;
	if (waiting_ncalls == WAITING_RUNS) {
		capnweb_call_resolve(call, json_string("{\"result\":1}"));
		return;
	}
	waiting_calls[waiting_ncalls].call = call;
	waiting_calls[waiting_ncalls].due = now_ms() + WAITING_TOOL_MS;
	waiting_ncalls++;
	if (waiting_ncalls - waiting_answered > waiting_peak)
		waiting_peak = waiting_ncalls - waiting_answered;
}

static void
on_waiting_answer(void *udata, int status, json_t *value)
{
	(void)udata;
	if (status != CAPNWEB_RESOLVED ||
	    json_object_get(value, "resultJson") == NULL) {
		fprintf(stderr, "bench: a waiting run failed\n");
		exit(1);
	}
	waiting_done++;
}

static void
bench_daemon_waiting_runs(void)
{
	const char *b = getenv("BUILD");
	char bin[256], saved[sizeof(sock_path)];
	struct client c;
	struct pollfd pfd;
	double t0, next;
	pid_t pid;
	int i, target, status;

	/* A daemon of its own: two workers, room for every run at once. */
	memcpy(saved, sock_path, sizeof(saved));
	snprintf(bin, sizeof(bin), "%s/codemode-executord", b ? b : "build");
	snprintf(sock_path, sizeof(sock_path), "/tmp/cm-bench-w-%d.sock",
	    (int)getpid());
	if ((pid = fork()) == 0) {
		execl(bin, bin, "--socket", sock_path, "--log-level", "error",
		    "--max-workers", "2", "--max-executions", "64",
		    (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 500 && access(sock_path, F_OK) != 0; i++)
		usleep(10000);
	usleep(100000);
	if (client_open(&c) != 0) {
		fprintf(stderr, "bench: cannot connect\n");
		exit(1);
	}
	target = capnweb_session_add_target(c.s, waiting_dispatch, NULL);
	t0 = now_ms();
	for (i = 0; i < WAITING_RUNS; i++) {
		json_t *args = json_pack("[s, [{s:s, s:[s]}], {}, o, s]",
		    "async () => { await t.x(); return 1 }", "name", "t",
		    "tools", "x", capnweb_value_target(target), "disabled");

		capnweb_session_call(
		    c.s, "execute", args, on_waiting_answer, NULL);
		json_decref(args);
	}
	while (waiting_done < WAITING_RUNS) {
		next = 10000;
		for (i = waiting_answered; i < waiting_ncalls; i++) {
			if (waiting_calls[i].due > now_ms())
				break;
			capnweb_call_resolve(waiting_calls[i].call,
			    json_string("{\"result\":1}"));
			waiting_answered++;
		}
		if (waiting_answered < waiting_ncalls)
			next = waiting_calls[waiting_answered].due - now_ms();
		pfd.fd = c.fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, next < 0 ? 0 : (int)next + 1) < 0 ||
		    now_ms() - t0 > 120000) {
			fprintf(stderr, "bench: the waiting runs stalled\n");
			exit(1);
		}
		if (pfd.revents & POLLIN)
			client_read(&c);
	}
	printf("daemon, %d runs awaiting a %.0f ms tool on 2 workers: %.2f s "
	       "wall (%d tool calls in flight at once; holding slots: %.0f "
	       "s)\n",
	    WAITING_RUNS, WAITING_TOOL_MS, (now_ms() - t0) / 1000, waiting_peak,
	    WAITING_RUNS / 2 * WAITING_TOOL_MS / 1000);
	capnweb_session_close(c.s, "done");
	capnweb_session_free(c.s);
	ws_assembler_free(&c.wsa);
	free(c.in);
	close(c.fd);
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	unlink(sock_path);
	memcpy(sock_path, saved, sizeof(saved));
}

/* The C client's dispatch: the same answer, made by the library's host.
 */
static char *
bench_cm_dispatch(void *ctx, const char *provider, const char *tool,
    const char *args_json, size_t args_len)
{
	(void)ctx;
	(void)provider;
	(void)tool;
	(void)args_json;
	(void)args_len;
	return strdup("{\"result\":1}");
}

/*
 * CPU time (ns, /proc/PID/schedstat) of the processes of our process
 * group: this one (the client), the daemon `d`, and the rest (the
 * zygote and the children, which the daemon forks into our group).
 */
static void
bench_group_cpu(pid_t d, double out[3])
{
	DIR *dir = opendir("/proc");
	struct dirent *de;
	pid_t me = getpid(), pgrp = getpgrp();

	out[0] = out[1] = out[2] = 0;
	if (dir == NULL)
		return;
	while ((de = readdir(dir)) != NULL) {
		char path[64], line[512], *rp;
		unsigned long long ns;
		int pid = atoi(de->d_name), pg;
		FILE *f;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		rp = fgets(line, sizeof(line), f) ? strrchr(line, ')') : NULL;
		fclose(f);
		/* ") S ppid pgrp" */
		if (rp == NULL || sscanf(rp + 2, "%*c %*d %d", &pg) != 1 ||
		    pg != pgrp)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fscanf(f, "%llu", &ns) == 1)
			out[pid == me ? 0 : pid == d ? 1 : 2] += (double)ns;
		fclose(f);
	}
	closedir(dir);
}

/* One blocking cm_execute of a run making `calls` awaited tool calls.
 */
static double
bench_cm_run(struct cm_client *cl, int calls)
{
	static const char *const tools[] = { "x" };
	struct cm_provider prov = { "t", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_error err;
	char code[160];
	double t0;

	snprintf(code, sizeof(code),
	    "async () => { for (let i = 0; i < %d; i++) await t.x(i); "
	    "return 1 }",
	    calls);
	req.code = code;
	req.providers = &prov;
	req.nproviders = 1;
	req.dispatch = bench_cm_dispatch;
	t0 = now_ms();
	if (cm_execute(cl, &req, &res, &err) != 0) {
		fprintf(stderr, "bench: cm_execute: %s\n", err.message);
		exit(1);
	}
	t0 = now_ms() - t0;
	if (res.result_json == NULL || strcmp(res.result_json, "1") != 0) {
		fprintf(stderr,
		    "bench: the C client's tool-call run failed: "
		    "%s\n",
		    res.error ? res.error : "?");
		exit(1);
	}
	cm_result_clear(&res);
	return t0;
}

/*
 * Tool calls through a C client (cm_execute with a dispatch function):
 * runs of 0, 10 and 100 awaited calls interleaved (0 10 100 0 10 100 ...)
 * so drift cancels; a call's cost is the median's slope over the 0-call
 * run. `what` names the client in the rows; `d` is the daemon's pid, or 0
 * for the in-process executor (its pool is this process, its children
 * "the sandbox").
 */
static void
bench_client_tool_calls(
    struct cm_client *cl, const char *what, int rounds, pid_t d)
{
	double c0[3], c1[3], cpu0[3] = { 0, 0, 0 }, cpu100[3] = { 0, 0, 0 };
	int k;
	double *t0 = calloc((size_t)rounds, sizeof(double));
	double *t10 = calloc((size_t)rounds, sizeof(double));
	double *t100 = calloc((size_t)rounds, sizeof(double));
	int i;

	for (i = 0; i < 5; i++) /* the tenant's child warms up */
		bench_cm_run(cl, 10);
	for (i = 0; i < rounds; i++) {
		bench_group_cpu(d, c0);
		t0[i] = bench_cm_run(cl, 0);
		bench_group_cpu(d, c1);
		for (k = 0; k < 3; k++)
			cpu0[k] += c1[k] - c0[k];
		t10[i] = bench_cm_run(cl, 10);
		bench_group_cpu(d, c0);
		t100[i] = bench_cm_run(cl, 100);
		bench_group_cpu(d, c1);
		for (k = 0; k < 3; k++)
			cpu100[k] += c1[k] - c0[k];
	}
	qsort(t0, (size_t)rounds, sizeof(double), cmp_double);
	qsort(t10, (size_t)rounds, sizeof(double), cmp_double);
	qsort(t100, (size_t)rounds, sizeof(double), cmp_double);
	printf("%s, 10 awaited tool calls: run %.3f ms, %.1f us per "
	       "call over the 0-call run (%.3f ms)\n",
	    what, t10[rounds / 2], (t10[rounds / 2] - t0[rounds / 2]) * 100.0,
	    t0[rounds / 2]);
	printf("%s, 100 awaited tool calls: run %.3f ms, %.1f us per call\n",
	    what, t100[rounds / 2], (t100[rounds / 2] - t0[rounds / 2]) * 10.0);
	/* CPU per call: the 100-call run less the 0-call run, per call.
	 */
	for (k = 0; k < 3; k++)
		cpu100[k] = (cpu100[k] - cpu0[k]) / (100.0 * rounds) / 1000.0;
	printf("%s, CPU per tool call: client %.1f us, daemon %.1f us, "
	       "sandbox %.1f us, total %.1f us\n",
	    what, cpu100[0], cpu100[1], cpu100[2],
	    cpu100[0] + cpu100[1] + cpu100[2]);
	free(t0);
	free(t10);
	free(t100);
}

/* Through the daemon: four processes woken in turn per call. */
static void
bench_daemon_client_tool_calls(int rounds, pid_t d)
{
	struct cm_client *cl;
	struct cm_error err;
	char url[160];

	snprintf(url, sizeof(url), "unix://%s", sock_path);
	if (cm_connect(url, NULL, &cl, &err) != 0) {
		fprintf(stderr, "bench: cm_connect: %s\n", err.message);
		exit(1);
	}
	bench_client_tool_calls(cl, "C client", rounds, d);
	cm_client_free(cl);
}

/*
 * The same calls through the in-process executor (cm_executor_new): the
 * host process stands in the daemon's place, so a call wakes two
 * processes (child, host, child) instead of four.
 */
static void
bench_executor_tool_calls(int rounds)
{
	struct cm_executor_options xo;
	struct cm_client *cl;
	struct cm_error err;
	const char *b = getenv("BUILD");
	char rel[256], image[PATH_MAX];

	/* The executor takes an absolute path only. */
	snprintf(rel, sizeof(rel), "%s/codemode-sandbox", b ? b : "build");
	if (realpath(rel, image) == NULL) {
		fprintf(stderr, "bench: %s: %s\n", rel, strerror(errno));
		exit(1);
	}
	memset(&xo, 0, sizeof(xo));
	xo.timeout = CM_TIMEOUT_ABSENT;
	xo.sandbox_image = image;
	if (cm_executor_new(&xo, &cl, &err) != 0) {
		fprintf(stderr, "bench: cm_executor_new: %s\n", err.message);
		exit(1);
	}
	bench_client_tool_calls(cl, "C client, in-process executor", rounds, 0);
	cm_client_free(cl);
}

static void
bench_daemon_idle(pid_t pid)
{
	struct client cs[100];
	long before = rss_kb(pid);
	int i;

	for (i = 0; i < 100; i++)
		if (client_open(&cs[i]) != 0) {
			fprintf(stderr, "bench: cannot connect\n");
			exit(1);
		}
	usleep(200000);
	printf("daemon RSS: %.1f MB, with 100 idle connections %.1f MB\n",
	    before / 1024.0, rss_kb(pid) / 1024.0);
	for (i = 0; i < 100; i++) {
		capnweb_session_free(cs[i].s);
		ws_assembler_free(&cs[i].wsa);
		free(cs[i].in);
		close(cs[i].fd);
	}
}

int
main(void)
{
	/* The EXECUTE payload as the daemon encodes it (ipcmsg.c):
	 * every key, since the child's decoder is strict. */
	const char *req_fmt =
	    "{\"code\":\"%s\",\"providers\":[],\"modules\":[],"
	    "\"timeout\":5000,\"grace\":1000,\"memoryLimit\":128,"
	    "\"countHostWaits\":false,\"outboundMode\":\"disabled\","
	    "\"retainHandles\":false}";
	char req[1024];
	pid_t d;
	int status;

	if (getenv(BENCH_CODE_ENV))
		bench_code = getenv(BENCH_CODE_ENV);
	snprintf(req, sizeof(req), req_fmt, bench_code);
	signal(SIGPIPE, SIG_IGN);
	lat = calloc(20000, sizeof(*lat));
	base = pool_base_new();
	printf("code: %s\n", bench_code);
	/*
	 * The engine figures come from a heap in this process; the
	 * pool's zygote is the sandbox image, but each one starts with
	 * a fork of this process before its exec, so the pool goes
	 * first, before this process grows (a larger parent would make
	 * every fork dearer).
	 */
	if (getenv("BENCH_WAITING_ONLY")) {
		bench_daemon_waiting_runs();
		return 0;
	}
	if (getenv("BENCH_TOOLS_ONLY"))
		goto daemon;
	if (getenv("BENCH_ENGINE_ONLY")) {
		bench_engine();
		return 0;
	}
	if (getenv("BENCH_DAEMON_ONLY") || getenv("BENCH_CLIENTS_ONLY"))
		goto daemon;
	bench_pool_throughput(1, 400, req);
	bench_pool_throughput(2, 400, req);
	bench_pool_retire(100, req);
	bench_pool_idle_latency(100, req, 0);
	bench_pool_idle_latency(100, req, 1);
	/* The same with one tenant: children reset their heap and stay.
	 */
	bench_tenant = 1;
	bench_pool_throughput(1, 2000, req);
	bench_pool_throughput(2, 2000, req);
	bench_pool_idle_latency(100, req, 1);
	bench_tenant = 0;
	bench_idle_rss();
	event_base_free(base);
	bench_engine();
	if (getenv("BENCH_POOL_ONLY"))
		return 0;

daemon:
	d = daemon_start();
	if (getenv("BENCH_TOOLS_ONLY")) {
		bench_daemon_client_tool_calls(
		    getenv("BENCH_ROUNDS") ? atoi(getenv("BENCH_ROUNDS")) : 60,
		    d);
		bench_daemon_tool_calls(500);
		bench_executor_tool_calls(
		    getenv("BENCH_ROUNDS") ? atoi(getenv("BENCH_ROUNDS")) : 60);
		goto out;
	}
	bench_daemon_clients(1, 1500);
	if (getenv("BENCH_TAIL_DETAIL"))
		goto out;
	bench_daemon_clients(8, 50);
	bench_daemon_clients(64, 8);
	/*
	 * The steady rate past the first run of each connection: 64
	 * connections should run as fast as 8 while their children stay
	 * (within --kept-memory), printing what each idle child holds.
	 */
	bench_daemon_clients_run(8, 200, 1, d);
	bench_daemon_clients_run(9, 200, 1, d);
	bench_daemon_clients_run(16, 100, 1, d);
	bench_daemon_clients_run(64, 25, 1, d);
	if (getenv("BENCH_CLIENTS_ONLY"))
		goto out;
	bench_daemon_client_tool_calls(
	    getenv("BENCH_ROUNDS") ? atoi(getenv("BENCH_ROUNDS")) : 60, d);
	bench_daemon_tool_calls(500);
	bench_daemon_idle(d);
	bench_executor_tool_calls(
	    getenv("BENCH_ROUNDS") ? atoi(getenv("BENCH_ROUNDS")) : 60);
out:
	if (d > 0) {
		kill(d, SIGTERM);
		waitpid(d, &status, 0);
	}
	if (!getenv("BENCH_TOOLS_ONLY") && !getenv("BENCH_TAIL_DETAIL") &&
	    !getenv("BENCH_CLIENTS_ONLY"))
		bench_daemon_waiting_runs();
	free(lat);
	return 0;
}
