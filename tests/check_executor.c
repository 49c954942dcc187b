/*
 * The in-process executor (codemode/executor.h) as a host meets it, with
 * the real sandbox image (build/codemode-sandbox): constructing spawns
 * nothing and the first execution starts the pool; results, logs, tool
 * calls and the precedence of request fields over construction defaults;
 * DEFAULT_GRACE; a child killed mid-run settles WORKER_CRASHED and the
 * executor goes on; the host's own children, signal dispositions and
 * descriptors are left alone; telemetry; the readiness style from a
 * poll() loop; answers given later from a bound host's own loop reach the
 * run, and the watched descriptor follows a socket number the pool reused;
 * max_executions bounds parked runs; dispose ends the children. Links
 * libcodemode alone.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include <codemode/codemode.h>

#include "client/client_int.h"
#include "support/test_daemon.h"
#include "support/test_http.h"

static char image[PATH_MAX];

static void
find_image(void)
{
	const char *e = getenv("CODEMODE_SANDBOX_IMAGE");

	if (e && *e)
		snprintf(image, sizeof(image), "%s", e);
	else
		ck_assert_ptr_nonnull(
		    realpath("build/codemode-sandbox", image));
}

/* ---- telemetry recorder ---- */

#define MAX_EVENTS 256
struct events {
	int n;
	enum cm_pool_event_type type[MAX_EVENTS];
	int pid[MAX_EVENTS];
	char outcome[MAX_EVENTS][16];
	char reason[MAX_EVENTS][32];
	int kill_on_start; /* SIGKILL the child an execution starts on */
	int spawned[64];
	int nspawned;
};

static void
on_event(void *arg, const struct cm_pool_event *ev)
{
	struct events *e = arg;

	if (e->n < MAX_EVENTS) {
		e->type[e->n] = ev->type;
		e->pid[e->n] = ev->pid;
		snprintf(e->outcome[e->n], sizeof(e->outcome[0]), "%s",
		    ev->outcome ? ev->outcome : "");
		snprintf(e->reason[e->n], sizeof(e->reason[0]), "%s",
		    ev->reason ? ev->reason : "");
		e->n++;
	}
	if (ev->type == CM_POOL_WORKER_SPAWN && e->nspawned < 64)
		e->spawned[e->nspawned++] = ev->pid;
	if (ev->type == CM_POOL_EXECUTION_START && e->kill_on_start &&
	    ev->pid > 0) {
		e->kill_on_start = 0;
		kill(ev->pid, SIGKILL);
	}
}

static int
count(const struct events *e, enum cm_pool_event_type t)
{
	int i, n = 0;

	for (i = 0; i < e->n; i++)
		n += e->type[i] == t;
	return n;
}

static struct cm_client *
executor(struct cm_executor_options *o, struct events *ev)
{
	struct cm_client *c = NULL;
	struct cm_error err;

	o->size = sizeof(*o);
	o->sandbox_image = image;
	o->max_workers = 2;
	if (ev) {
		o->on_event = on_event;
		o->event_arg = ev;
	}
	if (cm_executor_new(o, &c, &err) != 0)
		ck_abort_msg("cm_executor_new: %s", err.message);
	return c;
}

static void
run_ok(
    struct cm_client *c, struct cm_execute_request *req, struct cm_result *res)
{
	struct cm_error err;

	memset(&err, 0, sizeof(err));
	if (cm_execute(c, req, res, &err) != 0)
		ck_abort_msg("cm_execute: %s", err.message);
}

/* ---- tests ---- */

START_TEST(test_first_execution_starts_the_pool)
{
	struct cm_executor_options o = { 0 };
	struct events ev = { 0 };
	struct cm_client *c = executor(&o, &ev);
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;

	/* Constructing spawned nothing. */
	usleep(100000);
	ck_assert_int_eq(ev.n, 0);
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
	ck_assert_int_eq(cm_client_connected(c), 1);
	req.code = "async () => { console.log('hi'); return 6 * 7 }";
	run_ok(c, &req, &res);
	ck_assert_ptr_null(res.error);
	ck_assert_str_eq(res.result_json, "42");
	ck_assert_uint_eq(res.nlogs, 1);
	ck_assert_str_eq(res.logs[0].text, "hi");
	cm_result_clear(&res);
	ck_assert_int_ge(count(&ev, CM_POOL_WORKER_SPAWN), 1);
	ck_assert_int_eq(count(&ev, CM_POOL_EXECUTION_START), 1);
	ck_assert_int_eq(count(&ev, CM_POOL_EXECUTION_SETTLE), 1);
	ck_assert_str_eq(
	    ev.outcome[ev.n - 1][0] ? ev.outcome[ev.n - 1] : "result",
	    "result");
	cm_client_free(c);
}
END_TEST

