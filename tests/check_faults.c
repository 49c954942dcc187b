/*
 * Fault injection against a real daemon on a private socket: children
 * killed with SIGKILL in the middle of a run, of a tool call and of a handle
 * invocation; callers that vanish, stop reading, trickle their heads or
 * reset their TCP connections; SIGTERM under load; descriptor exhaustion;
 * and allocation failures inside the daemon (tests/faults/failalloc.c, an
 * LD_PRELOAD shim). Each asserts what the caller sees and that the daemon
 * goes on serving everyone else.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "faults/failalloc.h"
#include "support/test_asan.h"
#include "support/test_http.h"
#include "proto/capnweb.h"
#include "proto/ws.h"
#include "support/test_client.h"
#include "support/test_daemon.h"
#include "support/test_shard.h"

static struct test_daemon td;

/*
 * Built with AddressSanitizer (make check SANITIZE=1), the daemon's malloc
 * is ASan's: a preloaded failing allocator would come before ASan's runtime,
 * which refuses to start then, and would not be called were it after. The
 * cases that preload tests/faults/failalloc.c are left to the plain build.
 */
#define FAULTS_UNDER_ASAN TEST_UNDER_ASAN

static void
start_daemon(const char *const *extra)
{
	ck_assert_int_eq(test_daemon_init(&td, "cm-faults"), 0);
	ck_assert_msg(
	    test_daemon_spawn(&td, test_daemon_binary(), "error", extra) == 0,
	    "the daemon did not start");
}

/* The daemon is still the process we started (not dead, not a zombie). */
static int
daemon_alive(void)
{
	int status;

	return td.pid > 0 && waitpid(td.pid, &status, WNOHANG) == 0;
}

static void
stop_daemon(void)
{
	int status = test_daemon_stop(&td);

	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "the daemon ended with status %#x", status);
}

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* ---- the daemon's processes and descriptors, from /proc ---- */

static pid_t
proc_ppid(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	int ppid = -1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fgets(buf, sizeof(buf), f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL)
		sscanf(p + 2, "%*c %d", &ppid);
	fclose(f);
	return ppid;
}

/*
 * The daemon's grandchildren: the children the zygote (its one child)
 * forked, which run executions. Returns how many were written to `out`.
 */
static int
workers(pid_t *out, int max)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL && n < max) {
		pid_t p = (pid_t)atoi(e->d_name), pp;

		if (p <= 0 || (pp = proc_ppid(p)) <= 0 || pp == td.pid)
			continue;
		if (proc_ppid(pp) == td.pid)
			out[n++] = p;
	}
	closedir(d);
	return n;
}

/* A process's CPU time so far, in clock ticks. */
static long
proc_ticks(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long ut = 0, st = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fgets(buf, sizeof(buf), f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL)
		sscanf(p + 2,
		    "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut,
		    &st);
	fclose(f);
	return (long)(ut + st);
}

/*
 * The worker under the test's run. The pool keeps spares forked from the
 * warm zygote, which have spent next to no CPU; the test's programs first
 * spin (SPIN, 0.4 s of CPU in the plain build, seconds under ASan), so
 * theirs is the one worker that is gaining CPU time steadily. Other
 * workers spend CPU in bursts: the zygote's rehearsal child while it warms
 * (so a test first waits for a served run: the zygote forks no worker
 * before its rehearsal child is reaped, expect_serving), a fresh child's
 * prewarm, a successor's rehearsal. Under ASan beside other suites such a
 * burst once passed a bound on the total alone and the test killed the
 * wrong process, so the candidate must have gained the most CPU in two
 * 100 ms windows in a row, at least 20 ms in each, and 100 ms in all.
 * Waits up to 10 s; the pid.
 */
#define SPIN "let spin = 0; for (let i = 0; i < 3e7; i++) spin += i; "
static pid_t
busy_worker(void)
{
	pid_t w[16], best, last = -1;
	long t0[16], now, gain, most;
	int i, j, n;

	for (i = 0; i < 100; i++) {
		n = workers(w, 16);
		for (j = 0; j < n; j++)
			t0[j] = proc_ticks(w[j]);
		usleep(100000);
		best = -1;
		most = 1;
		for (j = 0; j < n; j++) {
			now = proc_ticks(w[j]);
			gain = now - t0[j];
			if (t0[j] >= 0 && now >= 10 && gain > most) {
				most = gain;
				best = w[j];
			}
		}
		if (best != -1 && best == last)
			return best;
		last = best;
	}
	ck_abort_msg("no worker ever ran the test's program");
	return -1;
}

/*
 * The worker that ran the test's spin and now waits (on a tool): the one
 * with the most CPU time, at least 100 ms and twice any other worker's
 * (a burst of prewarm or rehearsal stays well under SPIN's 0.4 s), the
 * same in two looks 100 ms apart. Waits up to 10 s; the pid.
 */
static pid_t
spun_worker(void)
{
	pid_t w[16], best, last = -1;
	long t, most, next;
	int i, j, n;

	for (i = 0; i < 100; i++) {
		n = workers(w, 16);
		best = -1;
		most = next = 0;
		for (j = 0; j < n; j++) {
			t = proc_ticks(w[j]);
			if (t > most) {
				next = most;
				most = t;
				best = w[j];
			} else if (t > next)
				next = t;
		}
		if (most < 10 || most < 2 * next)
			best = -1;
		if (best != -1 && best == last)
			return best;
		last = best;
		usleep(100000);
	}
	ck_abort_msg("no worker ever ran the test's program");
	return -1;
}

