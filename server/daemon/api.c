/*
 * The ExecutorApi's execute call (api.h), from its dispatch through the pool
 * to its settlement. The run's calls out are api_calls.c's, the handle
 * methods api_handles.c's, the values api_value.c's.
 *
 * Frames to and from the child carry JSON (server/child/worker.h states the
 * shapes, ipc/ipcmsg.h checks them): the pool has checked every field of
 * what a child sent before it reaches here, and what the caller gets is
 * composed here from the checked fields, never forwarded as the child
 * wrote it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "proto/capnweb.h"
#include "proto/texts.h"
#include "api_int.h"
#include "ipc/ipcmsg.h"
#include "fetchlink.h"
#include "state.h"

double
api_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void
api_cancel_natives(struct api_exec *ae)
{
	struct api_native *n;

	while ((n = TAILQ_FIRST(&ae->natives)) != NULL) {
		TAILQ_REMOVE(&ae->natives, n, entry);
		fetchlink_cancel(n->req);
		free(n);
	}
}

void
api_exec_unlink(struct api_exec *ae)
{
	if (ae->peer == NULL)
		return;
	TAILQ_REMOVE(&ae->peer->execs, ae, peer_entry);
	ae->peer = NULL;
}

void
api_exec_unref(struct api_exec *ae)
{
	if (--ae->refs > 0)
		return;
	api_exec_unlink(ae);
	api_unhold(ae);
	api_cancel_natives(ae);
	if (ae->dispatch)
		capnweb_stub_release(ae->dispatch);
	if (ae->outbound)
		capnweb_stub_release(ae->outbound);
	free(ae);
}

/*
 * A run the child's own deadline ended settles as a RESULT whose error is
 * the timeout text (only a run that outlives the grace is POOL_TIMEOUT):
 * /metrics counts both as timeouts, not as the run's own error.
 */
static int
api_is_timeout_text(const struct api_exec *ae, const json_t *error)
{
	char num[16], *text;
	int is;

	if (!json_is_string(error))
		return 0;
	snprintf(num, sizeof(num), "%u", ae->timeout_ms);
	if ((text = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num)) == NULL)
		return 0;
	is = strcmp(text, json_string_value(error)) == 0;
	free(text);
	return is;
}

static void
api_on_settle(struct pool_exec *pe, enum pool_outcome outcome,
    const uint8_t *payload, size_t len, void *udata)
{
	struct api_exec *ae = udata;
	struct daemon *d = ae->d;
	enum metrics_outcome mo = METRICS_FAULT;
	char num[32];
	const char *v[1];
	const struct ipcmsg_result *r;
	json_t *msg;

	ae->running = 0;
	/* A grant stays on its connection until the caller released it. */
	if (outcome == POOL_RESULT && pool_exec_retained(pe)) {
		api_grant_handles(ae, payload, len);
		return;
	}
	api_exec_unlink(ae);
	ae->pe = NULL;
	api_cancel_natives(ae);
	switch (outcome) {
	case POOL_RESULT:
		if (api_reject_oversized(d, ae->call, "result envelope", len))
			break;
		/* The pool checked it (pool_child.c): composed from its
		 * fields, it fails only for memory. */
		r = pool_checked_result(pe);
		msg = r != NULL ? api_value_result(r, NULL) : NULL;
		if (msg == NULL) {
			/* The child answered; the daemon could not compose
			 * what it said. */
			v[0] = "the executor ran out of memory composing the "
			       "result envelope";
			api_reject_fault(ae->call, CM_TEXT_INTERNAL, v, 1);
		} else {
			mo = json_object_get(msg, "error") == NULL
			    ? METRICS_RESULT
			    : api_is_timeout_text(
				  ae, json_object_get(msg, "error"))
			    ? METRICS_TIMEOUT
			    : METRICS_ERROR;
			capnweb_call_resolve(ae->call, msg);
		}
		break;
	case POOL_TIMEOUT: {
		char *text;

		snprintf(num, sizeof(num), "%u", ae->timeout_ms);
		text = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num);
		api_resolve_error(ae->call, text ? text : CM_TIMEOUT_MESSAGE);
		free(text);
		mo = METRICS_TIMEOUT;
		break;
	}
	case POOL_CRASHED:
		v[0] = "the child process died or broke the frame protocol";
		api_reject_fault(ae->call, CM_TEXT_WORKER_CRASHED, v, 1);
		break;
	case POOL_SHUTDOWN:
		v[0] = "the executor shut down";
		api_reject_fault(ae->call, CM_TEXT_WORKER_CRASHED, v, 1);
		break;
	case POOL_INTERNAL:
		v[0] = API_LOST_DETAIL;
		api_reject_fault(ae->call, CM_TEXT_INTERNAL, v, 1);
		break;
	case POOL_CANCELLED: {
		/* Nobody hears it: completing the call only frees it. */
		const char *w[2] = { "WebSocket",
			ae->broken ? ae->broken : "the connection closed" };

		api_reject_fault(ae->call, CM_TEXT_CONNECTION_BROKEN, w, 2);
		mo = METRICS_CANCELLED;
		break;
	}
	}
	ae->call = NULL;
	metrics_execution(&d->metrics, mo, api_now() - ae->started);
	/* The call returned: the dispatch stub is released now (the seed's
	 * rule). */
	if (ae->dispatch) {
		capnweb_stub_release(ae->dispatch);
		ae->dispatch = NULL;
	}
	api_exec_unref(ae);
}

