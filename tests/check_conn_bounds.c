/*
 * Integration: the bounds one tenant meets on its connections
 * (spec/operations.md, "Bounds per tenant"), each against a real daemon on
 * a private unix socket: bytes queued toward a client that never reads
 * (back-pressure, then the hard cap), connections per peer uid and per
 * token (TCP on a loopback port), idle
 * connections before and after the upgrade, descriptor exhaustion, and
 * retained executions per connection. Each test shows that another client
 * is still served while one tenant sits at its bound.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include <codemode/protocol.h>

#include "proto/capnweb.h"
#include "proto/http.h"
#include "proto/ws.h"
#include "support/test_client.h"
#include "support/test_daemon.h"
#include "support/test_shard.h"

static struct test_daemon td;

/*
 * Built with AddressSanitizer (make check SANITIZE=1) the daemon is too:
 * its freed blocks wait in ASan's quarantine (256 MB by default) before
 * reuse, and shadow memory and redzones add about a quarter again to
 * what it holds. The daemon is started with a small quarantine, and the
 * RSS bounds below allow for those costs; everything else is measured as
 * in the plain build.
 */
#if defined(__SANITIZE_ADDRESS__)
#define BOUNDS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BOUNDS_UNDER_ASAN 1
#endif
#endif
#ifndef BOUNDS_UNDER_ASAN
#define BOUNDS_UNDER_ASAN 0
#endif
#define BOUNDS_ASAN_QUARANTINE_MB 8
/* An RSS growth bound of `bytes` in the plain build, as measured here. */
#define BOUNDS_RSS(bytes)                                                      \
	(BOUNDS_UNDER_ASAN ? (bytes) / 4 * 5 +                                 \
		    (long)(2 * BOUNDS_ASAN_QUARANTINE_MB) * 1048576            \
			   : (bytes))

static void
start_daemon_nofile(const char *const *extra, unsigned long nofile)
{
	/* BOUNDS_LOG=info shows the daemon's log while debugging. */
	const char *level = getenv("BOUNDS_LOG");

	if (BOUNDS_UNDER_ASAN) {
		const char *o = getenv("ASAN_OPTIONS");
		char opts[512];

		snprintf(opts, sizeof(opts), "%s%squarantine_size_mb=%d",
		    o ? o : "", o && *o ? ":" : "", BOUNDS_ASAN_QUARANTINE_MB);
		setenv("ASAN_OPTIONS", opts, 1);
	}

	ck_assert_int_eq(test_daemon_init(&td, "cm-bounds"), 0);
	ck_assert_msg(test_daemon_spawn_nofile(&td, test_daemon_binary(),
			  level ? level : "warn", extra, nofile) == 0,
	    "the daemon did not start");
}

static void
start_daemon(const char *const *extra)
{
	start_daemon_nofile(extra, 0);
}

/* Writes the token "s3cret" to a file of this process's own, named in path. */
static void
token_file(char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "/tmp/cm-bounds-token-%d", (int)getpid());
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs("s3cret\n", f);
	fclose(f);
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

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

/* One sample of /metrics (`name` may carry its labels). */
static long
metric(const char *name)
{
	const char *r = http_get("/metrics");
	char key[128];
	const char *m;

	snprintf(key, sizeof(key), "\n%s ", name);
	ck_assert_msg((m = strstr(r, key)) != NULL, "no %s in /metrics", name);
	return atol(m + strlen(key));
}

/* Polls `name` until it reaches at least `want`, at most ms; its value. */
static long
metric_wait_ge(const char *name, long want, int ms)
{
	double end = now_ms() + ms;
	long v;

	while ((v = metric(name)) < want && now_ms() < end)
		usleep(50000);
	return v;
}

/* The daemon's resident set in kB (/proc/<pid>/status VmRSS), or -1. */
static long
vmrss_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "VmRSS:", 6) == 0)
			kb = atol(line + 6);
	fclose(f);
	return kb;
}

/* execute(code, [], {timeout}, undefined, "disabled") */
static json_t *
exec_args(const char *code, int timeout_ms)
{
	if (timeout_ms > 0)
		return json_pack("[s, [], {s:i}, n, s]", code, "timeout",
		    timeout_ms, "disabled");
	return json_pack("[s, [], {}, n, s]", code, "disabled");
}

/* Starts execute(code) on `c` into `a` (cleared first). */
static void
exec_start(struct test_client *c, const char *code, int timeout_ms,
    struct test_answer *a)
{
	json_t *args = exec_args(code, timeout_ms);

	memset(a, 0, sizeof(*a));
	ck_assert_int_gt(
	    capnweb_session_call(c->s, "execute", args, test_answer_settle, a),
	    0);
	json_decref(args);
}

/* Clears n answers (a closed session settles what was unsettled). */
static void
answers_clear(struct test_answer *a, int n)
{
	int i;

	for (i = 0; i < n; i++)
		test_answer_clear(&a[i]);
}