static int
fd_count(pid_t pid)
{
	char path[64];
	DIR *d;
	struct dirent *e;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	if ((d = opendir(path)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* Polls (up to 10 s) until the daemon holds at most `want` descriptors. */
static int
fd_count_settles_at(int want)
{
	int i, n = fd_count(td.pid);

	for (i = 0; i < 1000 && n > want; i++) {
		usleep(10000);
		n = fd_count(td.pid);
	}
	return n;
}

/* ---- HTTP over the unix socket ---- */

static char *
http_exchange(const char *request)
{
	static char buf[65536];
	size_t got = 0;
	int fd = test_connect_unix(td.sock);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(
	    write(fd, request, strlen(request)), (ssize_t)strlen(request));
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t n;

		if (poll(&p, 1, 10000) <= 0)
			break;
		if ((n = read(fd, buf + got, sizeof(buf) - 1 - got)) <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	return buf;
}

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

/* Polls a gauge (up to 10 s) until it reads `want`; the last reading. */
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

/* ---- calls that may be many at once ---- */

struct call {
	int settles; /* how many times it settled: exactly one is right */
	int status;
	json_t *value;
};

static void
call_settle(void *udata, int status, json_t *value)
{
	struct call *k = udata;

	k->settles++;
	k->status = status;
	json_decref(k->value);
	k->value = json_incref(value);
}

static void
call_clear(struct call *k)
{
	json_decref(k->value);
	memset(k, 0, sizeof(*k));
}

static void
call_start(
    struct test_client *c, struct call *k, const char *method, json_t *args)
{
	call_clear(k); /* a reused call drops what it settled to before */
	ck_assert_int_gt(
	    capnweb_session_call(c->s, method, args, call_settle, k), 0);
	json_decref(args);
}

/* Pumps `c` until `k` settled or ms passed. */
static void
call_wait(struct test_client *c, struct call *k, int ms)
{
	long end = now_ms() + ms;

	while (k->settles == 0 && !c->closed && now_ms() < end)
		test_client_pump(c, &k->settles, 50);
}

static void
execute(struct test_client *c, struct call *k, const char *code)
{
	call_start(c, k, "execute",
	    json_pack(
		"[s, [], {s:i}, n, s]", code, "timeout", 60000, "disabled"));
}

static const char *
fault_code(const struct call *k)
{
	return json_string_value(capnweb_error_prop(k->value, "code"));
}

static const char *
result_json(const struct call *k)
{
	return json_string_value(json_object_get(k->value, "resultJson"));
}

static void
expect_result(const struct call *k, const char *want)
{
	ck_assert_int_eq(k->settles, 1);
	ck_assert_msg(k->status == CAPNWEB_RESOLVED && result_json(k) != NULL,
	    "status %d: %s", k->status,
	    k->value ? json_dumps(k->value, JSON_COMPACT) : "(none)");
	ck_assert_str_eq(result_json(k), want);
}

static void
expect_fault(const struct call *k, const char *code)
{
	ck_assert_int_eq(k->settles, 1);
	ck_assert_msg(k->status == CAPNWEB_REJECTED && fault_code(k) != NULL,
	    "status %d: %s", k->status,
	    k->value ? json_dumps(k->value, JSON_COMPACT) : "(none)");
	ck_assert_str_eq(fault_code(k), code);
}

/* A fresh connection runs a program to its answer: the daemon serves. */
static void
expect_serving(void)
{
	struct test_client c;
	struct call k = { 0 };

	ck_assert_msg(daemon_alive(), "the daemon died");
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	execute(&c, &k, "async () => 'still serving'");
	call_wait(&c, &k, 20000);
	expect_result(&k, "\"still serving\"");
	call_clear(&k);
	test_client_close(&c);
}

/* One child per run, forked on demand: the busy worker is the only one. */
static const char *const one_per_run[] = { "--spares", "0",
	"--executions-per-worker", "1", "--reuse-runs", "1", NULL };

static const char sleeper[] =
    "async () => { " SPIN "await new Promise((r) => setTimeout(r, 30000)); "
    "return 'slept' }";

/* ---- kill -9 a child ---- */

START_TEST(test_kill_child_mid_run)
{
	struct test_client c, other;
	struct call a = { 0 }, b = { 0 }, o = { 0 };
	pid_t victim;

	start_daemon(one_per_run);
	expect_serving(); /* the zygote warmed: its rehearsal child is gone */
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	ck_assert_int_eq(test_client_open(&other, td.sock), 0);
	execute(&c, &a, sleeper);
	victim = busy_worker();
	/* Two more runs in flight, one on the same connection. */
	execute(&c, &b,
	    "async () => { await new Promise((r) => setTimeout(r, 1500)); "
	    "return 'b' }");
	execute(&other, &o,
	    "async () => { await new Promise((r) => setTimeout(r, 1500)); "
	    "return 'o' }");
	usleep(300000);
	ck_assert_int_eq(kill(victim, SIGKILL), 0);
	call_wait(&c, &a, 10000);
	expect_fault(&a, "WORKER_CRASHED");
	call_wait(&c, &b, 10000);
	expect_result(&b, "\"b\"");
	call_wait(&other, &o, 10000);
	expect_result(&o, "\"o\"");
	/* The connection that lost a run carries on. */
	execute(&c, &b, "async () => 'after'");
	call_wait(&c, &b, 10000);
	expect_result(&b, "\"after\"");
	ck_assert_int_eq(metric("codemode_worker_crashes_total"), 1);
	call_clear(&a);
	call_clear(&b);
	call_clear(&o);
	test_client_close(&c);
	test_client_close(&other);
	expect_serving();
	stop_daemon();
}
END_TEST

/* A dispatch that holds every tool call unanswered until the test says. */
static struct capnweb_call *held;

static void
hold_dispatch(void *udata, struct capnweb_call *call)
{
	(void)udata;
	if (held != NULL)
		capnweb_call_reject(
		    held, capnweb_error_new("Error", "dropped"));
	held = call;
}

START_TEST(test_kill_child_mid_tool_call)
{
	struct test_client c;
	struct call a = { 0 };
	int target, never = 0;
	long end;

	start_daemon(one_per_run);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	target = capnweb_session_add_target(c.s, hold_dispatch, NULL);
	held = NULL;
	call_start(&c, &a, "execute",
	    json_pack("[s, [{s:s, s:[s]}], {s:i}, o, s]",
		"async () => { " SPIN "return await store.get({ id: 1 }) }",
		"name", "store", "tools", "get", "timeout", 60000,
		capnweb_value_target(target), "disabled"));
	end = now_ms() + 10000;
	while (held == NULL && now_ms() < end)
		test_client_pump(&c, &never, 50);
	ck_assert_msg(held != NULL, "the tool call never came");
	ck_assert_int_eq(kill(spun_worker(), SIGKILL), 0);
	call_wait(&c, &a, 10000);
	expect_fault(&a, "WORKER_CRASHED");
	/* The answer to the dead run's tool call arrives late: ignored. */
	capnweb_call_resolve(held, json_string("{\"result\":1}"));
	held = NULL;
	call_clear(&a);
	execute(&c, &a, "async () => 'next'");
	call_wait(&c, &a, 10000);
	expect_result(&a, "\"next\"");
	call_clear(&a);
	test_client_close(&c);
	expect_serving();
	stop_daemon();
}
END_TEST

START_TEST(test_kill_child_mid_handle_invocation)
{
	struct test_client c;
	struct call a = { 0 }, i = { 0 };
	char id[64];
	pid_t victim;

	start_daemon(one_per_run);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	call_start(&c, &a, "execute",
	    json_pack("[s, [], {s:b, s:i}, n, s]",
		"async () => (req) => { " SPIN "return new Promise((r) => "
		"setTimeout(() => r(new Response('late')), 30000)) }",
		"retainHandles", 1, "timeout", 60000, "disabled"));
	call_wait(&c, &a, 10000);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_ptr_nonnull(
	    json_string_value(json_object_get(a.value, "executionId")));
	snprintf(id, sizeof(id), "%s",
	    json_string_value(json_object_get(a.value, "executionId")));
	call_start(&c, &i, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://h.test/"));
	victim = busy_worker();
	ck_assert_int_eq(i.settles, 0);
	ck_assert_int_eq(kill(victim, SIGKILL), 0);
	call_wait(&c, &i, 10000);
	expect_fault(&i, "WORKER_CRASHED");
	call_clear(&i);
	/* The handles died with their child. */
	call_start(&c, &i, "invokeHandle",
	    json_pack("[s, s, {s:s}]", id, "fetch", "url", "https://h.test/"));
	call_wait(&c, &i, 10000);
	expect_fault(&i, "HANDLES_CLOSED");
	call_clear(&i);
	call_clear(&a);
	execute(&c, &a, "async () => 'next'");
	call_wait(&c, &a, 10000);
	expect_result(&a, "\"next\"");
	call_clear(&a);
	test_client_close(&c);
	expect_serving();
	stop_daemon();
}
END_TEST

/* ---- callers that misbehave ---- */

/*
 * Clients that vanish (no close frame, no FIN handshake) with runs going:
 * the runs are cancelled, their children end, and the daemon's descriptors
 * and gauges return to where they were.
 */
START_TEST(test_client_closes_mid_execution)
{
	const char *const extra[] = { "--max-workers", "8", "--spares", "0",
		"--executions-per-worker", "1", "--reuse-runs", "1", NULL };
	struct test_client c[4];
	struct call k[4][2] = { 0 };
	pid_t w[16];
	int i, base, base_w, target;

	start_daemon(extra);
	expect_serving();
	usleep(300000);
	base = fd_count(td.pid);
	base_w = workers(w, 16);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(test_client_open(&c[i], td.sock), 0);
		target =
		    capnweb_session_add_target(c[i].s, hold_dispatch, NULL);
		execute(&c[i], &k[i][0], sleeper);
		call_start(&c[i], &k[i][1], "execute",
		    json_pack("[s, [{s:s, s:[s]}], {s:i}, o, s]",
			"async () => await store.get({})", "name", "store",
			"tools", "get", "timeout", 60000,
			capnweb_value_target(target), "disabled"));
	}
	/* The sleepers hold their slots; the runs waiting on a tool hold
	 * none (parked). */
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 4), 4);
	ck_assert_int_eq(metric_settles_at("codemode_executions_parked", 4), 4);
	ck_assert_int_gt(fd_count(td.pid), base);
	for (i = 0; i < 4; i++) {
		close(c[i].fd); /* gone, mid-run */
		c[i].fd = -1;
		capnweb_session_free(c[i].s);
		ws_assembler_free(&c[i].wsa);
	}
	if (held != NULL) {
		capnweb_call_reject(held, capnweb_error_new("Error", "x"));
		held = NULL;
	}
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 0), 0);
	ck_assert_int_eq(metric_settles_at("codemode_executions_parked", 0), 0);
	ck_assert_int_eq(metric_settles_at("codemode_connections_open", 1), 1);
	ck_assert_int_le(fd_count_settles_at(base), base);
	/* Their children ended; what stays is the spare the pool keeps. */
	for (i = 0; i < 1000 && workers(w, 16) > base_w; i++)
		usleep(10000);
	ck_assert_int_le(workers(w, 16), base_w);
	for (i = 0; i < 4; i++) {
		call_clear(&k[i][0]);
		call_clear(&k[i][1]);
	}
	expect_serving();
	stop_daemon();
}
END_TEST

