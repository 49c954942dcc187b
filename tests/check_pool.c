/*
 * The worker pool against real forked children. The children run a small
 * scripted program instead of the engine, so each test states exactly what
 * a child does: answer, call a tool, wait on the host, hang, crash, break
 * the frame protocol, or try a forbidden system call.
 */
#include <check.h>
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "child/spin.h"
#include "ipc/frame.h"
#include "pool/pool.h"
#include "pool/pool_int.h"
#include "support/test_frames.h"

/* ---- the scripted child ---- */

static void
child_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static double
child_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

#define TOOL_CALL_JSON "{\"provider\":\"p\",\"tool\":\"t\",\"args\":\"\"}"

static int
scripted_child(int fd, void *arg)
{
	uint8_t buf[8192];
	struct frame f;
	const char *cmd;

	(void)arg;
	test_frame_send(fd, FRAME_HELLO, 0, 0, 0, "{}");
	if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
	    f.type != FRAME_EXECUTE)
		return 2;
	cmd = (const char *)f.payload;
	if (strncmp(cmd, "result:", 7) == 0) {
		test_frame_send_result(fd, f.exec_id, cmd + 7);
	} else if (strncmp(cmd, "raw:", 4) == 0 && strlen(cmd) > 7) {
		/* raw:<R|G|T|O>:<payload>, sent as it is: a RESULT, a RESULT
		 * with the retained flag, a TOOL_CALL, an OUTBOUND_REQUEST. */
		static const enum frame_type types[] = { FRAME_RESULT,
			FRAME_RESULT, FRAME_TOOL_CALL, FRAME_OUTBOUND_REQUEST };
		int k = (int)(strchr("RGTO", cmd[4]) - "RGTO");

		test_frame_send(fd, types[k], k == 1, f.exec_id, 3, cmd + 6);
		child_sleep_ms(5000);
	} else if (strncmp(cmd, "retain-raw:", 11) == 0) {
		uint32_t exec = f.exec_id;

		/* Answers its first invocation with the payload as it is. */
		test_frame_send_grant(fd, exec);
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) == 0)
			test_frame_send(fd, FRAME_HANDLE_RESULT, 0, exec,
			    f.call_id, cmd + 11);
		child_sleep_ms(5000);
	} else if (strncmp(cmd, "tools:", 6) == 0) {
		uint32_t exec = f.exec_id;
		long i, n = atol(cmd + 6);

		/* n calls, one after another. */
		for (i = 0; i < n; i++) {
			test_frame_send(fd, FRAME_TOOL_CALL, 0, exec,
			    (uint32_t)(5 + i), TOOL_CALL_JSON);
			if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
			    f.type != FRAME_TOOL_RESULT)
				return 3;
		}
		test_frame_send_result(fd, exec, "\"done\"");
	} else if (strncmp(cmd, "tool-flags:", 11) == 0) {
		uint32_t exec = f.exec_id;
		unsigned exec_flags = f.flags;
		char out[32];

		/* Calls after the given ms, and says which frames allowed it
		 * to spin (FRAME_SPIN). */
		child_sleep_ms(atol(cmd + 11));
		test_frame_send(fd, FRAME_TOOL_CALL, 0, exec, 5,
		    "{\"provider\":\"p\",\"tool\":\"t\",\"args\":\"\"}");
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
		    f.type != FRAME_TOOL_RESULT || f.call_id != 5)
			return 3;
		snprintf(out, sizeof(out), "[%u,%u]", exec_flags & FRAME_SPIN,
		    f.flags & FRAME_SPIN);
		test_frame_send_result(fd, exec, out);
	} else if (strcmp(cmd, "tool") == 0) {
		uint32_t exec = f.exec_id;

		test_frame_send(fd, FRAME_TOOL_CALL, 0, exec, 5,
		    "{\"provider\":\"p\",\"tool\":\"t\",\"args\":\"\"}");
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
		    f.type != FRAME_TOOL_RESULT || f.call_id != 5)
			return 3;
		test_frame_send_result(fd, exec, (const char *)f.payload);
	} else if (strcmp(cmd, "park") == 0) {
		uint32_t exec = f.exec_id;
		char out[64];
		double got;

		/* Waits on a tool alone (its slot may go to another run),
		 * then runs 100 ms once answered and says when it ran. */
		test_frame_send(
		    fd, FRAME_TOOL_CALL, 0, exec, 5, TOOL_CALL_JSON);
		test_frame_send(fd, FRAME_HOST_WAIT,
		    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY, exec,
		    0, NULL);
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
		    f.type != FRAME_TOOL_RESULT || f.call_id != 5)
			return 3;
		got = child_now_ms();
		test_frame_send(fd, FRAME_HOST_WAIT, 0, exec, 0, NULL);
		child_sleep_ms(100);
		snprintf(out, sizeof(out), "[%.3f,%.3f]", got, child_now_ms());
		test_frame_send_result(fd, exec, out);
	} else if (strcmp(cmd, "answered-spin") == 0) {
		uint32_t exec = f.exec_id;

		/* Waits on a tool alone; once answered it computes for 2 s
		 * and, as child/worker.c does, sends no HOST_WAIT(0): the
		 * answer ended the wait. */
		test_frame_send(
		    fd, FRAME_TOOL_CALL, 0, exec, 5, TOOL_CALL_JSON);
		test_frame_send(fd, FRAME_HOST_WAIT,
		    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY, exec,
		    0, NULL);
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
		    f.type != FRAME_TOOL_RESULT || f.call_id != 5)
			return 3;
		child_sleep_ms(2000);
		test_frame_send_result(fd, exec, "\"spun\"");
	} else if (strcmp(cmd, "stale") == 0) {
		uint32_t exec = f.exec_id;

		/* Says it waits on the host alone, having read no answer,
		 * while the answer to its call is already on its way. */
		test_frame_send(
		    fd, FRAME_TOOL_CALL, 0, exec, 5, TOOL_CALL_JSON);
		child_sleep_ms(100);
		test_frame_send(fd, FRAME_HOST_WAIT,
		    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY, exec,
		    0, NULL);
		child_sleep_ms(300);
		if (test_frame_recv(fd, &f, buf, sizeof(buf)) != 0 ||
		    f.type != FRAME_TOOL_RESULT)
			return 3;
		test_frame_send(fd, FRAME_HOST_WAIT, 0, exec, 0, NULL);
		test_frame_send_result(fd, exec, "\"stale\"");
	} else if (strcmp(cmd, "wake") == 0) {
		uint32_t exec = f.exec_id;

		/* Waits on the host alone, then wakes without an answer (the
		 * deadline of a run counting its host waits) and ends. */
		test_frame_send(
		    fd, FRAME_TOOL_CALL, 0, exec, 5, TOOL_CALL_JSON);
		test_frame_send(fd, FRAME_HOST_WAIT,
		    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY, exec,
		    0, NULL);
		child_sleep_ms(200);
		test_frame_send(fd, FRAME_HOST_WAIT, 0, exec, 0, NULL);
		test_frame_send_result(fd, exec, "\"woke\"");
	} else if (strncmp(cmd, "wait:", 5) == 0) {
		test_frame_send(fd, FRAME_HOST_WAIT, 1, f.exec_id, 0, NULL);
		child_sleep_ms(atol(cmd + 5));
		test_frame_send(fd, FRAME_HOST_WAIT, 0, f.exec_id, 0, NULL);
		test_frame_send_result(fd, f.exec_id, "\"waited\"");
	} else if (strncmp(cmd, "sleep:", 6) == 0) {
		child_sleep_ms(atol(cmd + 6));
		test_frame_send_result(fd, f.exec_id, "\"slept\"");
	} else if (strncmp(cmd, "retain-then:", 12) == 0) {
		uint32_t exec = f.exec_id;
		const char *how = cmd + 12;
		int wrong_id = strcmp(how, "wrong-call-id") == 0;

		/* Holds handles, breaks the frame protocol once (`how`), then
		 * answers every invocation as a well-behaved child would, so
		 * only the parent's state check can end it. */
		test_frame_send_grant(fd, exec);
		if (strcmp(how, "tool-call") == 0)
			test_frame_send(fd, FRAME_TOOL_CALL, 0, exec, 9,
			    "{\"provider\":\"p\",\"tool\":\"t\",\"args\":"
			    "\"\"}");
		else if (strcmp(how, "second-result") == 0)
			test_frame_send_grant(fd, exec);
		while (test_frame_recv(fd, &f, buf, sizeof(buf)) == 0) {
			if (f.type != FRAME_INVOKE_HANDLE)
				return 6;
			test_frame_send_handle_error(
			    fd, exec, f.call_id + (wrong_id ? 1 : 0), "1");
			wrong_id = 0;
		}
		return 0;
	} else if (strcmp(cmd, "retain") == 0) {
		uint32_t exec = f.exec_id;
		int count = 0;

		/* Keeps state across invocations, as a retained isolate does.
		 */
		if (test_frame_send_grant(fd, exec) != 0)
			return 5;
		while (test_frame_recv(fd, &f, buf, sizeof(buf)) == 0) {
			char out[32];

			if (f.type != FRAME_INVOKE_HANDLE)
				return 6;
			if (strcmp((const char *)f.payload, "hang") == 0)
				for (;;)
					child_sleep_ms(1000);
			/* Its memory bound spent the isolate: the answer is
			 * its last, and the child exits. */
			if (strcmp((const char *)f.payload, "spent") == 0)
				return test_frame_send_handle_last(
					   fd, exec, f.call_id, "memory") != 0
				    ? 7
				    : 0;
			snprintf(out, sizeof(out), "%d", ++count);
			test_frame_send_handle_error(fd, exec, f.call_id, out);
		}
		return 0;
	} else if (strcmp(cmd, "hang") == 0) {
		for (;;)
			child_sleep_ms(1000);
	} else if (strcmp(cmd, "crash") == 0) {
		_exit(7);
	} else if (strncmp(cmd, "crash-after:", 12) == 0) {
		/* Dies on its own, without a word, after that many ms. */
		child_sleep_ms(atol(cmd + 12));
		_exit(3);
	} else if (strcmp(cmd, "garbage") == 0) {
		if (write(fd, "\x07garbage-bytes!!!!", 18) < 0)
			return 4;
		child_sleep_ms(5000);
	} else if (strcmp(cmd, "other-exec") == 0) {
		test_frame_send(fd, FRAME_RESULT, 0, f.exec_id + 1000, 0, "1");
		child_sleep_ms(5000);
	} else if (strcmp(cmd, "socket") == 0) {
		int so = socket(AF_INET, SOCK_STREAM, 0);

		test_frame_send_result(
		    fd, f.exec_id, so >= 0 ? "\"socket\"" : "\"refused\"");
	} else if (strcmp(cmd, "isolation") == 0) {
		extern char **environ;
		char out[64];
		int i, open_fds = 0;

		/* A zero-byte write tells an open descriptor from a closed one.
		 */
		for (i = 0; i < 256; i++)
			if (i != fd && write(i, "", 0) == 0)
				open_fds++;
		snprintf(out, sizeof(out), "{\"fds\":%d,\"env\":%d}", open_fds,
		    environ != NULL && environ[0] != NULL);
		test_frame_send_result(fd, f.exec_id, out);
	} else if (strcmp(cmd, "open") == 0) {
		/* An engine bug that reaches open(2): the sandbox must kill us.
		 */
		int o = open("/etc/hostname", O_RDONLY);

		test_frame_send_result(
		    fd, f.exec_id, o >= 0 ? "\"opened\"" : "\"refused\"");
	}
	return 0;
}

