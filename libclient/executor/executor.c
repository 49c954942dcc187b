/*
 * The in-process executor (codemode/executor.h): a client backend
 * (client_int.h, struct client_backend) that runs the calls of a
 * struct cm_client on a pool in this process instead of sending them to
 * a daemon. The calls arrive exactly as the client would put them on the
 * wire (client.c built them: defaults applied, modules turned to entries,
 * the request's fields over the construction-time ones), and this file
 * does for them what the daemon's ExecutorApi bridge does
 * (server/daemon/api*.c), with the daemon's own pieces:
 *
 *   server/pool/       the pool: zygote from the sandbox image, children,
 *                      run clock, retained handles (embedded: no signal
 *                      handler, no subreaper, pidfds; pool.h);
 *   server/ipc/        the frame payload codec, both ways;
 *   daemon/api_value.c the composition of envelopes and answers from the
 *                      checked fields;
 *   daemon/fetchlink.c native fetches, run by codemode-fetcher (beside the
 *                      sandbox image) under the daemon's policy, so
 *                      libcurl never runs in the host;
 *   daemon/handles.c   unguessable executionIds.
 *
 * Ownership: the executor owns the pool, the fetcher and every run. A run
 * lives while the pool holds it (until it settles, or its handles close)
 * and while a host call it started is unanswered (`refs`), so a late
 * answer never touches freed memory, even after the client is freed.
 */
#include <sys/queue.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include "cm_spec.h"
#include "client/client_int.h"
#include "codemode/executor.h"
#include "daemon/api_int.h"
#include "daemon/handles.h"
#include "daemon/log.h"
#include "daemon/netpolicy.h"
#include "daemon/fetchlink.h"
#include "ipc/ipcmsg.h"
#include "pool/pool.h"
#include "pool/zygote.h"
#include "proto/capnweb.h"
#include "proto/texts.h"

#ifndef EXECUTOR_IMAGE
#define EXECUTOR_IMAGE "/usr/local/lib/codemode/codemode-sandbox"
#endif

/* Every run of one executor may share a staying child: one host. */
#define EXECUTOR_TENANT 1

struct executor_run;

/* A native fetch in flight for a run. */
struct executor_native {
	TAILQ_ENTRY(executor_native) entry;
	struct executor_run *run;
	uint32_t call_id;
	struct fetchlink_req *req;
};

struct executor_run {
	TAILQ_ENTRY(executor_run) entry;
	struct handles_entry handle; /* named while it holds handles */
	struct executor *x; /* NULL once the executor is gone */
	struct client_op *op; /* the execute call, until it settles */
	struct client_slot *slot; /* the host's callbacks (owned) */
	struct pool_exec *pe; /* until settled, or its handles closed */
	uint32_t timeout_ms;
	enum cm_outbound_mode mode;
	int retain;
	int running; /* not settled yet */
	int pooled; /* the pool holds it (one of refs) */
	int refs;
	TAILQ_HEAD(, executor_native) natives;
};

/* One invokeHandle or closeHandles call in flight. */
struct executor_invocation {
	TAILQ_ENTRY(executor_invocation) entry;
	struct executor_run *run;
	struct client_op *op;
	char id[HANDLES_ID_LEN + 1];
};

/* A tool or outbound call the host holds (cm_tool_call.local). */
struct executor_pending {
	struct executor_run *run;
	uint32_t call_id;
};

struct executor {
	struct cm_client *c;
	struct pool_options popt;
	char *image;
	unsigned memory_mb;
	struct pool *pool; /* NULL until the first execution */
	struct fetchlink *fetch; /* NULL until the first native fetch */
	struct netpolicy
	    *policy; /* the host's rules, checked at construction */
	char *allow, *deny; /* their texts, for the fetcher; NULL: none */
	struct handles retained;
	TAILQ_HEAD(, executor_run) runs;
	TAILQ_HEAD(, executor_invocation) invocations;
	cm_pool_event_fn on_event;
	void *event_arg;
};

/* ---- settling the client's calls ---- */

/* Completes `op` with the fault `id` composed from `values`. */
static void
executor_fault(struct client_op *op, enum cm_spec_text id,
    const char *const *values, size_t n)
{
	const struct texts_info *info = texts_info(id);
	char *text = texts_composev(id, values, n);
	json_t *e = capnweb_error_new(
	    "Error", text ? text : "the executor could not compose its text");

	if (e && info && info->code)
		capnweb_error_set_prop(e, "code", json_string(info->code));
	free(text);
	client_op_settle(op, CAPNWEB_REJECTED, e ? e : json_null());
	json_decref(e);
}

static void
executor_fault1(struct client_op *op, enum cm_spec_text id, const char *v)
{
	executor_fault(op, id, &v, 1);
}

/* Completes `op` with the envelope {"error": text, "logs": []}. */
static void
executor_resolve_error(struct client_op *op, const char *text)
{
	json_t *m = json_pack("{s:s, s:[]}", "error", text, "logs");

	client_op_settle(op, CAPNWEB_RESOLVED, m ? m : json_null());
	json_decref(m);
}

/* ---- runs ---- */