/*
 * The silence a client queued behind the peer tests' four 20 s runs may
 * meet (test_client_pump's bound is the longest gap between bytes): the
 * queue is oldest first, so it waits two rounds, about 40 s, and hears
 * only the daemon's pings meanwhile, every SERVER_PING_INTERVAL (30 s).
 * A 30 s bound raced the ping and lost under load.
 */
#define FRESH_WAIT_MS 60000

/* A fresh client's `21 * 2` is answered with 42 within ms. */
static void
fresh_client_answers(int ms)
{
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a;

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	exec_start(c, "async () => 21 * 2", 0, &a);
	test_client_pump(c, &a.done, ms);
	ck_assert_msg(a.done == 1, "a fresh client got no answer in %d ms", ms);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "42");
	test_answer_clear(&a);
	test_client_close(c);
	free(c);
}

/* Sends `n` executions on `c` without reading a byte of the answers. */
static void
send_without_reading(struct test_client *c, const char *code, int timeout_ms,
    int n, struct test_answer *answers)
{
	int i;

	for (i = 0; i < n; i++) {
		json_t *args = exec_args(code, timeout_ms);

		memset(&answers[i], 0, sizeof(answers[i]));
		ck_assert_int_gt(capnweb_session_call(c->s, "execute", args,
				     test_answer_settle, &answers[i]),
		    0);
		json_decref(args);
	}
}

/* Each run returns a string of 8,000,000 characters. */
#define BIG_RESULT "async () => 'x'.repeat(8000000)"

/*
 * A client that sends 30 executions returning 8 MB strings and never
 * reads: at --output-pause its connection and the children running its
 * runs stop being read, so the daemon's memory stays below the output cap
 * (without back-pressure it grew by the whole 240 MB), its runs end at
 * their own bound, its queued runs wait without a worker, and another
 * client's run is answered meanwhile.
 */
START_TEST(test_client_that_never_reads_is_bounded)
{
	const char *extra[] = { "--output-pause", "4194304", NULL };
	struct test_client *staller = calloc(1, sizeof(*staller));
	struct test_answer *answers = calloc(30, sizeof(*answers));
	long base, peak = 0, rss, queued_max;
	double end, paused_at = 0;

	ck_assert_ptr_nonnull(staller);
	ck_assert_ptr_nonnull(answers);
	start_daemon(extra);
	/* Warm: children forked, the allocator's arenas in use. */
	fresh_client_answers(20000);
	base = vmrss_kb(td.pid);
	ck_assert_int_gt(base, 0);
	ck_assert_int_eq(test_client_open(staller, td.sock), 0);
	/* A bound the runs meet even on a starved machine. */
	send_without_reading(staller, BIG_RESULT, 20000, 30, answers);
	/*
	 * Until the client is backed up, then as long again as a run's bound
	 * and grace: were the children read, more results would queue.
	 */
	end = now_ms() + 90000;
	while (now_ms() < end) {
		if ((rss = vmrss_kb(td.pid)) > peak)
			peak = rss;
		if (paused_at == 0 &&
		    metric("codemode_output_pauses_total") > 0)
			paused_at = now_ms();
		if (paused_at != 0 && now_ms() > paused_at + 7000)
			break;
		usleep(50000);
	}
	ck_assert_int_ge(metric("codemode_output_pauses_total"), 1);
	ck_assert_int_eq(metric("codemode_connections_paused"), 1);
	queued_max = metric("codemode_output_queued_bytes_max");
	ck_assert_msg(queued_max <= 67108864, "queued %ld bytes", queued_max);
	ck_assert_msg(queued_max > 4194304,
	    "only %ld bytes queued: the client was never backed up",
	    queued_max);
	/* Others are served while the staller sits at its bound (once the
	 * runs holding the workers end at theirs). */
	fresh_client_answers(40000);
	/*
	 * The staller's queued runs never got a worker: only the two that
	 * held the workers when it backed up ever started (one more, should a
	 * run end at its bound with a short answer before any 8 MB one).
	 */
	ck_assert_int_ge(metric("codemode_queue_depth"), 27);
	fprintf(stderr,
	    "never-reading client: RSS %ld kB -> peak %ld kB, "
	    "%ld bytes queued at most\n",
	    base, peak, queued_max);
	ck_assert_msg((peak - base) * 1024 < BOUNDS_RSS(67108864L),
	    "the daemon grew by %ld kB (from %ld kB) for a client that never "
	    "reads",
	    peak - base, base);
	/* Gone, its queued runs are dropped and nothing stays held. */
	test_client_close(staller);
	end = now_ms() + 10000;
	while ((metric("codemode_queue_depth") != 0 ||
		   metric("codemode_executions_running") != 0) &&
	    now_ms() < end)
		usleep(50000);
	ck_assert_int_eq(metric("codemode_queue_depth"), 0);
	ck_assert_int_eq(metric("codemode_executions_running"), 0);
	fresh_client_answers(10000);
	answers_clear(answers, 30);
	free(answers);
	free(staller);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/*
 * Past --output-limit the connection is closed at once: its queued output
 * is dropped, its runs end (CONNECTION_BROKEN), and others carry on.
 */
START_TEST(test_output_limit_closes_the_connection)
{
	const char *extra[] = { "--output-pause", "0", "--output-limit",
		"20000000", NULL };
	struct test_client *staller = calloc(1, sizeof(*staller));
	struct test_answer answers[6];
	char buf[65536];
	double end;
	ssize_t n;

	ck_assert_ptr_nonnull(staller);
	start_daemon(extra);
	ck_assert_int_eq(test_client_open(staller, td.sock), 0);
	send_without_reading(staller, BIG_RESULT, 20000, 6, answers);
	ck_assert_int_eq(
	    metric_wait_ge("codemode_output_overflows_total", 1, 30000), 1);
	/* Its runs ended with it: nothing of it is running or queued. */
	end = now_ms() + 10000;
	while ((metric("codemode_queue_depth") != 0 ||
		   metric("codemode_executions_running") != 0) &&
	    now_ms() < end)
		usleep(50000);
	ck_assert_int_eq(metric("codemode_queue_depth"), 0);
	ck_assert_int_eq(metric("codemode_executions_running"), 0);
	ck_assert_int_eq(metric("codemode_output_queued_bytes"), 0);
	/* The client reads what the kernel held, then the end. */
	end = now_ms() + 10000;
	while ((n = read(staller->fd, buf, sizeof(buf))) > 0 && now_ms() < end)
		;
	ck_assert_int_eq(n, 0);
	fresh_client_answers(10000);
	test_client_close(staller);
	answers_clear(answers, 6);
	free(staller);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/* Sends a WebSocket upgrade on `fd`; the HTTP status of the answer. */
static int
raw_upgrade(int fd, char *body, size_t bodylen)
{
	static const char req[] =
	    "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
	    "Connection: Upgrade\r\n"
	    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	    "Sec-WebSocket-Version: 13\r\n\r\n";
	char res[1024];
	size_t got = 0;
	ssize_t n;
	char *end;

	/* A refused client's write may fail: the refusal is still to read. */
	(void)!write(fd, req, sizeof(req) - 1);
	while (got < sizeof(res) - 1) {
		n = read(fd, res + got, sizeof(res) - 1 - got);
		if (n <= 0)
			break;
		got += (size_t)n;
		res[got] = '\0';
		if ((end = strstr(res, "\r\n\r\n")) != NULL &&
		    strncmp(res, "HTTP/1.1 101", 12) == 0)
			break;
	}
	res[got] = '\0';
	if (got < 12)
		return -1;
	if (body != NULL && (end = strstr(res, "\r\n\r\n")) != NULL)
		snprintf(body, bodylen, "%s", end + 4);
	return atoi(res + 9);
}

/* Raises this process's descriptor limit so a test can hold `n`. */
static void
raise_nofile(rlim_t n)
{
	struct rlimit rl;

	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &rl), 0);
	if (rl.rlim_cur >= n)
		return;
	rl.rlim_cur = n;
	if (rl.rlim_max < n)
		rl.rlim_max = n;
	ck_assert_msg(setrlimit(RLIMIT_NOFILE, &rl) == 0,
	    "cannot raise RLIMIT_NOFILE to %lu", (unsigned long)n);
}

