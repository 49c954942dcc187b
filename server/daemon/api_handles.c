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
#include "api_int.h"
#include "log.h"
#include "state.h"

/*
 * The run resolved to a fetch handler and kept its isolate: name it, keep
 * it, and answer the execute call with executionId and handles.
 */
void
api_grant_handles(struct api_exec *ae, const uint8_t *payload, size_t len)
{
	struct daemon *d = ae->d;
	json_t *msg;

	msg = json_loadb((const char *)payload, len, 0, NULL);
	if (!json_is_object(msg) ||
	    !json_is_array(json_object_get(msg, "handles")) ||
	    handles_add(&d->retained, &ae->handle, ae) != 0) {
		const char *v[1] = { "its grant of handles was malformed" };

		json_decref(msg);
		api_reject_fault(ae->call, CM_TEXT_WORKER_CRASHED, v, 1);
		ae->call = NULL;
		pool_exec_close(ae->pe); /* runs api_on_handles_closed */
		return;
	}
	json_object_set_new(msg, "executionId", json_string(ae->handle.id));
	metrics_count(&d->metrics, METRICS_HANDLES_OPEN);
	/* The dispatch belonged to the run that ended; outbound stays. */
	if (ae->dispatch) {
		capnweb_stub_release(ae->dispatch);
		ae->dispatch = NULL;
	}
	metrics_execution(&d->metrics, METRICS_RESULT, api_now() - ae->started);
	/*
	 * A grant nobody can receive (the caller's session ended while the
	 * run settled) names handles nobody can use or close: they close at
	 * once instead of holding a worker for the idle bound.
	 */
	if (capnweb_call_resolve(ae->call, msg) == CAPNWEB_ENDED) {
		ae->call = NULL;
		pool_exec_close(ae->pe); /* runs api_on_handles_closed */
		return;
	}
	ae->call = NULL;
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
	char execution_id[HANDLES_ID_LEN + 1];
};

/* One invocation ended: answer the invokeHandle call. */
static void
api_invoke_done(
    void *arg, enum pool_outcome outcome, const uint8_t *payload, size_t len)
{
	struct api_invocation *iv = arg;
	struct daemon *d = iv->ae->d;
	json_t *msg, *err;
	const char *v[3];
	char num[16], *text;

	switch (outcome) {
	case POOL_RESULT:
		msg = json_loadb((const char *)payload, len, 0, NULL);
		if (json_is_object(json_object_get(msg, "response"))) {
			if (!api_reject_oversized(
				d, iv->call, "handle answer", len))
				capnweb_call_resolve(iv->call,
				    json_incref(
					json_object_get(msg, "response")));
		} else if (json_is_string(json_object_get(msg, "error"))) {
			/* The handler's own throw, or HandleNotFound: plain
			 * text. */
			err = capnweb_error_new("Error",
			    json_string_value(json_object_get(msg, "error")));
			capnweb_call_reject(iv->call, err ? err : json_null());
		} else {
			v[0] = "its answer to an invocation was malformed";
			api_reject_fault(
			    iv->call, CM_TEXT_WORKER_CRASHED, v, 1);
		}
		json_decref(msg);
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
	json_t *msg;
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
	msg = json_pack("{s:s, s:O, s:O}", "executionId", ae->handle.id,
	    "handle", name, "request", request);
	payload = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
	json_decref(msg);
	if (payload == NULL || (iv = calloc(1, sizeof(*iv))) == NULL) {
		const char *v[1] = { "out of memory" };

		free(payload);
		api_reject_fault(call, CM_TEXT_INTERNAL, v, 1);
		return;
	}
	iv->ae = ae;
	iv->call = call;
	memcpy(iv->execution_id, ae->handle.id, sizeof(iv->execution_id));
	ae->refs++;
	if (pool_exec_invoke(ae->pe, (const uint8_t *)payload, strlen(payload),
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