static void
executor_cancel_natives(struct executor_run *r)
{
	struct executor_native *n;

	while ((n = TAILQ_FIRST(&r->natives)) != NULL) {
		TAILQ_REMOVE(&r->natives, n, entry);
		fetchlink_cancel(n->req);
		free(n);
	}
}

static void
executor_run_unref(struct executor_run *r)
{
	if (--r->refs > 0)
		return;
	executor_cancel_natives(r);
	if (r->x != NULL)
		TAILQ_REMOVE(&r->x->runs, r, entry);
	free(r->slot);
	free(r);
}

/* ---- tool calls and outbound requests from the run ---- */

/*
 * Replies to the child with `payload` (taken), if the run still runs.
 * The reply only queues its bytes on the child's socket: the write waits
 * for that socket to be writable in the executor's base. A host that
 * answers from its own loop (cm_tool_call_answer or
 * cm_outbound_call_answer outside every callback of ours) must be told
 * so, or a bound client's host loop goes on waiting for what it watched
 * before and the reply sits queued until some other event of the base
 * comes by (client_session_flush does the same for a socket).
 */
static int
executor_reply(
    struct executor_run *r, uint32_t call_id, int outbound, char *payload)
{
	int rc = -1;

	if (payload != NULL && r->pe != NULL && (r->running || outbound))
		rc = pool_exec_reply(r->pe, call_id, outbound,
		    (const uint8_t *)payload, strlen(payload));
	free(payload);
	if (rc == 0 && r->x != NULL && r->x->c->depth == 0)
		client_rearm(r->x->c);
	return rc;
}

/* An envelope text (borrowed; NULL: out of memory) as a TOOL_RESULT. */
static char *
executor_tool_answer(const char *envelope)
{
	char *oom = NULL, *m;
	json_t *v;

	if (envelope == NULL)
		envelope = oom = cm_envelope_error("out of memory");
	v = envelope ? json_string(envelope) : NULL;
	free(oom);
	m = v ? api_value_answer(0, CAPNWEB_RESOLVED, v) : NULL;
	json_decref(v);
	return m;
}

static int
executor_tool_answered(void *local, const char *envelope)
{
	struct executor_pending *p = local;
	int rc;

	rc = executor_reply(
	    p->run, p->call_id, 0, executor_tool_answer(envelope));
	executor_run_unref(p->run);
	free(p);
	return rc;
}

static void
executor_on_tool_call(struct pool_exec *pe, uint32_t call_id,
    const uint8_t *payload, size_t len, void *udata)
{
	struct executor_run *r = udata;
	const struct ipcmsg_tool_call *m = pool_checked_tool_call(pe);
	struct client_slot *s = r->slot;
	struct executor_pending *p;
	struct cm_tool_call *tc;
	char *env;

	(void)payload;
	(void)len;
	if (m == NULL) {
		env =
		    api_tool_unreachable("the child's tool call was malformed");
		executor_reply(r, call_id, 0, executor_tool_answer(env));
		free(env);
		return;
	}
	if (s == NULL ||
	    (!s->dispatch && !s->dispatch_async && !s->env.respond))
		env = cm_envelope_tool_not_found(m->tool.s);
	else if (!s->active || s->abandoned)
		/* Its call ended (deadline, cancel): the host is not asked. */
		env = cm_envelope_completed();
	else if (s->env.respond != NULL)
		env = cm_envelope_dispatch_call(
		    &s->env, m->provider.s, m->tool.s, m->args.s, m->args.len);
	else if (s->dispatch != NULL)
		env = s->dispatch(s->dispatch_ctx, m->provider.s, m->tool.s,
		    m->args.s, m->args.len);
	else {
		tc = client_tool_call_new(
		    m->provider.s, m->tool.s, m->args.s, m->args.len);
		p = tc ? calloc(1, sizeof(*p)) : NULL;
		if (p == NULL) {
			if (tc)
				cm_tool_call_answer(tc, NULL);
			executor_reply(
			    r, call_id, 0, executor_tool_answer(NULL));
			return;
		}
		p->run = r;
		p->call_id = call_id;
		r->refs++;
		tc->answer = executor_tool_answered;
		tc->local = p;
		s->dispatch_async(s->dispatch_ctx, tc);
		return;
	}
	executor_reply(r, call_id, 0, executor_tool_answer(env));
	free(env);
}

/*
 * The native fetcher, made at the first native request: codemode-fetcher
 * from beside the sandbox image, with the daemon's bound on a body, the
 * host's allow and deny rules on top of the daemon's closed ranges, and
 * the daemon's default bounds. It writes nothing to the host's stderr.
 */
static struct fetchlink *
executor_fetcher(struct executor *x)
{
	const char *allow[1] = { x->allow }, *deny[1] = { x->deny };
	struct fetcher_args a;
	char path[PATH_MAX];

	if (x->fetch != NULL)
		return x->fetch;
	if (fetcher_args_image(x->image, path, sizeof(path)) != 0)
		return NULL;
	memset(&a, 0, sizeof(a));
	a.max_body = CM_PAYLOAD_LIMIT;
	a.max_total = OUTBOUND_DEFAULT_TOTAL;
	a.max_per_owner = OUTBOUND_DEFAULT_PER_OWNER;
	a.max_waiting = OUTBOUND_DEFAULT_WAITING;
	a.allow = allow;
	a.nallow = x->allow != NULL;
	a.deny = deny;
	a.ndeny = x->deny != NULL;
	x->fetch = fetchlink_new(x->c->base, path, &a, NULL);
	return x->fetch;
}