/*
 * Before the upgrade, a head that does not arrive within --head-timeout
 * gets 408 with the protocol's text; after it, a session with nothing in
 * flight and no message for --idle-timeout is closed with a close
 * handshake (1000 and the text), while a session whose run is still going
 * is left alone.
 */
START_TEST(test_idle_timeouts_before_and_after_the_upgrade)
{
	const char *extra[] = { "--head-timeout", "300", "--idle-timeout",
		"600", NULL };
	struct test_client *idle = calloc(1, sizeof(*idle));
	struct test_client *busy = calloc(1, sizeof(*busy));
	struct test_answer a;
	char buf[512], *want;
	const char *v[1] = { "300" };
	double t0;
	ssize_t n;
	int fd, never = 0;

	ck_assert_ptr_nonnull(idle);
	ck_assert_ptr_nonnull(busy);
	start_daemon(extra);
	/* Slowloris: half a head, then nothing. */
	ck_assert_int_ge(fd = test_connect_unix(td.sock), 0);
	ck_assert_int_eq(write(fd, "GET / HTTP/1.1\r\nUpg", 19), 19);
	t0 = now_ms();
	n = read(fd, buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 12);
	buf[n] = '\0';
	close(fd);
	ck_assert_msg(strncmp(buf, "HTTP/1.1 408 ", 13) == 0, "%s", buf);
	want = cm_text_compose("HEAD_TIMEOUT", v, 1);
	ck_assert_ptr_nonnull(strstr(buf, want));
	free(want);
	ck_assert_double_lt(now_ms() - t0, 3000);
	ck_assert_int_eq(
	    metric("codemode_connections_timed_out_total{phase=\"head\"}"), 1);
	/* After the upgrade. */
	ck_assert_int_eq(test_client_open(idle, td.sock), 0);
	ck_assert_int_eq(test_client_open(busy, td.sock), 0);
	exec_start(busy,
	    "async () => { await new Promise((r) => setTimeout(r, 1500)); "
	    "return 7 }",
	    0, &a);
	t0 = now_ms();
	test_client_pump(idle, &never, 5000);
	ck_assert_int_eq(idle->closed, 1);
	ck_assert_int_eq(idle->close_code, 1000);
	v[0] = "600";
	want = cm_text_compose("IDLE_TIMEOUT", v, 1);
	ck_assert_str_eq(idle->close_reason, want);
	free(want);
	ck_assert_double_ge(now_ms() - t0, 400);
	/* The run in flight kept its session open past the idle bound. */
	test_client_pump(busy, &a.done, 10000);
	ck_assert_int_eq(a.done, 1);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "7");
	test_answer_clear(&a);
	ck_assert_int_eq(busy->closed, 0);
	ck_assert_int_ge(
	    metric("codemode_connections_timed_out_total{phase=\"idle\"}"), 1);
	test_client_close(idle);
	test_client_close(busy);
	free(idle);
	free(busy);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

