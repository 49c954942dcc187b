/*
 * The ExecutorApi bridge. One struct api_exec per execute call holds the
 * capnweb call to answer, the caller's stubs, and the pool execution; it is
 * freed once the execution settled and no tool call it started is still
 * out (`refs`), so a late tool answer never touches freed memory.
 *
 * Frames to and from the child carry JSON (server/child/worker.h states the
 * shapes); nothing a child sends is trusted past its frame's size checks:
 * a payload that does not parse is answered as a crashed worker.
 *
 * A run that kept its isolate (retainHandles and a fetch handler) stays in
 * the daemon's `retained` list under an unguessable executionId, keyed on
 * the executor rather than the connection: any connection may invoke it.
 * Its outbound stub (stub mode) is kept until the handles close.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>
#include <openssl/rand.h>

#include "api.h"
#include "proto/capnweb.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "proto/base64.h"
#include "conn.h"
#include "daemon.h"
#include "outbound.h"
#include "proto/texts.h"

struct api_exec {
	TAILQ_ENTRY(api_exec) entry; /* in d->retained while it holds handles */
	char execution_id[33]; /* hex; set when handles were granted */
	int running; /* the run has not settled */
	struct daemon *d;
	struct capnweb_call *call; /* answered exactly once */
	struct capnweb_stub *dispatch; /* NULL: every tool is not found */
	struct capnweb_stub *outbound; /* stub mode only */
	struct pool_exec *pe; /* NULL once the pool freed it */
	uint32_t timeout_ms;
	double started;
	int refs; /* 1 for the execution + tool calls out */
	enum cm_outbound_mode mode; /* after the operator's veto */
	TAILQ_HEAD(, api_native) natives; /* native fetches in flight */
};

/* A native fetch the daemon performs for the run (libcurl, outbound.c). */
struct api_native {
	TAILQ_ENTRY(api_native) entry;
	struct api_exec *ae;
	uint32_t call_id;
	struct outbound_req *req;
};

/* A tool call out to the caller's dispatch function. */
static char *api_outbound_response_for_child(json_t *);

/* The envelope a tool call gets when the caller's dispatch cannot be reached.
 */
static char *
api_tool_unreachable(const char *reason)
{
	char *t = texts_compose(CM_TEXT_TOOL_CALL_UNREACHABLE, reason);
	char *env = cm_envelope_error(t ? t : reason);

	free(t);
	return env;
}

struct api_tool_call {
	struct api_exec *ae;
	uint32_t call_id;
	int outbound;
};

static double
api_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Abandons the run's native fetches: nobody is left to answer. */
static void
api_cancel_natives(struct api_exec *ae)
{
	struct api_native *n;

	while ((n = TAILQ_FIRST(&ae->natives)) != NULL) {
		TAILQ_REMOVE(&ae->natives, n, entry);
		outbound_cancel(n->req);
		free(n);
	}
}

static void
api_exec_unref(struct api_exec *ae)
{
	if (--ae->refs > 0)
		return;
	api_cancel_natives(ae);
	if (ae->dispatch)
		capnweb_stub_release(ae->dispatch);
	if (ae->outbound)
		capnweb_stub_release(ae->outbound);
	free(ae);
}

/* Rejects `call` with a fault: an Error carrying the taxonomy `code`. */
static void
api_reject_fault(struct capnweb_call *call, enum cm_spec_text id,
    const char *const *values, size_t n)
{
	const struct texts_info *info = texts_info(id);
	char *text = texts_composev(id, values, n);
	json_t *err = capnweb_error_new("Error",
	    text ? text : "the executor could not compose its failure text");

	if (err && info && info->code)
		capnweb_error_set_prop(err, "code", json_string(info->code));
	free(text);
	if (err)
		capnweb_call_reject(call, err);
	else
		capnweb_call_reject(call, json_string("out of memory"));
}

static void
api_reject_type(struct capnweb_call *call, const char *message)
{
	json_t *err = capnweb_error_new("TypeError", message);

	capnweb_call_reject(call, err ? err : json_string(message));
}

/* Resolves with {error, logs: []}: a declared failure in the envelope. */
static void
api_resolve_error(struct capnweb_call *call, const char *text)
{
	json_t *msg = json_pack("{s:s, s:[]}", "error", text, "logs");

	capnweb_call_resolve(call, msg ? msg : json_null());
}

/* ---- tool calls and outbound requests from the child ---- */