/* Answers an outbound request with a composed text as its error. */
static void
executor_outbound_text(struct executor_run *r, uint32_t call_id,
    enum cm_spec_text id, const char *param)
{
	char *t = param ? texts_compose(id, param) : texts_compose(id);

	executor_reply(r, call_id, 1, t ? api_value_outbound_error(t) : NULL);
	free(t);
}

static void
executor_native_done(void *arg, const char *json, size_t len)
{
	struct executor_native *n = arg;
	struct executor_run *r = n->run;

	TAILQ_REMOVE(&r->natives, n, entry);
	if (r->pe != NULL)
		pool_exec_reply(
		    r->pe, n->call_id, 1, (const uint8_t *)json, len);
	free(n);
}

static int
executor_outbound_answered(
    void *local, const struct cm_outbound_response *res, const char *message)
{
	struct executor_pending *p = local;
	json_t *v = res ? client_outbound_response_json(res) : NULL;
	char *m;
	int rc;

	if (v != NULL)
		m = api_value_answer(1, CAPNWEB_RESOLVED, v);
	else
		m = api_value_outbound_error(message ? message
			: res			     ? "out of memory"
			      : "the outbound function failed");
	json_decref(v);
	rc = executor_reply(p->run, p->call_id, 1, m);
	executor_run_unref(p->run);
	free(p);
	return rc;
}

static void
executor_on_outbound(struct pool_exec *pe, uint32_t call_id,
    const uint8_t *payload, size_t len, void *udata)
{
	struct executor_run *r = udata;
	const struct ipcmsg_outbound *m = pool_checked_outbound(pe);
	struct client_slot *s = r->slot;
	struct executor_native *n;
	struct executor_pending *p;
	struct cm_outbound_call *oc;
	struct cm_outbound_response res;
	json_t *wire;
	char *text = NULL;

	(void)payload;
	(void)len;
	if (m == NULL || r->mode == CM_OUTBOUND_DISABLED) {
		executor_outbound_text(
		    r, call_id, CM_TEXT_OUTBOUND_DISABLED, NULL);
		return;
	}
	if (r->mode == CM_OUTBOUND_NATIVE) {
		if (r->x == NULL || executor_fetcher(r->x) == NULL ||
		    (n = calloc(1, sizeof(*n))) == NULL) {
			executor_outbound_text(r, call_id,
			    CM_TEXT_FETCH_NOT_STARTED,
			    "the executor could not start its fetcher");
			return;
		}
		n->run = r;
		n->call_id = call_id;
		TAILQ_INSERT_TAIL(&r->natives, n, entry);
		/* Bounded by the run's own bound, as in the daemon; one that
		 * cannot start was answered (and n freed) already. */
		n->req = fetchlink_start(r->x->fetch, r, m->tree,
		    (long)r->timeout_ms, executor_native_done, n);
		return;
	}
	/* The host's function: the request as the client reads it off the
	 * wire (its body as bytes). */
	if (s == NULL || s->abandoned) {
		executor_outbound_text(r, call_id,
		    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
		    "the caller abandoned this execution");
		return;
	}
	wire = api_value_outbound_request(m->tree);
	oc = wire ? client_outbound_call_new() : NULL;
	p = oc ? calloc(1, sizeof(*p)) : NULL;
	if (p == NULL || client_outbound_request_read(wire, &oc->req) != 0) {
		json_decref(wire);
		free(p);
		if (oc)
			cm_outbound_call_fail(oc, NULL);
		executor_outbound_text(r, call_id,
		    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
		    "its headers or body could not be converted");
		return;
	}
	json_decref(wire);
	p->run = r;
	p->call_id = call_id;
	r->refs++;
	oc->answer = executor_outbound_answered;
	oc->local = p;
	if (s->outbound_async != NULL) {
		s->outbound_async(s->outbound_ctx, oc);
		return;
	}
	memset(&res, 0, sizeof(res));
	if (s->outbound_fn(s->outbound_ctx, &oc->req, &res, &text) == 0)
		cm_outbound_call_answer(oc, &res);
	else
		cm_outbound_call_fail(oc, text);
	cm_outbound_response_clear(&res);
	free(text);
}

/* ---- settlement ---- */

/* The pool let go of the run (settled, or its handles closed). */
static void
executor_run_unpool(struct executor_run *r)
{
	if (!r->pooled)
		return;
	r->pooled = 0;
	executor_run_unref(r);
}