static const struct pool_exec_callbacks api_pool_callbacks = { api_on_tool_call,
	api_on_outbound, NULL, api_on_settle, api_on_handles_closed };

/* The run bound: the request's, else the default; null lifts it; the cap holds.
 */
static uint32_t
api_timeout(const struct daemon *d, const json_t *opt)
{
	const json_t *t = json_object_get(opt, "timeout");
	double ms;
	uint32_t cap =
	    d->cfg.max_timeout ? d->cfg.max_timeout : CM_MAX_SUPPORTED_TIMEOUT;

	if (t == NULL ||
	    capnweb_value_kind(t) != NULL) /* absent or undefined */
		ms = d->cfg.default_timeout;
	else if (json_is_null(t))
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	else if (json_is_number(t))
		ms = json_number_value(t);
	else
		ms = d->cfg.default_timeout;
	if (!(ms >= 1))
		ms = 1;
	if (ms > cap)
		ms = cap;
	return (uint32_t)ms;
}

static void
api_execute(struct api_peer *c, struct capnweb_call *call, json_t *args)
{
	struct daemon *d = c->d;
	json_t *code = json_array_get(args, 0);
	json_t *providers = json_array_get(args, 1);
	json_t *opt = json_array_get(args, 2);
	json_t *dispatch = json_array_get(args, 3);
	json_t *mode = json_array_get(args, 4);
	json_t *outbound = json_array_get(args, 5);
	json_t *modules;
	struct ipcmsg_execute xm;
	size_t payload_len = 0;
	enum cm_outbound_mode om;
	struct api_exec *ae;
	struct pool_exec *pe;
	char *text = NULL, *payload;
	const char *v[1];
	int full, count_waits, has_fn, ts = d->cfg.default_typescript;
	json_t *lang = json_object_get(opt, "language");

	if (!json_is_string(code)) {
		api_reject_type(call, "execute expects its code as a string");
		return;
	}
	if (!json_is_array(providers))
		providers = NULL;
	if (!json_is_object(opt))
		opt = NULL;
	has_fn = outbound != NULL && capnweb_value_kind(outbound) != NULL &&
	    strcmp(capnweb_value_kind(outbound), "stub") == 0;
	if (!json_is_string(mode)) {
		v[0] = "(missing)";
		api_reject_fault(
		    call, CM_TEXT_PROTOCOL_UNKNOWN_OUTBOUND_MODE, v, 1);
		return;
	}
	if (cm_parse_outbound_mode(
		json_string_value(mode), has_fn, &om, &text) != 0) {
		json_t *err = capnweb_error_new(
		    "Error", text ? text : "unknown outbound mode");

		if (err)
			capnweb_error_set_prop(
			    err, "code", json_string("PROTOCOL_MISMATCH"));
		capnweb_call_reject(call, err ? err : json_null());
		free(text);
		return;
	}
	/* options.language, our extension (spec/protocol.md) */
	if (lang != NULL && !json_is_null(lang)) {
		if (json_is_string(lang) &&
		    strcmp(json_string_value(lang), CM_LANGUAGE_TYPESCRIPT) ==
			0)
			ts = 1;
		else if (json_is_string(lang) &&
		    strcmp(json_string_value(lang), CM_LANGUAGE_JAVASCRIPT) ==
			0)
			ts = 0;
		else {
			v[0] = json_is_string(lang) ? json_string_value(lang)
						    : "(not a string)";
			api_reject_fault(
			    call, CM_TEXT_PROTOCOL_UNKNOWN_LANGUAGE, v, 1);
			return;
		}
	}
	if (providers && cm_validate_providers(providers, &text) != 0 && text) {
		api_resolve_error(call, text);
		free(text);
		return;
	}
	if (json_is_true(json_object_get(opt, "retainHandles")) &&
	    api_handles_full(c)) {
		char n[16];

		snprintf(n, sizeof(n), "%u", d->cfg.max_handles_per_connection);
		v[0] = n;
		text = texts_composev(CM_TEXT_HANDLES_LIMIT, v, 1);
		metrics_count(&d->metrics, METRICS_HANDLES_REFUSED);
		api_resolve_error(call, text ? text : "handles limit");
		free(text);
		return;
	}
	if ((ae = calloc(1, sizeof(*ae))) == NULL) {
		v[0] = "out of memory";
		api_reject_fault(call, CM_TEXT_INTERNAL, v, 1);
		return;
	}
	ae->d = d;
	ae->refs = 1;
	TAILQ_INIT(&ae->natives);
	ae->started = api_now();
	ae->timeout_ms = api_timeout(d, opt);
	ae->retain = json_is_true(json_object_get(opt, "retainHandles"));
	if (dispatch && capnweb_value_kind(dispatch) &&
	    strcmp(capnweb_value_kind(dispatch), "stub") == 0)
		ae->dispatch = capnweb_session_stub(c->session, dispatch);
	if (om == CM_OUTBOUND_STUB)
		ae->outbound = capnweb_session_stub(c->session, outbound);
	/* The operator's veto turns native into no network at all. */
	if (om == CM_OUTBOUND_NATIVE &&
	    (d->cfg.outbound_veto || d->fetch == NULL))
		om = CM_OUTBOUND_DISABLED;
	ae->mode = om;
	count_waits = json_is_true(json_object_get(opt, "countHostWaits"));
	modules = json_object_get(opt, "modules");
	memset(&xm, 0, sizeof(xm));
	xm.code.s = json_string_value(code);
	xm.code.len = json_string_length(code);
	xm.providers = providers;
	xm.modules = json_is_array(modules) ? modules : NULL;
	xm.timeout = (int64_t)ae->timeout_ms;
	xm.grace = (int64_t)d->cfg.default_grace;
	xm.memory_limit = (int64_t)d->cfg.default_memory_limit;
	xm.count_host_waits = count_waits;
	xm.outbound_mode = cm_outbound_mode_name(om);
	xm.retain_handles = ae->retain;
	xm.typescript = ts;
	/* NULL: out of memory, or a field past the rules the child checks. */
	payload = ipcmsg_execute_encode(&xm, &payload_len);
	if (payload == NULL) {
		api_exec_unref(ae);
		v[0] = "the execute request could not be encoded";
		api_reject_fault(call, CM_TEXT_INTERNAL, v, 1);
		return;
	}
	ae->call = call;
	ae->running = 1;
	/* Held across the submit: a child that fails at once settles it there.
	 */
	ae->refs++;
	ae->origin = c;
	/*
	 * With its principal, it may run on a child another of the
	 * principal's connections used, or adopt one its last connection
	 * left (pool_execute).
	 */
	pe = pool_execute(d->pool, (const uint8_t *)payload, payload_len,
	    ae->timeout_ms, d->cfg.default_grace, count_waits, c->tenant,
	    c->principal, &api_pool_callbacks, ae, &full);
	ae->origin = NULL;
	free(payload);
	if (pe == NULL) {
		char n[16];

		snprintf(n, sizeof(n), "%u", d->cfg.pool.max_queue);
		v[0] = n;
		ae->call = NULL;
		ae->refs--;
		api_exec_unref(ae);
		/* Neither full nor shutting down: the pool ran out of memory.
		 */
		if (!full && !d->stopping) {
			v[0] = "out of memory";
			api_reject_fault(call, CM_TEXT_INTERNAL, v, 1);
			return;
		}
		api_reject_fault(call, CM_TEXT_QUEUE_OVERFLOW, v, 1);
		return;
	}
	if (ae->running) {
		ae->pe = pe;
		/* Listed until it settles, so a closed connection ends it. */
		ae->peer = c;
		TAILQ_INSERT_TAIL(&c->execs, ae, peer_entry);
	}
	api_exec_unref(ae);
}

