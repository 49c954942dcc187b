/*
 * The blocking style: each call runs the client's private event_base until
 * the call settles. Built on the event-driven calls of client.c.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "client_int.h"
#include "cm_spec.h"

/* ---- the blocking style ---- */

struct client_wait {
	int done;
	int failed;
	struct cm_error err;
	struct cm_result *res;
	struct cm_outbound_response *ores;
};

/*
 * Runs the private loop until w->done. Returns 0; 1 when a callback freed
 * the client (it is gone on return); -1 when the loop cannot run.
 */
static int
client_wait_run(struct cm_client *c, struct client_wait *w)
{
	struct client_sigpipe sp;
	int rc = 0;

	client_sigpipe_hold(c, &sp);
	client_enter(c);
	/* A callback that frees the client ends the wait: the free runs at
	 * the client_leave below and settles the call CONNECTION_BROKEN. */
	while (!w->done && !c->free_pending) {
		/* A backend that just answered its child polls for the
		 * child's next frame instead of sleeping (pool_spin_left). */
		int spin = c->backend && c->backend->spin_left &&
		    c->backend->spin_left(c->backend_state) > 0;
		int r = event_base_loop(
		    c->base, spin ? EVLOOP_NONBLOCK : EVLOOP_ONCE);

		/* As the daemon's loop does (daemon_loop): a spinning
		 * host gives way to whatever else wants its CPU. */
		if (spin)
			(void)sched_yield();

		if (r != 0) {
			rc = -1;
			break;
		}
	}
	if (c->free_pending && rc == 0)
		rc = 1;
	/* Nothing may run after this: a deferred free happens here. */
	client_leave(c);
	client_sigpipe_release(&sp);
	return rc;
}

/*
 * A callback freed the client inside the blocking call: the call was in
 * flight when the client went, so it fails CONNECTION_BROKEN as
 * cm_client_free promises, whatever had arrived by then.
 */
static void
client_wait_freed(struct client_wait *w)
{
	if (w->failed)
		return;
	if (w->res)
		cm_result_clear(w->res);
	if (w->ores)
		cm_outbound_response_clear(w->ores);
	w->done = w->failed = 1;
	if (client_fault(&w->err, CM_TEXT_CONNECTION_BROKEN, "WebSocket",
		"the client was disposed by one of its callbacks") != 0)
		memset(&w->err, 0, sizeof(w->err));
}

/*
 * Between blocking calls nobody runs the private loop: let it see what
 * arrived meanwhile (a daemon that went away above all) before a new call
 * picks its session.
 */
static int
client_poll(struct cm_client *c, struct cm_error *err)
{
	client_enter(c);
	(void)event_base_loop(c->base, EVLOOP_NONBLOCK);
	if (c->free_pending) {
		client_leave(c);
		return client_local(err, CM_ERROR_USAGE,
		    "The call was refused because one of the client's "
		    "callbacks freed it. Connect again to make more calls.");
	}
	client_leave(c);
	return 0;
}

static int
client_blocking_check(struct cm_client *c, const char *fn, struct cm_error *err)
{
	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "%s was given a NULL client. Pass the client cm_connect "
		    "returned.",
		    fn);
	if (!c->blocking)
		return client_local(err, CM_ERROR_USAGE,
		    "%s blocks, which needs a client from cm_connect; this "
		    "one runs on the caller's event loop. Use the _async "
		    "call instead.",
		    fn);
	if (c->depth > 0)
		return client_local(err, CM_ERROR_USAGE,
		    "%s cannot block inside a callback of the same client. "
		    "Use the _async call, or make the call after the "
		    "callback returned.",
		    fn);
	return 0;
}

static void
client_connected_cb(struct cm_client *c, const struct cm_error *err, void *arg)
{
	struct client_wait *w = arg;

	(void)c;
	w->done = 1;
	if (err) {
		w->failed = 1;
		client_error_copy(&w->err, err);
	}
}

int
cm_connect(const char *url, const struct cm_connect_options *opts,
    struct cm_client **out, struct cm_error *err)
{
	struct cm_client *c;
	struct client_wait w;