static int
never_starts(int fd, void *arg)
{
	(void)fd;
	(void)arg;
	return 1;
}

/* ---- harness ---- */

struct run {
	int retained;
	int closed;
	char closed_reason[16];
	int settled;
	enum pool_outcome outcome;
	char payload[256];
	int tool_calls;
	int waits;
	struct pool_exec *e; /* held_callbacks: the call waiting for us */
	double spin_at_settle; /* pool_spin_left as the result came */
	/* µs the loop was set to poll for the host's answer as the call came
	 * (0: not at all): read then, as a loaded machine may take
	 * milliseconds before the test looks again. */
	double spin_at_call;
	uint32_t call_id;
};

static struct event_base *base;
static struct pool *pool;
static int events[POOL_EV_HANDLES_CLOSE + 1];
static char last_retire[32];
static char last_crash[128];

static void
on_event(const struct pool_event *ev, void *arg)
{
	(void)arg;
	events[ev->type]++;
	if (ev->type == POOL_EV_WORKER_RETIRE && ev->reason)
		snprintf(last_retire, sizeof(last_retire), "%s", ev->reason);
	if (ev->type == POOL_EV_WORKER_CRASH && ev->reason)
		snprintf(last_crash, sizeof(last_crash), "%s", ev->reason);
}

static void
on_tool_call(struct pool_exec *e, uint32_t call_id, const uint8_t *p,
    size_t len, void *udata)
{
	struct run *r = udata;

	(void)p;
	(void)len;
	r->tool_calls++;
	ck_assert_int_eq(pool_exec_reply(e, call_id, 0,
			     (const uint8_t *)"{\"result\":7}", 12),
	    0);
}

static void
on_host_wait(struct pool_exec *e, int waiting, void *udata)
{
	struct run *r = udata;

	(void)e;
	r->waits += waiting;
}

static void
on_settle(struct pool_exec *e, enum pool_outcome o, const uint8_t *p,
    size_t len, void *udata)
{
	struct run *r = udata;

	ck_assert_int_eq(r->settled, 0);
	r->settled = 1;
	r->spin_at_settle = pool_spin_left(pool);
	r->retained = pool_exec_retained(e);
	r->outcome = o;
	test_frame_unwrap(p, len, r->payload, sizeof(r->payload));
}

static void
on_handles_closed(struct pool_exec *e, const char *reason, void *udata)
{
	struct run *r = udata;

	(void)e;
	ck_assert_int_eq(r->closed, 0);
	r->closed = 1;
	snprintf(r->closed_reason, sizeof(r->closed_reason), "%s", reason);
}

static const struct pool_exec_callbacks callbacks = { on_tool_call, NULL,
	on_host_wait, on_settle, on_handles_closed };

/* A tool whose answer the test gives (answer_held), not the callback. */
static void
on_tool_call_held(struct pool_exec *e, uint32_t call_id, const uint8_t *p,
    size_t len, void *udata)
{
	struct run *r = udata;

	(void)p;
	(void)len;
	r->tool_calls++;
	r->e = e;
	r->call_id = call_id;
	r->spin_at_call = pool->spin_until > 0
	    ? (pool->spin_until - e->child->called_at) * 1e3
	    : 0;
}

static const struct pool_exec_callbacks held_callbacks = { on_tool_call_held,
	NULL, on_host_wait, on_settle, on_handles_closed };

static void
answer_held(struct run *r)
{
	ck_assert_int_eq(pool_exec_reply(r->e, r->call_id, 0,
			     (const uint8_t *)"{\"result\":7}", 12),
	    0);
}

/*
 * Answers the held call; the µs the loop was set to poll for the child's
 * next frame (0: not at all), counted from before the answer, and in
 * *from_after from after it: the pool's own count lies between.
 */
static double
answer_held_spin(struct run *r, double *from_after)
{
	double before = pool_now_ms(), after;

	answer_held(r);
	after = pool_now_ms();
	*from_after =
	    pool->spin_until > 0 ? (pool->spin_until - after) * 1e3 : 0;
	return pool->spin_until > 0 ? (pool->spin_until - before) * 1e3 : 0;
}

struct invocation {
	int done;
	enum pool_outcome outcome;
	char payload[32];
};