static void
api_tool_settled(void *udata, int status, json_t *value)
{
	struct api_tool_call *tc = udata;
	struct api_exec *ae = tc->ae;
	char *answer = NULL;

	if (ae->pe != NULL && (ae->running || tc->outbound)) {
		if (tc->outbound && status == CAPNWEB_RESOLVED) {
			if ((answer = api_outbound_response_for_child(value)) ==
			    NULL) {
				answer = texts_error_envelope(
				    CM_TEXT_OUTBOUND_FUNCTION_BAD_ANSWER, NULL);
			}
		} else if (tc->outbound) {
			const char *m = capnweb_error_message(value);

			answer = cm_envelope_error(
			    m ? m : "the outbound function failed");
		} else if (status == CAPNWEB_RESOLVED &&
		    json_is_string(value)) {
			answer = strdup(json_string_value(value));
		} else if (status == CAPNWEB_RESOLVED) {
			/* The sandbox rethrows a non-envelope as the envelope
			 * fault. */
			answer =
			    json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
		} else {
			const char *m = capnweb_error_message(value);

			answer = cm_envelope_error(m ? m
				: json_is_string(value)
				? json_string_value(value)
				: "the dispatch failed");
		}
		if (answer)
			pool_exec_reply(ae->pe, tc->call_id, tc->outbound,
			    (const uint8_t *)answer, strlen(answer));
		free(answer);
	}
	api_exec_unref(ae);
	free(tc);
}

static void
api_on_tool_call(struct pool_exec *pe, uint32_t call_id, const uint8_t *payload,
    size_t len, void *udata)
{
	struct api_exec *ae = udata;
	struct api_tool_call *tc;
	json_t *msg, *args;
	const char *provider, *tool, *argstr;
	char *answer;

	msg = json_loadb((const char *)payload, len, 0, NULL);
	if (msg == NULL ||
	    json_unpack(msg, "{s:s, s:s, s:s}", "provider", &provider, "tool",
		&tool, "args", &argstr) != 0) {
		json_decref(msg);
		answer =
		    api_tool_unreachable("the child's tool call was malformed");
		if (answer)
			pool_exec_reply(pe, call_id, 0, (const uint8_t *)answer,
			    strlen(answer));
		free(answer);
		return;
	}
	if (ae->dispatch == NULL) {
		answer = cm_envelope_tool_not_found(tool);
		if (answer)
			pool_exec_reply(pe, call_id, 0, (const uint8_t *)answer,
			    strlen(answer));
		free(answer);
		json_decref(msg);
		return;
	}
	args = json_pack("[s, s, s]", provider, tool, argstr);
	tc = calloc(1, sizeof(*tc));
	if (args == NULL || tc == NULL) {
		json_decref(args);
		free(tc);
		json_decref(msg);
		return;
	}
	tc->ae = ae;
	tc->call_id = call_id;
	ae->refs++;
	if (capnweb_stub_call(ae->dispatch, NULL, args, api_tool_settled, tc) <
	    0) {
		/* The caller's session is gone: the tool cannot be reached. */
		ae->refs--;
		free(tc);
		answer =
		    api_tool_unreachable("the caller's connection is gone");
		if (answer)
			pool_exec_reply(pe, call_id, 0, (const uint8_t *)answer,
			    strlen(answer));
		free(answer);
	}
	json_decref(args);
	json_decref(msg);
}

/* Answers an outbound request of the child with a composed text. */
static void
api_outbound_text(struct pool_exec *pe, uint32_t call_id, enum cm_spec_text id,
    const char *param)
{
	char *s = texts_error_envelope(id, param);

	if (s)
		pool_exec_reply(pe, call_id, 1, (const uint8_t *)s, strlen(s));
	free(s);
}

static void
api_native_done(void *arg, const char *json, size_t len)
{
	struct api_native *n = arg;
	struct api_exec *ae = n->ae;

	TAILQ_REMOVE(&ae->natives, n, entry);
	if (ae->pe != NULL)
		pool_exec_reply(
		    ae->pe, n->call_id, 1, (const uint8_t *)json, len);
	free(n);
}

/* The child's request with its body as bytes, as the caller's function takes
 * it. */
