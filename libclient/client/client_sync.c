/*
 * The blocking style: each call runs the client's private event_base until
 * the call settles. Built on the event-driven calls of client.c.
 */
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
 * Runs the private loop until w->done. Returns 0, or -1 with *err when
 * the loop cannot run (a blocking call from inside a callback).
 */
static int
client_wait_run(struct cm_client *c, struct client_wait *w)
{
	int rc = 0;

	client_enter(c);
	while (!w->done) {
		int r = event_base_loop(c->base, EVLOOP_ONCE);

		if (r != 0) {
			rc = -1;
			break;
		}
	}
	/* Nothing may run after this: a deferred free happens here. */
	client_leave(c);
	return rc;
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
		return client_usage(err,
			   "the client was freed by one of its "
			   "callbacks"),
		       -1;
	}
	client_leave(c);
	return 0;
}

static int
client_blocking_check(struct cm_client *c, struct cm_error *err)
{
	if (c == NULL)
		return client_usage(err, "no client"), -1;
	if (!c->own_base)
		return client_usage(err,
			   "blocking calls need a client from "
			   "cm_connect; this one runs on the caller's "
			   "event_base"),
		       -1;
	if (c->depth > 0)
		return client_usage(err,
			   "a blocking call cannot run inside a "
			   "callback of the same client"),
		       -1;
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
	struct event_base *base;
	struct cm_client *c;
	struct client_wait w;

	*out = NULL;
	memset(&w, 0, sizeof(w));
	if ((base = event_base_new()) == NULL) {
		client_fault(err, CM_TEXT_CONNECTION_REJECTED, url ? url : "",
		    "cannot create an event_base");
		return -1;
	}
	if ((c = cm_connect_base(
		 base, url, opts, client_connected_cb, &w, err)) == NULL) {
		event_base_free(base);
		return -1;
	}
	c->own_base = 1;
	if (client_wait_run(c, &w) != 0 && !w.done) {
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		cm_client_free(c);
		return -1;
	}
	if (w.failed) {
		*err = w.err;
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

	memset(res, 0, sizeof(*res));
	memset(&w, 0, sizeof(w));
	w.res = res;
	if (client_blocking_check(c, err) != 0)
		return -1;
	if (client_poll(c, err) != 0)
		return -1;
	if (cm_execute_async(c, req, client_executed_cb, &w, err) != 0)
		return -1;
	if (client_wait_run(c, &w) != 0 && !w.done) {
		/* Unreachable with a private base; the op would outlive w. */
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		return -1;
	}
	if (w.failed) {
		*err = w.err;
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

	memset(res, 0, sizeof(*res));
	memset(&w, 0, sizeof(w));
	w.ores = res;
	if (client_blocking_check(c, err) != 0)
		return -1;
	if (client_poll(c, err) != 0)
		return -1;
	if (cm_invoke_handle_async(c, execution_id, handle_name, req,
		client_handled_cb, &w, err) != 0)
		return -1;
	if (client_wait_run(c, &w) != 0 && !w.done) {
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		return -1;
	}
	if (w.failed) {
		*err = w.err;
		return -1;
	}
	return 0;
}

int
cm_close_handles(
    struct cm_client *c, const char *execution_id, struct cm_error *err)
{
	struct client_wait w;

	memset(&w, 0, sizeof(w));
	if (client_blocking_check(c, err) != 0)
		return -1;
	if (client_poll(c, err) != 0)
		return -1;
	if (cm_close_handles_async(
		c, execution_id, client_handled_cb, &w, err) != 0)
		return -1;
	if (client_wait_run(c, &w) != 0 && !w.done) {
		client_fault(
		    err, CM_TEXT_INTERNAL, "the event loop failed", NULL);
		return -1;
	}
	if (w.failed) {
		*err = w.err;
		return -1;
	}
	return 0;
}
