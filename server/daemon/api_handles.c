/*
 * Retained handles, as the API serves them (api_int.h): granted when a run
 * kept its isolate, invoked one at a time, closed by the caller or the pool.
 *
 * A run that kept its isolate (retainHandles and a fetch handler) stays in
 * the daemon's `retained` registry (handles.h) under an unguessable
 * executionId, keyed on the executor rather than the connection: any
 * connection may invoke it. Its outbound stub (stub mode) is kept until
 * the handles close.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/capnweb.h"
#include "proto/texts.h"
#include "proto/base64.h"
#include "api_int.h"
#include "ipc/ipcmsg.h"
#include "log.h"
#include "state.h"

/*
 * The run resolved to a fetch handler and kept its isolate: name it, keep
 * it, and answer the execute call with executionId and handles. Only a
 * run whose request asked for retainHandles is granted: a child that kept
 * its isolate unasked broke the protocol, and its run ends as
 * WORKER_CRASHED. The executionId is the daemon's own (handles.c).
 */
static void api_grant_acked(void *);

void
api_grant_handles(struct api_exec *ae, const uint8_t *payload, size_t len)
{
	struct daemon *d = ae->d;
	const struct ipcmsg_result *r = pool_checked_result(ae->pe);
	const char *why = NULL;
	json_t *msg = NULL;

	/* The pool checked the payload (pool_child.c): read its fields. */
	(void)payload;
	(void)len;
	if (!ae->retain)
		why =
		    "a run that did not ask for retainHandles kept its isolate";
	else if (r == NULL)
		why = "the grant was not checked";
	else if (handles_add(
		     &d->retained, &ae->handle, d->cfg.instance_id, ae) != 0)
		why = "the handle registry refused the grant";
	else if ((msg = api_value_result(r, ae->handle.id)) == NULL)
		why = "out of memory";
	if (msg == NULL) {
		const char *v[1] = { "its grant of handles was malformed" };

		log_write(LOG_ERROR,
		    "event=grant_refused execution=%u reason=\"%s\"",
		    pool_exec_id(ae->pe), why);
		api_reject_fault(ae->call, CM_TEXT_WORKER_CRASHED, v, 1);
		ae->call = NULL;
		api_exec_unlink(ae);
		pool_exec_close(ae->pe); /* runs api_on_handles_closed */
		return;
	}
	metrics_count(&d->metrics, METRICS_HANDLES_OPEN);
	api_hold(ae, ae->peer != NULL ? ae->peer : ae->origin);
	/* The dispatch belonged to the run that ended; outbound stays. */
	if (ae->dispatch) {
		capnweb_stub_release(ae->dispatch);
		ae->dispatch = NULL;
	}
	metrics_execution(&d->metrics, METRICS_RESULT, api_now() - ae->started);
	/*
	 * A grant nobody can receive (the caller's session ended while the
	 * run settled) names handles nobody can use or close: they close at
	 * once instead of holding a worker for the idle bound. A grant that
	 * went out counts as delivered only once the caller released the
	 * call's result, which it does on reading the resolve
	 * (spec/protocol.md): until then the run stays on its connection's
	 * list, holding a ref for the acknowledgement, so a connection that
	 * closes first closes the handles (api_grant_undelivered).
	 */
	if (ae->peer == NULL) {
		/* Settled inside its submit, before it was listed. */
		if (capnweb_call_resolve(ae->call, msg) == CAPNWEB_ENDED)
			pool_exec_close(ae->pe); /* api_on_handles_closed */
		ae->call = NULL;
		return;
	}
	ae->refs++;
	ae->awaiting_ack = 1;
	if (capnweb_call_resolve_acked(ae->call, msg, api_grant_acked, ae) ==
	    CAPNWEB_ENDED) {
		ae->call = NULL;
		api_exec_unlink(ae);
		api_grant_undelivered(ae);
		return;
	}
	ae->call = NULL;
}

/* The caller released the grant's result: it read it (delivered). */
static void
api_grant_acked(void *udata)
{
	struct api_exec *ae = udata;

	if (!ae->awaiting_ack)
		return;
	ae->awaiting_ack = 0;
	api_exec_unlink(ae);
	api_exec_unref(ae);
}

/*
 * The grant's connection closed before the caller released it: nobody
 * read the executionId, so nobody can use or close the handles.
 */
void
api_grant_undelivered(struct api_exec *ae)
{
	ae->awaiting_ack = 0;
	if (ae->pe != NULL)
		pool_exec_close(ae->pe); /* runs api_on_handles_closed */
	api_exec_unref(ae);
}

static struct api_exec *
api_find_retained(struct daemon *d, const json_t *id)
{
	struct handles_entry *e;

	if (!json_is_string(id))
		return NULL;
	e = handles_find(&d->retained, json_string_value(id));
	return e ? e->owner : NULL;
}

static void
api_reject_handles_closed(struct capnweb_call *call, const json_t *id)
{
	const char *v[1] = { json_is_string(id) ? json_string_value(id) : "" };

	api_reject_fault(call, CM_TEXT_HANDLES_CLOSED, v, 1);
}

struct api_invocation {
	struct api_exec *ae;
	struct capnweb_call *call;
	char execution_id[HANDLES_ID_MAX + 1];
};