void
api_peer_init(struct api_peer *c)
{
	TAILQ_INIT(&c->execs);
	TAILQ_INIT(&c->held);
}

int
api_peer_busy(const struct api_peer *c)
{
	return !TAILQ_EMPTY(&c->execs);
}

/*
 * Whether one more run asking for retainHandles would pass the
 * connection's bound: the grants it holds plus its unsettled runs that
 * asked (each may come back with a grant) are counted, so the bound holds
 * however the runs end.
 */
int
api_handles_full(const struct api_peer *c)
{
	const struct api_exec *ae;
	unsigned max = c->d->cfg.max_handles_per_connection, n = c->nheld;

	if (max == 0)
		return 0;
	TAILQ_FOREACH(ae, &c->execs, peer_entry)
	if (ae->retain)
		n++;
	return n >= max;
}

void
api_hold(struct api_exec *ae, struct api_peer *holder)
{
	if (holder == NULL || ae->holder != NULL)
		return;
	ae->holder = holder;
	TAILQ_INSERT_TAIL(&holder->held, ae, holder_entry);
	holder->nheld++;
}

void
api_unhold(struct api_exec *ae)
{
	if (ae->holder == NULL)
		return;
	TAILQ_REMOVE(&ae->holder->held, ae, holder_entry);
	ae->holder->nheld--;
	ae->holder = NULL;
}

