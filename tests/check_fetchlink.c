/*
 * The link to a fetcher (server/daemon/fetchlink.c) with the real one,
 * build/codemode-fetcher, fetching from loopback listeners this test
 * opens.
 *
 *   - a fetch runs in a process of its own, started with the first fetch;
 *   - the fetcher's end (a crash: SIGFPE, as libcurl 7.88 raises after a
 *     failed allocation) fails every fetch in flight with FETCH_FAILED
 *     saying so, and the next fetch starts a new fetcher;
 *   - a cancelled fetch never answers, and the fetcher goes on;
 *   - a fetcher that breaks the link's rules (an unknown frame, an answer
 *     that is not a fetch response, a counter that is not a fetch's) is
 *     stopped, and its fetches fail;
 *   - a fetcher that answers nothing past a fetch's bound is stopped;
 *   - the fetcher can neither read a file outside what it needs nor
 *     create one (Landlock, where the kernel has it);
 *   - freeing the link ends the process.
 */
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/landlock.h>

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include "daemon/fetchlink.h"
#include "daemon/metrics.h"
#include "fetcher/fetcher_args.h"
#include "support/test_asan.h"
#include "support/test_daemon.h"
#include "support/test_evloop.h"
#include "support/test_http.h"

static struct event_base *eb;
static struct fetchlink *fl;
static struct metrics mx;
static char image[PATH_MAX];

struct fetched {
	int done;
	json_t *answer;
};

static void
on_done(void *arg, const char *json, size_t len)
{
	struct fetched *f = arg;

	ck_assert_int_eq(f->done, 0);
	f->done = 1;
	ck_assert_ptr_nonnull(f->answer = json_loadb(json, len, 0, NULL));
}

/* A link running `prog` (NULL: the built fetcher) with loopback open. */
static void
link_up(const char *prog)
{
	static const char *allow[] = { "127.0.0.1" };
	struct fetcher_args a;

	memset(&a, 0, sizeof(a));
	a.max_body = 1 << 20;
	a.max_total = a.max_per_owner = a.max_waiting = 8;
	a.verbosity = 3;
	a.allow = allow;
	a.nallow = 1;
	ck_assert_ptr_nonnull(realpath(test_fetcher_binary(), image));
	memset(&mx, 0, sizeof(mx));
	ck_assert_ptr_nonnull(eb = event_base_new());
	ck_assert_ptr_nonnull(
	    fl = fetchlink_new(eb, prog ? prog : image, &a, &mx));
}

static void
link_down(void)
{
	fetchlink_free(fl);
	event_base_free(eb);
}

/* The bound start gives a fetch. */
static long fetch_bound_ms = 10000;

static struct fetchlink_req *
start(struct fetched *f, int port, const char *path, const void *owner)
{
	char url[128];
	json_t *req;
	struct fetchlink_req *r;

	snprintf(url, sizeof(url), "http://127.0.0.1:%d%s", port, path);
	req = json_pack("{s:s, s:s, s:[], s:n}", "method", "GET", "url", url,
	    "headers", "body");
	r = fetchlink_start(fl, owner, req, fetch_bound_ms, on_done, f);
	json_decref(req);
	return r;
}

/* Turns the loop until `f` is answered (at most 15 s). */
static void
wait_for(struct fetched *f)
{
	ck_assert_msg(
	    test_evloop_until(eb, &f->done, 15000), "the fetch never answered");
}

static const char *
error_of(const struct fetched *f)
{
	return json_string_value(json_object_get(f->answer, "error"));
}