/* One invocation ended: answer the invokeHandle call. */
static void
api_invoke_done(
    void *arg, enum pool_outcome outcome, const uint8_t *payload, size_t len)
{
	struct api_invocation *iv = arg;
	struct daemon *d = iv->ae->d;
	const struct ipcmsg_handle_result *h;
	json_t *msg = NULL, *err;
	const char *v[3];
	char num[16], *text;

	switch (outcome) {
	case POOL_RESULT:
		/* Checked by the pool (pool_child.c); composed here. */
		h = iv->ae->pe ? pool_checked_handle_result(iv->ae->pe) : NULL;
		(void)payload;
		if (h == NULL ||
		    (h->error.s == NULL &&
			(msg = api_value_handle_response(h)) == NULL)) {
			v[0] = "its answer to an invocation was malformed";
			api_reject_fault(
			    iv->call, CM_TEXT_WORKER_CRASHED, v, 1);
		} else if (h->error.s == NULL) {
			if (!api_reject_oversized(
				d, iv->call, "handle answer", len))
				capnweb_call_resolve(iv->call, msg);
			else
				json_decref(msg);
		} else {
			/* The handler's own throw, or HandleNotFound: plain
			 * text. */
			err = capnweb_error_new("Error", h->error.s);
			capnweb_call_reject(iv->call, err ? err : json_null());
		}
		break;
	case POOL_TIMEOUT:
		snprintf(num, sizeof(num), "%u", iv->ae->timeout_ms);
		text = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num);
		err = capnweb_error_new(
		    "Error", text ? text : CM_TIMEOUT_MESSAGE);
		free(text);
		capnweb_call_reject(iv->call, err ? err : json_null());
		break;
	case POOL_CRASHED:
		v[0] = "the child holding the handles died";
		api_reject_fault(iv->call, CM_TEXT_WORKER_CRASHED, v, 1);
		break;
	case POOL_INTERNAL:
		v[0] = API_LOST_DETAIL;
		api_reject_fault(iv->call, CM_TEXT_INTERNAL, v, 1);
		break;
	case POOL_SHUTDOWN:
	case POOL_CANCELLED:
		v[0] = iv->execution_id;
		api_reject_fault(iv->call, CM_TEXT_HANDLES_CLOSED, v, 1);
		break;
	}
	api_exec_unref(iv->ae);
	free(iv);
}

void
api_invoke_handle(struct api_peer *c, struct capnweb_call *call, json_t *args)
{
	json_t *id = json_array_get(args, 0);
	json_t *name = json_array_get(args, 1);
	json_t *request = json_array_get(args, 2);
	struct api_exec *ae = api_find_retained(c->d, id);
	struct api_invocation *iv;
	struct ipcmsg_invoke im;
	size_t payload_len = 0;
	char *payload;

	if (ae == NULL || ae->pe == NULL) {
		api_reject_handles_closed(call, id);
		return;
	}
	if (!json_is_string(name) || !json_is_object(request)) {
		api_reject_type(call,
		    "invokeHandle expects (executionId, "
		    "handleName, request)");
		return;
	}
	memset(&im, 0, sizeof(im));
	im.execution_id.s = ae->handle.id;
	im.execution_id.len = strlen(ae->handle.id);
	im.handle.s = json_string_value(name);
	im.handle.len = json_string_length(name);
	im.request = request;
	payload = ipcmsg_invoke_encode(&im, &payload_len);
	if (payload == NULL || (iv = calloc(1, sizeof(*iv))) == NULL) {
		const char *v[1] = { payload == NULL
			    ? "the invocation could not be encoded"
			    : "out of memory" };

		free(payload);
		api_reject_fault(call, CM_TEXT_INTERNAL, v, 1);
		return;
	}
	iv->ae = ae;
	iv->call = call;
	memcpy(iv->execution_id, ae->handle.id, sizeof(iv->execution_id));
	ae->refs++;
	if (pool_exec_invoke(ae->pe, (const uint8_t *)payload, payload_len,
		api_invoke_done, iv) != 0) {
		ae->refs--;
		free(iv);
		api_reject_handles_closed(call, id);
	}
	free(payload);
}

void
api_close_handles(struct api_peer *c, struct capnweb_call *call, json_t *args)
{
	json_t *id = json_array_get(args, 0);
	struct api_exec *ae = api_find_retained(c->d, id);

	if (ae == NULL || ae->pe == NULL) {
		api_reject_handles_closed(call, id);
		return;
	}
	pool_exec_close(ae->pe);
	capnweb_call_resolve(call, capnweb_value_undefined());
}

void
api_on_handles_closed(struct pool_exec *pe, const char *reason, void *udata)
{
	struct api_exec *ae = udata;
	struct daemon *d = ae->d;

	(void)pe;
	ae->pe = NULL;
	api_unhold(ae);
	api_cancel_natives(ae);
	if (ae->handle.id[0]) {
		handles_remove(&d->retained, &ae->handle);
		metrics_count(&d->metrics, METRICS_HANDLES_CLOSE);
		log_write(LOG_INFO,
		    "event=handles_close execution=%s "
		    "reason=%s",
		    ae->handle.id, reason);
	}
	api_exec_unref(ae);
}