static void
on_invoked(void *arg, enum pool_outcome o, const uint8_t *p, size_t len)
{
	struct invocation *inv = arg;

	ck_assert_int_eq(inv->done, 0);
	inv->done = 1;
	inv->outcome = o;
	test_frame_unwrap(p, len, inv->payload, sizeof(inv->payload));
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Runs the loop until *flag is set or `ms` pass; returns *flag. */
static int
run_until(int *flag, double ms)
{
	double end = now_ms() + ms;

	while (!*flag && now_ms() < end) {
		event_base_loop(base, EVLOOP_NONBLOCK);
		if (!*flag)
			usleep(500);
	}
	return *flag;
}

/* The children's spin budget the next start_pool gives (pool_spin_left). */
static uint32_t opt_spin_us = POOL_SPIN_US_DEFAULT;
/* Where it counts the machine's runnable tasks ("": /proc/loadavg). */
static char opt_load_path[64];

static void
start_pool(
    unsigned workers, unsigned queue, int (*child)(int, void *), int sandbox)
{
	struct pool_options o;
	char err[256];

	pool_options_default(&o);
	o.max_workers = workers;
	o.max_queue = queue;
	o.spares = workers;
	o.termination_delay_ms = 2000;
	o.program.run = zygote_proc_main;
	o.program.child_main = child;
	o.program.sandbox = sandbox;
	o.program.spin_us = opt_spin_us;
	if (opt_load_path[0] != '\0')
		o.load_path = opt_load_path;
	o.on_event = on_event;
	memset(events, 0, sizeof(events));
	ck_assert_ptr_nonnull(base = pool_base_new());
	pool = pool_new(base, &o, err, sizeof(err));
	ck_assert_msg(pool != NULL, "%s", err);
}

static void
stop_pool(void)
{
	pool_free(pool);
	event_base_free(base);
	/* Every process the pool started is reaped: we have no children left.
	 */
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}

static struct pool_exec *
submit(const char *cmd, struct run *r, uint32_t timeout, int count_waits)
{
	int full;
	struct pool_exec *e = pool_execute(pool, (const uint8_t *)cmd,
	    strlen(cmd), timeout, 50, count_waits, 0, 0, &callbacks, r, &full);

	ck_assert_ptr_nonnull(e);
	return e;
}

/* ---- tests ---- */

START_TEST(test_normal_run)
{
	struct run r = { 0 };

	start_pool(1, 10, scripted_child, 1);
	submit("result:{\"result\":42}", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_str_eq(r.payload, "{\"result\":42}");
	ck_assert_int_eq(events[POOL_EV_EXEC_START], 1);
	ck_assert_int_eq(events[POOL_EV_EXEC_SETTLE], 1);
	ck_assert_int_ge(events[POOL_EV_WORKER_SPAWN], 1);
	stop_pool();
}
END_TEST

START_TEST(test_tool_call_round_trip)
{
	struct run r = { 0 };

	start_pool(1, 10, scripted_child, 1);
	submit("tool", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.tool_calls, 1);
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_str_eq(r.payload, "{\"result\":7}");
	stop_pool();
}
END_TEST

START_TEST(test_concurrent_runs_on_all_workers)
{
	struct run r[6];
	int i, all = 0;

	memset(r, 0, sizeof(r));
	start_pool(2, 10, scripted_child, 1);
	for (i = 0; i < 6; i++)
		submit("sleep:50", &r[i], 5000, 0);
	while (!all && run_until(&all, 20) == 0) {
		all = 1;
		for (i = 0; i < 6; i++)
			all &= r[i].settled;
	}
	for (i = 0; i < 6; i++) {
		ck_assert_int_eq(r[i].outcome, POOL_RESULT);
		ck_assert_str_eq(r[i].payload, "\"slept\"");
	}
	ck_assert_int_eq(events[POOL_EV_EXEC_START], 6);
	stop_pool();
}
END_TEST

START_TEST(test_queue_overflow_at_exactly_max_queue)
{
	struct run r[4];
	struct pool_stats st;
	int full, i, ready = 0;

	memset(r, 0, sizeof(r));
	start_pool(1, 2, scripted_child, 1);
	/* Let the spare start so the first run takes the worker at once. */
	while (!ready) {
		pool_stats(pool, &st);
		ready = st.spares == 1;
		if (!ready)
			run_until(&ready, 10);
	}
	for (i = 0; i < 3; i++)
		submit("hang", &r[i], 60000, 0);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.running, 1);
	ck_assert_uint_eq(st.queued, 2);
	ck_assert_ptr_null(pool_execute(pool, (const uint8_t *)"hang", 4, 60000,
	    50, 0, 0, 0, &callbacks, &r[3], &full));
	ck_assert_int_eq(full, 1);
	ck_assert_int_eq(r[3].settled, 0);
	ck_assert_int_eq(events[POOL_EV_EXEC_REJECT], 1);
	stop_pool();
}
END_TEST

static struct pool_exec *
submit_held(const char *cmd, struct run *r)
{
	int full;
	struct pool_exec *e = pool_execute(pool, (const uint8_t *)cmd,
	    strlen(cmd), 10000, 50, 0, 0, 0, &held_callbacks, r, &full);

	ck_assert_ptr_nonnull(e);
	return e;
}

/* Turns the loop until the pool counts `parked` parked, `running` running. */
static int
until_slots(unsigned parked, unsigned running, double ms)
{
	struct pool_stats st;
	double end = now_ms() + ms;
	int never = 0;

	for (;;) {
		pool_stats(pool, &st);
		if ((st.parked == parked && st.running == running) ||
		    now_ms() > end)
			return st.parked == parked && st.running == running;
		run_until(&never, 5);
	}
}

static int
cmp_interval(const void *a, const void *b)
{
	const double *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

START_TEST(test_parked_runs_resume_one_slot_at_a_time)
{
	struct run r[3];
	double iv[3][2];
	int i, all = 0;

	/* One worker: three runs all reach their tool, none holding it. */
	memset(r, 0, sizeof(r));
	start_pool(1, 10, scripted_child, 1);
	for (i = 0; i < 3; i++)
		submit_held("park", &r[i]);
	ck_assert_msg(until_slots(3, 0, 10000), "three runs never parked");
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(r[i].tool_calls, 1);
	/* Answered together, they run one after another: an answer waits
	 * for the slot, so no two children run at once. */
	for (i = 0; i < 3; i++)
		answer_held(&r[i]);
	while (!all && run_until(&all, 20) == 0) {
		all = 1;
		for (i = 0; i < 3; i++)
			all &= r[i].settled;
	}
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(r[i].outcome, POOL_RESULT);
		ck_assert_int_eq(
		    sscanf(r[i].payload, "[%lf,%lf]", &iv[i][0], &iv[i][1]), 2);
	}
	qsort(iv, 3, sizeof(iv[0]), cmp_interval);
	for (i = 0; i < 2; i++)
		ck_assert_msg(iv[i + 1][0] >= iv[i][1],
		    "run resumed at %.1f while another ran until %.1f",
		    iv[i + 1][0], iv[i][1]);
	ck_assert(until_slots(0, 0, 1000));
	stop_pool();
}
END_TEST

/*
 * The daemon ends a wait as it sends the answer (pool_exec_answered): the
 * child says no HOST_WAIT(0) after one, and the run clock must run again
 * all the same. 600 ms waiting spend nothing of a 300 ms bound; the 2 s of
 * work after the answer end the run at its bound.
 */
START_TEST(test_answer_resumes_the_clock)
{
	struct run r = { 0 };
	double t0;
	int full;

	start_pool(1, 10, scripted_child, 1);
	ck_assert_ptr_nonnull(
	    pool_execute(pool, (const uint8_t *)"answered-spin", 13, 300, 50, 0,
		0, 0, &held_callbacks, &r, &full));
	ck_assert(until_slots(1, 0, 5000));
	t0 = now_ms();
	ck_assert_int_eq(run_until(&r.settled, 600), 0);
	ck_assert_int_eq(r.settled, 0);
	answer_held(&r);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_TIMEOUT);
	ck_assert_msg(now_ms() - t0 < 600 + 1500,
	    "the clock ran only %.0f ms after the answer", now_ms() - t0 - 600);
	stop_pool();
}
END_TEST

/* Writes "runnable" into the load file at fd, as /proc/loadavg says it. */
static void
load_set(int fd, int runnable)
{
	char text[64];

	snprintf(text, sizeof(text), "0.10 0.20 0.30 %d/100 4242\n", runnable);
	ck_assert_int_eq(
	    pwrite(fd, text, strlen(text), 0), (ssize_t)strlen(text));
}