static void
executor_on_settle(struct pool_exec *pe, enum pool_outcome outcome,
    const uint8_t *payload, size_t len, void *udata)
{
	struct executor_run *r = udata;
	struct client_op *op = r->op;
	const struct ipcmsg_result *res = pool_checked_result(pe);
	json_t *msg = NULL;
	char num[16], *text;

	(void)payload;
	(void)len;
	r->running = 0;
	r->op = NULL;
	if (outcome == POOL_RESULT && pool_exec_retained(pe)) {
		/* A grant: named here, never by the child; kept until the
		 * handles close (executor_on_handles_closed). */
		r->pe = pe;
		if (r->retain && res != NULL && r->x != NULL &&
		    handles_add(&r->x->retained, &r->handle, NULL, r) == 0 &&
		    (msg = api_value_result(res, r->handle.id)) != NULL) {
			if (op)
				client_op_settle(op, CAPNWEB_RESOLVED, msg);
			json_decref(msg);
			/* The dispatch belonged to the run; outbound stays. */
			if (r->slot)
				client_slot_finish(r->slot);
			return;
		}
		if (op)
			executor_fault1(op, CM_TEXT_WORKER_CRASHED,
			    "its grant of handles was malformed");
		pool_exec_close(pe); /* runs executor_on_handles_closed */
		return;
	}
	r->pe = NULL;
	executor_cancel_natives(r);
	if (op != NULL) {
		switch (outcome) {
		case POOL_RESULT:
			msg = res ? api_value_result(res, NULL) : NULL;
			if (msg == NULL)
				executor_fault1(op, CM_TEXT_WORKER_CRASHED,
				    "its answer was not a result envelope");
			else
				client_op_settle(op, CAPNWEB_RESOLVED, msg);
			json_decref(msg);
			break;
		case POOL_TIMEOUT:
			snprintf(num, sizeof(num), "%u", r->timeout_ms);
			text = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num);
			executor_resolve_error(
			    op, text ? text : CM_TIMEOUT_MESSAGE);
			free(text);
			break;
		case POOL_CRASHED:
			executor_fault1(op, CM_TEXT_WORKER_CRASHED,
			    "the child process died or broke the frame "
			    "protocol");
			break;
		case POOL_INTERNAL:
			executor_fault1(op, CM_TEXT_INTERNAL,
			    "the executor ran out of memory on its channel to "
			    "the child (the child did not crash)");
			break;
		case POOL_SHUTDOWN:
		case POOL_CANCELLED:
			executor_fault1(op, CM_TEXT_WORKER_CRASHED,
			    "the executor shut down");
			break;
		}
	}
	if (r->slot)
		client_slot_finish(r->slot);
	executor_run_unpool(r);
}

static void
executor_on_handles_closed(
    struct pool_exec *pe, const char *reason, void *udata)
{
	struct executor_run *r = udata;

	(void)pe;
	(void)reason;
	r->pe = NULL;
	executor_cancel_natives(r);
	if (r->handle.id[0] && r->x != NULL)
		handles_remove(&r->x->retained, &r->handle);
	executor_run_unpool(r);
}

static const struct pool_exec_callbacks executor_callbacks = {
	executor_on_tool_call, executor_on_outbound, NULL, executor_on_settle,
	executor_on_handles_closed
};

/* ---- the pool ---- */

static void
executor_on_pool_event(const struct pool_event *pev, void *arg)
{
	static const char *const outcomes[] = { "result", "timeout", "crashed",
		"shutdown", "cancelled" };
	struct executor *x = arg;
	struct cm_pool_event ev;

	if (x->on_event == NULL)
		return;
	memset(&ev, 0, sizeof(ev));
	switch (pev->type) {
	case POOL_EV_EXEC_START:
		ev.type = CM_POOL_EXECUTION_START;
		break;
	case POOL_EV_EXEC_SETTLE:
		ev.type = CM_POOL_EXECUTION_SETTLE;
		if ((unsigned)pev->outcome <
		    sizeof(outcomes) / sizeof(*outcomes))
			ev.outcome = outcomes[pev->outcome];
		break;
	case POOL_EV_EXEC_REJECT:
		ev.type = CM_POOL_EXECUTION_REJECT;
		break;
	case POOL_EV_WORKER_SPAWN:
		ev.type = CM_POOL_WORKER_SPAWN;
		break;
	case POOL_EV_WORKER_CRASH:
		ev.type = CM_POOL_WORKER_CRASH;
		break;
	case POOL_EV_WORKER_RETIRE:
		ev.type = CM_POOL_WORKER_RETIRE;
		break;
	case POOL_EV_QUEUE_DEPTH:
		ev.type = CM_POOL_QUEUE_DEPTH;
		break;
	case POOL_EV_HANDLES_CLOSE:
		ev.type = CM_POOL_HANDLES_CLOSE;
		break;
	default:
		return;
	}
	ev.execution = pev->exec_id;
	ev.pid = (int)pev->pid;
	ev.reason = pev->reason;
	ev.queue_depth = pev->queue_depth;
	ev.duration_ms = pev->duration_ms;
	x->on_event(x->event_arg, &ev);
}

/* The first execution starts the pool: the image is checked, the zygote
 * started. 0, or -1 with `err` saying why. */
static int
executor_pool_start(struct executor *x, char *err, size_t errlen)
{
	if (x->pool != NULL)
		return 0;
	if (zygote_image_check(x->image, err, errlen) != 0)
		return -1;
	x->pool = pool_new(x->c->base, &x->popt, err, errlen);
	return x->pool != NULL ? 0 : -1;
}