static json_t *
api_outbound_request_for_stub(json_t *req)
{
	json_t *body = json_object_get(req, "body");
	json_t *out = json_deep_copy(req);
	uint8_t *bytes;
	long n;

	if (out == NULL || !json_is_string(body))
		return out;
	bytes = malloc(json_string_length(body) * 3 / 4 + 3);
	n = bytes ? base64_decode(json_string_value(body),
			json_string_length(body), bytes)
		  : -1;
	if (n < 0) {
		free(bytes);
		json_decref(out);
		return NULL;
	}
	json_object_set_new(
	    out, "body", capnweb_value_bytes(bytes, (size_t)n, "ArrayBuffer"));
	free(bytes);
	return out;
}

/* The caller's response with its body as base64, as the child reads it. */
static char *
api_outbound_response_for_child(json_t *res)
{
	json_t *body = json_object_get(res, "body"), *out;
	uint8_t *bytes = NULL;
	size_t n = 0;
	char *b64, *s;

	if (!json_is_object(res) ||
	    !json_is_integer(json_object_get(res, "status")))
		return NULL;
	if (body && capnweb_value_get_bytes(body, &bytes, &n) != 0 &&
	    !json_is_null(body) && capnweb_value_kind(body) == NULL)
		return NULL;
	if ((b64 = malloc(base64_encoded_len(n, 1) + 1)) == NULL) {
		free(bytes);
		return NULL;
	}
	base64_encode(bytes ? bytes : (const uint8_t *)"", n, 1, b64);
	free(bytes);
	out = json_pack("{s:O, s:s, s:O, s:s}", "status",
	    json_object_get(res, "status"), "statusText",
	    json_is_string(json_object_get(res, "statusText"))
		? json_string_value(json_object_get(res, "statusText"))
		: "",
	    "headers",
	    json_is_array(json_object_get(res, "headers"))
		? json_object_get(res, "headers")
		: json_array(),
	    "body", b64);
	free(b64);
	s = out ? json_dumps(out, JSON_COMPACT) : NULL;
	json_decref(out);
	return s;
}

static void
api_on_outbound(struct pool_exec *pe, uint32_t call_id, const uint8_t *payload,
    size_t len, void *udata)
{
	struct api_exec *ae = udata;
	struct api_tool_call *tc;
	struct api_native *n;
	struct outbound_req *r;
	json_t *req, *args, *wire;

	req = json_loadb((const char *)payload, len, 0, NULL);
	if (req == NULL || ae->mode == CM_OUTBOUND_DISABLED) {
		json_decref(req);
		api_outbound_text(pe, call_id, CM_TEXT_OUTBOUND_DISABLED, NULL);
		return;
	}
	if (ae->mode == CM_OUTBOUND_NATIVE) {
		if ((n = calloc(1, sizeof(*n))) == NULL) {
			json_decref(req);
			api_outbound_text(pe, call_id,
			    CM_TEXT_FETCH_NOT_STARTED,
			    "the executor ran out of memory");
			return;
		}
		n->ae = ae;
		n->call_id = call_id;
		TAILQ_INSERT_TAIL(&ae->natives, n, entry);
		/*
		 * A native fetch spends the run's own bound: cap it by it. A
		 * request that cannot start has already been answered (and n
		 * freed) when outbound_start returns NULL.
		 */
		r = outbound_start(ae->d->outbound, req, (long)ae->timeout_ms,
		    api_native_done, n);
		if (r != NULL)
			n->req = r;
		json_decref(req);
		return;
	}
	wire = api_outbound_request_for_stub(req);
	json_decref(req);
	args = wire ? json_pack("[o]", wire) : NULL;
	if (args == NULL || ae->outbound == NULL ||
	    (tc = calloc(1, sizeof(*tc))) == NULL) {
		json_decref(args);
		api_outbound_text(pe, call_id,
		    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
		    "its headers or body could not be converted");
		return;
	}
	tc->ae = ae;
	tc->call_id = call_id;
	tc->outbound = 1;
	ae->refs++;
	if (capnweb_stub_call(ae->outbound, NULL, args, api_tool_settled, tc) <
	    0) {
		ae->refs--;
		free(tc);
		api_outbound_text(pe, call_id,
		    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
		    "the caller's connection is gone");
	}
	json_decref(args);
}

/* ---- retained handles ---- */

/*
 * The run resolved to a fetch handler and kept its isolate: name it, keep
 * it, and answer the execute call with executionId and handles.
 */
