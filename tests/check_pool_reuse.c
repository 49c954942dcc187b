/*
 * Children that stay for their tenant: a child told FRAME_EXECUTE_STAY
 * answers, says HELLO again and runs that tenant's next execution. The
 * children are scripted (as in check_pool): each answers with its pid, so
 * a test sees which process ran what.
 */
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "ipc/frame.h"
#include "pool/pool.h"
#include "pool/pool_int.h"
#include "support/test_frames.h"

/*
 * Commands: "pid" answers the child's pid; "exit" answers, then ends
 * although told to stay; "mute" answers and never says HELLO again;
 * "slow" takes 150 ms to say it; "late" takes 200 ms to answer; "hang"
 * never answers; "grow" makes 4 MiB more its own before it answers;
 * "flags" answers the EXECUTE's flags instead of its pid.
 */
/*
 * Set before start_pool: each child first makes 2 MiB its own, so its
 * private size is that and a little (which varies by tens of kB between
 * children), and a budget in children's sizes is not a matter of luck.
 */
static int fat_children;
static uint8_t fat[2u << 20];

static int
staying_child(int fd, void *arg)
{
	uint8_t buf[4096];
	char out[32];
	struct frame f;
	const char *cmd;

	(void)arg;
	if (fat_children)
		memset(fat, 1, sizeof(fat));
	test_frame_send(fd, FRAME_HELLO, 0, 0, 0, "{}");
	for (;;) {
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
		    f.type != FRAME_EXECUTE)
			return 2;
		cmd = (const char *)f.payload;
		snprintf(out, sizeof(out), "%d",
		    strcmp(cmd, "flags") == 0 ? (int)f.flags : (int)getpid());
		if (strcmp(cmd, "hang") == 0)
			for (;;)
				usleep(100000);
		if (strcmp(cmd, "grow") == 0) {
			static uint8_t *grown;

			if ((grown = malloc(4u << 20)) != NULL)
				memset(grown, 1, 4u << 20);
		}
		if (strcmp(cmd, "late") == 0)
			usleep(200000);
		test_frame_send_result(fd, f.exec_id, out);
		if (strcmp(cmd, "exit") == 0 || !(f.flags & FRAME_EXECUTE_STAY))
			return 0;
		if (strcmp(cmd, "mute") == 0)
			for (;;)
				usleep(100000);
		if (strcmp(cmd, "slow") == 0)
			usleep(150000);
		test_frame_send(fd, FRAME_HELLO, 0, 0, 0, "{}");
	}
}

struct run {
	int settled;
	enum pool_outcome outcome;
	int pid;
};

static struct event_base *base;
static struct pool *pool;
static int spawned, crashed;

static void
on_event(const struct pool_event *ev, void *arg)
{
	(void)arg;
	spawned += ev->type == POOL_EV_WORKER_SPAWN;
	crashed += ev->type == POOL_EV_WORKER_CRASH;
}

static void
on_settle(struct pool_exec *e, enum pool_outcome o, const uint8_t *p,
    size_t len, void *udata)
{
	struct run *r = udata;
	char tmp[32];

	(void)e;
	ck_assert_int_eq(r->settled, 0);
	r->settled = 1;
	r->outcome = o;
	test_frame_unwrap(p, len, tmp, sizeof(tmp));
	r->pid = atoi(tmp);
}

static const struct pool_exec_callbacks callbacks = { NULL, NULL, NULL,
	on_settle, NULL };

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Turns the loop for `ms`, or until *flag (when given) is set. */
static int
spin(int *flag, double ms)
{
	double end = now_ms() + ms;

	while ((flag == NULL || !*flag) && now_ms() < end) {
		event_base_loop(base, EVLOOP_NONBLOCK);
		usleep(500);
	}
	return flag ? *flag : 0;
}

static unsigned max_kept; /* for the next start_pool (0: default) */
static size_t kept_memory_opt; /* ditto */
static unsigned spares = 1; /* ditto */
static unsigned orphan_ms_opt =
    10000; /* ditto (long: forks are slow under load) */

static void
start_pool(unsigned workers, unsigned reuse_runs, unsigned kept_idle_ms)
{
	struct pool_options o;
	char err[256];

	pool_options_default(&o);
	o.max_workers = workers;
	o.spares = spares;
	/* Whether a child may spin depends on the machine's load (FRAME_SPIN):
	 * off, so the EXECUTE's flags are the test's to predict. */
	o.program.spin_us = 0;
	o.kept_memory = kept_memory_opt;
	o.termination_delay_ms = 300;
	if (reuse_runs != 0) /* 0: the default */
		o.reuse_runs = reuse_runs;
	o.kept_idle_ms = kept_idle_ms;
	o.max_kept = max_kept;
	o.orphan_ms = orphan_ms_opt;
	o.program.run = zygote_proc_main;
	o.program.child_main = staying_child;
	o.program.sandbox = 1;
	o.on_event = on_event;
	spawned = crashed = 0;
	ck_assert_ptr_nonnull(base = pool_base_new());
	pool = pool_new(base, &o, err, sizeof(err));
	ck_assert_msg(pool != NULL, "%s", err);
}

static void
stop_pool(void)
{
	pool_free(pool);
	event_base_free(base);
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}

/* Submits one execution of `tenant` under `principal` into `r`. */
static void
start_as(const char *cmd, uint64_t tenant, uint64_t principal, struct run *r)
{
	int full;

	memset(r, 0, sizeof(*r));
	r->outcome = POOL_SHUTDOWN;
	ck_assert_ptr_nonnull(pool_execute(pool, (const uint8_t *)cmd,
	    strlen(cmd), 5000, 50, 0, tenant, principal, &callbacks, r, &full));
}

/* Runs one execution to its end; returns the pid that answered (0: none). */
static int
run_as(const char *cmd, uint64_t tenant, uint64_t principal,
    enum pool_outcome *outcome)
{
	struct run r;

	start_as(cmd, tenant, principal, &r);
	ck_assert(spin(&r.settled, 5000));
	if (outcome != NULL)
		*outcome = r.outcome;
	else
		ck_assert_int_eq(r.outcome, POOL_RESULT);
	return r.pid;
}

