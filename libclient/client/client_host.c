/*
 * Calls the daemon makes back into the host: the dispatch stub (one tool
 * call: [provider, tool, argsJson] -> envelope JSON) and the outbound stub
 * (OutboundRequestMessage -> OutboundResponseMessage). Each execution with
 * callbacks has a slot registered as local capnweb targets on the session
 * that carries it; the slot outlives the execution (late tool calls get
 * the completed envelope) and goes with its session.
 */
#include <stdlib.h>
#include <string.h>

#include "client_int.h"
#include "proto/payload.h"

/* ---- plain data ---- */

static int
client_headers_copy(
    struct cm_header **out, size_t *nout, const struct cm_header *h, size_t n)
{
	struct cm_header *c;
	size_t i;

	*out = NULL;
	*nout = 0;
	if (n == 0)
		return 0;
	if ((c = calloc(n, sizeof(*c))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		c[i].name = strdup(h[i].name ? h[i].name : "");
		c[i].value = strdup(h[i].value ? h[i].value : "");
		if (c[i].name == NULL || c[i].value == NULL) {
			*out = c;
			*nout = i + 1;
			return -1;
		}
	}
	*out = c;
	*nout = n;
	return 0;
}

static void
client_headers_free(struct cm_header *h, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free((char *)h[i].name);
		free((char *)h[i].value);
	}
	free(h);
}

static void *
client_bytes_copy(const void *p, size_t len)
{
	void *c = malloc(len ? len : 1);

	if (c != NULL && len)
		memcpy(c, p, len);
	return c;
}

void
cm_outbound_request_clear(struct cm_outbound_request *req)
{
	if (req == NULL)
		return;
	free(req->method);
	free(req->url);
	client_headers_free(req->headers, req->nheaders);
	free(req->body);
	memset(req, 0, sizeof(*req));
}

void
cm_outbound_response_clear(struct cm_outbound_response *res)
{
	if (res == NULL)
		return;
	free(res->status_text);
	client_headers_free(res->headers, res->nheaders);
	free(res->body);
	memset(res, 0, sizeof(*res));
}

/* The pointer rules of the fill helpers (client.h): 0 or -1. */
static int
client_fill_check(const struct cm_header *headers, size_t nheaders,
    const void *body, size_t body_len)
{
	size_t i;

	if ((headers == NULL && nheaders > 0) || (body == NULL && body_len > 0))
		return -1;
	for (i = 0; i < nheaders; i++)
		if (headers[i].name == NULL || headers[i].value == NULL)
			return -1;
	return 0;
}

int
cm_outbound_request_set(struct cm_outbound_request *req, const char *method,
    const char *url, const struct cm_header *headers, size_t nheaders,
    const void *body, size_t body_len, int has_body)
{
	if (req == NULL)
		return -1;
	memset(req, 0, sizeof(*req));
	if (client_fill_check(headers, nheaders, has_body ? body : NULL,
		has_body ? body_len : 0) != 0)
		return -1;
	req->method = strdup(method ? method : "GET");
	req->url = strdup(url ? url : "");
	req->has_body = has_body;
	if (has_body) {
		req->body = client_bytes_copy(body, body_len);
		req->body_len = body_len;
	}
	if (req->method == NULL || req->url == NULL ||
	    (has_body && req->body == NULL) ||
	    client_headers_copy(
		&req->headers, &req->nheaders, headers, nheaders) != 0) {
		cm_outbound_request_clear(req);
		return -1;
	}
	return 0;
}

int
cm_outbound_response_set(struct cm_outbound_response *res, int status,
    const char *status_text, const struct cm_header *headers, size_t nheaders,
    const void *body, size_t body_len)
{
	if (res == NULL)
		return -1;
	memset(res, 0, sizeof(*res));
	if (client_fill_check(headers, nheaders, body, body_len) != 0)
		return -1;
	res->status = status;
	res->status_text = strdup(status_text ? status_text : "");
	res->body = client_bytes_copy(body, body_len);
	res->body_len = body_len;
	if (res->status_text == NULL || res->body == NULL ||
	    client_headers_copy(
		&res->headers, &res->nheaders, headers, nheaders) != 0) {
		cm_outbound_response_clear(res);
		return -1;
	}
	return 0;
}