static void
api_grant_handles(struct api_exec *ae, const uint8_t *payload, size_t len)
{
	struct daemon *d = ae->d;
	unsigned char raw[16];
	json_t *msg;
	size_t i;

	msg = json_loadb((const char *)payload, len, 0, NULL);
	if (!json_is_object(msg) ||
	    !json_is_array(json_object_get(msg, "handles")) ||
	    RAND_bytes(raw, sizeof(raw)) != 1) {
		const char *v[1] = { "its grant of handles was malformed" };

		json_decref(msg);
		api_reject_fault(ae->call, CM_TEXT_WORKER_CRASHED, v, 1);
		ae->call = NULL;
		pool_exec_close(ae->pe); /* runs api_on_handles_closed */
		return;
	}
	for (i = 0; i < sizeof(raw); i++)
		snprintf(ae->execution_id + 2 * i, 3, "%02x", raw[i]);
	json_object_set_new(msg, "executionId", json_string(ae->execution_id));
	TAILQ_INSERT_TAIL(&d->retained, ae, entry);
	d->metrics.handles_open++;
	/* The dispatch belonged to the run that ended; outbound stays. */
	if (ae->dispatch) {
		capnweb_stub_release(ae->dispatch);
		ae->dispatch = NULL;
	}
	metrics_execution(&d->metrics, METRICS_RESULT, api_now() - ae->started);
	capnweb_call_resolve(ae->call, msg);
	ae->call = NULL;
}