/* The same without a principal: the tenant shares with no one. */
static int
run_one(const char *cmd, uint64_t tenant, enum pool_outcome *outcome)
{
	return run_as(cmd, tenant, 0, outcome);
}

/* Waits until the pool holds `kept` staying children. */
static void
wait_kept(unsigned kept)
{
	struct pool_stats st;
	double end = now_ms() + 3000;

	do {
		spin(NULL, 2);
		pool_stats(pool, &st);
	} while (st.kept != kept && now_ms() < end);
	ck_assert_uint_eq(st.kept, kept);
}

/*
 * Waits until no child is resetting: a child that answered is idle again
 * (its HELLO can come a moment after its answer on a loaded machine), so
 * which one is back last no longer depends on the scheduler.
 */
static void
wait_reset(void)
{
	double end = now_ms() + 3000;

	while (pool->resetting != 0 && now_ms() < end)
		spin(NULL, 1);
	ck_assert_uint_eq(pool->resetting, 0);
}

/* Waits until the spare a run took is replaced: no fork is pending then. */
static void
wait_spare(void)
{
	struct pool_stats st;
	double end = now_ms() + 3000;

	do {
		spin(NULL, 2);
		pool_stats(pool, &st);
	} while (st.spares < 1 && now_ms() < end);
	ck_assert_uint_ge(st.spares, 1);
}