void
api_peer_closed(struct api_peer *c)
{
	struct api_exec *ae;

	/* Handles outlive their connection; they stop counting against it. */
	while ((ae = TAILQ_FIRST(&c->held)) != NULL)
		api_unhold(ae);
	while ((ae = TAILQ_FIRST(&c->execs)) != NULL) {
		api_exec_unlink(ae);
		ae->broken = c->closed_reason;
		if (ae->awaiting_ack) {
			api_grant_undelivered(ae);
			continue;
		}
		/* Held across the cancel: its settle may drop the last ref. */
		ae->refs++;
		if (ae->pe != NULL && ae->running)
			pool_exec_cancel(ae->pe);
		api_exec_unref(ae);
	}
}

void
api_on_call(void *udata, struct capnweb_call *call)
{
	struct api_peer *c = udata;
	const char *method = capnweb_call_method(call);
	json_t *args = capnweb_call_args(call);

	if (capnweb_call_target(call) != 0 || args == NULL) {
		capnweb_call_reject_unknown(call);
		return;
	}
	if (strcmp(method, "protocolVersion") == 0) {
		capnweb_call_resolve(call, json_integer(CM_PROTOCOL_VERSION));
	} else if (strcmp(method, "execute") == 0) {
		api_execute(c, call, args);
	} else if (strcmp(method, "invokeHandle") == 0) {
		api_invoke_handle(c, call, args);
	} else if (strcmp(method, "closeHandles") == 0) {
		api_close_handles(c, call, args);
	} else if (strcmp(method, "instanceId") == 0) {
		/* Our extension (spec/protocol.md): the name in front of the
		 * executionIds this daemon mints, so a client given many
		 * daemons learns which one an id names. */
		capnweb_call_resolve(call,
		    c->d->cfg.instance_id ? json_string(c->d->cfg.instance_id)
					  : json_null());
	} else {
		capnweb_call_reject_unknown(call);
	}
}