static char *
dispatch(void *ctx, const char *provider, const char *tool, const char *args,
    size_t len)
{
	int *calls = ctx;
	char buf[256], *env;
	json_t *v;

	(*calls)++;
	snprintf(buf, sizeof(buf), "[\"%s.%s\", %.*s]", provider, tool,
	    (int)len, args);
	v = json_loads(buf, 0, NULL);
	env = cm_envelope_result(v);
	json_decref(v);
	return env;
}

START_TEST(test_tool_calls_reach_the_host)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c = executor(&o, NULL);
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	const char *tools[] = { "get" };
	struct cm_provider p = { "store", tools, 1, 0, NULL, NULL };
	struct cm_result res;
	int calls = 0;

	req.code = "async () => await store.get({ id: 7 })";
	req.providers = &p;
	req.nproviders = 1;
	req.dispatch = dispatch;
	req.dispatch_ctx = &calls;
	run_ok(c, &req, &res);
	ck_assert_ptr_null(res.error);
	ck_assert_int_eq(calls, 1);
	ck_assert_str_eq(res.result_json, "[\"store.get\",{\"id\":7}]");
	cm_result_clear(&res);
	cm_client_free(c);
}
END_TEST

/* The request's timeout wins over the construction default; DEFAULT_GRACE
 * is not the host's to set, and the bound is the request's. */
START_TEST(test_request_timeout_wins)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;

	o.timeout = 150;
	c = executor(&o, NULL);
	req.code = "async () => { for (;;) {} }";
	run_ok(c, &req, &res);
	ck_assert_ptr_nonnull(res.error);
	ck_assert_msg(strstr(res.error, "150") != NULL, "%s", res.error);
	cm_result_clear(&res);
	req.timeout = 250;
	run_ok(c, &req, &res);
	ck_assert_ptr_nonnull(res.error);
	ck_assert_msg(strstr(res.error, "250") != NULL, "%s", res.error);
	cm_result_clear(&res);
	cm_client_free(c);
}
END_TEST

/*
 * DEFAULT_GRACE: the run's own deadline ends it first and its logs come
 * back with the timeout text; the pool's kill, one grace later, is only
 * for a child that does not stop (it would lose the logs).
 */
START_TEST(test_default_grace)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c = executor(&o, NULL);
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	int i;

	req.code = "async () => { console.log('before'); for (;;) {} }";
	req.timeout = 200;
	for (i = 0; i < 3; i++) {
		run_ok(c, &req, &res);
		ck_assert_ptr_nonnull(res.error);
		ck_assert_msg(
		    strstr(res.error, "200") != NULL, "%s", res.error);
		ck_assert_uint_eq(res.nlogs, 1);
		ck_assert_str_eq(res.logs[0].text, "before");
		cm_result_clear(&res);
	}
	cm_client_free(c);
}
END_TEST

/* A construction-time outbound of null closes the network; a request's
 * CM_OUTBOUND_FUNCTION wins over it. */
static int
fetch_fn(void *ctx, const struct cm_outbound_request *rq,
    struct cm_outbound_response *rs, char **error_text)
{
	(void)ctx;
	(void)error_text;
	return cm_outbound_response_set(
	    rs, 201, "Made", NULL, 0, rq->url, strlen(rq->url));
}

START_TEST(test_outbound_precedence)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;

	o.outbound = CM_OUTBOUND_NULL;
	c = executor(&o, NULL);
	req.code = "async () => { try { await fetch('http://x.test/a'); "
		   "return 'fetched' } catch (e) { return String(e.message) "
		   "} }";
	run_ok(c, &req, &res);
	ck_assert_ptr_null(res.error);
	ck_assert_msg(
	    strstr(res.result_json, "fetched") == NULL, "%s", res.result_json);
	cm_result_clear(&res);
	req.code = "async () => { const r = await fetch('http://x.test/a'); "
		   "return [r.status, await r.text()] }";
	req.outbound = CM_OUTBOUND_FUNCTION;
	req.outbound_fn = fetch_fn;
	run_ok(c, &req, &res);
	ck_assert_ptr_null(res.error);
	ck_assert_str_eq(res.result_json, "[201,\"http://x.test/a\"]");
	cm_result_clear(&res);
	cm_client_free(c);
}
END_TEST

/*
 * Native fetches: the host's allow rule opens loopback, and the fetch runs
 * in codemode-fetcher (beside the sandbox image), a child of the host, not
 * in the host. Its crash mid-fetch fails that fetch with FETCH_FAILED, the
 * host goes on, and the next fetch starts a new fetcher.
 */