/* The process's command line, arguments joined by spaces; static. */
static const char *
cmdline(long pid)
{
	static char buf[4096];
	char path[64];
	FILE *fp;
	size_t n, i;

	snprintf(path, sizeof(path), "/proc/%ld/cmdline", pid);
	ck_assert_ptr_nonnull(fp = fopen(path, "r"));
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	for (i = 0; i + 1 < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	buf[n] = '\0';
	return buf;
}

START_TEST(test_a_fetch_runs_in_a_fetcher_process)
{
	int port = test_http_start();
	struct fetched f = { 0 };
	long pid;

	link_up(NULL);
	/* Nothing runs before the first fetch. */
	ck_assert_int_eq(fetchlink_pid(fl), 0);
	ck_assert_ptr_nonnull(start(&f, port, "/one", &f));
	ck_assert_int_gt(pid = fetchlink_pid(fl), 0);
	ck_assert_int_ne(pid, getpid());
	wait_for(&f);
	/* Answered: the process runs the program exec'd by then. */
	ck_assert_ptr_nonnull(strstr(cmdline(pid), " --fetcher --max-body="));
	ck_assert_ptr_nonnull(strstr(cmdline(pid), " --allow=127.0.0.1"));
	ck_assert_msg(error_of(&f) == NULL, "%s", error_of(&f));
	ck_assert_int_eq(
	    json_integer_value(json_object_get(f.answer, "status")), 200);
	json_decref(f.answer);
	/* The fetcher's counts reach the daemon's metrics. */
	ck_assert_uint_eq(mx.fetches_started, 1);
	ck_assert_uint_eq(mx.fetches_running, 0);
	ck_assert_int_eq(fetchlink_pid(fl), pid);
	link_down();
	/* Freed: the process is gone and reaped. */
	ck_assert_int_eq(kill((pid_t)pid, 0), -1);
	ck_assert_int_eq(errno, ESRCH);
	test_http_stop();
}
END_TEST

START_TEST(test_a_crash_fails_the_fetches_in_flight_only)
{
	int sport = test_http_start(), port, l = test_http_listener(&port);
	struct fetched a = { 0 }, b = { 0 }, c = { 0 };
	long pid;
	const char *want = "The fetch failed: the fetcher process stopped "
			   "(its link closed).";

	link_up(NULL);
	/* Two fetches to a listener that never answers. */
	ck_assert_ptr_nonnull(start(&a, port, "/a", &a));
	ck_assert_ptr_nonnull(start(&b, port, "/b", &b));
	pid = fetchlink_pid(fl);
	test_evloop_spin(eb, 300);
	ck_assert(!a.done && !b.done);
	ck_assert_int_eq(kill((pid_t)pid, SIGFPE), 0);
	wait_for(&a);
	wait_for(&b);
	ck_assert_msg(
	    error_of(&a) && strncmp(error_of(&a), want, strlen(want)) == 0,
	    "%s", error_of(&a) ? error_of(&a) : "no error");
	ck_assert_str_eq(error_of(&b), error_of(&a));
	ck_assert_int_eq(fetchlink_pid(fl), 0);
	json_decref(a.answer);
	json_decref(b.answer);
	/* The next fetch starts a new fetcher and is answered. */
	ck_assert_ptr_nonnull(start(&c, sport, "/c", &c));
	ck_assert_int_gt(fetchlink_pid(fl), 0);
	ck_assert_int_ne(fetchlink_pid(fl), pid);
	wait_for(&c);
	ck_assert_msg(error_of(&c) == NULL, "%s", error_of(&c));
	json_decref(c.answer);
	link_down();
	close(l);
	test_http_stop();
}
END_TEST

START_TEST(test_a_cancelled_fetch_never_answers)
{
	int sport = test_http_start(), port, l = test_http_listener(&port);
	struct fetched a = { 0 }, c = { 0 };
	struct fetchlink_req *r;
	long pid;

	link_up(NULL);
	ck_assert_ptr_nonnull(r = start(&a, port, "/a", &a));
	pid = fetchlink_pid(fl);
	test_evloop_spin(eb, 100);
	fetchlink_cancel(r);
	ck_assert_ptr_nonnull(start(&c, sport, "/c", &c));
	wait_for(&c);
	ck_assert_msg(error_of(&c) == NULL, "%s", error_of(&c));
	json_decref(c.answer);
	test_evloop_spin(eb, 200);
	ck_assert_int_eq(a.done, 0);
	/* The same fetcher served both. */
	ck_assert_int_eq(fetchlink_pid(fl), pid);
	/* The cancelled one left libcurl: nothing runs. */
	ck_assert_uint_eq(mx.fetches_running, 0);
	link_down();
	close(l);
	test_http_stop();
}
END_TEST

/*
 * A stand-in fetcher: a shell script that writes `frame` (printf escapes)
 * to its link at once, then waits. Its path is static.
 */
static const char *
fake_fetcher(const char *frame)
{
	static char path[64];
	FILE *fp;

	snprintf(path, sizeof(path), "/tmp/cm-fake-fetcher-%d", (int)getpid());
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	fprintf(fp, "#!/bin/sh\nprintf '%s' >&3\nexec sleep 30\n", frame);
	fclose(fp);
	ck_assert_int_eq(chmod(path, 0700), 0);
	return path;
}

/* A fetch through a fake fetcher writing `frame`: its failure text. */
static void
expect_stopped(const char *frame, const char *why)
{
	struct fetched f = { 0 };
	char want[256];
	const char *path = fake_fetcher(frame);

	link_up(path);
	ck_assert_ptr_nonnull(start(&f, 1, "/", &f));
	wait_for(&f);
	snprintf(want, sizeof(want),
	    "The fetch failed: the fetcher process stopped (%s).", why);
	ck_assert_msg(
	    error_of(&f) && strncmp(error_of(&f), want, strlen(want)) == 0,
	    "%s", error_of(&f) ? error_of(&f) : "no error");
	json_decref(f.answer);
	ck_assert_int_eq(fetchlink_pid(fl), 0);
	link_down();
	unlink(path);
}

/* Header bytes: version 1, then type, flags, reserved, exec_id, call_id. */
#define HDR(type) "\\001\\" type "\\000\\000\\000\\000\\000\\001"

START_TEST(test_a_fetcher_breaking_the_rules_is_stopped)
{
	/* Type 63: no such frame. */
	expect_stopped(HDR("077") "\\000\\000\\000\\001\\000\\000\\000\\000",
	    "unknown frame type");
	/* FETCH_START (13) comes from the daemon, never to it. */
	expect_stopped(HDR("015") "\\000\\000\\000\\001\\000\\000\\000\\002{}",
	    "frame type sent in the wrong direction");
	/* FETCH_DONE (15) for fetch 1 whose payload is no fetch response. */
	expect_stopped(HDR("017") "\\000\\000\\000\\001\\000\\000\\000\\002{}",
	    "an answer that is not a fetch response");
	/* FETCH_EVENT (16) naming a counter of connections. */
	expect_stopped(HDR("020") "\\000\\000\\000\\000\\000\\000\\000\\000",
	    "a counter that is not a fetch's");
}
END_TEST

/*
 * A fetcher that never answers (a libcurl that lost its transfers): past a
 * fetch's bound and five seconds' grace it counts as stuck, is stopped and
 * its fetches fail, rather than waiting out their runs' clocks.
 */
START_TEST(test_a_stuck_fetcher_is_stopped)
{
	struct fetched f = { 0 };
	const char *path = fake_fetcher("");
	const char *want = "The fetch failed: the fetcher process stopped (it "
			   "did not answer within the fetch's bound).";
	struct timespec t0, t1;
	long ms;

	link_up(path);
	fetch_bound_ms = 200;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ck_assert_ptr_nonnull(start(&f, 1, "/", &f));
	wait_for(&f);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fetch_bound_ms = 10000;
	ms = (t1.tv_sec - t0.tv_sec) * 1000 +
	    (t1.tv_nsec - t0.tv_nsec) / 1000000;
	ck_assert_msg(
	    error_of(&f) && strncmp(error_of(&f), want, strlen(want)) == 0,
	    "%s", error_of(&f) ? error_of(&f) : "no error");
	/* the bound and the grace, checked once a second */
	ck_assert_int_ge(ms, 5200);
	ck_assert_int_le(ms, 9000);
	ck_assert_int_eq(fetchlink_pid(fl), 0);
	json_decref(f.answer);
	link_down();
	unlink(path);
}
END_TEST

/* Whether this kernel has Landlock (the fetcher confines itself then). */
static int
has_landlock(void)
{
	return syscall(SYS_landlock_create_ruleset, NULL, 0,
		   LANDLOCK_CREATE_RULESET_VERSION) >= 1;
}

/*
 * The fetcher's confinement seen from inside (tests/faults/probe.c,
 * preloaded): during its first fetch it cannot read a file this test can,
 * nor create one, and the fetch itself is served. On a kernel without
 * Landlock it says it runs unconfined instead.
 */
START_TEST(test_the_fetcher_reads_only_what_it_needs)
{
	char dir[] = "/tmp/cm-confine-XXXXXX", secret[64], made[64], log[64];
	char so[4096], out[8192], want[160];
	const char *b = getenv("BUILD");
	struct fetched f = { 0 };
	int port = test_http_start(), fd, saved;
	FILE *fp;
	size_t n;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(secret, sizeof(secret), "%s/secret", dir);
	snprintf(made, sizeof(made), "%s/made", dir);
	snprintf(log, sizeof(log), "%s/log", dir);
	ck_assert_ptr_nonnull(fp = fopen(secret, "w"));
	fputs("token\n", fp);
	fclose(fp);
	/* readable here: a refusal there is the confinement's */
	ck_assert_int_eq(access(secret, R_OK), 0);
	snprintf(out, sizeof(out), "%s/tests/libprobe.so", b ? b : "build");
	ck_assert_ptr_nonnull(realpath(out, so));
	setenv("LD_PRELOAD", so, 1);
	setenv("CM_PROBE_READ", secret, 1);
	setenv("CM_PROBE_WRITE", made, 1);
	/* the fetcher's stderr: a file for the probe's words */
	ck_assert_int_ge(fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600), 0);
	saved = dup(2);
	dup2(fd, 2);
	close(fd);
	link_up(NULL);
	ck_assert_ptr_nonnull(start(&f, port, "/confined", &f));
	unsetenv("LD_PRELOAD");
	unsetenv("CM_PROBE_READ");
	unsetenv("CM_PROBE_WRITE");
	wait_for(&f);
	link_down();
	dup2(saved, 2);
	close(saved);
	ck_assert_msg(error_of(&f) == NULL, "%s", error_of(&f));
	json_decref(f.answer);
	ck_assert_ptr_nonnull(fp = fopen(log, "r"));
	n = fread(out, 1, sizeof(out) - 1, fp);
	fclose(fp);
	out[n] = '\0';
	if (has_landlock()) {
		snprintf(want, sizeof(want), "probe: read %s: %s", secret,
		    strerror(EACCES));
		ck_assert_msg(strstr(out, want) != NULL, "%s", out);
		snprintf(want, sizeof(want), "probe: write %s: %s", made,
		    strerror(EACCES));
		ck_assert_msg(strstr(out, want) != NULL, "%s", out);
		ck_assert_int_ne(access(made, F_OK), 0);
	} else {
		ck_assert_msg(
		    strstr(out, "event=fetcher_unconfined") != NULL, "%s", out);
		unlink(made);
	}
	unlink(log);
	unlink(secret);
	rmdir(dir);
	test_http_stop();
}
END_TEST

static Suite *
fetchlink_suite(void)
{
	Suite *s = suite_create("fetchlink");
	TCase *tc = tcase_create("fetchlink");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_a_fetch_runs_in_a_fetcher_process);
	tcase_add_test(tc, test_a_crash_fails_the_fetches_in_flight_only);
	tcase_add_test(tc, test_a_cancelled_fetch_never_answers);
	tcase_add_test(tc, test_a_fetcher_breaking_the_rules_is_stopped);
	tcase_add_test(tc, test_a_stuck_fetcher_is_stopped);
	/* The probe is a preload: not into an ASan build's fetcher. */
	if (!TEST_UNDER_ASAN)
		tcase_add_test(tc, test_the_fetcher_reads_only_what_it_needs);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fetchlink_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