/* ---- the calls ---- */

static void
executor_execute(struct executor *x, struct client_op *op)
{
	json_t *args = op->args;
	json_t *code = json_array_get(args, 0);
	json_t *providers = json_array_get(args, 1);
	json_t *opt = json_array_get(args, 2);
	json_t *mode = json_array_get(args, 4);
	json_t *lang = json_object_get(opt, "language");
	json_t *t = json_object_get(opt, "timeout");
	json_t *modules = json_object_get(opt, "modules");
	struct ipcmsg_execute xm;
	struct executor_run *r;
	enum cm_outbound_mode om;
	struct pool_exec *pe;
	char *text = NULL, *payload, why[512];
	size_t plen = 0;
	double ms;
	int full, ts = 0, has_fn;

	has_fn = op->slot &&
	    (op->slot->outbound_fn != NULL || op->slot->outbound_async != NULL);
	if (!json_is_string(code) || !json_is_string(mode) ||
	    cm_parse_outbound_mode(
		json_string_value(mode), has_fn, &om, &text) != 0) {
		executor_fault1(op, CM_TEXT_INTERNAL,
		    text ? text : "the execute call was malformed");
		free(text);
		return;
	}
	if (lang != NULL && !json_is_null(lang)) {
		if (json_is_string(lang) &&
		    strcmp(json_string_value(lang), CM_LANGUAGE_TYPESCRIPT) ==
			0)
			ts = 1;
		else if (!json_is_string(lang) ||
		    strcmp(json_string_value(lang), CM_LANGUAGE_JAVASCRIPT) !=
			0) {
			executor_fault1(op, CM_TEXT_PROTOCOL_UNKNOWN_LANGUAGE,
			    json_is_string(lang) ? json_string_value(lang)
						 : "(not a string)");
			return;
		}
	}
	if (json_is_array(providers) &&
	    cm_validate_providers(providers, &text) != 0 && text) {
		executor_resolve_error(op, text);
		free(text);
		return;
	}
	if (executor_pool_start(x, why, sizeof(why)) != 0) {
		executor_fault1(op, CM_TEXT_WORKER_CRASHED, why);
		return;
	}
	if ((r = calloc(1, sizeof(*r))) == NULL) {
		executor_fault1(op, CM_TEXT_INTERNAL, "out of memory");
		return;
	}
	r->x = x;
	r->refs = 1; /* the pool's, until settled or closed */
	r->pooled = 1;
	r->running = 1;
	r->mode = om;
	r->retain = json_is_true(json_object_get(opt, "retainHandles"));
	TAILQ_INIT(&r->natives);
	/* The request's bound (client.c put the construction default there
	 * when the request had none), else DEFAULT_TIMEOUT; null lifts it. */
	if (json_is_null(t))
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	else if (json_is_number(t))
		ms = json_number_value(t);
	else
		ms = CM_DEFAULT_TIMEOUT;
	if (!(ms >= 1))
		ms = 1;
	if (ms > CM_MAX_SUPPORTED_TIMEOUT)
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	r->timeout_ms = (uint32_t)ms;
	/* The slot's callbacks outlive the call (a retained run's outbound
	 * function): the run owns it from now on. */
	r->slot = op->slot;
	op->slot_attached = 1;
	memset(&xm, 0, sizeof(xm));
	xm.code.s = json_string_value(code);
	xm.code.len = json_string_length(code);
	xm.providers = json_is_array(providers) ? providers : NULL;
	xm.modules = json_is_array(modules) ? modules : NULL;
	xm.timeout = (int64_t)r->timeout_ms;
	xm.grace = CM_DEFAULT_GRACE;
	xm.memory_limit = (int64_t)x->memory_mb;
	xm.count_host_waits =
	    json_is_true(json_object_get(opt, "countHostWaits"));
	xm.outbound_mode = cm_outbound_mode_name(om);
	xm.retain_handles = r->retain;
	xm.typescript = ts;
	TAILQ_INSERT_TAIL(&x->runs, r, entry);
	if ((payload = ipcmsg_execute_encode(&xm, &plen)) == NULL) {
		executor_fault1(op, CM_TEXT_INTERNAL,
		    "the execute request could not be encoded");
		executor_run_unpool(r);
		return;
	}
	r->op = op;
	/* Held across the submit: a child that fails at once settles it. */
	r->refs++;
	pe = pool_execute(x->pool, (const uint8_t *)payload, plen,
	    r->timeout_ms, CM_DEFAULT_GRACE, xm.count_host_waits,
	    EXECUTOR_TENANT, 0, &executor_callbacks, r, &full);
	free(payload);
	if (pe == NULL) {
		char n[16];

		snprintf(n, sizeof(n), "%u", x->popt.max_queue);
		r->op = NULL;
		r->refs--;
		executor_fault1(op, CM_TEXT_QUEUE_OVERFLOW, n);
		executor_run_unpool(r);
		return;
	} else if (r->running || r->handle.id[0])
		r->pe = pe;
	executor_run_unref(r);
}