START_TEST(test_native_fetch_runs_in_a_fetcher)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	int sport = test_http_start(), port, l = test_http_listener(&port);
	char code[512];
	long first;
	pid_t self = getpid(), killer;
	int st, i;

	/* ABSENT: native, as the default. */
	o.outbound_allow = "127.0.0.1";
	c = executor(&o, NULL);
	snprintf(code, sizeof(code),
	    "async () => { const r = await fetch('http://127.0.0.1:%d/n'); "
	    "return [r.status, (await r.text()).slice(0, 10)] }",
	    sport);
	req.code = code;
	ck_assert_int_eq(test_fetcher_of(self), 0);
	run_ok(c, &req, &res);
	ck_assert_msg(res.error == NULL, "%s", res.error);
	ck_assert_str_eq(res.result_json, "[200,\"GET /n HTT\"]");
	cm_result_clear(&res);
	ck_assert_int_gt(first = test_fetcher_of(self), 0);
	/* A fetch that hangs, its fetcher killed as libcurl 7.88 kills it. */
	ck_assert_int_ge(killer = fork(), 0);
	if (killer == 0) {
		usleep(300000);
		_exit(kill((pid_t)first, SIGFPE) == 0 ? 0 : 1);
	}
	snprintf(code, sizeof(code),
	    "async () => { try { await fetch('http://127.0.0.1:%d/'); "
	    "return 'fetched' } catch (e) { return e.message } }",
	    port);
	run_ok(c, &req, &res);
	ck_assert_int_eq(waitpid(killer, &st, 0), killer);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ck_assert_msg(res.error == NULL, "%s", res.error);
	ck_assert_str_eq(res.result_json,
	    "\"The fetch failed: the fetcher process stopped (its link "
	    "closed). Check the URL, or try again later.\"");
	cm_result_clear(&res);
	/* The next fetch: a new fetcher. */
	snprintf(code, sizeof(code),
	    "async () => (await fetch('http://127.0.0.1:%d/m')).status", sport);
	run_ok(c, &req, &res);
	ck_assert_msg(res.error == NULL, "%s", res.error);
	ck_assert_str_eq(res.result_json, "200");
	cm_result_clear(&res);
	ck_assert_int_gt(test_fetcher_of(self), 0);
	ck_assert_int_ne(test_fetcher_of(self), first);
	first = test_fetcher_of(self);
	/* Freeing the executor ends its fetcher. */
	cm_client_free(c);
	for (i = 0; i < 100 && kill((pid_t)first, 0) == 0; i++)
		usleep(10000);
	ck_assert_int_eq(kill((pid_t)first, 0), -1);
	close(l);
	test_http_stop();
}
END_TEST

/*
 * Fault: the child dies mid-run. The call fails WORKER_CRASHED, the host
 * process goes on (this test runs in it), and so does the executor.
 */
START_TEST(test_child_killed_mid_run)
{
	struct cm_executor_options o = { 0 };
	struct events ev = { 0 };
	struct cm_client *c = executor(&o, &ev);
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct cm_error err;

	req.code = "async () => { for (;;) {} }";
	req.timeout = 20000;
	ev.kill_on_start = 1;
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_WORKER_CRASHED);
	ck_assert_ptr_nonnull(strstr(err.message, "died"));
	cm_error_clear(&err);
	ck_assert_int_ge(count(&ev, CM_POOL_WORKER_CRASH), 1);
	req.code = "async () => 'after'";
	req.timeout = 0;
	run_ok(c, &req, &res);
	ck_assert_str_eq(res.result_json, "\"after\"");
	cm_result_clear(&res);
	cm_client_free(c);
}
END_TEST

/* A dispatch that kills the child calling it and answers anyway: the
 * answer is written to a dead socket. */
static struct events kill_ev;

static int
gone(int pid)
{
	char path[64], st[256];
	FILE *f;
	int z = 1;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if ((f = fopen(path, "r")) == NULL)
		return 1;
	if (fgets(st, sizeof(st), f) != NULL)
		z = strstr(st, ") Z ") != NULL;
	fclose(f);
	return z;
}

static char *
dispatch_kill(void *ctx, const char *provider, const char *tool,
    const char *args, size_t len)
{
	int i, pid = 0;

	(void)ctx;
	(void)provider;
	(void)tool;
	(void)args;
	(void)len;
	for (i = 0; i < kill_ev.n; i++)
		if (kill_ev.type[i] == CM_POOL_EXECUTION_START)
			pid = kill_ev.pid[i];
	if (pid > 0) {
		kill(pid, SIGKILL);
		for (i = 0; i < 200 && !gone(pid); i++)
			usleep(5000);
	}
	return cm_envelope_error("answered after the child died");
}

