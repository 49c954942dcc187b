/*
 * engine_freeze/engine_reset on a warm heap (warm_heap, as the
 * zygote makes it): executions one after another in one process, each on
 * the heap as frozen. Nothing a run does to its globals, built-ins, memory
 * or clock survives the reset; Math.random is reseeded; memory and RSS
 * stay flat over hundreds of cycles.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "host/engine.h"
#include "host/execution.h"
#include "child/warm.h"

struct counts {
	int oom_calls;
};

/* Answers each tool call at once; waits out the time when none is open. */
struct host {
	uint32_t call_id;
	int pending;
};

static int
host_send(void *arg, enum execution_call kind, const char *json, size_t len,
    uint32_t call_id)
{
	struct host *h = arg;

	(void)kind;
	(void)json;
	(void)len;
	h->call_id = call_id;
	h->pending = 1;
	return 0;
}

static int
host_wait(void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct host *h = arg;
	struct timespec ts;

	if (!h->pending) {
		if (ms < 0)
			return -1;
		ts.tv_sec = (time_t)(ms / 1000);
		ts.tv_nsec = (long)((ms - (double)ts.tv_sec * 1000) * 1e6);
		nanosleep(&ts, NULL);
		return 0;
	}
	h->pending = 0;
	*call_id = h->call_id;
	*payload = strdup("{\"result\":{\"n\":5}}");
	*len = strlen(*payload);
	return 1;
}

static void
host_edge(void *arg, int waiting)
{
	(void)arg;
	(void)waiting;
}

static void
count_oom(void *arg)
{
	((struct counts *)arg)->oom_calls++;
}

/* The warm heap of every test and its frozen figures. */
static struct engine *warm;
static size_t frozen_live;
static duk_context *frozen_ctx;

static void
warm_up(void)
{
	ck_assert_ptr_nonnull(warm = warm_heap());
	ck_assert_int_eq(engine_freeze(warm), 0);
	frozen_live = engine_mem_live(warm);
	frozen_ctx = engine_context(warm);
	ck_assert_uint_gt(frozen_live, 0);
}

/*
 * One execution on the warm heap: reset, configure (mem_mb, timeout_ms),
 * run `code` through the answering host. The message (malloc'd), or NULL.
 */
static char *
cycle(const char *code, unsigned mem_mb, double timeout_ms, struct counts *c,
    const char *providers)
{
	struct execution_request r;
	struct execution_host h;
	struct host hs;
	json_t *p = NULL;
	char *msg;
	int retained = 0;

	ck_assert_int_eq(engine_reset(warm), 0);
	/* The engine itself is back as frozen: no run state left over. */
	ck_assert_uint_eq(engine_mem_live(warm), frozen_live);
	ck_assert_ptr_eq(engine_context(warm), frozen_ctx);
	ck_assert(!engine_oom(warm));
	ck_assert(!engine_timed_out(warm));
	ck_assert(!engine_stopped(warm));
	ck_assert_int_eq(engine_configure(warm, (size_t)mem_mb << 20,
			     timeout_ms, count_oom, c),
	    0);
	memset(&hs, 0, sizeof(hs));
	h.send = host_send;
	h.wait = host_wait;
	h.host_wait = host_edge;
	h.arg = &hs;
	if (providers != NULL)
		ck_assert_ptr_nonnull(p = json_loads(providers, 0, NULL));
	memset(&r, 0, sizeof(r));
	r.code = code;
	r.providers = p;
	r.timeout_ms = timeout_ms;
	r.outbound_mode = "disabled";
	r.memory_limit_mb = mem_mb;
	msg = execution_run(warm, &r, &h, &retained);
	ck_assert_int_eq(retained, 0);
	json_decref(p);
	return msg;
}

/* A cycle that must answer exactly `want`. */
static void
expect(const char *code, unsigned mem_mb, const char *want)
{
	struct counts c = { 0 };
	char *msg = cycle(code, mem_mb, 5000, &c, NULL);

	ck_assert_ptr_nonnull(msg);
	ck_assert_str_eq(msg, want);
	ck_assert_int_eq(c.oom_calls, 0);
	free(msg);
}

/* Resident bytes of this process. */
static size_t
rss_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long size, resident;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%lu %lu", &size, &resident), 2);
	fclose(f);
	return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

/*
 * ASan's quarantine and shadow pages make RSS grow on their own; there the
 * heap's own figures still count, and LeakSanitizer watches malloc.
 */
#if defined(__SANITIZE_ADDRESS__)
#define RSS_CHECKS 0
#else
#define RSS_CHECKS 1
#endif

static const char answer_42[] = "{\"resultJson\":\"42\",\"logs\":[]}";