/*
 * Starts the pool with the children's budget spin_us, counting the
 * machine's runnable tasks from a file of its own that says `runnable`.
 * Returns that file's descriptor (load_set changes it; the caller closes
 * it); the file has no name left.
 */
static int
start_spin_pool(unsigned workers, uint32_t spin_us, int runnable)
{
	int fd;

	snprintf(opt_load_path, sizeof(opt_load_path),
	    "/tmp/check_pool_load.XXXXXX");
	ck_assert_int_ge(fd = mkstemp(opt_load_path), 0);
	load_set(fd, runnable);
	opt_spin_us = spin_us;
	start_pool(workers, 10, scripted_child, 1);
	opt_spin_us = POOL_SPIN_US_DEFAULT;
	unlink(opt_load_path);
	opt_load_path[0] = '\0';
	return fd;
}

/*
 * Runs one tool call with the children's budget spin_us, on one CPU or all
 * of ours, the machine saying `runnable` tasks are runnable as the EXECUTE
 * leaves and at_call as the call comes (a second later). Returns how long
 * (µs) the loop was set to poll as the answer went out (answer_held_spin),
 * and in *while_called as the call came, for the host's answer; *flags
 * gets the FRAME_SPIN bits the child saw on its EXECUTE and on the answer.
 */
static double spin_after; /* spin_after_answer's count from after it */

static double
spin_after_answer(uint32_t spin_us, int one_cpu, int runnable, int at_call,
    char *flags, double *while_called)
{
	struct run r = { 0 };
	double left;
	int fd;

	if (one_cpu) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(sched_getcpu(), &set);
		ck_assert_int_eq(sched_setaffinity(0, sizeof(set), &set), 0);
	}
	fd = start_spin_pool(1, spin_us, runnable);
	submit_held(
	    at_call == runnable ? "tool-flags:0" : "tool-flags:1000", &r);
	if (at_call != runnable) {
		ck_assert(run_until(&events[POOL_EV_EXEC_START], 5000));
		load_set(fd, at_call);
	}
	ck_assert(run_until(&r.tool_calls, 5000));
	*while_called = r.spin_at_call;
	left = answer_held_spin(&r, &spin_after);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_uint_lt(strlen(r.payload), 16);
	memcpy(flags, r.payload, strlen(r.payload) + 1);
	/* The child's frame ended the spin as it came. */
	ck_assert(r.spin_at_settle == 0);
	stop_pool();
	close(fd);
	return left;
}

/*
 * A child may spin for its next answer, and the loop for the child's next
 * frame after relaying an answer (pool_spin_left, a quarter of the
 * children's budget), only while the machine has a CPU nobody else wants:
 * the budget is set, the pool runs on two CPUs or more, and no task but the
 * daemon and a child told to spin is runnable. Whether the answer may say
 * so is decided as the call comes, before the caller's client wakes.
 */
START_TEST(test_answer_relayed_spins_when_a_cpu_is_free)
{
	char flags[16];
	double left, called;

	if (spin_cpus() < 2)
		return; /* the pool never spins on one CPU */
	/* Only the daemon runnable: both the EXECUTE and the answer say
	 * spin, the loop polls for the host's answer (the whole budget) and
	 * then for the child's next frame (2 ms). */
	left = spin_after_answer(8000, 0, 1, 1, flags, &called);
	ck_assert_msg(
	    left >= 1999 && spin_after <= 2001, "%f %f", left, spin_after);
	ck_assert_msg(called == 8000, "%f", called);
	ck_assert_str_eq(flags, "[4,4]");
	/* No budget. */
	ck_assert(spin_after_answer(0, 0, 1, 1, flags, &called) == 0);
	ck_assert(called == 0);
	ck_assert_str_eq(flags, "[0,0]");
	/* Another task wants a CPU. */
	ck_assert(spin_after_answer(8000, 0, 2, 2, flags, &called) == 0);
	ck_assert(called == 0);
	ck_assert_str_eq(flags, "[0,0]");
	/* A task more as the call comes is the child told to spin. */
	ck_assert(spin_after_answer(8000, 0, 1, 2, flags, &called) > 0);
	ck_assert(called > 0);
	ck_assert_str_eq(flags, "[4,4]");
	/* Two more are not. */
	ck_assert(spin_after_answer(8000, 0, 1, 3, flags, &called) == 0);
	ck_assert(called == 0);
	ck_assert_str_eq(flags, "[4,0]");
}
END_TEST

/* Runs the loop until `r` has seen n tool calls. */
static void
until_calls(struct run *r, int n)
{
	double end = now_ms() + 5000;
	int never = 0;

	while (r->tool_calls < n && now_ms() < end)
		run_until(&never, 1);
	ck_assert_int_eq(r->tool_calls, n);
}

/*
 * The loop polls for the host's answer only while the host answers within
 * the budget: an answer later than it (a slow tool, a model call) stops
 * that for the child's next call, and a quick one starts it again.
 */
START_TEST(test_loop_polls_for_the_host_unless_it_answers_late)
{
	struct run r = { 0 };
	double first, after_late, after_quick;

	if (spin_cpus() < 2)
		return;
	close(start_spin_pool(1, 8000, 1));
	submit_held("tools:3", &r);
	until_calls(&r, 1);
	first = r.spin_at_call;
	usleep(20000); /* past the 8 ms budget */
	answer_held(&r);
	until_calls(&r, 2);
	after_late = r.spin_at_call;
	answer_held(&r);
	until_calls(&r, 3);
	after_quick = r.spin_at_call;
	answer_held(&r);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_str_eq(r.payload, "\"done\"");
	stop_pool();
	ck_assert_msg(first > 0, "%f", first);
	ck_assert_msg(after_late == 0, "%f", after_late);
	ck_assert_msg(after_quick > 0, "%f", after_quick);
}
END_TEST

/*
 * Two CPUs, and another run of ours holding the other slot: the machine may
 * look idle between its wake-ups, but that run wants the CPU a spinner
 * would hold.
 */
START_TEST(test_answer_relayed_never_spins_beside_a_run_on_each_cpu)
{
	struct run busy = { 0 }, r = { 0 };
	cpu_set_t set;
	int cpu, n = 0;

	CPU_ZERO(&set);
	ck_assert_int_eq(sched_getaffinity(0, sizeof(set), &set), 0);
	if (CPU_COUNT(&set) < 2)
		return;
	/* Exactly two. */
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && ++n > 2)
			CPU_CLR(cpu, &set);
	ck_assert_int_eq(sched_setaffinity(0, sizeof(set), &set), 0);
	close(start_spin_pool(2, 8000, 1));
	submit("sleep:500", &busy, 5000, 0);
	ck_assert(run_until(&events[POOL_EV_EXEC_START], 5000));
	submit_held("tool-flags:0", &r);
	ck_assert(run_until(&r.tool_calls, 5000));
	ck_assert(answer_held_spin(&r, &spin_after) == 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_str_eq(r.payload, "[0,0]");
	ck_assert(run_until(&busy.settled, 5000));
	stop_pool();
}
END_TEST

/* One CPU: the run holds it, none is free to spin on. */
START_TEST(test_answer_relayed_never_spins_on_one_cpu)
{
	char flags[16];

	double called;

	ck_assert(spin_after_answer(8000, 1, 1, 1, flags, &called) == 0);
	ck_assert(called == 0);
	ck_assert_str_eq(flags, "[0,0]");
}
END_TEST

START_TEST(test_answer_on_its_way_keeps_the_slot)
{
	struct run r = { 0 };
	int never = 0;

	start_pool(1, 10, scripted_child, 1);
	/* The callback answers at once; the child then says it waits
	 * having read nothing: the answer would wake it without a slot. */
	submit("stale", &r, 10000, 0);
	ck_assert(run_until(&r.tool_calls, 5000));
	run_until(&never, 250);
	ck_assert(until_slots(0, 1, 0));
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_str_eq(r.payload, "\"stale\"");
	ck_assert(until_slots(0, 0, 1000));
	stop_pool();
}
END_TEST