START_TEST(test_answer_to_a_dead_child)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	const char *tools[] = { "t" };
	struct cm_provider p = { "p", tools, 1, 0, NULL, NULL };
	struct cm_result res;
	struct cm_error err;
	struct sigaction dfl;

	/* SIGPIPE at its default: a write that raised it would end us. */
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGPIPE, &dfl, NULL);
	memset(&kill_ev, 0, sizeof(kill_ev));
	c = executor(&o, &kill_ev);
	req.code = "async () => { const big = 'x'.repeat(1 << 20); "
		   "return await p.t(big) }";
	req.providers = &p;
	req.nproviders = 1;
	req.dispatch = dispatch_kill;
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_WORKER_CRASHED);
	cm_error_clear(&err);
	cm_client_free(c);
}
END_TEST

/*
 * The host's own: a child it forked is still its to wait for after the
 * executor ran (no waitpid(-1) stole it), SIGCHLD and SIGPIPE keep their
 * dispositions, and a descriptor the host left inheritable is not held by
 * the pool's processes (its pipe sees EOF once the host closes its end).
 */
START_TEST(test_host_left_alone)
{
	struct cm_executor_options o = { 0 };
	struct cm_client *c;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	struct sigaction before_chld, after_chld, before_pipe, after_pipe;
	struct pollfd pfd;
	int p[2], status = 0;
	pid_t mine;

	ck_assert_int_eq(sigaction(SIGCHLD, NULL, &before_chld), 0);
	ck_assert_int_eq(sigaction(SIGPIPE, NULL, &before_pipe), 0);
	ck_assert_int_eq(pipe(p), 0); /* inheritable on purpose */
	c = executor(&o, NULL);
	req.code = "async () => 1";
	run_ok(c, &req, &res);
	cm_result_clear(&res);
	/* Forked while the pool runs, exits while the pool's loop turns. */
	if ((mine = fork()) == 0) {
		usleep(50000);
		_exit(7);
	}
	ck_assert_int_gt(mine, 0);
	req.code = "async () => { const t = Date.now(); "
		   "while (Date.now() - t < 300) {} return 1 }";
	run_ok(c, &req, &res);
	cm_result_clear(&res);
	ck_assert_int_eq(waitpid(mine, &status, 0), mine);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 7);
	ck_assert_int_eq(sigaction(SIGCHLD, NULL, &after_chld), 0);
	ck_assert_int_eq(sigaction(SIGPIPE, NULL, &after_pipe), 0);
	ck_assert_ptr_eq(
	    (void *)after_chld.sa_handler, (void *)before_chld.sa_handler);
	ck_assert_ptr_eq(
	    (void *)after_pipe.sa_handler, (void *)before_pipe.sa_handler);
	close(p[1]);
	pfd.fd = p[0];
	pfd.events = POLLIN;
	ck_assert_int_eq(poll(&pfd, 1, 1000), 1);
	ck_assert(pfd.revents & POLLHUP);
	close(p[0]);
	cm_client_free(c);
}
END_TEST

/* dispose ends every child the pool started. */
START_TEST(test_dispose_ends_children)
{
	struct cm_executor_options o = { 0 };
	struct events ev = { 0 };
	struct cm_client *c = executor(&o, &ev);
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_result res;
	int i, k, alive;

	req.code = "async () => 1";
	run_ok(c, &req, &res);
	cm_result_clear(&res);
	ck_assert_int_ge(ev.nspawned, 1);
	cm_client_free(c);
	for (k = 0; k < 200; k++) {
		char path[64], st[256];
		FILE *f;

		alive = 0;
		for (i = 0; i < ev.nspawned; i++) {
			snprintf(
			    path, sizeof(path), "/proc/%d/stat", ev.spawned[i]);
			if ((f = fopen(path, "r")) == NULL)
				continue;
			/* A zombie waiting for init is gone for us. */
			if (fgets(st, sizeof(st), f) != NULL &&
			    strstr(st, ") Z ") == NULL)
				alive++;
			fclose(f);
		}
		if (alive == 0)
			break;
		usleep(10000);
	}
	ck_assert_int_eq(alive, 0);
	/* and nothing of ours is left for the host to reap */
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
}
END_TEST

static void
executed(struct cm_client *c, struct cm_result *res, const struct cm_error *err,
    void *arg)
{
	char **out = arg;

	(void)c;
	*out = strdup(err ? err->message : res->result_json);
	if (res)
		cm_result_clear(res);
}