/*
 * A client that asks for megabytes and never reads them: whatever the
 * daemon does with its queue (holds it, pauses it, or closes it), other
 * clients are served meanwhile.
 */
START_TEST(test_client_stops_reading)
{
	struct test_client hog, c;
	struct call k[24] = { 0 }, o = { 0 };
	int i, small = 4096;
	long t0;

	start_daemon(NULL);
	ck_assert_int_eq(test_client_open(&hog, td.sock), 0);
	setsockopt(hog.fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	for (i = 0; i < 24; i++)
		execute(&hog, &k[i], "async () => 'x'.repeat(1 << 20)");
	/* Its runs are done (a minute at most on a loaded machine); their
	 * answers sit unread toward it. */
	for (i = 0; i < 5 && metric_settles_at("codemode_queue_depth", 0); i++)
		;
	ck_assert_int_eq(metric_settles_at("codemode_queue_depth", 0), 0);
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 0), 0);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	for (i = 0; i < 5; i++) {
		t0 = now_ms();
		execute(&c, &o, "async () => 6 * 7");
		call_wait(&c, &o, 10000);
		expect_result(&o, "42");
		ck_assert_int_lt(now_ms() - t0, 5000);
		call_clear(&o);
	}
	ck_assert_ptr_nonnull(strstr(
	    http_exchange("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"), "200"));
	test_client_close(&c);
	close(hog.fd);
	hog.fd = -1;
	capnweb_session_free(hog.s);
	ws_assembler_free(&hog.wsa);
	for (i = 0; i < 24; i++)
		call_clear(&k[i]);
	ck_assert_int_eq(metric_settles_at("codemode_connections_open", 1), 1);
	expect_serving();
	stop_daemon();
}
END_TEST