static struct executor_run *
executor_find(struct executor *x, const json_t *id)
{
	struct handles_entry *e;
	struct executor_run *r;

	if (!json_is_string(id))
		return NULL;
	e = handles_find(&x->retained, json_string_value(id));
	r = e ? e->owner : NULL;
	return r != NULL && r->pe != NULL ? r : NULL;
}

static void
executor_invoke_done(
    void *arg, enum pool_outcome outcome, const uint8_t *payload, size_t len)
{
	struct executor_invocation *iv = arg;
	struct executor_run *r = iv->run;
	const struct ipcmsg_handle_result *h;
	struct client_op *op = iv->op;
	json_t *msg = NULL, *e;
	char num[16], *text;

	(void)payload;
	(void)len;
	if (r->x != NULL)
		TAILQ_REMOVE(&r->x->invocations, iv, entry);
	switch (outcome) {
	case POOL_RESULT:
		h = r->pe ? pool_checked_handle_result(r->pe) : NULL;
		if (h == NULL ||
		    (h->error.s == NULL &&
			(msg = api_value_handle_response(h)) == NULL))
			executor_fault1(op, CM_TEXT_WORKER_CRASHED,
			    "its answer to an invocation was malformed");
		else if (h->error.s == NULL)
			client_op_settle(op, CAPNWEB_RESOLVED, msg);
		else {
			/* The handler's own throw: plain text. */
			e = capnweb_error_new("Error", h->error.s);
			client_op_settle(
			    op, CAPNWEB_REJECTED, e ? e : json_null());
			json_decref(e);
		}
		json_decref(msg);
		break;
	case POOL_TIMEOUT:
		snprintf(num, sizeof(num), "%u", r->timeout_ms);
		text = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num);
		e = capnweb_error_new(
		    "Error", text ? text : CM_TIMEOUT_MESSAGE);
		free(text);
		client_op_settle(op, CAPNWEB_REJECTED, e ? e : json_null());
		json_decref(e);
		break;
	case POOL_CRASHED:
		executor_fault1(op, CM_TEXT_WORKER_CRASHED,
		    "the child holding the handles died");
		break;
	case POOL_INTERNAL:
		executor_fault1(op, CM_TEXT_INTERNAL,
		    "the executor ran out of memory on its channel to the "
		    "child (the child did not crash)");
		break;
	case POOL_SHUTDOWN:
	case POOL_CANCELLED:
		executor_fault1(op, CM_TEXT_HANDLES_CLOSED, iv->id);
		break;
	}
	executor_run_unref(r);
	free(iv);
}

static void
executor_handle_call(struct executor *x, struct client_op *op)
{
	json_t *id = json_array_get(op->args, 0);
	struct executor_run *r = executor_find(x, id);
	struct executor_invocation *iv;
	struct ipcmsg_invoke im;
	char *payload;
	size_t plen = 0;

	if (r == NULL) {
		executor_fault1(op, CM_TEXT_HANDLES_CLOSED,
		    json_is_string(id) ? json_string_value(id) : "");
		return;
	}
	if (op->kind == CLIENT_OP_CLOSE) {
		pool_exec_close(r->pe);
		client_op_settle(op, CAPNWEB_RESOLVED, NULL);
		return;
	}
	memset(&im, 0, sizeof(im));
	im.execution_id.s = r->handle.id;
	im.execution_id.len = strlen(r->handle.id);
	im.handle.s = json_string_value(json_array_get(op->args, 1));
	im.handle.len = json_string_length(json_array_get(op->args, 1));
	im.request = json_array_get(op->args, 2);
	payload = im.handle.s && json_is_object(im.request)
	    ? ipcmsg_invoke_encode(&im, &plen)
	    : NULL;
	if (payload == NULL || (iv = calloc(1, sizeof(*iv))) == NULL) {
		free(payload);
		executor_fault1(op, CM_TEXT_INTERNAL,
		    "the invocation could not be encoded");
		return;
	}
	iv->run = r;
	iv->op = op;
	memcpy(iv->id, r->handle.id, sizeof(iv->id));
	r->refs++;
	TAILQ_INSERT_TAIL(&x->invocations, iv, entry);
	if (pool_exec_invoke(r->pe, (const uint8_t *)payload, plen,
		executor_invoke_done, iv) != 0) {
		TAILQ_REMOVE(&x->invocations, iv, entry);
		free(iv);
		executor_run_unref(r);
		executor_fault1(op, CM_TEXT_HANDLES_CLOSED, r->handle.id);
	}
	free(payload);
}

/* ---- the backend ---- */

static void
executor_submit(void *state, struct client_op *op)
{
	struct executor *x = state;

	switch (op->kind) {
	case CLIENT_OP_EXECUTE:
		executor_execute(x, op);
		break;
	case CLIENT_OP_INVOKE:
	case CLIENT_OP_CLOSE:
		executor_handle_call(x, op);
		break;
	case CLIENT_OP_INSTANCE:
		/* One executor in this process: it names no instance. */
		client_op_settle(op, CAPNWEB_RESOLVED, NULL);
		break;
	}
}