#define FLOOD 2000

/*
 * 2,000 connections that never send a byte: the daemon keeps admitting
 * by closing the idle ones (the oldest head first), so a new client is
 * served at once instead of being locked out until the head timeout.
 */
START_TEST(test_idle_flood_does_not_lock_out_a_new_client)
{
	static int fds[FLOOD];
	int i;

	raise_nofile(FLOOD + 256);
	start_daemon(NULL);
	for (i = 0; i < FLOOD; i++)
		ck_assert_int_ge(fds[i] = test_connect_unix(td.sock), 0);
	ck_assert_int_ge(metric_wait_ge("codemode_connections_shed_total",
			     FLOOD - 1024, 20000),
	    FLOOD - 1024);
	fresh_client_answers(10000);
	for (i = 0; i < FLOOD; i++)
		close(fds[i]);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

#define HOLD 100
#define KEEPERS 10

/*
 * Under a 64-descriptor RLIMIT_NOFILE and no --fd-reserve, the daemon's
 * children take descriptors of their own (ten sessions' runs at once on
 * ten workers leave ten children staying: one uid's sessions share them,
 * so runs one after another would leave one), so accept() runs out before
 * the connection limit does. One client then opens 100 upgraded sessions: the
 * daemon closes the newest idle session each time to take the next client, and
 * a new client is served while the other holds all it can.
 */
START_TEST(test_descriptor_exhaustion_keeps_accepting)
{
	const char *extra[] = { "--fd-reserve", "0",
		"--max-connections-per-peer", "1000", "--kept-idle", "60000",
		"--max-workers", "10", NULL };
	static int fds[HOLD];
	struct test_client *keepers = calloc(KEEPERS, sizeof(*keepers));
	struct test_answer a[KEEPERS];
	int i, upgraded = 0;

	ck_assert_ptr_nonnull(keepers);
	start_daemon_nofile(extra, 64);
	for (i = 0; i < KEEPERS; i++) {
		ck_assert_int_eq(test_client_open(&keepers[i], td.sock), 0);
		exec_start(&keepers[i],
		    "async () => { await new Promise((r) => setTimeout(r, "
		    "1000)); return 1 }",
		    0, &a[i]);
	}
	for (i = 0; i < KEEPERS; i++) {
		test_client_pump(&keepers[i], &a[i].done, 30000);
		ck_assert_int_eq(a[i].status, CAPNWEB_RESOLVED);
	}
	answers_clear(a, KEEPERS);
	ck_assert_int_ge(metric_wait_ge("codemode_workers_kept", 4, 5000), 4);
	for (i = 0; i < HOLD; i++) {
		ck_assert_int_ge(fds[i] = test_connect_unix(td.sock), 0);
		upgraded += raw_upgrade(fds[i], NULL, 0) == 101;
	}
	/* Each was let in, an idle one closed to make room. */
	ck_assert_int_eq(upgraded, HOLD);
	ck_assert_int_ge(metric("codemode_accept_fd_exhausted_total"), 1);
	ck_assert_int_ge(metric("codemode_connections_shed_total"), HOLD / 2);
	/*
	 * Served while the descriptors are spent: the refill after its run
	 * took a spare finds none to receive a child's socket, and the zygote
	 * must survive that (its children with it).
	 */
	fresh_client_answers(20000);
	usleep(300000);
	ck_assert_int_eq(metric("codemode_worker_crashes_total"), 0);
	for (i = 0; i < HOLD; i++)
		close(fds[i]);
	for (i = 0; i < KEEPERS; i++)
		test_client_close(&keepers[i]);
	free(keepers);
	fresh_client_answers(20000);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

#define OTHER_UID 65534

/*
 * --max-connections 8 leaves each peer uid half: a tenant (uid 65534, a
 * forked client that dropped root) whose four sessions each have a run in
 * flight (nothing idle to close) is refused its fifth with 503 and the
 * CONNECTION_LIMIT text, and another uid (root, this process) is still
 * served. Without the share, that tenant would hold all eight.
 */
START_TEST(test_connections_per_peer_uid)
{
	const char *extra[] = { "--max-connections", "8", "--socket-mode",
		"0666", NULL };
	int ready[2], go[2], status;
	pid_t pid;
	char c;

	if (geteuid() != 0) {
		fprintf(stderr,
		    "test_connections_per_peer_uid: needs root to "
		    "be a second uid; skipped\n");
		return;
	}
	start_daemon(extra);
	ck_assert_int_eq(chmod(td.dir, 0755), 0);
	ck_assert_int_eq(pipe(ready), 0);
	ck_assert_int_eq(pipe(go), 0);
	if ((pid = fork()) == 0) {
		static struct test_client cl[4];
		static struct test_answer a[4];
		char body[512], *want;
		const char *v[2] = { "peer uid 65534", "4" };
		int i, fd, code = 0;

		close(ready[0]);
		close(go[1]);
		if (setgid(OTHER_UID) != 0 || setuid(OTHER_UID) != 0)
			_exit(10);
		for (i = 0; i < 4; i++) {
			json_t *args = exec_args("async () => { await new "
						 "Promise((r) => setTimeout(r, "
						 "20000)); return 1 }",
			    0);

			if (test_client_open(&cl[i], td.sock) != 0)
				_exit(11);
			if (capnweb_session_call(cl[i].s, "execute", args,
				test_answer_settle, &a[i]) <= 0)
				_exit(12);
			json_decref(args);
		}
		usleep(200000);
		if ((fd = test_connect_unix(td.sock)) < 0)
			_exit(13);
		memset(body, 0, sizeof(body));
		if (raw_upgrade(fd, body, sizeof(body)) != 503)
			code = 14;
		want = cm_text_compose("CONNECTION_LIMIT", v, 2);
		if (code == 0 && (want == NULL || strstr(body, want) == NULL))
			code = 15;
		free(want);
		close(fd);
		(void)!write(ready[1], "r", 1);
		(void)!read(go[0], &c, 1);
		_exit(code);
	}
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &c, 1) != 1) {
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_abort_msg("the other uid's client ended early: status %d",
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	ck_assert_int_eq(metric("codemode_connections_peer_limit_total"), 1);
	/* Root is another peer: it gets in and is answered (FRESH_WAIT_MS). */
	fresh_client_answers(FRESH_WAIT_MS);
	(void)!write(go[1], "g", 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	close(ready[0]);
	close(go[1]);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/* A connection to 127.0.0.1:port (the daemon opens its unix socket after
 * every other listener, so no retry is needed); the fd. */
static int
connect_tcp(int port)
{
	struct sockaddr_in sin;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	ck_assert_int_ge(fd, 0);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((uint16_t)port);
	ck_assert_msg(connect(fd, (struct sockaddr *)&sin, sizeof(sin)) == 0,
	    "connect 127.0.0.1:%d: %s", port, strerror(errno));
	return fd;
}

/*
 * The per-token share on TCP: --max-connections 8 leaves the token's
 * callers (every TCP caller is that one tenant) half. Four TCP sessions
 * presenting the token, each with a run in flight (nothing idle to
 * close), and a fifth TCP caller is refused with 503 and the
 * CONNECTION_LIMIT text naming the TCP peer; another tenant, a caller on
 * the unix socket, is still served, and so is the token once a session
 * of its own ends.
 */
START_TEST(test_connections_per_token_on_tcp)
{
	enum { SHARE = 4 };
	char port[16], tokfile[128], body[512], *want;
	const char *extra[] = { "--max-connections", "8", "--port", port,
		"--token-file", tokfile, NULL };
	const char *v[2] = { "TCP peer (one token)", "4" };
	struct test_client *cl = calloc(SHARE + 1, sizeof(*cl));
	struct test_answer a[SHARE + 1];
	int i, fd, p = test_free_port();

	ck_assert_ptr_nonnull(cl);
	snprintf(port, sizeof(port), "%d", p);
	token_file(tokfile, sizeof(tokfile));
	start_daemon(extra);
	unlink(tokfile);
	memset(a, 0, sizeof(a));
	for (i = 0; i < SHARE; i++) {
		ck_assert_int_eq(test_client_open_fd(
				     &cl[i], connect_tcp(p), "Bearer s3cret"),
		    0);
		exec_start(&cl[i],
		    "async () => { await new Promise((r) => "
		    "setTimeout(r, 20000)); return 1 }",
		    0, &a[i]);
	}
	/* Each run is in flight before the fifth caller comes. */
	ck_assert_int_eq(
	    metric_wait_ge("codemode_executions_running", 2, 10000), 2);
	ck_assert_int_eq(
	    metric_wait_ge("codemode_queue_depth", SHARE - 2, 10000),
	    SHARE - 2);
	fd = connect_tcp(p);
	memset(body, 0, sizeof(body));
	ck_assert_int_eq(raw_upgrade(fd, body, sizeof(body)), 503);
	close(fd);
	want = cm_text_compose("CONNECTION_LIMIT", v, 2);
	ck_assert_ptr_nonnull(want);
	ck_assert_msg(strstr(body, want) != NULL, "refused with: %s", body);
	free(want);
	ck_assert_int_eq(metric("codemode_connections_peer_limit_total"), 1);
	/* The unix socket's caller is another tenant: it gets in and is
	 * answered (FRESH_WAIT_MS). */
	fresh_client_answers(FRESH_WAIT_MS);
	/* One of the token's sessions ends: its share has room again. */
	test_client_close(&cl[0]);
	for (i = 0; i < 100; i++) {
		fd = connect_tcp(p);
		if (test_client_open_fd(&cl[SHARE], fd, "Bearer s3cret") == 0)
			break;
		close(fd);
		usleep(50000);
	}
	ck_assert_int_lt(i, 100);
	exec_start(&cl[SHARE], "async () => 21 * 2", 0, &a[SHARE]);
	test_client_pump(&cl[SHARE], &a[SHARE].done, FRESH_WAIT_MS);
	ck_assert_int_eq(a[SHARE].status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a[SHARE].value, "resultJson")),
	    "42");
	for (i = 1; i <= SHARE; i++)
		test_client_close(&cl[i]);
	answers_clear(a, SHARE + 1);
	free(cl);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/*
 * A client that reads its answer slowly is alive: with a ping every two
 * seconds, a 4 MB answer read a receive buffer's worth every 100 ms takes
 * several intervals to drain, and the ping waits behind it the whole time. The
 * daemon reads the shrinking backlog as the peer's sign of life and delivers
 * every byte (it once closed such a connection at its second ping, which made a
 * 48 MiB answer to a client under ASan fail).
 */
START_TEST(test_a_slow_reader_outlives_its_pings)
{
	const char *extra[] = { "--ping-interval", "2000", NULL };
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a;
	size_t cap = 8 << 20, len = 0, got = 0;
	uint8_t *in = malloc(cap);
	int small = 16384, answered = 0;
	double end;

	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_nonnull(in);
	start_daemon(extra);
	ck_assert_int_eq(test_client_open(c, td.sock), 0);
	/* A small receive buffer keeps the backlog in the daemon. */
	ck_assert_int_eq(
	    setsockopt(c->fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small)), 0);
	exec_start(c, "async () => 'x'.repeat(4000000)", 0, &a);
	/* 64 KiB every 100 ms, answering each ping once it is read. */
	end = now_ms() + 60000;
	while (!answered && now_ms() < end) {
		struct pollfd p = { c->fd, POLLIN, 0 };
		struct ws_event ev;
		ssize_t n;
		long k;

		usleep(100000);
		if (poll(&p, 1, 0) <= 0)
			continue;
		n = read(
		    c->fd, in + len, cap - len < 32768 ? cap - len : 32768);
		if (n <= 0)
			break;
		len += (size_t)n;
		got += (size_t)n;
		while (len > 0 &&
		    (k = ws_assembler_feed(&c->wsa, in, len, &ev)) > 0) {
			if (ev.type == WS_EV_PING) {
				uint8_t pong[WS_MAX_HEADER + 125];
				long m =
				    ws_frame_encode(WS_ROLE_CLIENT, WS_OP_PONG,
					ev.data, ev.len, pong, sizeof(pong));

				ck_assert_int_gt(m, 0);
				ck_assert_int_eq(
				    write(c->fd, pong, (size_t)m), m);
			}
			answered |= ev.type == WS_EV_TEXT;
			memmove(in, in + k, len - (size_t)k);
			len -= (size_t)k;
		}
	}
	ck_assert_msg(answered,
	    "the daemon closed a reading client after %zu bytes", got);
	free(in);
	test_client_close(c);
	test_answer_clear(&a);
	free(c);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

static json_t *
grant_args(void)
{
	return json_pack("[s, [], {s:b}, n, s]",
	    "async () => ({ fetch() { return new Response('kept') } })",
	    "retainHandles", 1, "disabled");
}

/*
 * --max-handles-per-connection 1: a connection holding one retained
 * execution gets the HANDLES_LIMIT text in the envelope for a second
 * retaining run, another connection may still retain, and closing the
 * handles frees the share.
 */
START_TEST(test_handles_per_connection)
{
	const char *extra[] = { "--max-handles-per-connection", "1", NULL };
	struct test_client *c1 = calloc(1, sizeof(*c1));
	struct test_client *c2 = calloc(1, sizeof(*c2));
	struct test_answer a;
	const char *v[1] = { "1" };
	char *want, *id;

	ck_assert_ptr_nonnull(c1);
	ck_assert_ptr_nonnull(c2);
	start_daemon(extra);
	ck_assert_int_eq(test_client_open(c1, td.sock), 0);
	ck_assert_int_eq(test_client_open(c2, td.sock), 0);
	test_client_call(c1, "execute", grant_args(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	ck_assert(json_is_string(json_object_get(a.value, "executionId")));
	id = strdup(json_string_value(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	/* The second on the same connection: refused in-band. */
	test_client_call(c1, "execute", grant_args(), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	want = cm_text_compose("HANDLES_LIMIT", v, 1);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "error")), want);
	ck_assert_ptr_null(json_object_get(a.value, "executionId"));
	test_answer_clear(&a);
	ck_assert_int_eq(metric("codemode_handles_refused_total"), 1);
	/* A run that retains nothing is not counted. */
	test_client_call(c1, "execute", exec_args("async () => 21 * 2", 0), &a);
	ck_assert_str_eq(
	    json_string_value(json_object_get(a.value, "resultJson")), "42");
	test_answer_clear(&a);
	/* Another connection has its own share. */
	test_client_call(c2, "execute", grant_args(), &a);
	ck_assert(json_is_string(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	/* Closed handles free the share. */
	test_client_call(c1, "closeHandles", json_pack("[s]", id), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	test_answer_clear(&a);
	test_client_call(c1, "execute", grant_args(), &a);
	ck_assert(json_is_string(json_object_get(a.value, "executionId")));
	test_answer_clear(&a);
	free(want);
	free(id);
	test_client_close(c1);
	test_client_close(c2);
	free(c1);
	free(c2);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

static int connect_tcp(int port);

/*
 * One run of `async () => 7` on a fresh connection, which then closes: on
 * the unix socket, or with `port` on TCP presenting `auth`.
 */
static int
one_run_and_close_on(int port, const char *auth)
{
	struct test_client *c = calloc(1, sizeof(*c));
	struct test_answer a;
	int ok;

	if (c == NULL ||
	    (port == 0
		    ? test_client_open(c, td.sock)
		    : test_client_open_fd(c, connect_tcp(port), auth)) != 0) {
		free(c);
		return 0;
	}
	exec_start(c, "async () => 7", 0, &a);
	test_client_pump(c, &a.done, 30000);
	ok = a.done == 1 && a.status == CAPNWEB_RESOLVED;
	test_answer_clear(&a);
	test_client_close(c);
	free(c);
	return ok;
}

static int
one_run_and_close(void)
{
	return one_run_and_close_on(0, NULL);
}

/*
 * A client that rotates its session: its connection closes and the next
 * one, from the same uid, is served by the child the first left (a reuse,
 * no adoption of anything else); that child never goes to another uid,
 * and an orphan nobody of its uid comes back for ends (no child is left
 * over).
 */
START_TEST(test_staying_child_follows_its_uid)
{
	/* Long enough for a connection and a run under load; the expiry is
	 * waited for below. */
	const char *extra[] = { "--socket-mode", "0666", "--orphan-wait",
		"5000", NULL };
	int status;
	pid_t pid;

	start_daemon(extra);
	ck_assert_int_eq(chmod(td.dir, 0755), 0);
	ck_assert(one_run_and_close());
	/* The run took a spare: nothing was reused yet. */
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 0);
	ck_assert(one_run_and_close());
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 1);
	/* The same process ran the second connection's run. */
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 1);
	if (geteuid() != 0) {
		fprintf(stderr,
		    "test_staying_child_follows_its_uid: needs root to be a "
		    "second uid; that part skipped\n");
	} else {
		/* Root's orphan waits; uid 65534 runs and must not get it. */
		if ((pid = fork()) == 0) {
			if (setgid(OTHER_UID) != 0 || setuid(OTHER_UID) != 0)
				_exit(10);
			_exit(one_run_and_close() ? 0 : 11);
		}
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFEXITED(status));
		ck_assert_int_eq(WEXITSTATUS(status), 0);
		ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 1);
		ck_assert_int_eq(metric("codemode_worker_reuses_total"), 1);
		/* Both orphans (root's, 65534's) end unadopted. */
		ck_assert_int_eq(
		    metric_wait_ge(
			"codemode_worker_orphans_expired_total", 2, 20000),
		    2);
	}
	if (geteuid() != 0)
		ck_assert_int_eq(
		    metric_wait_ge(
			"codemode_worker_orphans_expired_total", 1, 20000),
		    1);
	/* None is left staying, and a late return finds nothing to adopt. */
	ck_assert_int_eq(metric("codemode_workers_kept"), 0);
	ck_assert(one_run_and_close());
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 1);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/* One run of `async () => 7` on the open connection `c`; 1 when it answered. */
static int
one_run_on(struct test_client *c)
{
	struct test_answer a;
	int ok;

	exec_start(c, "async () => 7", 0, &a);
	test_client_pump(c, &a.done, 30000);
	ok = a.done == 1 && a.status == CAPNWEB_RESOLVED;
	test_answer_clear(&a);
	return ok;
}

/* A connection to the daemon on the unix socket, or on TCP with `port`. */
static struct test_client *
open_on(int port)
{
	struct test_client *c = calloc(1, sizeof(*c));

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(port == 0
		? test_client_open(c, td.sock)
		: test_client_open_fd(c, connect_tcp(port), NULL),
	    0);
	return c;
}

static void
close_on(struct test_client *c)
{
	test_client_close(c);
	free(c);
}

/*
 * Live connections of one uid share their staying children: the second
 * connection's run goes to the child the first one used, with both open
 * (no adoption). Another uid's connection, and TCP callers on a daemon
 * without a token (no principal), never get that child nor each other's.
 */
START_TEST(test_live_connections_of_a_uid_share_children)
{
	char port[16];
	const char *extra[] = { "--socket-mode", "0666", "--port", port, NULL };
	struct test_client *c1, *c2, *t1, *t2;
	int status, p = test_free_port();
	pid_t pid;

	snprintf(port, sizeof(port), "%d", p);
	start_daemon(extra);
	ck_assert_int_eq(chmod(td.dir, 0755), 0);
	c1 = open_on(0);
	c2 = open_on(0);
	ck_assert(one_run_on(c1));
	ck_assert_int_eq(metric("codemode_worker_shared_runs_total"), 0);
	ck_assert(one_run_on(c2));
	ck_assert_int_eq(metric("codemode_worker_shared_runs_total"), 1);
	ck_assert(one_run_on(c1));
	ck_assert_int_eq(metric("codemode_worker_shared_runs_total"), 2);
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 2);
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 0);
	/* No principal on TCP without a token: each keeps its own. */
	t1 = open_on(p);
	t2 = open_on(p);
	ck_assert(one_run_on(t1));
	ck_assert(one_run_on(t2));
	ck_assert(one_run_on(t1));
	ck_assert_int_eq(metric("codemode_worker_shared_runs_total"), 2);
	/* t1's second run reused its own child, nobody else's. */
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 3);
	if (geteuid() != 0) {
		fprintf(stderr,
		    "test_live_connections_of_a_uid_share_children: needs "
		    "root to be a second uid; that part skipped\n");
	} else {
		/* Root's children are idle; uid 65534 must not get one. */
		if ((pid = fork()) == 0) {
			struct test_client *o;

			if (setgid(OTHER_UID) != 0 || setuid(OTHER_UID) != 0)
				_exit(10);
			o = open_on(0);
			_exit(one_run_on(o) && one_run_on(o) ? 0 : 11);
		}
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFEXITED(status));
		ck_assert_int_eq(WEXITSTATUS(status), 0);
		/* Its second run reused its own child: not shared. */
		ck_assert_int_eq(
		    metric("codemode_worker_shared_runs_total"), 2);
		ck_assert_int_eq(metric("codemode_worker_reuses_total"), 4);
	}
	ck_assert(one_run_on(c2));
	ck_assert_int_eq(metric("codemode_worker_shared_runs_total"), 3);
	close_on(t1);
	close_on(t2);
	close_on(c1);
	close_on(c2);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/*
 * On TCP the principal is the token: a caller with it gets the child the
 * last caller with it left, and a unix caller (a uid) never does, nor the
 * other way round.
 */
START_TEST(test_staying_child_follows_the_token)
{
	char port[16], tokfile[128];
	const char *extra[] = { "--port", port, "--token-file", tokfile,
		"--orphan-wait", "60000", NULL };
	int p = test_free_port();

	snprintf(port, sizeof(port), "%d", p);
	token_file(tokfile, sizeof(tokfile));
	start_daemon(extra);
	unlink(tokfile);
	ck_assert(one_run_and_close_on(p, "Bearer s3cret"));
	/* A uid is not the token: the orphan stays the token's. */
	ck_assert(one_run_and_close());
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 0);
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 0);
	ck_assert(one_run_and_close_on(p, "Bearer s3cret"));
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 1);
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 1);
	/* Each principal's orphan waits for its own. */
	ck_assert(one_run_and_close_on(p, "Bearer s3cret"));
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 2);
	ck_assert(one_run_and_close());
	ck_assert_int_eq(metric("codemode_worker_adoptions_total"), 3);
	ck_assert_int_eq(metric("codemode_worker_reuses_total"), 3);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/* One case per bound, so CK_RUN_CASE=<name> runs one alone; each mostly
 * waits, so make check may run them in shares (support/test_shard.h). */