/* The readiness style: a plain poll() loop drives the executor. */
START_TEST(test_readiness_style)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_client *c;
	struct cm_error err;
	char *out1 = NULL, *out2 = NULL;
	int i, fd, events, to;

	o.sandbox_image = image;
	o.max_workers = 2;
	c = cm_executor_start(&o, &err);
	ck_assert_ptr_nonnull(c);
	req.code = "async () => 'one'";
	ck_assert_int_eq(cm_execute_async(c, &req, executed, &out1, &err), 0);
	req.code = "async () => 'two'";
	ck_assert_int_eq(cm_execute_async(c, &req, executed, &out2, &err), 0);
	for (i = 0; i < 2000 && (out1 == NULL || out2 == NULL); i++) {
		struct pollfd pfd;

		fd = cm_client_watch(c, &events, &to, &err);
		ck_assert_int_ge(fd, 0);
		pfd.fd = fd;
		pfd.events = POLLIN;
		poll(&pfd, 1, to < 0 || to > 50 ? 50 : to);
		ck_assert_int_eq(cm_client_process(c, &err), 0);
	}
	ck_assert_ptr_nonnull(out1);
	ck_assert_ptr_nonnull(out2);
	ck_assert_str_eq(out1, "\"one\"");
	ck_assert_str_eq(out2, "\"two\"");
	free(out1);
	free(out2);
	cm_client_free(c);
}
END_TEST

/*
 * Answers given later, from the host's own loop: an executor bound to the
 * host's event_base (cm_executor_base) is asked a tool call and a fetch
 * whose async callbacks only keep the call; a timer of the host's base
 * answers each a moment later, outside every callback of the executor.
 * The answer must reach the child with nothing else happening: the run's
 * bound is a minute away and no other run is in flight, so no event of
 * the executor's own would carry it there. (The bug it pins: the answer
 * queued its bytes for the child but the host's loop was never told to
 * watch the child's socket for writing, so the run waited until its
 * bound; under the conformance suite's parallel cases another run's
 * events usually carried it, hence the intermittent hangs.)
 */
struct later {
	struct event_base *base;
	struct event *answer_ev;
	struct cm_tool_call *tc;
	struct cm_outbound_call *oc;
	char *out;
	int done;
};

static void
later_answer(evutil_socket_t fd, short what, void *arg)
{
	struct later *l = arg;
	struct cm_outbound_response res;
	json_t *v;
	char *env;

	(void)fd;
	(void)what;
	if (l->tc != NULL) {
		v = json_string("late tool");
		env = cm_envelope_result(v);
		json_decref(v);
		ck_assert_int_eq(cm_tool_call_answer(l->tc, env), 0);
		free(env);
		l->tc = NULL;
	}
	if (l->oc != NULL) {
		memset(&res, 0, sizeof(res));
		ck_assert_int_eq(cm_outbound_response_set(&res, 200, "OK", NULL,
				     0, "late fetch", 10),
		    0);
		ck_assert_int_eq(cm_outbound_call_answer(l->oc, &res), 0);
		cm_outbound_response_clear(&res);
		l->oc = NULL;
	}
}

static void
later_dispatch(void *ctx, struct cm_tool_call *tc)
{
	struct later *l = ctx;
	struct timeval tv = { 0, 50000 };

	l->tc = tc;
	evtimer_add(l->answer_ev, &tv);
}

static void
later_outbound(void *ctx, struct cm_outbound_call *oc)
{
	struct later *l = ctx;
	struct timeval tv = { 0, 50000 };

	l->oc = oc;
	evtimer_add(l->answer_ev, &tv);
}

static void
later_executed(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct later *l = arg;

	(void)c;
	l->out = strdup(err	   ? err->message
		: res->result_json ? res->result_json
				   : res->error);
	l->done = 1;
	if (res)
		cm_result_clear(res);
	event_base_loopbreak(l->base);
}

static void
later_watchdog(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	event_base_loopbreak(arg);
}