/*
 * Slowloris: upgrade heads trickled a byte at a time. Each is ended by the
 * head timeout however steadily it trickles (with a 408 or by an idle or
 * upgrade timeout's plain close), and nobody else waits on them.
 */
START_TEST(test_slowloris_upgrades)
{
	const char *extra[] = { "--head-timeout", "1000", NULL };
	static const char head[] =
	    "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
	    "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
	    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Slow: "
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "a"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "a";
	enum { N = 16 };
	int fds[N], ended[N], i, open_n = N, served = 0, open_at_serve = 0;
	size_t pos = 0;
	long t0, end_at[N];

	start_daemon(extra);
	for (i = 0; i < N; i++) {
		ck_assert_int_ge(fds[i] = test_connect_unix(td.sock), 0);
		fcntl(fds[i], F_SETFL, O_NONBLOCK);
		ended[i] = 0;
	}
	t0 = now_ms();
	while (open_n > 0 && now_ms() - t0 < 8000) {
		for (i = 0; i < N; i++) {
			char buf[256];
			ssize_t n;

			if (ended[i])
				continue;
			n = read(fds[i], buf, sizeof(buf) - 1);
			if (n == 0 || (n < 0 && errno != EAGAIN)) {
				ended[i] = 1;
			} else if (n > 0) {
				buf[n] = '\0';
				/* Only a timeout may answer an unfinished head.
				 */
				ck_assert_msg(
				    strstr(buf, " 408 ") != NULL, "%s", buf);
				ended[i] = 1;
			} else if (pos < sizeof(head) - 1 &&
			    write(fds[i], head + pos, 1) != 1) {
				ended[i] = 1;
			}
			if (ended[i]) {
				end_at[i] = now_ms() - t0;
				open_n--;
			}
		}
		pos++;
		/* Meanwhile, others are served at once. */
		if (pos % 3 == 0 && served < 3) {
			if (served == 0)
				open_at_serve = open_n;
			expect_serving();
			served++;
		}
		usleep(100000);
	}
	ck_assert_int_eq(open_n, 0);
	for (i = 0; i < N; i++) {
		ck_assert_int_lt(end_at[i], 4000);
		close(fds[i]);
	}
	/* Served while slow heads were open: under ASan beside other suites
	 * one run can outlast the head timeout, so only the first counts. */
	ck_assert_int_ge(served, 1);
	ck_assert_int_gt(open_at_serve, 0);
	expect_serving();
	stop_daemon();
}
END_TEST

/* Opens a WebSocket over TCP and starts a long run on it; the socket. */
static int
tcp_session_with_run(int port)
{
	struct sockaddr_in sin;
	struct capnweb_config cfg;
	struct capnweb_session *s;
	static struct call ignored;
	json_t *args;
	char buf[1024], *msg;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	size_t len;
	long n;
	ssize_t r;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons(port);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sin, sizeof(sin)), 0);
	snprintf(buf, sizeof(buf),
	    "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
	    "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
	    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
	ck_assert_int_eq(write(fd, buf, strlen(buf)), (ssize_t)strlen(buf));
	r = read(fd, buf, sizeof(buf) - 1);
	ck_assert_int_gt(r, 12);
	buf[r] = '\0';
	ck_assert_msg(strncmp(buf, "HTTP/1.1 101 ", 13) == 0, "%s", buf);
	/* execute's push and pull, as a capnweb session writes them. */
	memset(&cfg, 0, sizeof(cfg));
	ck_assert_ptr_nonnull(s = capnweb_session_new(&cfg));
	args = json_pack(
	    "[s, [], {s:i}, n, s]", sleeper, "timeout", 60000, "disabled");
	ck_assert_int_gt(
	    capnweb_session_call(s, "execute", args, call_settle, &ignored), 0);
	json_decref(args);
	while ((msg = capnweb_session_take_outgoing(s, &len)) != NULL) {
		uint8_t *frame = malloc(len + WS_MAX_HEADER);

		n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT,
		    (const uint8_t *)msg, len, frame, len + WS_MAX_HEADER);
		ck_assert_int_gt(n, 0);
		ck_assert_int_eq(write(fd, frame, (size_t)n), n);
		free(frame);
		free(msg);
	}
	capnweb_session_free(s);
	call_clear(&ignored); /* settled by the free: the run is the socket's */
	return fd;
}

/*
 * Half-open TCP: a peer whose connection is reset (SO_LINGER 0) and a peer
 * that goes silent without any FIN (it neither reads nor answers pings).
 * Both are noticed, their runs cancelled, and nothing stays behind.
 */