START_TEST(test_reset_needs_a_freeze)
{
	struct engine_options eo;
	struct engine *e;
	char err[256];

	memset(&eo, 0, sizeof(eo));
	ck_assert_ptr_nonnull(e = engine_create(&eo, err, sizeof(err)));
	errno = 0;
	ck_assert_int_eq(engine_reset(e), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(engine_freeze(e), 0);
	ck_assert_int_eq(engine_reset(e), 0);
	engine_destroy(e);
}
END_TEST

START_TEST(test_globals_do_not_leak)
{
	warm_up();
	expect("async () => { globalThis.leak = 1;"
	       " Object.prototype.polluted = 2; Array.prototype.map = null;"
	       " Math.max = () => -1;"
	       " String.prototype.trim = 7; delete Array.prototype.filter;"
	       " Object.freeze(Object.prototype); return 6 * 7 }",
	    64, answer_42);
	expect("async () => [typeof leak, ({}).polluted === undefined,"
	       " [1, 2].map((x) => x * 2), Math.max(1, 3), ' a '.trim(),"
	       " [1, 2, 3].filter((x) => x > 1),"
	       " Object.isFrozen(Object.prototype),"
	       " Object.getOwnPropertyNames(globalThis).indexOf('leak')]",
	    64,
	    "{\"resultJson\":\"[\\\"undefined\\\",true,[2,4],3,\\\"a\\\","
	    "[2,3],false,-1]\",\"logs\":[]}");
	/* A global var and function declared through eval: gone too. */
	expect("async () => { (0, eval)('var top = 1;"
	       " function f() { return 2 }'); return top + f() }",
	    64, "{\"resultJson\":\"3\",\"logs\":[]}");
	expect("async () => [typeof top, typeof f]", 64,
	    "{\"resultJson\":\"[\\\"undefined\\\",\\\"undefined\\\"]\","
	    "\"logs\":[]}");
	ck_assert_int_eq(engine_reset(warm), 0);
	ck_assert_uint_eq(engine_mem_live(warm), frozen_live);
}
END_TEST

START_TEST(test_logs_and_tools_every_time)
{
	struct counts c = { 0 };
	int i;
	char *msg;

	warm_up();
	for (i = 0; i < 5; i++) {
		msg = cycle("async () => { console.log('run'); const r = await "
			    "store.get({ k: 1 }); return r }",
		    64, 5000, &c, "[{\"name\":\"store\",\"tools\":[\"get\"]}]");
		ck_assert_ptr_nonnull(msg);
		ck_assert_str_eq(msg,
		    "{\"resultJson\":\"{\\\"n\\\":5}\","
		    "\"logs\":[{\"level\":\"log\",\"text\":\"run\"}]}");
		free(msg);
		/* Without providers the proxy of the last run is not there. */
		expect("async () => typeof store", 64,
		    "{\"resultJson\":\"\\\"undefined\\\"\",\"logs\":[]}");
	}
}
END_TEST

START_TEST(test_random_is_reseeded)
{
	struct counts c = { 0 };
	char *seen[4];
	int i, j;

	warm_up();
	for (i = 0; i < 4; i++) {
		seen[i] = cycle("async () => [Math.random(), Math.random(), "
				"Math.random()]",
		    64, 5000, &c, NULL);
		ck_assert_ptr_nonnull(seen[i]);
		ck_assert_ptr_nonnull(strstr(seen[i], "resultJson"));
		for (j = 0; j < i; j++)
			ck_assert_str_ne(seen[i], seen[j]);
	}
	for (i = 0; i < 4; i++)
		free(seen[i]);
}
END_TEST

START_TEST(test_memory_limit_then_fresh)
{
	struct counts c = { 0 };
	char *msg;

	warm_up();
	msg = cycle("async () => { const keep = []; for (;;) keep.push(new "
		    "Array(1000).fill('x' + keep.length)) }",
	    16, 5000, &c, NULL);
	ck_assert_int_eq(c.oom_calls, 1);
	ck_assert(engine_oom(warm));
	/* The hook returned: the run ends with the memory text. */
	ck_assert_ptr_nonnull(msg);
	ck_assert_str_eq(msg,
	    "{\"error\":\"Execution ran out of memory at "
	    "its 16 MB limit. Work through the data in smaller pieces and keep "
	    "only what you return.\",\"logs\":[]}");
	free(msg);
	/* The same again, with a big string this time. */
	msg = cycle(
	    "async () => 'y'.repeat(40 << 20).length", 16, 5000, &c, NULL);
	ck_assert_int_eq(c.oom_calls, 2);
	ck_assert_ptr_nonnull(msg);
	ck_assert_ptr_nonnull(strstr(msg, "16 MB limit"));
	free(msg);
	/* Back to frozen (cycle checks live, oom and stop), and it runs. */
	expect("async () => 6 * 7", 16, answer_42);
	expect("async () => 'y'.repeat(4 << 20).length", 16,
	    "{\"resultJson\":\"4194304\",\"logs\":[]}");
	ck_assert_int_eq(engine_reset(warm), 0);
	ck_assert_uint_eq(engine_mem_live(warm), frozen_live);
}
END_TEST

static const char timed_out_50[] =
    "{\"error\":\"Execution timed out at "
    "its 50 ms bound. Do less work per run and return the part that is "
    "already finished.\",\"logs\":[]}";

START_TEST(test_timeout_then_fresh)
{
	struct counts c = { 0 };
	double t0;
	char *msg;

	warm_up();
	t0 = engine_now_ms();
	msg = cycle("async () => { for (;;) { try { } finally { } } }", 64, 50,
	    &c, NULL);
	ck_assert_double_lt(engine_now_ms() - t0, 2000);
	ck_assert_ptr_nonnull(msg);
	ck_assert_str_eq(msg, timed_out_50);
	free(msg);
	/* A timed-out run's promise chain, timers and deadline: all gone. */
	msg = cycle("async () => { setTimeout(() => { for (;;) { } }, 0); "
		    "await new Promise((r) => setTimeout(r, 20)); return 1 }",
	    64, 50, &c, NULL);
	ck_assert_ptr_nonnull(msg);
	ck_assert_str_eq(msg, timed_out_50);
	free(msg);
	t0 = engine_now_ms();
	expect("async () => { await new Promise((r) => setTimeout(r, 100)); "
	       "return 6 * 7 }",
	    64, answer_42);
	ck_assert_double_ge(engine_now_ms() - t0, 90);
}
END_TEST

START_TEST(test_big_run_then_frozen_figure)
{
	size_t rss0, rss_run, rss_after;

	warm_up();
	expect("async () => 1", 256, "{\"resultJson\":\"1\",\"logs\":[]}");
	rss0 = rss_bytes();
	/* Past the first chunk in every way: one huge block, many small. */
	expect("async () => { const s = 'x'.repeat(20 << 20);"
	       " const a = []; for (let i = 0; i < 2e5; i++) a.push(i);"
	       " const o = {};"
	       " for (let i = 0; i < 60000; i++) o['k' + i] = { i };"
	       " globalThis.keep = [s, a, o]; return s.length + a.length +"
	       " Object.keys(o).length }",
	    256, "{\"resultJson\":\"21231520\",\"logs\":[]}");
	ck_assert_uint_gt(engine_mem_live(warm), frozen_live + (30u << 20));
	ck_assert_uint_gt(engine_mem_peak(warm), 30u << 20);
	rss_run = rss_bytes();
	ck_assert_uint_gt(rss_run, rss0 + (25u << 20));
	ck_assert_int_eq(engine_reset(warm), 0);
	ck_assert_uint_eq(engine_mem_live(warm), frozen_live);
	/* What the run held is unmapped, not merely free. */
	rss_after = rss_bytes();
	ck_assert_msg(!RSS_CHECKS || rss_after < rss0 + (4u << 20),
	    "RSS %zu before the run, %zu at its end, %zu after the reset", rss0,
	    rss_run, rss_after);
	expect("async () => [typeof keep, 6 * 7]", 256,
	    "{\"resultJson\":\"[\\\"undefined\\\",42]\",\"logs\":[]}");
	/* Twice: the second big run starts from the same place. */
	expect("async () => 'x'.repeat(20 << 20).length", 256,
	    "{\"resultJson\":\"20971520\",\"logs\":[]}");
	ck_assert_int_eq(engine_reset(warm), 0);
	ck_assert_uint_eq(engine_mem_live(warm), frozen_live);
}
END_TEST

START_TEST(test_many_cycles_stay_flat)
{
	size_t rss_start = 0, rss_end, live_after_run = 0;
	int i;

	warm_up();
	for (i = 0; i < 200; i++) {
		struct counts c = { 0 };
		char *msg;

		msg = cycle(
		    "async () => { const o = {};"
		    " for (let i = 0; i < 300; i++) o['k' + i] = [i, 'v' + i];"
		    " const m = new Map(Object.entries(o)); await null;"
		    " console.log(m.size);"
		    " return 6 * 7 }",
		    64, 5000, &c, NULL);
		if (msg == NULL ||
		    strcmp(msg,
			"{\"resultJson\":\"42\","
			"\"logs\":[{\"level\":\"log\",\"text\":\"300\"}]}") !=
			0)
			ck_abort_msg("cycle %d: %s", i, msg ? msg : "(null)");
		free(msg);
		/* Every run ends holding the same: the same heap each time. */
		if (i == 10)
			live_after_run = engine_mem_live(warm);
		else if (i > 10 && engine_mem_live(warm) != live_after_run)
			ck_abort_msg("cycle %d: %zu live after the run, %zu "
				     "at cycle 10",
			    i, engine_mem_live(warm), live_after_run);
		if (i == 20)
			rss_start = rss_bytes();
	}
	rss_end = rss_bytes();
	ck_assert_int_eq(engine_reset(warm), 0);
	ck_assert_uint_eq(engine_mem_live(warm), frozen_live);
	ck_assert_msg(!RSS_CHECKS || rss_end < rss_start + (3u << 20),
	    "RSS grew from %zu to %zu over 180 cycles", rss_start, rss_end);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("engine_reset");
	TCase *tc = tcase_create("engine_reset");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_reset_needs_a_freeze);
	tcase_add_test(tc, test_globals_do_not_leak);
	tcase_add_test(tc, test_logs_and_tools_every_time);
	tcase_add_test(tc, test_random_is_reseeded);
	tcase_add_test(tc, test_memory_limit_then_fresh);
	tcase_add_test(tc, test_timeout_then_fresh);
	tcase_add_test(tc, test_big_run_then_frozen_figure);
	tcase_add_test(tc, test_many_cycles_stay_flat);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