START_TEST(test_late_answer_on_host_base)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	const char *tools[] = { "t" };
	struct cm_provider p = { "p", tools, 1, 0, NULL, NULL };
	struct timeval wd = { 20, 0 };
	struct event *watchdog;
	struct later l;
	struct cm_client *c;
	struct cm_error err;
	int k;

	memset(&l, 0, sizeof(l));
	l.base = event_base_new();
	ck_assert_ptr_nonnull(l.base);
	l.answer_ev = evtimer_new(l.base, later_answer, &l);
	watchdog = evtimer_new(l.base, later_watchdog, l.base);
	o.sandbox_image = image;
	o.max_workers = 1;
	o.timeout = 60000;
	o.outbound = CM_OUTBOUND_FUNCTION;
	o.outbound_async = later_outbound;
	o.outbound_ctx = &l;
	c = cm_executor_base(l.base, &o, &err);
	ck_assert_ptr_nonnull(c);
	for (k = 0; k < 2; k++) {
		if (k == 0) {
			req.code = "async () => await p.t(1)";
			req.providers = &p;
			req.nproviders = 1;
			req.dispatch_async = later_dispatch;
			req.dispatch_ctx = &l;
		} else {
			req.code =
			    "async () => (await fetch('https://x.test/'))"
			    ".text()";
			req.providers = NULL;
			req.nproviders = 0;
			req.dispatch_async = NULL;
		}
		l.done = 0;
		ck_assert_int_eq(
		    cm_execute_async(c, &req, later_executed, &l, &err), 0);
		evtimer_add(watchdog, &wd);
		event_base_dispatch(l.base);
		evtimer_del(watchdog);
		ck_assert_msg(l.done,
		    "%s: the late answer never reached the run",
		    k == 0 ? "tool call" : "fetch");
		ck_assert_str_eq(
		    l.out, k == 0 ? "\"late tool\"" : "\"late fetch\"");
		free(l.out);
		l.out = NULL;
	}
	cm_client_free(c);
	event_free(l.answer_ev);
	event_free(watchdog);
	event_base_free(l.base);
}
END_TEST

/*
 * max_executions bounds the runs that exist at once, parked ones included.
 * One worker, four runs that each await a tool the host holds: with the
 * bound at 2 the host never holds more than two calls (the other runs
 * queue, though the worker is free while both wait); with the default
 * (sized to memory) all four park on the tool together, and so they do
 * when the bound is set past the caller's `size` (a host built against
 * the layout that ended at outbound_deny), which must not be read.
 */
struct bound {
	struct event_base *base;
	struct event *hold;
	struct cm_tool_call *tc[8];
	int ntc, max_out, want, done;
};

static void
bound_answer(evutil_socket_t fd, short what, void *arg)
{
	struct bound *b = arg;
	char *env;
	json_t *v;

	(void)fd;
	(void)what;
	v = json_integer(1);
	env = cm_envelope_result(v);
	json_decref(v);
	while (b->ntc > 0)
		ck_assert_int_eq(cm_tool_call_answer(b->tc[--b->ntc], env), 0);
	free(env);
}

static void
bound_dispatch(void *ctx, struct cm_tool_call *tc)
{
	struct bound *b = ctx;
	/* Long enough for a run the bound failed to hold back to arrive. */
	struct timeval tv = { 0, 400000 };

	ck_assert_int_lt(b->ntc, 8);
	b->tc[b->ntc++] = tc;
	if (b->ntc > b->max_out)
		b->max_out = b->ntc;
	if (b->ntc == b->want)
		evtimer_add(b->hold, &tv);
}

static void
bound_executed(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct bound *b = arg;

	(void)c;
	ck_assert_ptr_null(err);
	ck_assert_str_eq(res->result_json, "1");
	cm_result_clear(res);
	if (++b->done == 4)
		event_base_loopbreak(b->base);
}

START_TEST(test_max_executions)
{
	const struct {
		unsigned max_executions;
		int old_layout, want;
	} cases[] = { { 2, 0, 2 }, { 0, 0, 4 }, { 2, 1, 4 } };
	struct timeval wd = { 30, 0 };
	const char *tools[] = { "t" };
	struct cm_provider p = { "p", tools, 1, 0, NULL, NULL };
	struct event *watchdog;
	struct bound b;
	struct cm_client *c;
	struct cm_error err;
	size_t k;
	int i;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
		struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;

		memset(&b, 0, sizeof(b));
		b.base = event_base_new();
		ck_assert_ptr_nonnull(b.base);
		b.hold = evtimer_new(b.base, bound_answer, &b);
		watchdog = evtimer_new(b.base, later_watchdog, b.base);
		b.want = cases[k].want;
		o.sandbox_image = image;
		o.max_workers = 1;
		o.max_executions = cases[k].max_executions;
		if (cases[k].old_layout)
			o.size = offsetof(struct cm_executor_options,
				     outbound_deny) +
			    sizeof(o.outbound_deny);
		c = cm_executor_base(b.base, &o, &err);
		ck_assert_ptr_nonnull(c);
		req.code = "async () => await p.t()";
		req.providers = &p;
		req.nproviders = 1;
		req.dispatch_async = bound_dispatch;
		req.dispatch_ctx = &b;
		for (i = 0; i < 4; i++)
			ck_assert_int_eq(
			    cm_execute_async(c, &req, bound_executed, &b, &err),
			    0);
		evtimer_add(watchdog, &wd);
		event_base_dispatch(b.base);
		ck_assert_msg(b.done == 4,
		    "case %zu: %d of 4 runs ended (%d calls held at most)", k,
		    b.done, b.max_out);
		ck_assert_int_eq(b.max_out, cases[k].want);
		cm_client_free(c);
		event_free(b.hold);
		event_free(watchdog);
		event_base_free(b.base);
	}
}
END_TEST