	if (out == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_connect was given a NULL out pointer. Pass the address "
		    "of a struct cm_client * to receive the client.");
	*out = NULL;
	memset(&w, 0, sizeof(w));
	if ((c = cm_connect_start(url, opts, client_connected_cb, &w, err)) ==
	    NULL)
		return -1;
	c->blocking = 1;
	if (client_wait_run(c, &w) != 0 && !w.done) {
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		cm_client_free(c);
		return -1;
	}
	if (w.failed) {
		client_error_give(err, &w.err);
		cm_client_free(c);
		return -1;
	}
	*out = c;
	return 0;
}

static void
client_executed_cb(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct client_wait *w = arg;

	(void)c;
	w->done = 1;
	if (err) {
		w->failed = 1;
		client_error_copy(&w->err, err);
	} else {
		*w->res = *res;
		memset(res, 0, sizeof(*res));
	}
}

int
cm_execute(struct cm_client *c, const struct cm_execute_request *req,
    struct cm_result *res, struct cm_error *err)
{
	struct client_wait w;
	int rc;

	if (res == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_execute was given a NULL result pointer. Pass the "
		    "address of a struct cm_result to fill.");
	memset(res, 0, sizeof(*res));
	memset(&w, 0, sizeof(w));
	w.res = res;
	if (client_blocking_check(c, "cm_execute", err) != 0)
		return -1;
	if (client_poll(c, err) != 0)
		return -1;
	if (cm_execute_async(c, req, client_executed_cb, &w, err) != 0)
		return -1;
	if ((rc = client_wait_run(c, &w)) == 1)
		client_wait_freed(&w);
	else if (rc != 0 && !w.done) {
		/* Unreachable with a private base; the op would outlive w. */
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		return -1;
	}
	if (w.failed) {
		client_error_give(err, &w.err);
		return -1;
	}
	return 0;
}

static void
client_handled_cb(struct cm_client *c, struct cm_outbound_response *res,
    const struct cm_error *err, void *arg)
{
	struct client_wait *w = arg;

	(void)c;
	w->done = 1;
	if (err) {
		w->failed = 1;
		client_error_copy(&w->err, err);
	} else if (res != NULL && w->ores != NULL) {
		*w->ores = *res;
		memset(res, 0, sizeof(*res));
	} else if (res != NULL)
		cm_outbound_response_clear(res);
}

int
cm_invoke_handle(struct cm_client *c, const char *execution_id,
    const char *handle_name, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, struct cm_error *err)
{
	struct client_wait w;
	int rc;

	if (res == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_invoke_handle was given a NULL response pointer. Pass "
		    "the address of a struct cm_outbound_response to fill.");
	memset(res, 0, sizeof(*res));
	memset(&w, 0, sizeof(w));
	w.ores = res;
	if (client_blocking_check(c, "cm_invoke_handle", err) != 0)
		return -1;
	if (client_poll(c, err) != 0)
		return -1;
	if (cm_invoke_handle_async(c, execution_id, handle_name, req,
		client_handled_cb, &w, err) != 0)
		return -1;
	if ((rc = client_wait_run(c, &w)) == 1)
		client_wait_freed(&w);
	else if (rc != 0 && !w.done) {
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		return -1;
	}
	if (w.failed) {
		client_error_give(err, &w.err);
		return -1;
	}
	return 0;
}

int
cm_close_handles(
    struct cm_client *c, const char *execution_id, struct cm_error *err)
{
	struct client_wait w;
	int rc;

	memset(&w, 0, sizeof(w));
	if (client_blocking_check(c, "cm_close_handles", err) != 0)
		return -1;
	if (client_poll(c, err) != 0)
		return -1;
	if (cm_close_handles_async(
		c, execution_id, client_handled_cb, &w, err) != 0)
		return -1;
	if ((rc = client_wait_run(c, &w)) == 1)
		client_wait_freed(&w);
	else if (rc != 0 && !w.done) {
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		return -1;
	}
	if (w.failed) {
		client_error_give(err, &w.err);
		return -1;
	}
	return 0;
}