START_TEST(test_one_tenant_one_child)
{
	int first, i, spawned_before;

	start_pool(2, 100, 10000);
	first = run_one("pid", 7, NULL);
	ck_assert_int_gt(first, 0);
	wait_kept(1);
	wait_spare();
	spawned_before = spawned;
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(run_one("pid", 7, NULL), first);
	/* Nothing was forked for those twenty. */
	spin(NULL, 50);
	ck_assert_int_eq(spawned, spawned_before);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * A run alone in the pool asks its staying child to yield before the reset
 * (FRAME_EXECUTE_YIELD); with another run about, it does not: the yield
 * would only be one more switch for the CPUs the other run needs.
 */
START_TEST(test_yield_only_when_alone)
{
	struct run slow;

	start_pool(2, 100, 10000);
	(void)run_one("pid", 3, NULL);
	wait_kept(1);
	wait_spare();
	wait_reset();
	ck_assert_int_eq(run_one("flags", 3, NULL),
	    FRAME_EXECUTE_STAY | FRAME_EXECUTE_YIELD);
	wait_reset();
	/* Tenant 4's run holds the other worker for 200 ms. */
	start_as("late", 4, 0, &slow);
	spin(NULL, 20);
	ck_assert_int_eq(pool->running, 1);
	ck_assert_int_eq(run_one("flags", 3, NULL), FRAME_EXECUTE_STAY);
	ck_assert(spin(&slow.settled, 5000));
	ck_assert_int_eq(slow.outcome, POOL_RESULT);
	/* A child not asked to stay has no reset to put off. */
	wait_spare();
	wait_reset();
	ck_assert_int_eq(run_one("flags", 0, NULL), 0);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/* The next execution waits for its tenant's child to finish resetting. */
START_TEST(test_next_run_waits_for_the_reset)
{
	struct run r = { 0, POOL_SHUTDOWN, 0 };
	int full, a, spawned_before;

	start_pool(2, 100, 10000);
	(void)run_one("pid", 12, NULL);
	wait_kept(1);
	wait_spare();
	spawned_before = spawned;
	a = run_one("slow", 12, NULL);
	/* Submitted at once, while that child still resets. */
	ck_assert_ptr_nonnull(pool_execute(pool, (const uint8_t *)"pid", 3,
	    5000, 50, 0, 12, 0, &callbacks, &r, &full));
	ck_assert(spin(&r.settled, 5000));
	ck_assert_int_eq(r.pid, a);
	spin(NULL, 50);
	ck_assert_int_eq(spawned, spawned_before);
	stop_pool();
}
END_TEST

START_TEST(test_tenants_never_share_a_child)
{
	int a, b, zero1, zero2;

	start_pool(2, 100, 10000);
	a = run_one("pid", 1, NULL);
	wait_kept(1);
	b = run_one("pid", 2, NULL);
	ck_assert_int_ne(a, b);
	wait_kept(2);
	ck_assert_int_eq(run_one("pid", 1, NULL), a);
	ck_assert_int_eq(run_one("pid", 2, NULL), b);
	/* Tenant 0 gets a child of its own every time, and none stays. */
	zero1 = run_one("pid", 0, NULL);
	zero2 = run_one("pid", 0, NULL);
	ck_assert_int_ne(zero1, zero2);
	ck_assert_int_ne(zero1, a);
	ck_assert_int_ne(zero1, b);
	wait_kept(2);
	stop_pool();
}
END_TEST

START_TEST(test_reuse_runs_bounds_a_child)
{
	int pids[7], i;

	start_pool(1, 3, 10000);
	for (i = 0; i < 7; i++) {
		pids[i] = run_one("pid", 5, NULL);
		spin(NULL, 5);
	}
	/* Three runs a child: 0-2, 3-5, then a third child. */
	ck_assert_int_eq(pids[0], pids[1]);
	ck_assert_int_eq(pids[1], pids[2]);
	ck_assert_int_ne(pids[2], pids[3]);
	ck_assert_int_eq(pids[3], pids[5]);
	ck_assert_int_ne(pids[5], pids[6]);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

START_TEST(test_forgotten_tenant_children_end)
{
	struct pool_stats st;
	int a;

	start_pool(2, 100, 10000);
	a = run_one("pid", 9, NULL);
	wait_kept(1);
	pool_forget_tenant(pool, 9);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept, 0);
	ck_assert_int_ne(run_one("pid", 9, NULL), a);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

START_TEST(test_tenant_forgotten_mid_run)
{
	struct run r = { 0, POOL_SHUTDOWN, 0 };
	int full, a;

	start_pool(2, 100, 10000);
	a = run_one("pid", 3, NULL);
	wait_kept(1);
	ck_assert_ptr_nonnull(pool_execute(pool, (const uint8_t *)"pid", 3,
	    5000, 50, 0, 3, 0, &callbacks, &r, &full));
	/* Gone while its run is in flight: the answer still arrives. */
	pool_forget_tenant(pool, 3);
	ck_assert(spin(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(r.pid, a);
	/* Its HELLO afterwards ends it instead of keeping it. */
	spin(NULL, 100);
	wait_kept(0);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

START_TEST(test_idle_staying_child_ends)
{
	int a;

	start_pool(1, 100, 100);
	a = run_one("pid", 4, NULL);
	wait_kept(1);
	spin(NULL, 400);
	wait_kept(0);
	ck_assert_int_ne(run_one("pid", 4, NULL), a);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

START_TEST(test_child_may_end_instead_of_staying)
{
	int a;

	start_pool(1, 100, 10000);
	a = run_one("exit", 6, NULL);
	spin(NULL, 100);
	wait_kept(0);
	/* Not a crash: a run that hit its memory bound ends its child. */
	ck_assert_int_eq(crashed, 0);
	ck_assert_int_ne(run_one("pid", 6, NULL), a);
	stop_pool();
}
END_TEST

START_TEST(test_silent_child_is_ended)
{
	int a;

	start_pool(1, 100, 10000);
	a = run_one("mute", 8, NULL);
	/* No HELLO within the termination delay (300 ms): it is killed. */
	spin(NULL, 600);
	wait_kept(0);
	ck_assert_int_ne(run_one("pid", 8, NULL), a);
	stop_pool();
}
END_TEST

START_TEST(test_staying_child_killed_while_idle)
{
	enum pool_outcome o;
	int a;

	start_pool(1, 100, 10000);
	a = run_one("pid", 2, NULL);
	wait_kept(1);
	kill(a, SIGKILL);
	spin(NULL, 200);
	wait_kept(0);
	ck_assert_int_eq(crashed, 1);
	ck_assert_int_ne(run_one("pid", 2, &o), a);
	ck_assert_int_eq(o, POOL_RESULT);
	stop_pool();
}
END_TEST

START_TEST(test_staying_children_within_max_kept)
{
	struct pool_stats st;
	int pids[5], i;

	/* No count bound by default: six tenants on one slot keep six. */
	start_pool(1, 100, 10000);
	for (i = 1; i <= 6; i++) {
		(void)run_one("pid", (uint64_t)i, NULL);
		spin(NULL, 20);
	}
	wait_kept(6);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept_retired, 0);
	stop_pool();
	/* max_kept bounds them, the least recently used leaving first. */
	max_kept = 2;
	start_pool(1, 100, 10000);
	for (i = 1; i <= 4; i++) {
		pids[i] = run_one("pid", (uint64_t)i, NULL);
		spin(NULL, 20);
	}
	wait_kept(2);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept_retired, 2);
	ck_assert_int_eq(run_one("pid", 4, NULL), pids[4]);
	ck_assert_int_eq(run_one("pid", 3, NULL), pids[3]);
	ck_assert_int_ne(run_one("pid", 1, NULL), pids[1]);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
	max_kept = 0;
}
END_TEST

/* The private bytes of one idle staying child, as the pool measures them. */
static size_t
one_child_size(void)
{
	struct pool_stats st;

	start_pool(1, 100, 10000);
	(void)run_one("pid", 1, NULL);
	wait_kept(1);
	pool_stats(pool, &st);
	stop_pool();
	ck_assert_uint_gt(st.kept_bytes, 0);
	ck_assert_uint_ge(st.kept_measures, 1);
	return st.kept_bytes;
}

/*
 * By default a child serves its tenant well past 100 runs (the default was
 * 100; each replacement's fork, prewarm and rehearsal is paid by the runs
 * it serves): 250 runs, one child.
 */
START_TEST(test_default_reuse_keeps_a_child_past_100_runs)
{
	int i, pid = 0;

	start_pool(1, 0, 10000);
	for (i = 0; i < 250; i++) {
		int p = run_one("pid", 1, NULL);

		ck_assert_msg(
		    pid == 0 || p == pid, "a new child at run %d", i + 1);
		pid = p;
		wait_kept(1);
	}
	stop_pool();
}
END_TEST

/*
 * A staying child's size is due for a read when it first stays, 16 runs
 * later, then at intervals that double (pool_kept.c): runs 1, 17, 34 and 68
 * of 70, not one every 16 runs (five). A child that took no page fault
 * since its last read has not grown, and is not read again: 70 runs of
 * "pid" read smaps_rollup once, and skip the three due after. (Under ASan
 * the scripted child faults on every run, its allocator's quarantine
 * taking fresh pages, so there only the due points are counted.)
 */
#if defined(__SANITIZE_ADDRESS__)
#define FAULT_FREE_CHILDREN 0
#else
#define FAULT_FREE_CHILDREN 1
#endif

START_TEST(test_kept_size_measured_at_growing_intervals)
{
	struct pool_stats st;
	int i, pid = 0;

	start_pool(1, 1000, 10000);
	for (i = 0; i < 70; i++) {
		int p = run_one("pid", 1, NULL);

		ck_assert(pid == 0 || p == pid); /* one child throughout */
		pid = p;
		wait_kept(1);
	}
	pool_stats(pool, &st);
	stop_pool();
	ck_assert_uint_eq(st.kept_measures + st.kept_measures_skipped, 4);
	if (FAULT_FREE_CHILDREN)
		ck_assert_uint_eq(st.kept_measures, 1);
}
END_TEST

/*
 * A child that grew (run 21 makes 4 MiB its own) is read again at the next
 * due point, run 34, and the budget sees its new size; before and after,
 * the due points find no fault and skip the read (17, 68).
 */
START_TEST(test_kept_size_read_again_after_growth)
{
	struct pool_stats st;
	size_t before = 0;
	int i;

	start_pool(1, 1000, 10000);
	for (i = 1; i <= 70; i++) {
		(void)run_one(i == 21 ? "grow" : "pid", 1, NULL);
		wait_kept(1);
		pool_stats(pool, &st);
		if (i == 33) {
			before = st.kept_bytes;
			if (FAULT_FREE_CHILDREN)
				ck_assert_uint_eq(st.kept_measures, 1);
		}
	}
	stop_pool();
	ck_assert_uint_eq(st.kept_measures + st.kept_measures_skipped, 4);
	if (FAULT_FREE_CHILDREN) {
		ck_assert_uint_eq(st.kept_measures, 2);
		ck_assert_uint_eq(st.kept_measures_skipped, 2);
	}
	/* the child grew by 4 MiB; a busy host may have reclaimed some of its
	 * cold pages between the two reads (CI saw 60 KB), so 3 MiB is the
	 * growth asserted: without the second read it would be none */
	ck_assert_uint_ge(st.kept_bytes, before + (3u << 20));
}
END_TEST

/*
 * A budget of two and a half children keeps two: each new one retires
 * the least recently used, and kept_bytes stays within the budget.
 */
START_TEST(test_kept_memory_retires_least_recently_used)
{
	struct pool_stats st;
	size_t one;
	int p2, p3, p4;

	fat_children = 1;
	one = one_child_size();
	ck_assert_uint_gt(one, 2u << 20);

	kept_memory_opt = one * 5 / 2;
	start_pool(1, 100, 10000);
	(void)run_one("pid", 1, NULL);
	wait_kept(1);
	p2 = run_one("pid", 2, NULL);
	wait_kept(2);
	p3 = run_one("pid", 3, NULL);
	spin(NULL, 50);
	wait_kept(2);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept_retired, 1);
	ck_assert_uint_gt(st.kept_bytes, one);
	ck_assert_uint_le(st.kept_bytes, kept_memory_opt);
	/* Tenant 2 used again: now 3 is the least recently used. */
	ck_assert_int_eq(run_one("pid", 2, NULL), p2);
	spin(NULL, 20);
	p4 = run_one("pid", 4, NULL);
	spin(NULL, 50);
	wait_kept(2);
	/* The newest stays: the least recently used (3) left for it. */
	ck_assert_int_eq(run_one("pid", 4, NULL), p4);
	spin(NULL, 20);
	ck_assert_int_eq(run_one("pid", 2, NULL), p2);
	ck_assert_int_ne(run_one("pid", 3, NULL), p3);
	pool_stats(pool, &st);
	ck_assert_uint_ge(st.kept_retired, 2);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
	kept_memory_opt = 0;
	fat_children = 0;
}
END_TEST

/* A budget smaller than one child keeps none: each leaves as it comes back. */
START_TEST(test_tiny_kept_memory_keeps_none)
{
	struct pool_stats st;
	int a;

	kept_memory_opt = 1;
	start_pool(1, 100, 10000);
	a = run_one("pid", 1, NULL);
	spin(NULL, 100);
	wait_kept(0);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept_retired, 1);
	ck_assert_uint_eq(st.kept_bytes, 0);
	ck_assert_int_ne(run_one("pid", 1, NULL), a);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
	kept_memory_opt = 0;
}
END_TEST

/*
 * The size of a child whose smaps_rollup the daemon may not read (children
 * are not dumpable: a daemon without CAP_SYS_PTRACE, such as the packaged
 * unit's DynamicUser, is refused it on a standard kernel): the size then
 * comes from statm, which must still count the child's own pages and err
 * larger, never smaller, than the private size. The refusal is played by a
 * proc root whose <pid>/ holds statm but no smaps_rollup.
 */
START_TEST(test_measure_without_smaps)
{
	const size_t own = 8u << 20;
	char root[] = "/tmp/cm-proc-XXXXXX", dir[PATH_MAX], to[64], c;
	size_t with, without;
	int fds[2];
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	if ((pid = fork()) == 0) {
		char *p = malloc(own);

		prctl(PR_SET_DUMPABLE, 0);
		if (p == NULL)
			_exit(1);
		memset(p, 1, own);
		/* Sending a byte of it keeps the compiler from eliding it. */
		(void)!write(fds[1], p + own - 1, 1);
		pause();
		_exit(0);
	}
	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	ck_assert_ptr_nonnull(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/%d", root, (int)pid);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	snprintf(to, sizeof(to), "/proc/%d/statm", (int)pid);
	snprintf(dir, sizeof(dir), "%s/%d/statm", root, (int)pid);
	ck_assert_int_eq(symlink(to, dir), 0);
	with = pool_kept_measure(pid);
	without = pool_kept_measure_in(root, pid);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	unlink(dir);
	snprintf(dir, sizeof(dir), "%s/%d", root, (int)pid);
	rmdir(dir);
	rmdir(root);
	ck_assert_uint_ge(with, own);
	ck_assert_uint_ge(without, own);
	ck_assert_uint_ge(without, with - with / 16);
	/* Nothing readable at all: 0, never a guess. */
	ck_assert_uint_eq(pool_kept_measure_in("/nonexistent", pid), 0);
}
END_TEST

/*
 * A child's page faults (minor + major) come from the fields after the
 * command, which is the process's to name: a ") " inside it must not shift
 * them. Unreadable or malformed: 0, which makes the size read again.
 */
START_TEST(test_faults_read_past_the_command)
{
	char root[] = "/tmp/cm-proc-XXXXXX", dir[PATH_MAX], path[PATH_MAX];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/42", root);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	snprintf(path, sizeof(path), "%s/42/stat", root);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs("42 (a) S 1 2 (b) R 7 7 7 34816 7 4194560 600 9 21 0 5 6\n", f);
	fclose(f);
	ck_assert_uint_eq(pool_kept_faults_in(root, 42), 621);
	ck_assert_int_eq(truncate(path, 20), 0);
	ck_assert_uint_eq(pool_kept_faults_in(root, 42), 0);
	ck_assert_uint_eq(pool_kept_faults_in(root, 43), 0);
	ck_assert_uint_gt(pool_kept_faults_in("/proc", getpid()), 0);
	unlink(path);
	rmdir(dir);
	rmdir(root);
}
END_TEST

/*
 * Three runs before a child's last (reuse_runs 10), a spare becomes its
 * tenant's successor and rehearses, then waits as a staying child beside
 * the predecessor, which still serves the tenant to its last run. The run
 * after that finds the successor ready: no fork for it, the refill's fork
 * having run beside the predecessor's last runs.
 */
START_TEST(test_replacement_prepared_before_it_is_needed)
{
	struct pool_stats st;
	int a, b, i, spawned_before;

	start_pool(1, 10, 10000);
	a = run_one("pid", 5, NULL);
	wait_spare();
	for (i = 2; i <= 6; i++)
		ck_assert_int_eq(run_one("pid", 5, NULL), a);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 0);
	/* The seventh: the spare becomes tenant 5's successor. */
	ck_assert_int_eq(run_one("pid", 5, NULL), a);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 1);
	ck_assert_uint_eq(st.replacements_missed, 0);
	/* Rehearsed and reset: it stays beside its predecessor. */
	wait_kept(2);
	wait_spare();
	for (i = 8; i <= 10; i++)
		ck_assert_int_eq(run_one("pid", 5, NULL), a);
	spin(NULL, 50);
	spawned_before = spawned;
	b = run_one("pid", 5, NULL);
	ck_assert_int_ne(b, a);
	spin(NULL, 50);
	/* Nothing was forked for it: it ran on the prepared successor. */
	ck_assert_int_eq(spawned, spawned_before);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 1);
	wait_kept(1);
	ck_assert_int_eq(run_one("pid", 5, NULL), b);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/* A child of few runs (reuse_runs 3) gets its successor at its last run. */
START_TEST(test_replacement_prepared_at_the_last_run)
{
	struct pool_stats st;
	int a, b, spawned_before;

	start_pool(1, 3, 10000);
	a = run_one("pid", 6, NULL);
	wait_spare();
	ck_assert_int_eq(run_one("pid", 6, NULL), a);
	wait_spare();
	ck_assert_int_eq(run_one("pid", 6, NULL), a);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 1);
	wait_kept(1);
	wait_spare();
	spin(NULL, 50);
	spawned_before = spawned;
	b = run_one("pid", 6, NULL);
	ck_assert_int_ne(b, a);
	spin(NULL, 50);
	ck_assert_int_eq(spawned, spawned_before);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

START_TEST(test_timeout_ends_a_staying_child)
{
	enum pool_outcome o;
	struct run r = { 0, POOL_SHUTDOWN, 0 };
	int full, a;

	start_pool(1, 100, 10000);
	a = run_one("pid", 11, NULL);
	wait_kept(1);
	ck_assert_ptr_nonnull(pool_execute(pool, (const uint8_t *)"hang", 4,
	    100, 50, 0, 11, 0, &callbacks, &r, &full));
	ck_assert(spin(&r.settled, 3000));
	ck_assert_int_eq(r.outcome, POOL_TIMEOUT);
	ck_assert_int_ne(run_one("pid", 11, &o), a);
	ck_assert_int_eq(o, POOL_RESULT);
	stop_pool();
}
END_TEST

static int shutdown_done;

static void
on_shutdown_done(void *arg)
{
	(void)arg;
	shutdown_done = 1;
}

/* Idle children, staying or spare, end at shutdown without a crash. */
/* Principal keys, as the daemon makes them (conn.c). */
#define KEY_A 0x100000000ull
#define KEY_B 0x1000003e8ull

/*
 * A connection that closes leaves its staying child to its principal's
 * next connection: the same process serves it, nothing is forked, and the
 * child keeps counting its runs toward reuse_runs.
 */
START_TEST(test_orphan_adopted_by_its_principal)
{
	struct pool_stats st;
	int a;

	start_pool(2, 4, 10000);
	a = run_one("pid", 20, NULL);
	ck_assert_int_eq(run_one("pid", 20, NULL), a);
	wait_kept(1);
	pool_release_tenant(pool, 20, KEY_A);
	/* Still there, as an orphan: no tenant of its own. */
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept, 1);
	ck_assert_int_eq(kill(a, 0), 0);
	ck_assert_int_eq(pool_adopt(pool, 21, KEY_A), 1);
	/* Once adopted, not again, and its new tenant has a child. */
	ck_assert_int_eq(pool_adopt(pool, 22, KEY_A), 0);
	ck_assert_int_eq(run_one("pid", 21, NULL), a);
	/* Its fourth run overall is its last (reuse_runs 4). */
	ck_assert_int_eq(run_one("pid", 21, NULL), a);
	spin(NULL, 20);
	ck_assert_int_ne(run_one("pid", 21, NULL), a);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.adopted, 1);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/* The run after the adoption forks nothing. */
START_TEST(test_adopted_child_needs_no_fork)
{
	int a, spawned_before;

	start_pool(2, 100, 10000);
	a = run_one("pid", 23, NULL);
	wait_kept(1);
	wait_spare();
	spin(NULL, 50);
	spawned_before = spawned;
	pool_release_tenant(pool, 23, KEY_A);
	ck_assert_int_eq(pool_adopt(pool, 24, KEY_A), 1);
	ck_assert_int_eq(run_one("pid", 24, NULL), a);
	spin(NULL, 50);
	ck_assert_int_eq(spawned, spawned_before);
	stop_pool();
}
END_TEST

/*
 * An orphan never goes to another principal, nor to a connection without
 * one; it still waits for its own.
 */
START_TEST(test_orphan_never_crosses_principals)
{
	int a, b;

	start_pool(2, 100, 10000);
	a = run_one("pid", 30, NULL);
	wait_kept(1);
	pool_release_tenant(pool, 30, KEY_A);
	ck_assert_int_eq(pool_adopt(pool, 31, KEY_B), 0);
	ck_assert_int_eq(pool_adopt(pool, 32, 0), 0);
	b = run_one("pid", 31, NULL);
	ck_assert_int_ne(b, a);
	ck_assert_int_ne(run_one("pid", 32, NULL), a);
	/* Tenant 31's own child, released under KEY_B, is not KEY_A's. */
	wait_kept(3);
	pool_release_tenant(pool, 31, KEY_B);
	ck_assert_int_eq(pool_adopt(pool, 33, KEY_A), 1);
	ck_assert_int_eq(run_one("pid", 33, NULL), a);
	ck_assert_int_eq(pool_adopt(pool, 34, KEY_B), 1);
	ck_assert_int_eq(run_one("pid", 34, NULL), b);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/* An orphan nobody adopts within orphan_ms ends: no child is left over. */
START_TEST(test_unadopted_orphan_ends)
{
	struct pool_stats st;
	int a;

	orphan_ms_opt = 150;
	start_pool(2, 100, 10000);
	orphan_ms_opt = 10000;
	a = run_one("pid", 40, NULL);
	wait_kept(1);
	pool_release_tenant(pool, 40, KEY_A);
	spin(NULL, 400);
	wait_kept(0);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.orphans_expired, 1);
	ck_assert_int_eq(pool_adopt(pool, 41, KEY_A), 0);
	ck_assert_int_ne(run_one("pid", 41, NULL), a);
	/* Reaped: the process is gone, not a zombie of ours. */
	spin(NULL, 100);
	ck_assert_int_eq(kill(a, 0), -1);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/* Released while still resetting: it becomes an orphan at its HELLO. */
START_TEST(test_orphan_released_while_resetting)
{
	int a;

	start_pool(2, 100, 10000);
	(void)run_one("pid", 50, NULL);
	wait_kept(1);
	a = run_one("slow", 50, NULL);
	pool_release_tenant(pool, 50, KEY_A);
	/* Adopted before its HELLO: the run waits for the reset. */
	ck_assert_int_eq(pool_adopt(pool, 51, KEY_A), 1);
	ck_assert_int_eq(run_one("pid", 51, NULL), a);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/* Without a principal, a closed connection's child ends as before. */
START_TEST(test_release_without_principal_ends)
{
	int a;

	start_pool(2, 100, 10000);
	a = run_one("pid", 60, NULL);
	wait_kept(1);
	pool_release_tenant(pool, 60, 0);
	wait_kept(0);
	ck_assert_int_eq(pool_adopt(pool, 61, KEY_A), 0);
	ck_assert_int_ne(run_one("pid", 61, NULL), a);
	stop_pool();
}
END_TEST

/* An orphan ends with the pool's shutdown like any idle child. */
START_TEST(test_shutdown_ends_orphans_quietly)
{
	start_pool(2, 100, 10000);
	(void)run_one("pid", 70, NULL);
	wait_kept(1);
	pool_release_tenant(pool, 70, KEY_A);
	shutdown_done = 0;
	pool_shutdown(pool, 500, 1000, on_shutdown_done, NULL);
	ck_assert(spin(&shutdown_done, 5000));
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * Children shared by the live connections of one principal: a run takes
 * the idle staying child that came back last among all of them
 * (pool_exec_pick_shared), not its own colder one.
 */

/* Two connections of one principal: the second runs on the first's child. */
START_TEST(test_principal_connections_share_a_child)
{
	struct pool_stats st;
	int a, spawned_before;

	start_pool(2, 100, 10000);
	a = run_as("pid", 100, KEY_A, NULL);
	wait_kept(1);
	wait_spare();
	spin(NULL, 50);
	spawned_before = spawned;
	/* Both connections are live: nothing was released or adopted. */
	ck_assert_int_eq(run_as("pid", 101, KEY_A, NULL), a);
	ck_assert_int_eq(run_as("pid", 100, KEY_A, NULL), a);
	ck_assert_int_eq(run_as("pid", 102, KEY_A, NULL), a);
	spin(NULL, 50);
	ck_assert_int_eq(spawned, spawned_before);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.shared, 3);
	ck_assert_uint_eq(st.reused, 3);
	ck_assert_uint_eq(st.adopted, 0);
	wait_kept(1);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * Two staying children of one principal: the one back last serves the
 * next run, whichever connection it served, over the connection's own;
 * and a run does not wait for a resetting child while another is idle.
 */
START_TEST(test_shared_pick_prefers_the_child_back_last)
{
	struct run r1, r2;
	int x, y, m, o;

	start_pool(2, 100, 10000);
	/* Two at once: two children, one per connection. */
	start_as("late", 110, KEY_A, &r1);
	start_as("late", 111, KEY_A, &r2);
	ck_assert(spin(&r1.settled, 5000));
	ck_assert(spin(&r2.settled, 5000));
	x = r1.pid;
	y = r2.pid;
	ck_assert_int_ne(x, y);
	wait_kept(2);
	/* 110 runs on one of them (m), which then resets for 150 ms. */
	m = run_as("slow", 110, KEY_A, NULL);
	ck_assert(m == x || m == y);
	o = m == x ? y : x;
	/* Meanwhile the other serves 111 at once, not after m's reset. */
	ck_assert_int_eq(run_as("pid", 111, KEY_A, NULL), o);
	/* m came back after o: it is the hotter one, for either. */
	spin(NULL, 300);
	wait_kept(2);
	wait_reset();
	ck_assert_int_eq(run_as("pid", 111, KEY_A, NULL), m);
	wait_reset();
	ck_assert_int_eq(run_as("pid", 111, KEY_A, NULL), m);
	wait_reset();
	ck_assert_int_eq(run_as("pid", 110, KEY_A, NULL), m);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * Runs served by the child back last leave the other idle: it ends at
 * kept_idle_ms, as any staying child nobody needs.
 */
START_TEST(test_shared_children_beyond_need_expire)
{
	struct run r1, r2;
	double end;
	int hot = 0, i = 0;

	/* Runs enough that none reaches its last in the 1.2 s. */
	start_pool(2, 100000, 400);
	start_as("late", 115, KEY_A, &r1);
	start_as("late", 116, KEY_A, &r2);
	ck_assert(spin(&r1.settled, 5000));
	ck_assert(spin(&r2.settled, 5000));
	wait_kept(2);
	/* One run at a time, alternating connections, for 1.2 s. */
	end = now_ms() + 1200;
	while (now_ms() < end) {
		int p = run_as("pid", 115 + (uint64_t)(i++ % 2), KEY_A, NULL);

		ck_assert(hot == 0 || p == hot);
		hot = p;
		wait_reset();
		spin(NULL, 2);
	}
	ck_assert_int_ne(hot, r1.pid == hot ? r2.pid : r1.pid);
	/* Only the hot one is left: the other expired. */
	wait_kept(1);
	ck_assert_int_eq(kill(r1.pid == hot ? r2.pid : r1.pid, 0), -1);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * A child never serves another principal, and a tenant without one
 * (principal 0) shares with nobody: neither takes another's child nor
 * gives its own.
 */
START_TEST(test_sharing_never_crosses_principals)
{
	struct pool_stats st;
	int a, b, z;

	start_pool(2, 100, 10000);
	a = run_as("pid", 120, KEY_A, NULL);
	wait_kept(1);
	b = run_as("pid", 121, KEY_B, NULL);
	ck_assert_int_ne(b, a);
	wait_kept(2);
	z = run_as("pid", 122, 0, NULL);
	ck_assert_int_ne(z, a);
	ck_assert_int_ne(z, b);
	wait_kept(3);
	/* Another connection of each principal gets its principal's child. */
	ck_assert_int_eq(run_as("pid", 123, KEY_B, NULL), b);
	ck_assert_int_eq(run_as("pid", 124, KEY_A, NULL), a);
	/* A second tenant without a principal gets none of them. */
	z = run_as("pid", 125, 0, NULL);
	ck_assert_int_ne(z, a);
	ck_assert_int_ne(z, b);
	wait_kept(4);
	/* Nor does a tenant of a principal get a child of principal 0's. */
	ck_assert_int_eq(run_as("pid", 126, KEY_B, NULL), b);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.shared, 3);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * A paused connection (a slow reader) does not stop another connection's
 * run on the child it used last: the child takes the runner's pause
 * state, and the pause of the first no longer reaches it.
 */
START_TEST(test_pause_of_one_connection_spares_a_shared_child)
{
	struct run r;
	int a;

	start_pool(2, 100, 10000);
	a = run_as("pid", 130, KEY_A, NULL);
	wait_kept(1);
	ck_assert_int_eq(pool_tenant_pause(pool, 130, 1), 0);
	ck_assert_int_eq(run_as("pid", 131, KEY_A, NULL), a);
	/* Paused again while 131 runs on it: 131's answer still comes. */
	ck_assert_int_eq(pool_tenant_pause(pool, 130, 0), 0);
	start_as("late", 131, KEY_A, &r);
	spin(NULL, 20);
	ck_assert_int_eq(pool_tenant_pause(pool, 130, 1), 0);
	ck_assert(spin(&r.settled, 3000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(r.pid, a);
	/* The paused connection's own run waits, and runs once unpaused. */
	start_as("pid", 130, KEY_A, &r);
	spin(NULL, 100);
	ck_assert_int_eq(r.settled, 0);
	ck_assert_int_eq(pool_tenant_pause(pool, 130, 0), 0);
	ck_assert(spin(&r.settled, 3000));
	ck_assert_int_eq(r.pid, a);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * A paused connection's child, resetting after that connection's run, still
 * comes back (its HELLO is read): another connection of the principal,
 * which waits for it, is not held behind the paused reader (the child
 * would be ended as silent at the termination delay, 300 ms here, and the
 * run would take a spare).
 */
START_TEST(test_pause_does_not_hold_a_resetting_child)
{
	struct run r;
	int a;

	start_pool(2, 100, 10000);
	(void)run_as("pid", 135, KEY_A, NULL);
	wait_kept(1);
	wait_spare();
	a = run_as("slow", 135, KEY_A, NULL);
	/* Its reader stops while the child resets (150 ms). */
	ck_assert_int_eq(pool_tenant_pause(pool, 135, 1), 0);
	start_as("pid", 136, KEY_A, &r);
	ck_assert(spin(&r.settled, 3000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(r.pid, a);
	ck_assert_int_eq(pool_tenant_pause(pool, 135, 0), 0);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * A connection that closes ends (or orphans) only what it holds: the
 * child it used last, now running another connection's run, finishes that
 * run and stays for the principal.
 */
START_TEST(test_close_spares_a_child_another_connection_runs)
{
	struct run r;
	int a;

	start_pool(2, 100, 10000);
	a = run_as("pid", 140, KEY_A, NULL);
	wait_kept(1);
	start_as("late", 141, KEY_A, &r);
	spin(NULL, 20);
	/* Without a principal its children would end at once: not this. */
	pool_forget_tenant(pool, 140);
	ck_assert(spin(&r.settled, 3000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(r.pid, a);
	wait_kept(1);
	ck_assert_int_eq(run_as("pid", 141, KEY_A, NULL), a);
	/* The same with a release for the principal: no orphan is made. */
	start_as("late", 142, KEY_A, &r);
	spin(NULL, 20);
	pool_release_tenant(pool, 141, KEY_A);
	ck_assert(spin(&r.settled, 3000));
	ck_assert_int_eq(r.pid, a);
	wait_kept(1);
	ck_assert_int_eq(pool_adopt(pool, 143, KEY_A), 0);
	ck_assert_int_eq(run_as("pid", 142, KEY_A, NULL), a);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * A shared child's successor is its principal's: prepared once, three runs
 * before the child's last, whichever connections those runs served (one
 * per principal, not one per connection), and it takes over the run after
 * the last without a fork.
 */
START_TEST(test_shared_child_has_one_successor)
{
	struct pool_stats st;
	int a, b, i, spawned_before;

	start_pool(1, 10, 10000);
	a = run_as("pid", 150, KEY_A, NULL);
	wait_spare();
	/* Runs 2..6 alternate two connections on the one child. */
	for (i = 2; i <= 6; i++) {
		ck_assert_int_eq(
		    run_as("pid", 150 + (uint64_t)(i % 2), KEY_A, NULL), a);
		wait_reset();
	}
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 0);
	/* The seventh (connection 151) prepares the principal's successor. */
	ck_assert_int_eq(run_as("pid", 151, KEY_A, NULL), a);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 1);
	wait_kept(2);
	wait_spare();
	/* The predecessor still serves both to its last run (150's). */
	/* (Waiting out each reset: with the successor idle and the
	 * predecessor resetting, the successor would take the run.) */
	for (i = 8; i <= 10; i++) {
		wait_reset();
		ck_assert_int_eq(
		    run_as("pid", 150 + (uint64_t)(i % 2), KEY_A, NULL), a);
	}
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.replacements_prepared, 1);
	ck_assert_uint_eq(st.replacements_missed, 0);
	spin(NULL, 50);
	spawned_before = spawned;
	/* The run after the last (a third connection's) takes it... */
	b = run_as("pid", 152, KEY_A, NULL);
	ck_assert_int_ne(b, a);
	spin(NULL, 50);
	ck_assert_int_eq(spawned, spawned_before);
	wait_kept(1);
	/* ...and it serves every connection of the principal from then on. */
	ck_assert_int_eq(run_as("pid", 150, KEY_A, NULL), b);
	ck_assert_int_eq(run_as("pid", 151, KEY_A, NULL), b);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

/*
 * Shared children are still staying children: a budget of one and a half
 * keeps one of a principal's two, the other retired.
 */
START_TEST(test_shared_children_within_the_budget)
{
	struct pool_stats st;
	struct run r1, r2;
	size_t one;
	int kept;

	fat_children = 1;
	one = one_child_size();
	kept_memory_opt = one * 3 / 2;
	start_pool(2, 100, 10000);
	start_as("late", 160, KEY_A, &r1);
	start_as("late", 161, KEY_A, &r2);
	ck_assert(spin(&r1.settled, 5000));
	ck_assert(spin(&r2.settled, 5000));
	ck_assert_int_ne(r1.pid, r2.pid);
	spin(NULL, 100);
	wait_kept(1);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.kept_retired, 1);
	ck_assert_uint_le(st.kept_bytes, kept_memory_opt);
	/* The one back last stayed, and serves both connections. */
	kept = run_as("pid", 161, KEY_A, NULL);
	ck_assert(kept == r1.pid || kept == r2.pid);
	ck_assert_int_eq(run_as("pid", 160, KEY_A, NULL), kept);
	ck_assert_int_eq(crashed, 0);
	stop_pool();
	kept_memory_opt = 0;
	fat_children = 0;
}
END_TEST

START_TEST(test_shutdown_ends_idle_children_quietly)
{
	start_pool(2, 100, 10000);
	(void)run_one("pid", 13, NULL);
	wait_kept(1);
	shutdown_done = 0;
	pool_shutdown(pool, 500, 1000, on_shutdown_done, NULL);
	ck_assert(spin(&shutdown_done, 5000));
	ck_assert_int_eq(crashed, 0);
	stop_pool();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pool_reuse");
	TCase *tc = tcase_create("pool_reuse");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_one_tenant_one_child);
	tcase_add_test(tc, test_yield_only_when_alone);
	tcase_add_test(tc, test_next_run_waits_for_the_reset);
	tcase_add_test(tc, test_tenants_never_share_a_child);
	tcase_add_test(tc, test_reuse_runs_bounds_a_child);
	tcase_add_test(tc, test_forgotten_tenant_children_end);
	tcase_add_test(tc, test_tenant_forgotten_mid_run);
	tcase_add_test(tc, test_idle_staying_child_ends);
	tcase_add_test(tc, test_child_may_end_instead_of_staying);
	tcase_add_test(tc, test_silent_child_is_ended);
	tcase_add_test(tc, test_staying_child_killed_while_idle);
	tcase_add_test(tc, test_staying_children_within_max_kept);
	tcase_add_test(tc, test_default_reuse_keeps_a_child_past_100_runs);
	tcase_add_test(tc, test_kept_size_measured_at_growing_intervals);
	tcase_add_test(tc, test_kept_size_read_again_after_growth);
	tcase_add_test(tc, test_kept_memory_retires_least_recently_used);
	tcase_add_test(tc, test_tiny_kept_memory_keeps_none);
	tcase_add_test(tc, test_measure_without_smaps);
	tcase_add_test(tc, test_faults_read_past_the_command);
	tcase_add_test(tc, test_replacement_prepared_before_it_is_needed);
	tcase_add_test(tc, test_replacement_prepared_at_the_last_run);
	tcase_add_test(tc, test_timeout_ends_a_staying_child);
	tcase_add_test(tc, test_shutdown_ends_idle_children_quietly);
	tcase_add_test(tc, test_orphan_adopted_by_its_principal);
	tcase_add_test(tc, test_adopted_child_needs_no_fork);
	tcase_add_test(tc, test_orphan_never_crosses_principals);
	tcase_add_test(tc, test_unadopted_orphan_ends);
	tcase_add_test(tc, test_orphan_released_while_resetting);
	tcase_add_test(tc, test_release_without_principal_ends);
	tcase_add_test(tc, test_shutdown_ends_orphans_quietly);
	tcase_add_test(tc, test_principal_connections_share_a_child);
	tcase_add_test(tc, test_shared_pick_prefers_the_child_back_last);
	tcase_add_test(tc, test_shared_children_beyond_need_expire);
	tcase_add_test(tc, test_sharing_never_crosses_principals);
	tcase_add_test(tc, test_pause_of_one_connection_spares_a_shared_child);
	tcase_add_test(tc, test_pause_does_not_hold_a_resetting_child);
	tcase_add_test(tc, test_close_spares_a_child_another_connection_runs);
	tcase_add_test(tc, test_shared_child_has_one_successor);
	tcase_add_test(tc, test_shared_children_within_the_budget);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