/* dispose(): every call in flight fails with `err`; the pool ends its
 * children and the zygote (no callback runs from pool_free). */
static void
executor_destroy(void *state, struct cm_error *err)
{
	struct executor *x = state;
	struct executor_invocation *iv;
	struct executor_run *r;
	struct client_op *op;

	while ((iv = TAILQ_FIRST(&x->invocations)) != NULL) {
		TAILQ_REMOVE(&x->invocations, iv, entry);
		client_op_fault(iv->op, err);
		executor_run_unref(iv->run);
		free(iv);
	}
	TAILQ_FOREACH(r, &x->runs, entry)
	if ((op = r->op) != NULL) {
		r->op = NULL;
		client_op_fault(op, err);
	}
	pool_free(x->pool);
	x->pool = NULL;
	/* What the pool held is gone; a host call still unanswered keeps its
	 * run until the answer, which then goes nowhere. */
	while ((r = TAILQ_FIRST(&x->runs)) != NULL) {
		TAILQ_REMOVE(&x->runs, r, entry);
		r->x = NULL;
		r->pe = NULL;
		r->running = 0;
		executor_cancel_natives(r);
		if (r->slot)
			client_slot_finish(r->slot);
		executor_run_unpool(r);
	}
	fetchlink_free(x->fetch);
	netpolicy_free(x->policy);
	free(x->allow);
	free(x->deny);
	free(x->image);
	free(x);
}

/* client_backend.spin_left: the pool's, once it runs. */
static double
executor_spin_left(void *state)
{
	struct executor *x = state;

	return x->pool != NULL ? pool_spin_left(x->pool) : 0;
}

static const struct client_backend executor_backend = { executor_submit,
	executor_destroy, executor_spin_left };

/* ---- construction ---- */

/* The layout this library reads; members past a caller's `size` are not
 * read (0.3.0's layout ended at outbound_deny). */
#define EXECUTOR_OPTIONS_SIZE sizeof(struct cm_executor_options)
#define EXECUTOR_OPTIONS_COVERS(o, m)                                          \
	((o)->size >= offsetof(struct cm_executor_options, m) + sizeof((o)->m))

/* The host's outbound rules onto `p`: 0, or -1 and *err naming the rule. */
static int
executor_policy(struct netpolicy *p, const struct cm_executor_options *opts,
    const char *fn, struct cm_error *err)
{
	const char *text[2] = { opts->outbound_allow, opts->outbound_deny };
	const char *name[2] = { "outbound_allow", "outbound_deny" };
	enum netpolicy_list list[2] = { NETPOLICY_ALLOW, NETPOLICY_DENY };
	char why[256];
	int i;

	for (i = 0; i < 2; i++)
		if (text[i] != NULL &&
		    netpolicy_add(p, list[i], text[i], why, sizeof(why)) != 0) {
			client_local(err, CM_ERROR_ARGUMENT,
			    "%s was given an %s rule it cannot read: %s. Give "
			    "rules in the daemon's --outbound-allow grammar, "
			    "or NULL.",
			    fn, name[i], why);
			return -1;
		}
	return 0;
}

static struct cm_client *
executor_new(const struct cm_executor_options *opts, const char *fn,
    struct cm_error *err)
{
	struct cm_executor_options none;
	struct cm_client *c = NULL;
	struct executor *x = NULL;
	const char *image;
	size_t i;