START_TEST(test_half_open_tcp)
{
	char port[16];
	const char *extra[] = { "--port", port, "--host", "127.0.0.1",
		"--ping-interval", "300", "--spares", "0",
		"--executions-per-worker", "1", "--reuse-runs", "1", NULL };
	struct linger lg = { 1, 0 };
	int base, fd, silent, zero = 0, i;
	pid_t w[4];

	snprintf(port, sizeof(port), "%d", test_free_port());
	start_daemon(extra);
	expect_serving();
	base = fd_count(td.pid);
	/* Reset. */
	fd = tcp_session_with_run(atoi(port));
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 1), 1);
	setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	close(fd);
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 0), 0);
	ck_assert_int_le(fd_count_settles_at(base), base);
	/* Silent: the socket stays open on our side but nothing moves. */
	silent = tcp_session_with_run(atoi(port));
	setsockopt(silent, SOL_SOCKET, SO_RCVBUF, &zero, sizeof(zero));
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 1), 1);
	ck_assert_int_eq(
	    metric_settles_at("codemode_executions_running", 0), 0);
	ck_assert_int_eq(metric_settles_at("codemode_executions_parked", 0), 0);
	ck_assert_int_eq(metric_settles_at("codemode_connections_open", 1), 1);
	ck_assert_int_le(fd_count_settles_at(base), base);
	/* What stays is the spare the pool keeps. */
	for (i = 0; i < 1000 && workers(w, 4) > 1; i++)
		usleep(10000);
	ck_assert_int_le(workers(w, 4), 1);
	close(silent);
	expect_serving();
	stop_daemon();
}
END_TEST

/*
 * SIGTERM with runs in flight and queued on many connections: every call
 * gets exactly one answer, its result (the drain is long enough for all),
 * none is lost to the closing connection, and the daemon exits 0.
 */
START_TEST(test_sigterm_under_load)
{
	const char *extra[] = { "--shutdown-drain", "15000", NULL };
	enum { NC = 6, NK = 4 };
	struct test_client c[NC];
	struct call k[NC][NK] = { 0 };
	char code[160], want[16];
	int i, j, status, answered = 0, results = 0;
	long end;

	start_daemon(extra);
	for (i = 0; i < NC; i++) {
		ck_assert_int_eq(test_client_open(&c[i], td.sock), 0);
		for (j = 0; j < NK; j++) {
			snprintf(code, sizeof(code),
			    "async () => { await new Promise((r) => "
			    "setTimeout(r, %d)); return %d }",
			    50 * (1 + (i + j) % 8), i * NK + j);
			execute(&c[i], &k[i][j], code);
		}
	}
	usleep(200000);
	kill(td.pid, SIGTERM);
	end = now_ms() + 20000;
	while (answered < NC * NK && now_ms() < end) {
		answered = 0;
		for (i = 0; i < NC; i++) {
			int never = 0;

			test_client_pump(&c[i], &never, 10);
			for (j = 0; j < NK; j++)
				answered += k[i][j].settles != 0;
		}
	}
	for (i = 0; i < NC; i++)
		for (j = 0; j < NK; j++) {
			struct call *x = &k[i][j];

			ck_assert_int_eq(x->settles, 1);
			ck_assert_msg(x->status != CAPNWEB_BROKEN,
			    "call %d/%d lost with its connection", i, j);
			if (x->status == CAPNWEB_RESOLVED) {
				snprintf(want, sizeof(want), "%d", i * NK + j);
				ck_assert_str_eq(result_json(x), want);
				results++;
			} else {
				ck_assert_ptr_nonnull(fault_code(x));
			}
			call_clear(x);
		}
	/*
	 * Accepted work is finished within the drain: the runs still queued
	 * at the signal got children and ran too.
	 */
	ck_assert_int_eq(results, NC * NK);
	for (i = 0; i < NC; i++)
		test_client_close(&c[i]);
	status = test_daemon_reap(&td);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	rmdir(td.dir);
}
END_TEST

/*
 * Descriptor exhaustion: under RLIMIT_NOFILE 64, far more connections than
 * descriptors, while a connection opened before asks for runs (each wants
 * a child, a descriptor). The daemon survives, every run gets exactly one
 * answer, and once the flood goes the pool is back: a zygote that died or
 * could not start at EMFILE is started again.
 */
static const char *const fd_reserve_none[] = { "--fd-reserve", "0", NULL };

START_TEST(test_descriptor_exhaustion)
{
	struct rlimit old, low;
	enum { N = 120, NK = 3 };
	struct test_client c;
	struct call k[NK] = { 0 };
	int fds[N], i, n = 0;
	long end;

	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &old), 0);
	low = old;
	low.rlim_cur = 64;
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &low), 0);
	/* No descriptors held back from connections: the flood must reach
	 * EMFILE itself, not the connection limit the reserve would lower
	 * to one (which would shed the working connection as idle). */
	start_daemon(fd_reserve_none);
	/* Back to ours: the flood below needs more than 64 here. */
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &old), 0);
	expect_serving();
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	for (i = 0; i < N; i++)
		if ((fds[n] = test_connect_unix(td.sock)) >= 0)
			n++;
	usleep(300000);
	for (i = 0; i < NK; i++) {
		char code[64];

		snprintf(code, sizeof(code), "async () => %d", i);
		execute(&c, &k[i], code);
		call_wait(&c, &k[i], 1000);
	}
	ck_assert_msg(daemon_alive(), "the daemon died at EMFILE");
	for (i = 0; i < n; i++)
		close(fds[i]);
	end = now_ms() + 20000;
	for (i = 0; i < NK; i++) {
		call_wait(&c, &k[i], (int)(end - now_ms()));
		ck_assert_int_eq(k[i].settles, 1);
		ck_assert_int_ne(k[i].status, CAPNWEB_BROKEN);
		call_clear(&k[i]);
	}
	test_client_close(&c);
	expect_serving();
	ck_assert_int_le(fd_count_settles_at(64), 64);
	stop_daemon();
}
END_TEST

/* ---- allocation failure ---- */

static const char *
failalloc_path(void)
{
	const char *b = getenv("BUILD");
	static char path[512];

	snprintf(
	    path, sizeof(path), "%s/tests/libfailalloc.so", b ? b : "build");
	return path;
}