static void
add_case(Suite *s, const char *name, const TTest *t1, const TTest *t2)
{
	TCase *tc;

	if (!test_shard_take())
		return;
	tc = tcase_create(name);

	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, t1);
	if (t2 != NULL)
		tcase_add_test(tc, t2);
	suite_add_tcase(s, tc);
}

static Suite *
conn_bounds_suite(void)
{
	Suite *s = suite_create("conn_bounds");

	add_case(s, "output", test_client_that_never_reads_is_bounded,
	    test_output_limit_closes_the_connection);
	add_case(s, "idle", test_idle_timeouts_before_and_after_the_upgrade,
	    test_idle_flood_does_not_lock_out_a_new_client);
	add_case(s, "pings", test_a_slow_reader_outlives_its_pings, NULL);
	add_case(
	    s, "descriptors", test_descriptor_exhaustion_keeps_accepting, NULL);
	add_case(s, "peers", test_connections_per_peer_uid,
	    test_connections_per_token_on_tcp);
	add_case(s, "handles", test_handles_per_connection, NULL);
	add_case(s, "principal", test_staying_child_follows_its_uid,
	    test_staying_child_follows_the_token);
	add_case(
	    s, "sharing", test_live_connections_of_a_uid_share_children, NULL);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(conn_bounds_suite());
	int failed;

	/* A refused client's write finds the socket closed: EPIPE, no signal.
	 */
	signal(SIGPIPE, SIG_IGN);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