START_TEST(test_parked_run_woken_or_cancelled)
{
	struct run r = { 0 }, r2 = { 0 }, r3 = { 0 };
	struct pool_exec *e;

	start_pool(1, 10, scripted_child, 1);
	/* Woken without its answer, it takes its slot back and ends. */
	submit_held("wake", &r);
	ck_assert(until_slots(1, 0, 5000));
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_str_eq(r.payload, "\"woke\"");
	ck_assert(until_slots(0, 0, 1000));
	/* Withdrawn while parked: its place is free, nothing is left. */
	e = submit_held("park", &r2);
	ck_assert(until_slots(1, 0, 5000));
	pool_exec_cancel(e);
	ck_assert_int_eq(r2.settled, 1);
	ck_assert_int_eq(r2.outcome, POOL_CANCELLED);
	ck_assert(until_slots(0, 0, 0));
	submit("result:{\"result\":1}", &r3, 5000, 0);
	ck_assert(run_until(&r3.settled, 5000));
	ck_assert_int_eq(r3.outcome, POOL_RESULT);
	stop_pool();
}
END_TEST

START_TEST(test_kill_9_mid_run)
{
	struct run r = { 0 }, r2 = { 0 };
	struct pool_exec *e;
	int started = 0;

	start_pool(1, 10, scripted_child, 1);
	e = submit("hang", &r, 60000, 0);
	while (!started) {
		started = pool_exec_pid(e) != 0;
		if (!started)
			run_until(&started, 10);
	}
	kill(pool_exec_pid(e), SIGKILL);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_CRASHED);
	ck_assert_int_ge(events[POOL_EV_WORKER_CRASH], 1);
	/* The pool replaced the child: the next run works. */
	submit("result:1", &r2, 5000, 0);
	ck_assert(run_until(&r2.settled, 5000));
	ck_assert_int_eq(r2.outcome, POOL_RESULT);
	stop_pool();
}
END_TEST

START_TEST(test_child_that_never_starts)
{
	struct run r = { 0 };

	start_pool(1, 10, never_starts, 1);
	submit("result:1", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_CRASHED);
	stop_pool();
}
END_TEST

START_TEST(test_crash_and_protocol_violations)
{
	static const char *cmds[] = { "crash", "garbage", "other-exec" };
	size_t i;

	start_pool(1, 10, scripted_child, 1);
	for (i = 0; i < 3; i++) {
		struct run r = { 0 };

		submit(cmds[i], &r, 5000, 0);
		ck_assert(run_until(&r.settled, 5000));
		ck_assert_msg(r.outcome == POOL_CRASHED, "%s", cmds[i]);
	}
	stop_pool();
}
END_TEST

/*
 * A payload that breaks a rule of the codec (ipc/ipcmsg.h) kills its
 * child, the run ends crashed, and the log names the rule.
 */
START_TEST(test_payload_rule_violations_kill_the_child)
{
	static const struct {
		const char *cmd, *reason;
	} cases[] = {
		{ "raw:R:{\"resultJson\":\"{\",\"logs\":[]}",
		    "resultJson is not JSON text" },
		{ "raw:R:{\"resultJson\":\"1\",\"error\":\"e\",\"logs\":[]}",
		    "a result has both resultJson and error" },
		{ "raw:R:{\"logs\":[{\"level\":\"admin\",\"text\":\"a\"}]}",
		    "a log line's level is not log, warn or error" },
		{ "raw:R:{\"logs\":[{\"level\":\"log\",\"text\":1}]}",
		    "a log line's text is not a string within its bound" },
		{ "raw:R:{\"executionId\":\"f\",\"logs\":[]}",
		    "the payload has a key its type does not have" },
		{ "raw:R:{\"handles\":[\"fetch\"],\"logs\":[]}",
		    "a result names handles but did not keep its isolate" },
		{ "raw:G:{\"logs\":[]}",
		    "a result kept its isolate but names no handles" },
		{ "raw:R:[1]", "the payload is not a JSON object" },
		{ "raw:R:{\"logs\":[],\"logs\":[]}",
		    "the payload is not one JSON object without duplicate "
		    "keys" },
		{ "raw:T:{\"provider\":\"p\",\"tool\":\"t\"}",
		    "a tool call is not {provider, tool, args} strings within "
		    "their bound" },
		{ "raw:O:{\"method\":\"GET\",\"url\":\"u\",\"headers\":[],"
		  "\"body\":\"!\"}",
		    "an outbound body is not base64 or null" },
	};
	size_t i;

	start_pool(1, 10, scripted_child, 1);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct run r = { 0 };

		last_crash[0] = '\0';
		submit(cases[i].cmd, &r, 5000, 0);
		ck_assert(run_until(&r.settled, 5000));
		ck_assert_msg(r.outcome == POOL_CRASHED, "%s", cases[i].cmd);
		ck_assert_int_eq(r.tool_calls, 0);
		ck_assert_str_eq(last_crash, cases[i].reason);
	}
	stop_pool();
}
END_TEST