/*
 * The descriptor cm_client_watch returns mirrors the sockets of the
 * client's own base, and the pool closes and reopens those behind the
 * mirror's back: a child's socket closes when it dies or retires, and the
 * next child's socket, handed over by the zygote, usually gets the same
 * number. epoll forgets a descriptor when it closes, so a mirror that
 * judged by numbers and events alone saw "still registered, same events"
 * and never added the new socket: a host loop then slept through the
 * child's answer. Here a descriptor of the base is closed and its number
 * reused between two looks, with the same events wanted, and the new one
 * must wake the watcher.
 */
static void
noop_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	(void)arg;
}

START_TEST(test_watch_follows_reused_descriptor)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_client *c;
	struct cm_error err;
	struct event *ev;
	struct pollfd pfd;
	int p1[2], p2[2], fd, to;

	o.sandbox_image = image;
	c = cm_executor_start(&o, &err);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(pipe2(p1, O_CLOEXEC | O_NONBLOCK), 0);
	ev = event_new(c->base, p1[0], EV_READ | EV_PERSIST, noop_cb, NULL);
	ck_assert_int_eq(event_add(ev, NULL), 0);
	fd = cm_client_watch(c, NULL, &to, &err);
	ck_assert_int_ge(fd, 0);
	/* The base lets go of it and it closes; a new pipe takes its number
	 * and the base watches that one for reading, as before. */
	event_free(ev);
	close(p1[0]);
	close(p1[1]);
	ck_assert_int_eq(pipe2(p2, O_CLOEXEC | O_NONBLOCK), 0);
	ck_assert_int_eq(p2[0], p1[0]);
	ev = event_new(c->base, p2[0], EV_READ | EV_PERSIST, noop_cb, NULL);
	ck_assert_int_eq(event_add(ev, NULL), 0);
	ck_assert_int_eq(write(p2[1], "x", 1), 1);
	ck_assert_int_eq(cm_client_watch(c, NULL, &to, &err), fd);
	pfd.fd = fd;
	pfd.events = POLLIN;
	pfd.revents = 0;
	ck_assert_msg(poll(&pfd, 1, 0) == 1,
	    "the reused descriptor is readable but the watched one is not");
	event_free(ev);
	close(p2[0]);
	close(p2[1]);
	cm_client_free(c);
}
END_TEST

/* Retained handles in-process: grant, invoke, close; the telemetry of the
 * close. */