/*
 * Starts the daemon with the failing allocator preloaded (disarmed), its
 * control block at <dir>/ctl (path into ctlpath); `only` as
 * $CM_FAILALLOC_ONLY (NULL: every allocation counts), `program` as
 * $CM_FAILALLOC_PROGRAM (the daemon, or the fetcher it execs with the
 * same environment; NULL: both).
 */
static struct failalloc_ctl *
failalloc_spawn(const char *prefix, const char *only, const char *program,
    const char *const *extra, char *ctlpath, size_t len)
{
	struct failalloc_ctl *ctl;
	char abs_so[512];
	int fd;

	ck_assert_ptr_nonnull(realpath(failalloc_path(), abs_so));
	ck_assert_int_eq(test_daemon_init(&td, prefix), 0);
	snprintf(ctlpath, len, "%s/ctl", td.dir);
	fd = open(ctlpath, O_RDWR | O_CREAT, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, sizeof(*ctl)), 0);
	ctl =
	    mmap(NULL, sizeof(*ctl), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ck_assert_ptr_ne(ctl, MAP_FAILED);
	close(fd);
	setenv("LD_PRELOAD", abs_so, 1);
	setenv("CM_FAILALLOC", ctlpath, 1);
	if (only != NULL)
		setenv("CM_FAILALLOC_ONLY", only, 1);
	if (program != NULL)
		setenv("CM_FAILALLOC_PROGRAM", program, 1);
	ck_assert_int_eq(
	    test_daemon_spawn(&td, test_daemon_binary(), "error", extra), 0);
	unsetenv("LD_PRELOAD");
	unsetenv("CM_FAILALLOC");
	unsetenv("CM_FAILALLOC_ONLY");
	unsetenv("CM_FAILALLOC_PROGRAM");
	return ctl;
}

/*
 * expect_serving after a failure, at the first attempt: nothing the
 * failure touched may be left for the next run to meet (a child whose
 * frames never go out, which libevent 2.1's bufferevent_socket_new once
 * left behind when its evbuffer_add_cb failed, ending that run at its
 * clock instead).
 */
static void
sweep_serving(long n)
{
	struct test_client c;
	struct call k = { 0 };

	ck_assert_msg(
	    daemon_alive(), "the daemon died after allocation %ld", n);
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	call_start(&c, &k, "execute",
	    json_pack("[s, [], {s:i}, n, s]", "async () => 'still serving'",
		"timeout", 2000, "disabled"));
	call_wait(&c, &k, 15000);
	ck_assert_msg(
	    k.settles == 1, "no answer after the failure of allocation %ld", n);
	ck_assert_msg(k.status == CAPNWEB_RESOLVED && result_json(&k) != NULL &&
		strcmp(result_json(&k), "\"still serving\"") == 0,
	    "after the failure of allocation %ld: %s", n,
	    k.value ? json_dumps(k.value, JSON_COMPACT) : "(none)");
	call_clear(&k);
	test_client_close(&c);
}

/* One execution an allocation sweep runs, and the results it accepts. */
struct sweep {
	const char *prefix; /* of the daemon's directory */
	const char
	    *program; /* whose allocations fail ($CM_FAILALLOC_PROGRAM) */
	const char *const *extra; /* the daemon's flags */
	const char *code, *mode; /* the execution and its outbound mode */
	const char *const *results; /* resultJson accepted, NULL-ended */
};

static int
sweep_accepts(const struct sweep *sw, const char *result)
{
	const char *const *r;

	for (r = sw->results; *r != NULL; r++)
		if (strcmp(result, *r) == 0)
			return 1;
	return 0;
}

/*
 * Fails the n-th allocation made while serving `sw`'s execution, for every
 * n from 1 until the execution no longer reaches n, JSON parsing included
 * (jsonguard). Each answer is an accepted result, or INTERNAL, or (when
 * the failure hit the connection itself) the session ending; never a
 * daemon crash, never WORKER_CRASHED (the child did not crash: the daemon
 * failed on its channel), never a run left to end at its clock; and the
 * daemon serves the next caller.
 */