/* A handle answer that breaks a rule fails its invocation, handles close. */
START_TEST(test_handle_answer_rule_violation_kills_the_child)
{
	struct run r = { 0 };
	struct invocation inv = { 0 };
	struct pool_exec *e;

	start_pool(1, 10, scripted_child, 1);
	last_crash[0] = '\0';
	e = submit("retain-raw:{\"response\":{\"status\":1000,"
		   "\"statusText\":\"\",\"headers\":[],\"body\":\"\"}}",
	    &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(
	    pool_exec_invoke(e, (const uint8_t *)"go", 2, on_invoked, &inv), 0);
	ck_assert(run_until(&inv.done, 2000));
	ck_assert_int_eq(inv.outcome, POOL_CRASHED);
	ck_assert(run_until(&r.closed, 1000));
	ck_assert_str_eq(last_crash,
	    "a handle response's status is not an integer 0 to 999");
	stop_pool();
}
END_TEST

START_TEST(test_seccomp_kills_open)
{
	struct run r = { 0 };

	start_pool(1, 10, scripted_child, 1);
	submit("open", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	/* Neither "opened" nor "refused": the process died at the call. */
	ck_assert_int_eq(r.outcome, POOL_CRASHED);
	stop_pool();
}
END_TEST

START_TEST(test_seccomp_kills_socket_and_isolates)
{
	struct run r = { 0 }, r2 = { 0 };

	setenv("CODEMODE_SECRET", "x", 1);
	start_pool(1, 10, scripted_child, 1);
	submit("socket", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_CRASHED);
	submit("isolation", &r2, 5000, 0);
	ck_assert(run_until(&r2.settled, 5000));
	ck_assert_int_eq(r2.outcome, POOL_RESULT);
	ck_assert_str_eq(r2.payload, "{\"fds\":0,\"env\":0}");
	stop_pool();
}
END_TEST

START_TEST(test_retained_handles_invoke_in_order_and_close)
{
	struct run r = { 0 }, queued = { 0 };
	struct invocation a = { 0 }, b = { 0 };
	struct pool_exec *e;
	struct pool_stats st;

	start_pool(1, 10, scripted_child, 1);
	e = submit("retain", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(r.retained, 1);
	/* Held handles count against capacity: the next run waits. */
	submit("result:1", &queued, 5000, 0);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.retained, 1);
	ck_assert_uint_eq(st.queued, 1);
	/* Two invocations, one at a time in arrival order; state persists. */
	ck_assert_int_eq(
	    pool_exec_invoke(e, (const uint8_t *)"go", 2, on_invoked, &a), 0);
	ck_assert_int_eq(
	    pool_exec_invoke(e, (const uint8_t *)"go", 2, on_invoked, &b), 0);
	ck_assert(run_until(&b.done, 5000));
	ck_assert_int_eq(a.done, 1);
	ck_assert_str_eq(a.payload, "1");
	ck_assert_str_eq(b.payload, "2");
	ck_assert_int_eq(queued.settled, 0);
	pool_exec_close(e);
	ck_assert_int_eq(r.closed, 1);
	ck_assert_str_eq(r.closed_reason, "closed");
	ck_assert_int_eq(events[POOL_EV_HANDLES_CLOSE], 1);
	/* The slot is free again: the queued run goes. */
	ck_assert(run_until(&queued.settled, 5000));
	ck_assert_int_eq(queued.outcome, POOL_RESULT);
	stop_pool();
}
END_TEST

START_TEST(test_retained_handles_close_idle_bound_crash)
{
	struct pool_options o;
	struct run r1 = { 0 }, r2 = { 0 }, r3 = { 0 };
	struct invocation inv = { 0 };
	struct pool_exec *e;
	char err[256];

	pool_options_default(&o);
	o.max_workers = 2;
	o.spares = 2;
	o.handles_idle_timeout_ms = 200;
	o.program.run = zygote_proc_main;
	o.program.child_main = scripted_child;
	o.on_event = on_event;
	base = pool_base_new();
	ck_assert_ptr_nonnull(pool = pool_new(base, &o, err, sizeof(err)));
	/* Idle expiry. */
	submit("retain", &r1, 5000, 0);
	ck_assert(run_until(&r1.closed, 5000));
	ck_assert_str_eq(r1.closed_reason, "idle");
	/* An invocation past its bound fails and closes the handles. */
	e = submit("retain", &r2, 100, 0);
	ck_assert(run_until(&r2.settled, 5000));
	ck_assert_int_eq(
	    pool_exec_invoke(e, (const uint8_t *)"hang", 4, on_invoked, &inv),
	    0);
	ck_assert(run_until(&inv.done, 5000));
	ck_assert_int_eq(inv.outcome, POOL_TIMEOUT);
	ck_assert_int_eq(r2.closed, 1);
	ck_assert_str_eq(r2.closed_reason, "bound");
	/* The child under retained handles dies: they close as a crash. */
	e = submit("retain", &r3, 5000, 0);
	ck_assert(run_until(&r3.settled, 5000));
	kill(pool_exec_pid(e), SIGKILL);
	ck_assert(run_until(&r3.closed, 5000));
	ck_assert_str_eq(r3.closed_reason, "crash");
	stop_pool();
}
END_TEST

/*
 * An invocation that spends the isolate (its memory bound) answers with
 * its last HANDLE_RESULT and the child exits: the handles close at that
 * answer, as a bound, and the invocation queued behind it hears that they
 * closed (HANDLES_CLOSED to the caller), not that a child crashed.
 */
START_TEST(test_retained_handles_close_at_a_spent_isolate)
{
	struct run r = { 0 }, next = { 0 };
	struct invocation a = { 0 }, b = { 0 };
	struct pool_exec *e;
	struct pool_stats st;

	start_pool(1, 10, scripted_child, 1);
	e = submit("retain", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.retained, 1);
	ck_assert_int_eq(
	    pool_exec_invoke(e, (const uint8_t *)"spent", 5, on_invoked, &a),
	    0);
	ck_assert_int_eq(
	    pool_exec_invoke(e, (const uint8_t *)"go", 2, on_invoked, &b), 0);
	ck_assert(run_until(&b.done, 5000));
	ck_assert_int_eq(a.done, 1);
	ck_assert_int_eq(a.outcome, POOL_RESULT);
	ck_assert_str_eq(a.payload, "memory");
	ck_assert_int_eq(b.outcome, POOL_SHUTDOWN);
	ck_assert_int_eq(r.closed, 1);
	ck_assert_str_eq(r.closed_reason, "bound");
	ck_assert_int_eq(events[POOL_EV_WORKER_CRASH], 0);
	/* The slot is free again and nothing is counted twice. */
	submit("result:1", &next, 5000, 0);
	ck_assert(run_until(&next.settled, 5000));
	ck_assert_int_eq(next.outcome, POOL_RESULT);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.retained, 0);
	stop_pool();
}
END_TEST

START_TEST(test_retire_by_count)
{
	int i;

	start_pool(1, 10, scripted_child, 1);
	for (i = 0; i < 5; i++) {
		struct run r = { 0 };

		submit("result:1", &r, 5000, 0);
		ck_assert(run_until(&r.settled, 5000));
		ck_assert_int_eq(r.outcome, POOL_RESULT);
	}
	/* retire_after_executions is 50 by default: nothing retired yet. */
	ck_assert_int_eq(events[POOL_EV_WORKER_RETIRE], 0);
	stop_pool();
}
END_TEST

static void
start_pool_retiring(size_t mem_limit, unsigned after)
{
	struct pool_options o;
	char err[256];

	pool_options_default(&o);
	o.max_workers = 1;
	o.spares = 1;
	o.retire_after_executions = after;
	o.worker_memory_limit = mem_limit;
	o.program.run = zygote_proc_main;
	o.program.child_main = scripted_child;
	o.on_event = on_event;
	memset(events, 0, sizeof(events));
	last_retire[0] = '\0';
	base = pool_base_new();
	pool = pool_new(base, &o, err, sizeof(err));
	ck_assert_msg(pool != NULL, "%s", err);
}

START_TEST(test_retire_by_count_and_memory)
{
	int i;

	start_pool_retiring(536870912, 2);
	for (i = 0; i < 4; i++) {
		struct run r = { 0 };

		submit("result:1", &r, 5000, 0);
		ck_assert(run_until(&r.settled, 5000));
		ck_assert_int_eq(r.outcome, POOL_RESULT);
	}
	ck_assert_int_ge(events[POOL_EV_WORKER_RETIRE], 1);
	ck_assert_str_eq(last_retire, "count");
	stop_pool();

	start_pool_retiring(1024, 50);
	for (i = 0; i < 3; i++) {
		struct run r = { 0 };

		submit("result:1", &r, 5000, 0);
		ck_assert(run_until(&r.settled, 5000));
		ck_assert_int_eq(r.outcome, POOL_RESULT);
	}
	ck_assert_int_ge(events[POOL_EV_WORKER_RETIRE], 1);
	ck_assert_str_eq(last_retire, "memory");
	stop_pool();
}
END_TEST

START_TEST(test_hung_run_killed_at_timeout_plus_grace)
{
	struct run r = { 0 };
	double t0;

	start_pool(1, 10, scripted_child, 1);
	t0 = now_ms();
	submit("hang", &r, 100, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_TIMEOUT);
	/* 100 ms bound + 50 ms grace, plus a forked child's start. */
	ck_assert_double_ge(now_ms() - t0, 150);
	stop_pool();
}
END_TEST

static void
on_clock_expired(void *arg)
{
	*(int *)arg = 1;
}

/*
 * The run clock on a base without EVENT_BASE_FLAG_PRECISE_TIMER: where
 * CLOCK_MONOTONIC_COARSE ticks at 1 ms or finer, libevent times with it and
 * may wake a little early; the bound is kept by CLOCK_MONOTONIC anyway. A
 * pause spends nothing.
 */
START_TEST(test_clock_never_ends_early)
{
	struct event_base *coarse;
	struct pool_clocks *set;
	struct pool_clock *k;
	double t0, paused, resumed;
	int fired, i;

	ck_assert_ptr_nonnull(coarse = event_base_new());
	ck_assert_ptr_nonnull(set = pool_clocks_new(coarse));
	for (i = 0; i < 20; i++) {
		fired = 0;
		ck_assert_ptr_nonnull(
		    k = pool_clock_new(set, on_clock_expired, &fired));
		t0 = pool_now_ms();
		pool_clock_start(k, 3.7 + i % 5);
		while (!fired)
			event_base_loop(coarse, EVLOOP_ONCE);
		ck_assert_double_ge(pool_now_ms() - t0, 3.7 + i % 5);
		pool_clock_free(k);
	}
	/* 10 ms of budget, paused for 30 ms or more: the pause is not spent. */
	fired = 0;
	ck_assert_ptr_nonnull(
	    k = pool_clock_new(set, on_clock_expired, &fired));
	t0 = pool_now_ms();
	pool_clock_start(k, 10);
	usleep(4000);
	pool_clock_pause(k);
	pool_clock_pause(k); /* a second pause spends nothing more */
	paused = pool_now_ms();
	usleep(30000);
	event_base_loop(coarse, EVLOOP_NONBLOCK);
	ck_assert_int_eq(fired, 0);
	resumed = pool_now_ms();
	pool_clock_resume(k);
	while (!fired)
		event_base_loop(coarse, EVLOOP_ONCE);
	ck_assert_double_ge(pool_now_ms() - t0, (resumed - paused) + 10);
	/* A second resume while running neither restarts nor lengthens it:
	 * 30 ms of budget, 20 ms spent, resumed again: it ends near 30 ms. */
	fired = 0;
	pool_clock_start(k, 30);
	usleep(20000);
	resumed = pool_now_ms();
	pool_clock_resume(k);
	while (!fired)
		event_base_loop(coarse, EVLOOP_ONCE);
	/* at most 10 ms were left; a restarted clock would take 30 more */
	ck_assert_double_lt(pool_now_ms() - resumed, 25);
	/* Stopped, it never fires. */
	fired = 0;
	pool_clock_start(k, 1);
	pool_clock_stop(k);
	usleep(5000);
	event_base_loop(coarse, EVLOOP_NONBLOCK);
	ck_assert_int_eq(fired, 0);
	pool_clock_free(k);
	pool_clocks_free(set);
	event_base_free(coarse);
}
END_TEST

/* One clock's expiry (test_clock_lazy_rearm): notes when, stops another. */
struct clock_probe {
	double at; /* pool_now_ms() at expiry; 0 before */
	struct pool_clock *stop; /* stopped from the callback, if set */
	int order, *next;
};

static void
on_probe_expired(void *arg)
{
	struct clock_probe *pr = arg;

	pr->at = pool_now_ms();
	pr->order = ++*pr->next;
	if (pr->stop != NULL)
		pool_clock_stop(pr->stop);
}

/*
 * The clocks of a pool share one timer, armed lazily (pool_clock.c): a
 * pause leaves it armed at the old deadline and a resume does not move it,
 * so it wakes before the new deadline. That wake must end nothing early
 * and re-arm at the deadline still to come; clocks of one set end in their
 * deadlines' order, each by its own budget; an expiry that stops another
 * clock keeps it from firing.
 */
START_TEST(test_clock_lazy_rearm)
{
	struct event_base *coarse;
	struct pool_clocks *set;
	struct pool_clock *a, *b, *c;
	struct clock_probe pa = { 0 }, pb = { 0 }, pc = { 0 };
	double t0, resumed, left, started;
	int next = 0, i;

	ck_assert_ptr_nonnull(coarse = event_base_new());
	ck_assert_ptr_nonnull(set = pool_clocks_new(coarse));
	pa.next = pb.next = pc.next = &next;
	ck_assert_ptr_nonnull(a = pool_clock_new(set, on_probe_expired, &pa));
	ck_assert_ptr_nonnull(b = pool_clock_new(set, on_probe_expired, &pb));
	ck_assert_ptr_nonnull(c = pool_clock_new(set, on_probe_expired, &pc));
	/* 40 ms, paused 10 ms or more over five tool calls: the timer armed
	 * at start + 40 wakes first, the clock running, and must re-arm for
	 * the rest. */
	t0 = pool_now_ms();
	pool_clock_start(a, 40);
	for (i = 0; i < 5; i++) {
		usleep(1000);
		pool_clock_pause(a);
		usleep(2000);
		event_base_loop(coarse, EVLOOP_NONBLOCK);
		pool_clock_resume(a);
	}
	left = pool_clock_left(a);
	resumed = pool_now_ms();
	while (pa.at == 0)
		event_base_loop(coarse, EVLOOP_ONCE);
	ck_assert_double_ge(pa.at - resumed, left);
	ck_assert_double_ge(pa.at - t0, 40 + 10);
	ck_assert_double_le(pool_clock_left(a), 0);
	/* Three at once: b (5 ms) first, then a (12 ms) which stops c (30
	 * ms); c never fires. b's deadline comes first only if b started
	 * within 5 ms of a: a loaded machine can preempt between the two. */
	pa.at = pb.at = pc.at = 0;
	pa.stop = c;
	t0 = pool_now_ms();
	pool_clock_start(c, 30);
	pool_clock_start(a, 12);
	pool_clock_start(b, 5);
	started = pool_now_ms();
	while (pa.at == 0)
		event_base_loop(coarse, EVLOOP_ONCE);
	ck_assert_double_ge(pb.at - t0, 5);
	ck_assert_double_ge(pa.at - t0, 12);
	if (started - t0 < 5)
		ck_assert_int_lt(pb.order, pa.order);
	usleep(35000);
	event_base_loop(coarse, EVLOOP_NONBLOCK);
	ck_assert_double_eq(pc.at, 0);
	/* A clock freed while running leaves the set; the others go on. */
	pa.at = pb.at = 0;
	pa.stop = NULL;
	pool_clock_start(b, 3);
	pool_clock_start(a, 6);
	pool_clock_free(b);
	while (pa.at == 0)
		event_base_loop(coarse, EVLOOP_ONCE);
	ck_assert_double_eq(pb.at, 0);
	pool_clock_free(a);
	pool_clock_free(c);
	pool_clocks_free(set);
	event_base_free(coarse);
}
END_TEST

START_TEST(test_host_wait_stops_the_clock)
{
	struct run r = { 0 }, r2 = { 0 };

	start_pool(1, 10, scripted_child, 1);
	/* Waits 400 ms on the host under a 100 ms bound: no timeout. */
	submit("wait:400", &r, 100, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_str_eq(r.payload, "\"waited\"");
	ck_assert_int_eq(r.waits, 1);
	/* With countHostWaits the wall clock rules. */
	submit("wait:400", &r2, 100, 1);
	ck_assert(run_until(&r2.settled, 5000));
	ck_assert_int_eq(r2.outcome, POOL_TIMEOUT);
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

START_TEST(test_shutdown_drains_then_terminates)
{
	struct run a = { 0 }, b = { 0 }, late = { 0 };
	int full;

	start_pool(2, 10, scripted_child, 1);
	shutdown_done = 0;
	submit("sleep:100", &a, 5000, 0);
	submit("hang", &b, 60000, 0);
	pool_shutdown(pool, 500, 100, on_shutdown_done, NULL);
	/* No new work once draining. */
	ck_assert_ptr_null(pool_execute(pool, (const uint8_t *)"result:1", 8,
	    5000, 50, 0, 0, 0, &callbacks, &late, &full));
	ck_assert_int_eq(full, 0);
	ck_assert(run_until(&shutdown_done, 5000));
	ck_assert_int_eq(a.outcome, POOL_RESULT);
	ck_assert_int_eq(b.settled, 1);
	ck_assert_int_eq(b.outcome, POOL_SHUTDOWN);
	stop_pool();
}
END_TEST

/*
 * A child holding handles breaks the frame protocol once and then behaves:
 * the parent's state check alone must kill it, at once (well inside the
 * 2 s termination delay a second RESULT would otherwise start), logging a
 * crash with the protocol reason, and the handles close as a crash. `how`
 * is the break: a TOOL_CALL while retained (no tool call reaches the
 * host), a second RESULT, or a HANDLE_RESULT naming another call id (the
 * invocation fails instead of taking the answer).
 */
static void
out_of_turn_frame_kills(const char *how, int invoke)
{
	struct run r = { 0 };
	struct invocation inv = { 0 };
	struct pool_exec *e;
	char cmd[64];

	start_pool(1, 10, scripted_child, 1);
	last_crash[0] = '\0';
	snprintf(cmd, sizeof(cmd), "retain-then:%s", how);
	e = submit(cmd, &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.outcome, POOL_RESULT);
	ck_assert_int_eq(r.retained, 1);
	if (invoke) {
		ck_assert_int_eq(pool_exec_invoke(e, (const uint8_t *)"go", 2,
				     on_invoked, &inv),
		    0);
		ck_assert(run_until(&inv.done, 1000));
		ck_assert_msg(inv.outcome == POOL_CRASHED,
		    "%s: the invocation took the answer \"%s\"", how,
		    inv.payload);
	}
	ck_assert_msg(run_until(&r.closed, 1000), "%s: the child lives", how);
	ck_assert_str_eq(r.closed_reason, "crash");
	ck_assert_int_eq(r.tool_calls, 0);
	ck_assert_int_eq(events[POOL_EV_WORKER_CRASH], 1);
	ck_assert_str_eq(
	    last_crash, "child crashed or broke the frame protocol");
	stop_pool();
}

START_TEST(test_tool_call_while_retained_kills_the_child)
{
	out_of_turn_frame_kills("tool-call", 0);
}
END_TEST

START_TEST(test_second_result_kills_the_child)
{
	out_of_turn_frame_kills("second-result", 0);
}
END_TEST

START_TEST(test_handle_result_for_another_call_kills_the_child)
{
	out_of_turn_frame_kills("wrong-call-id", 1);
}
END_TEST

/* Submits with its own grace (submit() gives every run 50 ms). */
static struct pool_exec *
submit_grace(const char *cmd, struct run *r, uint32_t timeout, uint32_t grace)
{
	int full;
	struct pool_exec *e = pool_execute(pool, (const uint8_t *)cmd,
	    strlen(cmd), timeout, grace, 0, 0, 0, &callbacks, r, &full);

	ck_assert_ptr_nonnull(e);
	return e;
}

/*
 * A child that dies on its own after its run spent the run's timeout (the
 * engine broke off past its bound, before the grace ran out) ended at the
 * bound: POOL_TIMEOUT, never a crash the caller would retry. One that
 * dies before its timeout is still a crash.
 */
START_TEST(test_death_past_the_bound_is_a_timeout)
{
	struct run late = { 0 }, early = { 0 };
	double t0;

	start_pool(1, 10, scripted_child, 1);
	t0 = now_ms();
	submit_grace("crash-after:300", &late, 100, 5000);
	ck_assert(run_until(&late.settled, 5000));
	ck_assert_int_eq(late.outcome, POOL_TIMEOUT);
	/* It was the death that ended it, not the clock at timeout + grace. */
	ck_assert_double_lt(now_ms() - t0, 2000);
	submit_grace("crash-after:50", &early, 5000, 5000);
	ck_assert(run_until(&early.settled, 5000));
	ck_assert_int_eq(early.outcome, POOL_CRASHED);
	stop_pool();
}
END_TEST

/*
 * The owner withdraws executions (their connection closed): the queued one
 * never starts, the running one ends at once with its child, both settle
 * POOL_CANCELLED, the slot is free for the next run, and nothing counts
 * as a crash.
 */
START_TEST(test_cancel_drops_queued_and_ends_running)
{
	struct run a = { 0 }, b = { 0 }, next = { 0 };
	struct pool_exec *ea, *eb;
	struct pool_stats st;
	int started = 0;

	start_pool(1, 10, scripted_child, 1);
	ea = submit("hang", &a, 60000, 0);
	eb = submit("result:1", &b, 60000, 0);
	while (!started) {
		started = pool_exec_pid(ea) != 0;
		if (!started)
			run_until(&started, 10);
	}
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.running, 1);
	ck_assert_uint_eq(st.queued, 1);
	pool_exec_cancel(eb);
	ck_assert_int_eq(b.settled, 1);
	ck_assert_int_eq(b.outcome, POOL_CANCELLED);
	pool_exec_cancel(ea);
	ck_assert_int_eq(a.settled, 1);
	ck_assert_int_eq(a.outcome, POOL_CANCELLED);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.running, 0);
	ck_assert_uint_eq(st.queued, 0);
	submit("result:2", &next, 5000, 0);
	ck_assert(run_until(&next.settled, 5000));
	ck_assert_int_eq(next.outcome, POOL_RESULT);
	ck_assert_str_eq(next.payload, "2");
	ck_assert_int_eq(events[POOL_EV_WORKER_CRASH], 0);
	stop_pool();
}
END_TEST

/* Cancelling a run that holds handles closes them. */
START_TEST(test_cancel_closes_retained_handles)
{
	struct run r = { 0 };
	struct pool_exec *e;
	struct pool_stats st;

	start_pool(1, 10, scripted_child, 1);
	e = submit("retain", &r, 5000, 0);
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.retained, 1);
	pool_exec_cancel(e);
	ck_assert_int_eq(r.closed, 1);
	ck_assert_str_eq(r.closed_reason, "closed");
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.running, 0);
	ck_assert_uint_eq(st.retained, 0);
	stop_pool();
}
END_TEST