START_TEST(test_handles)
{
	struct cm_executor_options o = { 0 };
	struct events ev = { 0 };
	struct cm_client *c = executor(&o, &ev);
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_outbound_request rq;
	struct cm_outbound_response rs;
	struct cm_result res;
	struct cm_error err;
	int i, closed = 0;

	req.code = "async () => { let n = 0; "
		   "return (req) => new Response(String(++n)) }";
	req.retain_handles = 1;
	run_ok(c, &req, &res);
	ck_assert_ptr_nonnull(res.execution_id);
	ck_assert_uint_eq(res.nhandles, 1);
	ck_assert_str_eq(res.handles[0], "fetch");
	ck_assert_int_eq(cm_outbound_request_set(
			     &rq, "GET", "http://h.test/", NULL, 0, NULL, 0, 0),
	    0);
	for (i = 1; i <= 2; i++) {
		if (cm_invoke_handle(
			c, res.execution_id, "fetch", &rq, &rs, &err) != 0)
			ck_abort_msg("invoke: %s", err.message);
		ck_assert_int_eq(rs.status, 200);
		ck_assert_uint_eq(rs.body_len, 1);
		ck_assert_int_eq(rs.body[0], '0' + i);
		cm_outbound_response_clear(&rs);
	}
	ck_assert_int_eq(cm_close_handles(c, res.execution_id, &err), 0);
	ck_assert_int_eq(
	    cm_invoke_handle(c, res.execution_id, "fetch", &rq, &rs, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_HANDLES_CLOSED);
	cm_error_clear(&err);
	for (i = 0; i < ev.n; i++)
		closed += ev.type[i] == CM_POOL_HANDLES_CLOSE &&
		    strcmp(ev.reason[i], "closed") == 0;
	ck_assert_int_eq(closed, 1);
	cm_outbound_request_clear(&rq);
	cm_result_clear(&res);
	cm_client_free(c);
}
END_TEST

/* dispose with a call in flight: CONNECTION_BROKEN, the executor named. */
START_TEST(test_dispose_in_flight)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct events ev = { 0 };
	struct cm_client *c;
	struct cm_error err;
	char *out = NULL;
	int i;

	o.sandbox_image = image;
	o.on_event = on_event;
	o.event_arg = &ev;
	c = cm_executor_start(&o, &err);
	ck_assert_ptr_nonnull(c);
	req.code = "async () => { for (;;) {} }";
	ck_assert_int_eq(cm_execute_async(c, &req, executed, &out, &err), 0);
	for (i = 0; i < 500 && count(&ev, CM_POOL_EXECUTION_START) == 0; i++) {
		struct pollfd pfd;
		int to;

		pfd.fd = cm_client_watch(c, NULL, &to, &err);
		pfd.events = POLLIN;
		poll(&pfd, 1, to < 0 || to > 20 ? 20 : to);
		cm_client_process(c, &err);
	}
	ck_assert_int_eq(count(&ev, CM_POOL_EXECUTION_START), 1);
	ck_assert_ptr_null(out);
	cm_client_free(c);
	ck_assert_ptr_nonnull(out);
	ck_assert_msg(strstr(out, "in-process executor") != NULL &&
		strstr(out, "disposed") != NULL,
	    "%s", out);
	free(out);
}
END_TEST

START_TEST(test_bad_options)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_client *c = (struct cm_client *)&o;
	struct cm_error err;

	ck_assert_int_eq(cm_executor_new(&o, NULL, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_ARGUMENT);
	cm_error_clear(&err);
	o.outbound = CM_OUTBOUND_FUNCTION;
	ck_assert_int_eq(cm_executor_new(&o, &c, &err), -1);
	ck_assert_ptr_null(c);
	ck_assert_int_eq(err.code, CM_ERROR_ARGUMENT);
	cm_error_clear(&err);
	o.outbound = CM_OUTBOUND_ABSENT;
	o.timeout = -5;
	ck_assert_int_eq(cm_executor_new(&o, &c, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_ARGUMENT);
	cm_error_clear(&err);
	ck_assert_ptr_null(cm_executor_base(NULL, NULL, &err));
	ck_assert_int_eq(err.code, CM_ERROR_ARGUMENT);
	cm_error_clear(&err);
}
END_TEST

/* A missing image is said at the first execution, not at construction. */
START_TEST(test_missing_image)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_client *c = NULL;
	struct cm_result res;
	struct cm_error err;

	o.sandbox_image = "/nonexistent/codemode-sandbox";
	ck_assert_int_eq(cm_executor_new(&o, &c, &err), 0);
	req.code = "async () => 1";
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_WORKER_CRASHED);
	ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent"));
	cm_error_clear(&err);
	cm_client_free(c);
}
END_TEST

static Suite *
executor_suite(void)
{
	Suite *s = suite_create("executor");
	TCase *tc = tcase_create("executor");

	tcase_set_timeout(tc, 60);
	tcase_add_unchecked_fixture(tc, find_image, NULL);
	tcase_add_test(tc, test_first_execution_starts_the_pool);
	tcase_add_test(tc, test_native_fetch_runs_in_a_fetcher);
	tcase_add_test(tc, test_tool_calls_reach_the_host);
	tcase_add_test(tc, test_request_timeout_wins);
	tcase_add_test(tc, test_default_grace);
	tcase_add_test(tc, test_outbound_precedence);
	tcase_add_test(tc, test_child_killed_mid_run);
	tcase_add_test(tc, test_answer_to_a_dead_child);
	tcase_add_test(tc, test_host_left_alone);
	tcase_add_test(tc, test_dispose_ends_children);
	tcase_add_test(tc, test_readiness_style);
	tcase_add_test(tc, test_late_answer_on_host_base);
	tcase_add_test(tc, test_watch_follows_reused_descriptor);
	tcase_add_test(tc, test_max_executions);
	tcase_add_test(tc, test_handles);
	tcase_add_test(tc, test_dispose_in_flight);
	tcase_add_test(tc, test_bad_options);
	tcase_add_test(tc, test_missing_image);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(executor_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