static void
failalloc_sweep(const struct sweep *sw)
{
	char ctlpath[128];
	struct failalloc_ctl *ctl;
	long n, first, stride, last = 0, internal = 0, results = 0, broken = 0;
	const char *s = getenv("CM_FAILALLOC_STRIDE");
	int target;

	stride = s ? atol(s) : 1;
	/* To replay one failure: CM_FAILALLOC_FROM=n. */
	s = getenv("CM_FAILALLOC_FROM");
	first = s ? atol(s) : 1;
	ctl = failalloc_spawn(
	    sw->prefix, NULL, sw->program, sw->extra, ctlpath, sizeof(ctlpath));
	for (n = first;; n += stride) {
		struct test_client c;
		struct call k = { 0 };

		ck_assert_int_eq(test_client_open(&c, td.sock), 0);
		target = capnweb_session_add_target(c.s, hold_dispatch, NULL);
		ctl->calls = 0;
		ctl->failed = 0;
		ctl->target = n;
		call_start(&c, &k, "execute",
		    json_pack("[s, [{s:s, s:[s]}], {s:i}, o, s]", sw->code,
			"name", "store", "tools", "get", "timeout", 3000,
			capnweb_value_target(target), sw->mode));
		/* Answer the tool call as it comes; then the result. */
		{
			long end = now_ms() + 15000;

			while (k.settles == 0 && !c.closed && now_ms() < end) {
				test_client_pump(&c, &k.settles, 50);
				if (held != NULL) {
					capnweb_call_resolve(held,
					    json_string("{\"result\":7}"));
					held = NULL;
				}
			}
		}
		ctl->target = 0;
		ck_assert_msg(daemon_alive(),
		    "the daemon died failing allocation %ld", n);
		if (k.settles == 0 || k.status == CAPNWEB_BROKEN) {
			/* The session ended under the failure. */
			ck_assert_msg(k.settles != 0 || c.closed,
			    "allocation %ld: no answer and no close", n);
			broken++;
		} else if (k.status == CAPNWEB_RESOLVED &&
		    result_json(&k) != NULL &&
		    sweep_accepts(sw, result_json(&k))) {
			results++;
		} else if (k.status == CAPNWEB_REJECTED &&
		    fault_code(&k) == NULL) {
			/* capnweb could not encode the answer: it rejects
			 * the call with its own TypeError, as JS does. */
			ck_assert_msg(capnweb_error_message(k.value) != NULL &&
				strstr(capnweb_error_message(k.value),
				    "out of memory") != NULL,
			    "allocation %ld: %s", n,
			    json_dumps(k.value, JSON_COMPACT));
			results++;
		} else if (k.status == CAPNWEB_REJECTED) {
			/*
			 * INTERNAL where the daemon's own step failed, on
			 * the channel to the child too (a frame it could not
			 * read, decode or write, a result it could not
			 * compose): that child goes, but it did not crash.
			 */
			ck_assert_msg(strcmp(fault_code(&k), "INTERNAL") == 0,
			    "allocation %ld: %s", n,
			    json_dumps(k.value, JSON_COMPACT));
			internal++;
		} else {
			/* In-band: the run failed (a log line or a tool call
			 * the daemon could not carry); it still answered,
			 * and not by running out its clock. */
			const char *e = json_string_value(
			    json_object_get(k.value, "error"));

			ck_assert_msg(k.status == CAPNWEB_RESOLVED,
			    "allocation %ld: status %d", n, k.status);
			ck_assert_msg(
			    e == NULL || strstr(e, "timed out") == NULL,
			    "allocation %ld: the run ended at its clock: %s", n,
			    e);
			results++;
		}
		call_clear(&k);
		if (held != NULL) {
			capnweb_call_reject(
			    held, capnweb_error_new("Error", "x"));
			held = NULL;
		}
		test_client_close(&c);
		last = n;
		if (ctl->failed == 0)
			break; /* the execution never reached allocation n */
		ck_assert_int_lt(n, 100000);
		sweep_serving(n);
	}
	fprintf(stderr,
	    "failalloc: %ld allocation points, %ld answered in-band, "
	    "%ld INTERNAL, %ld sessions ended\n",
	    last, results, internal, broken);
	ck_assert_int_gt(last, 20);
	/* The submit's own allocations fail as INTERNAL (api_execute). */
	if (first == 1 && stride == 1)
		ck_assert_int_gt(internal, 0);
	expect_serving();
	munmap(ctl, sizeof(*ctl));
	unlink(ctlpath);
	stop_daemon();
}

/* An execution with a log line and a tool call. */
START_TEST(test_allocation_failure_sweep)
{
	static const char *const results[] = { "[7,\"done\"]", NULL };
	const struct sweep sw = { "cm-failalloc", "codemode-executord", NULL,
		"async () => { console.log('a line'); "
		"return [await store.get({ id: 1 }), 'done'] }",
		"disabled", results };

	failalloc_sweep(&sw);
}
END_TEST

/*
 * An execution with a native fetch: the daemon's side of the fetcher
 * (starting it, the link, the relay) fails at every step in turn. The
 * fetch answers, or fails in-band. (The fetcher's own allocations are
 * test_allocation_failure_in_libcurl's.)
 */
START_TEST(test_allocation_failure_sweep_native_fetch)
{
	static const char *const results[] = { "[200]",
		"[\"The fetch failed\"]", "[\"The fetch could\"]", NULL };
	const char *const extra[] = { "--outbound-allow", "127.0.0.1", NULL };
	char code[512];
	int sport = test_http_start();
	struct sweep sw = { "cm-failfetch", "codemode-executord", extra, code,
		"native", results };

	snprintf(code, sizeof(code),
	    "async () => { try { const r = await fetch("
	    "'http://127.0.0.1:%d/x'); return [r.status] } catch (e) "
	    "{ return [e.message.slice(0, 16)] } }",
	    sport);
	failalloc_sweep(&sw);
	test_http_stop();
}
END_TEST

/*
 * libevent 2.1's bufferevent_socket_new ignores a failure of its
 * evbuffer_add_cb, the hook that schedules writing once output is queued:
 * a connection or a child's channel made then would queue what it writes
 * for ever. Every allocation under evbuffer_add_cb fails here, from before
 * the caller connects and while each run forks its child on demand; the
 * daemon writes anyway (it enables writing itself), so each run is
 * answered at once rather than at its clock.
 */
START_TEST(test_allocation_failure_in_a_bufferevent_hook)
{
	char ctlpath[128];
	const char *const extra[] = { "--spares", "0",
		"--executions-per-worker", "1", "--reuse-runs", "1", NULL };
	struct failalloc_ctl *ctl;
	struct test_client c;
	struct call k = { 0 };
	long started;
	int i;

	ctl = failalloc_spawn("cm-failhook", "evbuffer_add_cb",
	    "codemode-executord", extra, ctlpath, sizeof(ctlpath));
	ctl->calls = 0;
	ctl->failed = 0;
	ctl->every = 1;
	ctl->target = 1;
	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	for (i = 0; i < 3; i++) {
		started = now_ms();
		call_start(&c, &k, "execute",
		    json_pack("[s, [], {s:i}, n, s]", "async () => 'written'",
			"timeout", 5000, "disabled"));
		call_wait(&c, &k, 15000);
		expect_result(&k, "\"written\"");
		ck_assert_msg(now_ms() - started < 4000,
		    "run %d was answered after %ld ms", i, now_ms() - started);
		call_clear(&k);
	}
	/* The hooks of the connection and of each run's child failed. */
	ck_assert_int_ge(ctl->failed, 4);
	ctl->target = 0;
	test_client_close(&c);
	munmap(ctl, sizeof(*ctl));
	unlink(ctlpath);
	stop_daemon();
}
END_TEST