/*
 * An owner that closes the handles from inside on_settle (a grant it could
 * not deliver): the pool must not touch the execution after that (ASan
 * sees it in `make check SANITIZE=1`), and the slot is free again.
 */
static void
on_settle_close(struct pool_exec *e, enum pool_outcome o, const uint8_t *p,
    size_t len, void *udata)
{
	on_settle(e, o, p, len, udata);
	if (pool_exec_retained(e))
		pool_exec_close(e);
}

START_TEST(test_close_inside_on_settle)
{
	static const struct pool_exec_callbacks cb = { on_tool_call, NULL,
		on_host_wait, on_settle_close, on_handles_closed };
	struct run r = { 0 }, next = { 0 };
	struct pool_stats st;
	int full;

	start_pool(1, 10, scripted_child, 1);
	ck_assert_ptr_nonnull(pool_execute(pool, (const uint8_t *)"retain", 6,
	    5000, 50, 0, 0, 0, &cb, &r, &full));
	ck_assert(run_until(&r.settled, 5000));
	ck_assert_int_eq(r.retained, 1);
	ck_assert_int_eq(r.closed, 1);
	pool_stats(pool, &st);
	ck_assert_uint_eq(st.running, 0);
	submit("result:3", &next, 5000, 0);
	ck_assert(run_until(&next.settled, 5000));
	ck_assert_int_eq(next.outcome, POOL_RESULT);
	stop_pool();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pool");
	TCase *tc = tcase_create("children");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_normal_run);
	tcase_add_test(tc, test_tool_call_round_trip);
	tcase_add_test(tc, test_answer_relayed_spins_when_a_cpu_is_free);
	tcase_add_test(tc, test_answer_relayed_never_spins_on_one_cpu);
	tcase_add_test(tc, test_loop_polls_for_the_host_unless_it_answers_late);
	tcase_add_test(
	    tc, test_answer_relayed_never_spins_beside_a_run_on_each_cpu);
	tcase_add_test(tc, test_concurrent_runs_on_all_workers);
	tcase_add_test(tc, test_queue_overflow_at_exactly_max_queue);
	tcase_add_test(tc, test_parked_runs_resume_one_slot_at_a_time);
	tcase_add_test(tc, test_answer_on_its_way_keeps_the_slot);
	tcase_add_test(tc, test_answer_resumes_the_clock);
	tcase_add_test(tc, test_parked_run_woken_or_cancelled);
	tcase_add_test(tc, test_kill_9_mid_run);
	tcase_add_test(tc, test_child_that_never_starts);
	tcase_add_test(tc, test_crash_and_protocol_violations);
	tcase_add_test(tc, test_seccomp_kills_open);
	tcase_add_test(tc, test_seccomp_kills_socket_and_isolates);
	tcase_add_test(tc, test_retained_handles_invoke_in_order_and_close);
	tcase_add_test(tc, test_retained_handles_close_idle_bound_crash);
	tcase_add_test(tc, test_retained_handles_close_at_a_spent_isolate);
	tcase_add_test(tc, test_retire_by_count);
	tcase_add_test(tc, test_retire_by_count_and_memory);
	tcase_add_test(tc, test_hung_run_killed_at_timeout_plus_grace);
	tcase_add_test(tc, test_host_wait_stops_the_clock);
	tcase_add_test(tc, test_clock_never_ends_early);
	tcase_add_test(tc, test_clock_lazy_rearm);
	tcase_add_test(tc, test_shutdown_drains_then_terminates);
	tcase_add_test(tc, test_payload_rule_violations_kill_the_child);
	tcase_add_test(tc, test_handle_answer_rule_violation_kills_the_child);
	tcase_add_test(tc, test_tool_call_while_retained_kills_the_child);
	tcase_add_test(tc, test_second_result_kills_the_child);
	tcase_add_test(tc, test_handle_result_for_another_call_kills_the_child);
	tcase_add_test(tc, test_death_past_the_bound_is_a_timeout);
	tcase_add_test(tc, test_cancel_drops_queued_and_ends_running);
	tcase_add_test(tc, test_cancel_closes_retained_handles);
	tcase_add_test(tc, test_close_inside_on_settle);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