	if (opts == NULL) {
		memset(&none, 0, sizeof(none));
		opts = &none;
	}
	if (opts->size > EXECUTOR_OPTIONS_SIZE)
		for (i = EXECUTOR_OPTIONS_SIZE; i < opts->size; i++)
			if (((const unsigned char *)opts)[i] != 0) {
				client_local(err, CM_ERROR_ARGUMENT,
				    "%s was given options of a later layout "
				    "that set members this library does not "
				    "know. Build against this library's "
				    "headers, or leave those members zero.",
				    fn);
				return NULL;
			}
	if (opts->timeout < CM_TIMEOUT_LIFTED ||
	    opts->timeout > CM_MAX_SUPPORTED_TIMEOUT) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The executor's timeout %lld is out of range. Give 1 to "
		    "%d ms, CM_TIMEOUT_LIFTED, or 0 for the default.",
		    opts->timeout, CM_MAX_SUPPORTED_TIMEOUT);
		return NULL;
	}
	if (opts->memory_limit_mb > IPCMSG_MEMORY_MAX_MB) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The executor's memory limit %u MB is past the %u MB an "
		    "engine child is ever given. Give less, or 0 for 128.",
		    opts->memory_limit_mb, IPCMSG_MEMORY_MAX_MB);
		return NULL;
	}
	if (opts->outbound == CM_OUTBOUND_FUNCTION && !opts->outbound_fn &&
	    !opts->outbound_async) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The executor's outbound is CM_OUTBOUND_FUNCTION but no "
		    "outbound function is set. Set outbound_fn or "
		    "outbound_async, or choose another outbound setting.");
		return NULL;
	}
	if (opts->modules != NULL && !json_is_object(opts->modules)) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The executor's modules is not a JSON object mapping "
		    "names to sources. Pass such an object, or NULL.");
		return NULL;
	}
	image = opts->sandbox_image ? opts->sandbox_image
				    : getenv("CODEMODE_SANDBOX_IMAGE");
	if (image == NULL || *image == '\0')
		image = EXECUTOR_IMAGE;
	if ((c = calloc(1, sizeof(*c))) == NULL ||
	    (x = calloc(1, sizeof(*x))) == NULL ||
	    (x->image = strdup(image)) == NULL)
		goto nomem;
	c->epfd = -1;
	/* The pool's timers keep a run's bound to the millisecond. */
	if ((c->base = pool_base_new()) == NULL)
		goto nomem;
	c->max_message = (size_t)-1; /* no wire: no message limit */
	c->timeout = opts->timeout;
	c->count_host_waits = opts->count_host_waits;
	if (opts->modules &&
	    (c->modules = json_deep_copy(opts->modules)) == NULL)
		goto nomem;
	c->outbound = opts->outbound;
	c->outbound_fn = opts->outbound_fn;
	c->outbound_async = opts->outbound_async;
	c->outbound_ctx = opts->outbound_ctx;
	if (client_events_init(c) != 0)
		goto nomem;
	x->c = c;
	x->memory_mb = opts->memory_limit_mb ? opts->memory_limit_mb
					     : CM_DEFAULT_MEMORY_LIMIT;
	/* The pool logs for an operator; a library writes nothing to its
	 * host's stderr (its fetcher is told the same). */
	log_set_level(-1);
	if ((x->policy = netpolicy_new()) == NULL)
		goto nomem;
	if (executor_policy(x->policy, opts, fn, err) != 0)
		goto fail;
	if ((opts->outbound_allow != NULL &&
		(x->allow = strdup(opts->outbound_allow)) == NULL) ||
	    (opts->outbound_deny != NULL &&
		(x->deny = strdup(opts->outbound_deny)) == NULL))
		goto nomem;
	handles_init(&x->retained);
	TAILQ_INIT(&x->runs);
	TAILQ_INIT(&x->invocations);
	x->on_event = opts->on_event;
	x->event_arg = opts->event_arg;
	pool_options_default(&x->popt);
	if (opts->max_workers)
		x->popt.max_workers = opts->max_workers;
	if (opts->executions_per_worker)
		x->popt.executions_per_worker = opts->executions_per_worker;
	if (opts->max_queue)
		x->popt.max_queue = opts->max_queue;
	if (opts->retire_after_executions)
		x->popt.retire_after_executions = opts->retire_after_executions;
	if (opts->worker_memory_limit)
		x->popt.worker_memory_limit = opts->worker_memory_limit;
	if (opts->termination_delay_ms)
		x->popt.termination_delay_ms = opts->termination_delay_ms;
	if (opts->handles_idle_timeout_ms)
		x->popt.handles_idle_timeout_ms = opts->handles_idle_timeout_ms;
	if (EXECUTOR_OPTIONS_COVERS(opts, max_executions))
		x->popt.max_executions = opts->max_executions;
	/* The daemon's limits for the same memory limit (daemon.c). */
	x->popt.program.image = x->image;
	x->popt.program.limits.address_space =
	    ((size_t)x->memory_mb << 21) + (512u << 20);
	x->popt.embedded = 1;
	x->popt.on_event = executor_on_pool_event;
	x->popt.event_arg = x;
	c->backend = &executor_backend;
	c->backend_state = x;
	return c;
nomem:
	client_fault(err, CM_TEXT_INTERNAL, "out of memory", NULL);
fail:
	if (x) {
		netpolicy_free(x->policy);
		free(x->allow);
		free(x->deny);
		free(x->image);
	}
	free(x);
	if (c) {
		if (c->kick)
			event_free(c->kick);
		if (c->reap)
			event_free(c->reap);
		if (c->retry_timer)
			event_free(c->retry_timer);
		json_decref(c->modules);
		if (c->base)
			event_base_free(c->base);
		free(c);
	}
	return NULL;
}

int
cm_executor_new(const struct cm_executor_options *opts, struct cm_client **out,
    struct cm_error *err)
{
	struct cm_client *c;

	if (out == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_executor_new was given a NULL out. Pass where to "
		    "store the executor.");
	*out = NULL;
	if ((c = executor_new(opts, "cm_executor_new", err)) == NULL)
		return -1;
	c->blocking = 1;
	*out = c;
	return 0;
}

struct cm_client *
cm_executor_start(const struct cm_executor_options *opts, struct cm_error *err)
{
	return executor_new(opts, "cm_executor_start", err);
}

struct cm_client *
cm_executor_base(struct event_base *base,
    const struct cm_executor_options *opts, struct cm_error *err)
{
	struct cm_client *c;

	if (base == NULL) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "cm_executor_base was given a NULL event_base. Pass the "
		    "base the executor is to run on, or use cm_executor_new.");
		return NULL;
	}
	if ((c = executor_new(opts, "cm_executor_base", err)) == NULL)
		return NULL;
	if (client_bind_base(c, base, err) != 0) {
		cm_client_free(c);
		return NULL;
	}
	return c;
}