/*
 * libcurl 7.88 (Debian 12) cannot take a failed allocation in its multi
 * interface: a hash table left with no slots then divides by zero
 * (SIGFPE). Native fetches run in the fetcher, so here every n-th
 * allocation the fetcher makes (starting, its link, libcurl, OpenSSL)
 * fails in turn while a run fetches from loopback: each fetch is answered
 * (the body, or a TypeError in-band) or, where libcurl lost the transfer,
 * ends with the run's clock; never a daemon crash, and the daemon serves
 * on.
 */
START_TEST(test_allocation_failure_in_libcurl)
{
	const char *const extra[] = { "--outbound-allow", "127.0.0.1", NULL };
	char ctlpath[128], code[512];
	struct failalloc_ctl *ctl;
	long n, ok = 0, failed_in_band = 0, lost = 0;
	int sport = test_http_start();

	ctl = failalloc_spawn("cm-failcurl", NULL, "codemode-fetcher", extra,
	    ctlpath, sizeof(ctlpath));
	snprintf(code, sizeof(code),
	    "async () => { try { const r = await fetch("
	    "'http://127.0.0.1:%d/x'); return ['ok', r.status] } catch (e) "
	    "{ return [e instanceof TypeError, e.message] } }",
	    sport);
	for (n = 1;; n++) {
		struct test_client c;
		struct call k = { 0 };
		json_t *r;
		const char *m;

		ck_assert_int_eq(test_client_open(&c, td.sock), 0);
		ctl->calls = 0;
		ctl->failed = 0;
		ctl->target = n;
		call_start(&c, &k, "execute",
		    json_pack("[s, [], {s:i}, n, s]", code, "timeout", 1500,
			"native"));
		call_wait(&c, &k, 15000);
		ctl->target = 0;
		ck_assert_msg(daemon_alive(),
		    "the daemon died failing libcurl's allocation %ld", n);
		ck_assert_msg(k.settles == 1 && k.status == CAPNWEB_RESOLVED,
		    "allocation %ld: no answer", n);
		if (result_json(&k) == NULL) {
			/* libcurl may lose a transfer after a failed
			 * allocation: the run's clock ends it. */
			m = json_string_value(
			    json_object_get(k.value, "error"));
			ck_assert_msg(
			    m != NULL && strstr(m, "timed out") != NULL,
			    "allocation %ld: %s", n,
			    json_dumps(k.value, JSON_COMPACT));
			lost++;
			goto next;
		}
		ck_assert_ptr_nonnull(r = json_loads(result_json(&k), 0, NULL));
		m = json_string_value(json_array_get(r, 1));
		if (json_is_true(json_array_get(r, 0)))
			/* Or the bare words, where even composing the
			 * text found no memory (as in the daemon). */
			ck_assert_msg(m != NULL &&
				(strncmp(m, "The fetch failed: ", 18) == 0 ||
				    strncmp(m, "The fetch could not start: ",
					27) == 0 ||
				    strcmp(m, "out of memory") == 0),
			    "allocation %ld: %s", n, m ? m : "?"),
			    failed_in_band++;
		else {
			m = json_string_value(json_array_get(r, 0));
			ck_assert_msg(m != NULL && strcmp(m, "ok") == 0 &&
				json_integer_value(json_array_get(r, 1)) == 200,
			    "allocation %ld: %s", n, result_json(&k));
			ok++;
		}
		json_decref(r);
	next:
		call_clear(&k);
		test_client_close(&c);
		if (ctl->failed == 0)
			break; /* the fetch never reached allocation n */
		ck_assert_int_lt(n, 5000);
	}
	fprintf(stderr,
	    "failalloc: %ld allocations of the fetcher's, "
	    "%ld fetches failed in-band, %ld answered, %ld lost to the run's "
	    "clock\n",
	    n - 1, failed_in_band, ok, lost);
	ck_assert_int_gt(n, 10);
	expect_serving();
	munmap(ctl, sizeof(*ctl));
	unlink(ctlpath);
	stop_daemon();
	test_http_stop();
}
END_TEST

/* One case per test, so CK_RUN_CASE=<test> runs one alone; each mostly
 * waits, so make check may run them in shares (support/test_shard.h). */
#define FAULTS_CASE(s, t)                                                      \
	do {                                                                   \
		if (test_shard_take()) {                                       \
			TCase *tc = tcase_create(#t);                          \
			tcase_set_timeout(tc, 180);                            \
			tcase_add_test(tc, t);                                 \
			suite_add_tcase(s, tc);                                \
		}                                                              \
	} while (0)

int
main(void)
{
	Suite *s = suite_create("faults");
	SRunner *sr;
	int failed;

	signal(SIGPIPE, SIG_IGN);
	FAULTS_CASE(s, test_kill_child_mid_run);
	FAULTS_CASE(s, test_kill_child_mid_tool_call);
	FAULTS_CASE(s, test_kill_child_mid_handle_invocation);
	FAULTS_CASE(s, test_client_closes_mid_execution);
	FAULTS_CASE(s, test_client_stops_reading);
	FAULTS_CASE(s, test_slowloris_upgrades);
	FAULTS_CASE(s, test_half_open_tcp);
	FAULTS_CASE(s, test_sigterm_under_load);
	FAULTS_CASE(s, test_descriptor_exhaustion);
	if (!FAULTS_UNDER_ASAN) {
		FAULTS_CASE(s, test_allocation_failure_sweep);
		FAULTS_CASE(s, test_allocation_failure_in_a_bufferevent_hook);
		FAULTS_CASE(s, test_allocation_failure_in_libcurl);
		FAULTS_CASE(s, test_allocation_failure_sweep_native_fetch);
	} else
		fprintf(stderr,
		    "faults: the failing-allocator cases need the plain build "
		    "(ASan owns malloc); skipped\n");
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