static struct api_exec *
api_find_retained(struct daemon *d, const json_t *id)
{
	struct api_exec *ae;

	if (!json_is_string(id))
		return NULL;
	TAILQ_FOREACH(ae, &d->retained, entry)
	if (strcmp(ae->execution_id, json_string_value(id)) == 0)
		return ae;
	return NULL;
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
	char execution_id[33];
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
	char size[32], limit[32], num[16], *text;

	switch (outcome) {
	case POOL_RESULT:
		msg = json_loadb((const char *)payload, len, 0, NULL);
		if (json_is_object(json_object_get(msg, "response"))) {
			if (d->cfg.response_limit >= 0 &&
			    (long long)len > d->cfg.response_limit) {
				snprintf(size, sizeof(size), "%zu", len);
				snprintf(limit, sizeof(limit), "%lld",
				    d->cfg.response_limit);
				v[0] = "handle answer";
				v[1] = size;
				v[2] = limit;
				api_reject_fault(
				    iv->call, CM_TEXT_RESPONSE_TOO_LARGE, v, 3);
			} else
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
		v[0] = iv->execution_id;
		api_reject_fault(iv->call, CM_TEXT_HANDLES_CLOSED, v, 1);
		break;
	}
	api_exec_unref(iv->ae);
	free(iv);
}

static void
api_invoke_handle(struct conn *c, struct capnweb_call *call, json_t *args)
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
	msg = json_pack("{s:s, s:O, s:O}", "executionId", ae->execution_id,
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
	memcpy(iv->execution_id, ae->execution_id, sizeof(iv->execution_id));
	ae->refs++;
	if (pool_exec_invoke(ae->pe, (const uint8_t *)payload, strlen(payload),
		api_invoke_done, iv) != 0) {
		ae->refs--;
		free(iv);
		api_reject_handles_closed(call, id);
	}
	free(payload);
}

static void
api_close_handles(struct conn *c, struct capnweb_call *call, json_t *args)
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

/* ---- settling ---- */

static void
api_on_settle(struct pool_exec *pe, enum pool_outcome outcome,
    const uint8_t *payload, size_t len, void *udata)
{
	struct api_exec *ae = udata;
	struct daemon *d = ae->d;
	enum metrics_outcome mo = METRICS_FAULT;
	char num[32];
	const char *v[3];
	json_t *msg;

	ae->running = 0;
	d->executions_in_flight--;
	if (outcome == POOL_RESULT && pool_exec_retained(pe)) {
		api_grant_handles(ae, payload, len);
		return;
	}
	ae->pe = NULL;
	api_cancel_natives(ae);
	switch (outcome) {
	case POOL_RESULT:
		if (d->cfg.response_limit >= 0 &&
		    (long long)len > d->cfg.response_limit) {
			char size[32], limit[32];

			snprintf(size, sizeof(size), "%zu", len);
			snprintf(limit, sizeof(limit), "%lld",
			    d->cfg.response_limit);
			v[0] = "result envelope";
			v[1] = size;
			v[2] = limit;
			api_reject_fault(
			    ae->call, CM_TEXT_RESPONSE_TOO_LARGE, v, 3);
			break;
		}
		msg = json_loadb((const char *)payload, len, 0, NULL);
		if (!json_is_object(msg)) {
			json_decref(msg);
			v[0] = "its answer was not a result envelope";
			api_reject_fault(
			    ae->call, CM_TEXT_WORKER_CRASHED, v, 1);
			break;
		}
		mo = json_object_get(msg, "error") ? METRICS_ERROR
						   : METRICS_RESULT;
		capnweb_call_resolve(ae->call, msg);
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

static void
api_on_handles_closed(struct pool_exec *pe, const char *reason, void *udata)
{
	struct api_exec *ae = udata;
	struct daemon *d = ae->d;

	(void)pe;
	ae->pe = NULL;
	api_cancel_natives(ae);
	if (ae->execution_id[0]) {
		TAILQ_REMOVE(&d->retained, ae, entry);
		d->metrics.handles_open--;
		d->metrics.handles_closed++;
		daemon_log(d, LOG_INFO,
		    "event=handles_close execution=%s "
		    "reason=%s",
		    ae->execution_id, reason);
	}
	api_exec_unref(ae);
}

static const struct pool_exec_callbacks api_pool_callbacks = { api_on_tool_call,
	api_on_outbound, NULL, api_on_settle, api_on_handles_closed };

/* ---- execute ---- */

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
api_execute(struct conn *c, struct capnweb_call *call, json_t *args)
{
	struct daemon *d = c->d;
	json_t *code = json_array_get(args, 0);
	json_t *providers = json_array_get(args, 1);
	json_t *opt = json_array_get(args, 2);
	json_t *dispatch = json_array_get(args, 3);
	json_t *mode = json_array_get(args, 4);
	json_t *outbound = json_array_get(args, 5);
	json_t *req, *modules;
	enum cm_outbound_mode om;
	struct api_exec *ae;
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
	if (dispatch && capnweb_value_kind(dispatch) &&
	    strcmp(capnweb_value_kind(dispatch), "stub") == 0)
		ae->dispatch = capnweb_session_stub(c->session, dispatch);
	if (om == CM_OUTBOUND_STUB)
		ae->outbound = capnweb_session_stub(c->session, outbound);
	/* The operator's veto turns native into no network at all. */
	if (om == CM_OUTBOUND_NATIVE &&
	    (d->cfg.outbound_veto || d->outbound == NULL))
		om = CM_OUTBOUND_DISABLED;
	ae->mode = om;
	count_waits = json_is_true(json_object_get(opt, "countHostWaits"));
	modules = json_object_get(opt, "modules");
	req = json_pack("{s:O, s:o, s:o, s:I, s:I, s:I, s:b, s:s, s:b}", "code",
	    code, "providers",
	    providers ? json_incref(providers) : json_array(), "modules",
	    json_is_array(modules) ? json_incref(modules) : json_array(),
	    "timeout", (json_int_t)ae->timeout_ms, "grace",
	    (json_int_t)d->cfg.default_grace, "memoryLimit",
	    (json_int_t)d->cfg.default_memory_limit, "countHostWaits",
	    count_waits, "outboundMode", cm_outbound_mode_name(om),
	    "retainHandles",
	    json_is_true(json_object_get(opt, "retainHandles")));
	if (req != NULL && ts &&
	    json_object_set_new(
		req, "language", json_string(CM_LANGUAGE_TYPESCRIPT)) != 0) {
		json_decref(req);
		req = NULL;
	}
	payload = req ? json_dumps(req, JSON_COMPACT) : NULL;
	json_decref(req);
	if (payload == NULL) {
		api_exec_unref(ae);
		v[0] = "out of memory";
		api_reject_fault(call, CM_TEXT_INTERNAL, v, 1);
		return;
	}
	ae->call = call;
	ae->running = 1;
	ae->pe = pool_execute(d->pool, (const uint8_t *)payload,
	    strlen(payload), ae->timeout_ms, d->cfg.default_grace, count_waits,
	    c->tenant, &api_pool_callbacks, ae, &full);
	free(payload);
	if (ae->pe == NULL) {
		char n[16];

		snprintf(n, sizeof(n), "%u", d->cfg.pool.max_queue);
		v[0] = n;
		ae->call = NULL;
		api_exec_unref(ae);
		api_reject_fault(call, CM_TEXT_QUEUE_OVERFLOW, v, 1);
		return;
	}
	d->executions_in_flight++;
}

void
api_on_call(void *udata, struct capnweb_call *call)
{
	struct conn *c = udata;
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
	} else {
		capnweb_call_reject_unknown(call);
	}
}