static json_t *
client_headers_json(const struct cm_header *h, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(
			a, json_pack("[s, s]", h[i].name, h[i].value)) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* Reads [[name, value], ...] (strings only). 0 or -1. */
static int
client_headers_read(const json_t *v, struct cm_header **out, size_t *nout)
{
	struct cm_header *h;
	size_t i, n;

	*out = NULL;
	*nout = 0;
	if (v == NULL || json_is_null(v) || capnweb_value_kind(v) != NULL)
		return 0;
	if (!json_is_array(v))
		return -1;
	if ((n = json_array_size(v)) == 0)
		return 0;
	if ((h = calloc(n, sizeof(*h))) == NULL)
		return -1;
	*out = h;
	for (i = 0; i < n; i++) {
		json_t *p = json_array_get(v, i);
		json_t *k = json_array_get(p, 0), *val = json_array_get(p, 1);

		*nout = i + 1;
		if (!json_is_string(k) || !json_is_string(val))
			return -1;
		h[i].name = strdup(json_string_value(k));
		h[i].value = strdup(json_string_value(val));
		if (h[i].name == NULL || h[i].value == NULL)
			return -1;
	}
	return 0;
}

/* A body as it may cross: bytes, tagged binary, a string, or null. */
static int
client_body_read(const json_t *v, uint8_t **body, size_t *len, int *has)
{
	const char *kind = v ? capnweb_value_kind(v) : NULL;

	*body = NULL;
	*len = 0;
	*has = 0;
	if (v == NULL || json_is_null(v) ||
	    (kind && strcmp(kind, "undefined") == 0))
		return 0;
	*has = 1;
	if (kind && strcmp(kind, "bytes") == 0)
		return capnweb_value_get_bytes(v, body, len);
	if (cm_binary_is(v))
		return cm_binary_bytes(v, body, len);
	if (json_is_string(v)) {
		*len = json_string_length(v);
		*body = client_bytes_copy(json_string_value(v), *len);
		return *body ? 0 : -1;
	}
	return -1;
}

json_t *
client_outbound_request_json(const struct cm_outbound_request *req)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	if (json_object_set_new(o, "method",
		json_string(req->method ? req->method : "GET")) != 0 ||
	    json_object_set_new(
		o, "url", json_string(req->url ? req->url : "")) != 0 ||
	    json_object_set_new(o, "headers",
		client_headers_json(req->headers, req->nheaders)) != 0 ||
	    json_object_set_new(o, "body",
		req->has_body ? capnweb_value_bytes(
				    req->body, req->body_len, "ArrayBuffer")
			      : json_null()) != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *
client_outbound_response_json(const struct cm_outbound_response *res)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	if (json_object_set_new(o, "status", json_integer(res->status)) != 0 ||
	    json_object_set_new(o, "statusText",
		json_string(res->status_text ? res->status_text : "")) != 0 ||
	    json_object_set_new(o, "headers",
		client_headers_json(res->headers, res->nheaders)) != 0 ||
	    json_object_set_new(o, "body",
		capnweb_value_bytes(res->body, res->body_len, "ArrayBuffer")) !=
		0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int
client_outbound_request_read(const json_t *v, struct cm_outbound_request *req)
{
	json_t *m = json_object_get(v, "method"),
	       *u = json_object_get(v, "url");

	memset(req, 0, sizeof(*req));
	if (!json_is_object(v) || !json_is_string(u))
		return -1;
	req->method = strdup(json_is_string(m) ? json_string_value(m) : "GET");
	req->url = strdup(json_string_value(u));
	if (req->method == NULL || req->url == NULL ||
	    client_headers_read(json_object_get(v, "headers"), &req->headers,
		&req->nheaders) != 0 ||
	    client_body_read(json_object_get(v, "body"), &req->body,
		&req->body_len, &req->has_body) != 0) {
		cm_outbound_request_clear(req);
		return -1;
	}
	return 0;
}

int
client_outbound_response_read(
    const json_t *v, struct cm_outbound_response *res, char **why)
{
	json_t *st = json_object_get(v, "status");
	json_t *tx = json_object_get(v, "statusText");
	int has;

	memset(res, 0, sizeof(*res));
	*why = NULL;
	if (!json_is_object(v) || !json_is_number(st)) {
		*why = strdup("the handle answered outside the response shape");
		return -1;
	}
	res->status = (int)json_number_value(st);
	res->status_text =
	    strdup(json_is_string(tx) ? json_string_value(tx) : "");
	if (res->status_text == NULL ||
	    client_headers_read(json_object_get(v, "headers"), &res->headers,
		&res->nheaders) != 0 ||
	    client_body_read(json_object_get(v, "body"), &res->body,
		&res->body_len, &has) != 0) {
		cm_outbound_response_clear(res);
		*why = strdup("the handle answered outside the response shape");
		return -1;
	}
	if (res->body == NULL && (res->body = malloc(1)) == NULL) {
		cm_outbound_response_clear(res);
		*why = strdup("out of memory");
		return -1;
	}
	return 0;
}

/* ---- tool calls ---- */

const char *
cm_tool_call_provider(const struct cm_tool_call *call)
{
	return call ? call->provider : NULL;
}

const char *
cm_tool_call_tool(const struct cm_tool_call *call)
{
	return call ? call->tool : NULL;
}

const char *
cm_tool_call_args(const struct cm_tool_call *call, size_t *len)
{
	if (len)
		*len = call ? call->args_len : 0;
	return call ? call->args : NULL;
}

static int
client_resolve_envelope(struct capnweb_call *call, const char *env)
{
	char *oom = NULL, *text = NULL;
	json_t *v;

	/* An answer past PAYLOAD_LIMIT fails its one tool call in the
	 * dispatch grammar (the run reads the bound's text) and is never
	 * sent, so it cannot take the session down with it. */
	if (env != NULL &&
	    payload_check(PAYLOAD_TOOL_RESULT, payload_chars(env, strlen(env)),
		&text) != 0) {
		env = oom = cm_envelope_error(text ? text : "out of memory");
		free(text);
	}
	if (env == NULL)
		env = oom = cm_envelope_error("out of memory");
	v = env ? json_string(env) : NULL;
	free(oom);
	if (v == NULL)
		return capnweb_call_reject(call, json_string("out of memory"))
		    ? -1
		    : 0;
	return capnweb_call_resolve(call, v) == 0 ? 0 : -1;
}

int
cm_tool_call_answer(struct cm_tool_call *tc, const char *envelope_json)
{
	int rc;

	if (tc == NULL)
		return -1;
	if (tc->answer != NULL)
		rc = tc->answer(tc->local, envelope_json);
	else
		rc = client_resolve_envelope(tc->call, envelope_json);
	free(tc->provider);
	free(tc->tool);
	free(tc->args);
	free(tc);
	return rc;
}

static void
client_dispatch_target(void *udata, struct capnweb_call *call)
{
	struct client_slot *slot = udata;
	json_t *args = capnweb_call_args(call);
	json_t *p = json_array_get(args, 0), *t = json_array_get(args, 1);
	json_t *a = json_array_get(args, 2);
	struct cm_tool_call *tc;
	const char *as;
	size_t alen;
	char *env;

	if (!json_is_string(p) || !json_is_string(t)) {
		json_t *e = capnweb_error_new("TypeError",
		    "a tool call names "
		    "its provider and tool as strings");

		capnweb_call_reject(call, e ? e : json_null());
		return;
	}
	as = json_is_string(a) ? json_string_value(a) : "";
	alen = json_is_string(a) ? json_string_length(a) : 0;
	if (!slot->active) {
		/* The run is over: the pinned completed envelope, host
		 * untouched. */
		env = cm_envelope_completed();
		client_resolve_envelope(call, env);
		free(env);
		return;
	}
	if (slot->env.respond != NULL) {
		env = cm_envelope_dispatch_call(&slot->env,
		    json_string_value(p), json_string_value(t), as, alen);
		client_resolve_envelope(call, env);
		free(env);
		return;
	}
	if (slot->dispatch != NULL) {
		env = slot->dispatch(slot->dispatch_ctx, json_string_value(p),
		    json_string_value(t), as, alen);
		client_resolve_envelope(call, env);
		free(env);
		return;
	}
	if ((tc = calloc(1, sizeof(*tc))) == NULL ||
	    (tc->provider = strdup(json_string_value(p))) == NULL ||
	    (tc->tool = strdup(json_string_value(t))) == NULL ||
	    (tc->args = client_bytes_copy(as, alen + 1)) == NULL) {
		if (tc) {
			free(tc->provider);
			free(tc->tool);
			free(tc);
		}
		client_resolve_envelope(call, NULL);
		return;
	}
	tc->call = call;
	tc->args_len = alen;
	slot->dispatch_async(slot->dispatch_ctx, tc);
}

struct cm_tool_call *
client_tool_call_new(
    const char *provider, const char *tool, const char *args, size_t args_len)
{
	struct cm_tool_call *tc;

	if ((tc = calloc(1, sizeof(*tc))) == NULL ||
	    (tc->provider = strdup(provider)) == NULL ||
	    (tc->tool = strdup(tool)) == NULL ||
	    (tc->args = client_bytes_copy(args, args_len + 1)) == NULL) {
		if (tc) {
			free(tc->provider);
			free(tc->tool);
			free(tc);
		}
		return NULL;
	}
	tc->args[args_len] = '\0';
	tc->args_len = args_len;
	return tc;
}

/* ---- outbound ---- */

struct cm_outbound_call *
client_outbound_call_new(void)
{
	return calloc(1, sizeof(struct cm_outbound_call));
}

const struct cm_outbound_request *
cm_outbound_call_request(const struct cm_outbound_call *call)
{
	return call ? &call->req : NULL;
}

static void
client_outbound_call_free(struct cm_outbound_call *oc)
{
	cm_outbound_request_clear(&oc->req);
	free(oc);
}

static int
client_outbound_reject(struct capnweb_call *call, const char *message)
{
	json_t *e = capnweb_error_new(
	    "Error", message ? message : "the outbound function failed");

	return capnweb_call_reject(call, e ? e : json_null()) == 0 ? 0 : -1;
}

/* 1 (and *text, the PayloadTooLarge text, malloc'd or NULL) when a
 * response is past PAYLOAD_LIMIT, counted as the daemon counts it. */
static int
client_outbound_too_large(const struct cm_outbound_response *res, char **text)
{
	size_t i,
	    n = payload_chars(res->status_text,
		res->status_text ? strlen(res->status_text) : 0);

	for (i = 0; i < res->nheaders; i++)
		n += payload_chars(res->headers[i].name,
			 res->headers[i].name ? strlen(res->headers[i].name)
					      : 0) +
		    payload_chars(res->headers[i].value,
			res->headers[i].value ? strlen(res->headers[i].value)
					      : 0);
	n += res->body_len;
	return payload_check(PAYLOAD_OUTBOUND_RESPONSE, n, text) != 0;
}

int
cm_outbound_call_answer(
    struct cm_outbound_call *oc, const struct cm_outbound_response *res)
{
	char *text = NULL;
	json_t *v;
	int rc;

	if (oc == NULL)
		return -1;
	if (res != NULL && client_outbound_too_large(res, &text)) {
		/* Past PAYLOAD_LIMIT: that one fetch fails with the bound's
		 * text and nothing of the body is sent. */
		if (oc->answer != NULL)
			rc = oc->answer(oc->local, NULL, text);
		else
			rc = client_outbound_reject(oc->call, text);
		free(text);
		client_outbound_call_free(oc);
		return rc;
	}
	if (oc->answer != NULL) {
		rc = oc->answer(oc->local, res,
		    res ? NULL : "the outbound function answered no response");
		client_outbound_call_free(oc);
		return rc;
	}
	v = res ? client_outbound_response_json(res) : NULL;
	if (v == NULL)
		rc = client_outbound_reject(oc->call,
		    res ? "out of memory"
			: "the outbound function answered no response");
	else
		rc = capnweb_call_resolve(oc->call, v) == 0 ? 0 : -1;
	client_outbound_call_free(oc);
	return rc;
}

int
cm_outbound_call_fail(struct cm_outbound_call *oc, const char *message)
{
	int rc;

	if (oc == NULL)
		return -1;
	if (oc->answer != NULL)
		rc = oc->answer(oc->local, NULL,
		    message ? message : "the outbound function failed");
	else
		rc = client_outbound_reject(oc->call,
		    message ? message : "the outbound function failed");

	client_outbound_call_free(oc);
	return rc;
}

static void
client_outbound_target(void *udata, struct capnweb_call *call)
{
	struct client_slot *slot = udata;
	struct cm_outbound_call *oc;
	struct cm_outbound_response res;
	char *text = NULL;

	if (slot->abandoned) {
		/* Its caller gave up on the call (deadline or cm_cancel) and
		 * may have freed what the callback's ctx points at. */
		client_outbound_reject(call,
		    "the caller abandoned this execution (deadline or "
		    "cancel), so its outbound function is no longer called");
		return;
	}
	if ((oc = calloc(1, sizeof(*oc))) == NULL) {
		client_outbound_reject(call, "out of memory");
		return;
	}
	oc->call = call;
	if (client_outbound_request_read(
		json_array_get(capnweb_call_args(call), 0), &oc->req) != 0) {
		cm_outbound_call_fail(oc,
		    "the outbound request arrived "
		    "outside its shape");
		return;
	}
	/* Handlers of retained handles fetch after the run: no active check. */
	if (slot->outbound_async != NULL) {
		slot->outbound_async(slot->outbound_ctx, oc);
		return;
	}
	memset(&res, 0, sizeof(res));
	if (slot->outbound_fn(slot->outbound_ctx, &oc->req, &res, &text) == 0)
		cm_outbound_call_answer(oc, &res);
	else
		cm_outbound_call_fail(oc, text);
	cm_outbound_response_clear(&res);
	free(text);
}

/* ---- slots ---- */

int
client_slot_attach(struct client_session *sess, struct client_slot *slot)
{
	int n;

	/* Linked first: a target registered below must never outlive it. */
	slot->next = sess->slots;
	sess->slots = slot;
	if (slot->dispatch || slot->dispatch_async || slot->env.respond) {
		if ((n = capnweb_session_add_target(
			 sess->s, client_dispatch_target, slot)) < 0)
			return -1;
		slot->dispatch_target = n;
	}
	if (slot->outbound_fn || slot->outbound_async) {
		if ((n = capnweb_session_add_target(
			 sess->s, client_outbound_target, slot)) < 0)
			return -1;
		slot->outbound_target = n;
	}
	return 0;
}

void
client_slot_finish(struct client_slot *slot)
{
	slot->active = 0;
	cm_envelope_dispatch_finish(&slot->env);
}

void
client_slots_free(struct client_session *sess)
{
	struct client_slot *slot;

	while ((slot = sess->slots) != NULL) {
		sess->slots = slot->next;
		free(slot);
	}
}
