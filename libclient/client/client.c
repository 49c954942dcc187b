/*
 * The event-driven client API: each cm_ call checks its arguments, builds
 * the call's wire form and queues it on the client's sessions
 * (client_conn.c), the top of the client's files. The blocking calls are
 * client_sync.c, host callbacks client_host.c, results client_result.c,
 * faults client_fault.c.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_int.h"
#include "cm_spec.h"
#include "cm_version.h"
#include "proto/utf8.h"

/* The public header spells the protocol's message limit as a literal (it
 * cannot include the generated spec); it must stay MESSAGE_LIMIT. */
_Static_assert(CM_SERVER_MESSAGE_LIMIT == (size_t)CM_MESSAGE_LIMIT,
    "CM_SERVER_MESSAGE_LIMIT out of step with spec/protocol.json");

int
cm_protocol_version(void)
{
	return CM_PROTOCOL_VERSION;
}

const char *
cm_version(void)
{
	return CM_VERSION_STRING;
}

/* ---- queueing a call ---- */

static int
client_op_submit(
    struct cm_client *c, struct client_op *op, struct cm_error *err)
{
	if (c->freeing || c->free_pending) {
		client_op_free(op);
		return client_local(err, CM_ERROR_USAGE,
		    "The call was refused because its client is being "
		    "disposed. "
		    "Connect again to make more calls.");
	}
	if (op->deadline_ms == 0)
		op->deadline_ms = c->deadline_ms;
	else if (op->deadline_ms < 0)
		op->deadline_ms = 0;
	if (client_op_arm(op) != 0) {
		client_op_free(op);
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	}
	if (op->local != NULL) {
		op->next = c->local;
		c->local = op;
	} else {
		op->next = NULL;
		if (c->queue_tail)
			c->queue_tail->next = op;
		else
			c->queue = op;
		c->queue_tail = op;
	}
	client_kick(c);
	return 0;
}

/* ---- checking what the caller passed ---- */

/*
 * The 0.2.0 layouts, frozen: what a `size` of 0 means. Spelled through
 * their last 0.2.0 member so that members added later never move them.
 */
#define CLIENT_REQUEST_SIZE_0_2                                                \
	(offsetof(struct cm_execute_request, deadline_ms) + sizeof(long long))
#define CLIENT_OPTIONS_SIZE_0_2                                                \
	(offsetof(struct cm_connect_options, max_message) + sizeof(size_t))

/*
 * A growing struct's `size`: 0 (the 0.2.0 layout), a layout this library
 * knows, or a later one whose members past ours are all zero (the caller
 * did not use them), as the kernel's copy_struct_from_user judges.
 */
static int
client_size_check(const char *what, const void *p, size_t size, size_t known,
    size_t first, struct cm_error *err)
{
	const unsigned char *b = p;
	size_t i;

	if (size == 0 || size == known)
		return 0;
	if (size < first)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The %s's size is %zu, smaller than any layout of it "
		    "(%zu bytes in 0.2.0). Set size to sizeof the struct, or "
		    "leave it 0.",
		    what, size, first);
	for (i = known; i < size; i++)
		if (b[i] != 0)
			return client_local(err, CM_ERROR_ARGUMENT,
			    "The %s uses members this library (%s) does not "
			    "have: byte %zu of its %zu is set. Run with the "
			    "library the host was built against, or leave "
			    "the newer members zero.",
			    what, cm_version(), i, size);
	return 0;
}

/* The pointer rules of struct cm_execute_request (client.h). */
static int
client_request_check(const struct cm_execute_request *req, struct cm_error *err)
{
	size_t i, j;
	int hosts;

	if (req == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request is NULL. Pass a zero-initialised "
		    "struct cm_execute_request with its code set.");
	if (client_size_check("execute request", req, req->size, sizeof(*req),
		CLIENT_REQUEST_SIZE_0_2, err) != 0)
		return -1;
	if (req->code == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request's code is NULL. Set code to the "
		    "program's source text.");
	if (req->providers == NULL && req->nproviders > 0)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request's providers is NULL while "
		    "nproviders is %zu. Point providers at that many "
		    "descriptors, or set nproviders to 0.",
		    req->nproviders);
	if (req->providers != NULL && req->nproviders > 0 &&
	    req->providers_json != NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request sets both providers and "
		    "providers_json. Describe the providers in one of "
		    "them.");
	for (i = 0; req->providers_json == NULL && i < req->nproviders; i++) {
		const struct cm_provider *p = &req->providers[i];

		if (p->name == NULL)
			return client_local(err, CM_ERROR_ARGUMENT,
			    "The execute request's providers[%zu].name is "
			    "NULL. Give every provider its name.",
			    i);
		if (p->tools == NULL && p->ntools > 0)
			return client_local(err, CM_ERROR_ARGUMENT,
			    "The execute request's providers[%zu].tools is "
			    "NULL while ntools is %zu. Point tools at that "
			    "many names, or set ntools to 0.",
			    i, p->ntools);
		for (j = 0; j < p->ntools; j++)
			if (p->tools[j] == NULL)
				return client_local(err, CM_ERROR_ARGUMENT,
				    "The execute request's "
				    "providers[%zu].tools[%zu] is NULL. Give "
				    "every tool its name, or lower ntools.",
				    i, j);
	}
	hosts = (req->respond != NULL) + (req->dispatch != NULL) +
	    (req->dispatch_async != NULL);
	if (hosts > 1)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request sets more than one of respond, "
		    "dispatch and dispatch_async. Set at most one of them.");
	if (req->deadline_ms < CM_DEADLINE_NONE)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request's deadline_ms is %lld. Give a "
		    "positive number of milliseconds, 0 for the connection's "
		    "default or CM_DEADLINE_NONE.",
		    req->deadline_ms);
	if (req->timeout < CM_TIMEOUT_LIFTED)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The execute request's timeout is %lld, which is neither "
		    "a number of milliseconds nor CM_TIMEOUT_LIFTED. Give a "
		    "positive bound, 0 for the default or CM_TIMEOUT_LIFTED.",
		    req->timeout);
	return 0;
}

/* Headers: NULL only with a count of 0, and no NULL name or value. */
static int
client_headers_check(
    const char *what, const struct cm_header *h, size_t n, struct cm_error *err)
{
	size_t i;

	if (h == NULL && n > 0)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The %s headers are NULL while their count is %zu. Point "
		    "them at that many name/value pairs, or give a count of "
		    "0.",
		    what, n);
	for (i = 0; i < n; i++)
		if (h[i].name == NULL || h[i].value == NULL)
			return client_local(err, CM_ERROR_ARGUMENT,
			    "The %s header %zu has a NULL %s. Give every "
			    "header a name and a value.",
			    what, i, h[i].name == NULL ? "name" : "value");
	return 0;
}

int
client_options_check(
    const struct cm_connect_options *opts, struct cm_error *err)
{
	if (opts == NULL)
		return 0;
	if (client_size_check("connect options", opts, opts->size,
		sizeof(*opts), CLIENT_OPTIONS_SIZE_0_2, err) != 0)
		return -1;
	if (opts->deadline_ms < 0)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The connect options' deadline_ms is %lld. Give a "
		    "positive number of milliseconds, or 0 for none.",
		    opts->deadline_ms);
	return client_headers_check(
	    "connect options'", opts->headers, opts->nheaders, err);
}

int
client_outbound_request_check(
    const struct cm_outbound_request *req, struct cm_error *err)
{
	if (req->body == NULL && req->has_body && req->body_len > 0)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The outbound request's body is NULL while body_len is "
		    "%zu. Point body at that many bytes, or set body_len to "
		    "0.",
		    req->body_len);
	return client_headers_check(
	    "outbound request's", req->headers, req->nheaders, err);
}

/* ---- the execute request's wire form ---- */

static json_t *
client_providers_json(const struct cm_execute_request *req)
{
	json_t *a, *o, *tools;
	size_t i, j;

	if (req->providers_json != NULL)
		return json_is_array(req->providers_json)
		    ? json_deep_copy(req->providers_json)
		    : NULL;
	if ((a = json_array()) == NULL)
		return NULL;
	for (i = 0; i < req->nproviders; i++) {
		const struct cm_provider *p = &req->providers[i];

		o = json_object();
		tools = json_array();
		if (o == NULL || tools == NULL ||
		    json_array_append_new(a, o) != 0)
			goto fail;
		if (json_object_set_new(
			o, "name", json_string(p->name ? p->name : "")) != 0 ||
		    json_object_set_new(o, "tools", tools) != 0)
			goto fail;
		for (j = 0; j < p->ntools; j++)
			if (json_array_append_new(tools,
				json_string(p->tools[j] ? p->tools[j] : "")) !=
			    0)
				goto fail;
		if (p->positional_args &&
		    json_object_set_new(o, "positionalArgs", json_true()) != 0)
			goto fail;
		if (p->prelude &&
		    json_object_set_new(
			o, "prelude", json_string(p->prelude)) != 0)
			goto fail;
		if (p->proxy_source &&
		    json_object_set_new(
			o, "proxySource", json_string(p->proxy_source)) != 0)
			goto fail;
	}
	return a;
fail:
	json_decref(a);
	return NULL;
}

/* ---- text that is not UTF-8 ---- */

static int
client_utf8(const char *s)
{
	return s == NULL || utf8_valid((const uint8_t *)s, strlen(s));
}

/* Every string and key inside `v`; jansson's checked strings always pass. */
static int
client_json_utf8(const json_t *v)
{
	const char *key;
	json_t *sub;
	size_t i;

	if (json_is_string(v))
		return utf8_valid((const uint8_t *)json_string_value(v),
		    json_string_length(v));
	if (json_is_array(v)) {
		json_array_foreach(
		    v, i, sub) if (!client_json_utf8(sub)) return 0;
	} else if (json_is_object(v)) {
		json_object_foreach(
		    (json_t *)v, key, sub) if (!client_utf8(key) ||
		    !client_json_utf8(sub)) return 0;
	}
	return 1;
}

/*
 * Names the first text of the request that is not UTF-8 in `part` and
 * returns -1, or returns 0. Such text cannot cross: the wire carries only
 * UTF-8, and the executor fails the whole connection (1007) on a message
 * that is not, so the call is refused here, before anything is sent.
 */
static int
client_request_utf8(const struct cm_execute_request *req, const json_t *modules,
    char *part, size_t n)
{
	const char *key;
	json_t *src;
	size_t i, j;

	if (!client_utf8(req->code)) {
		snprintf(part, n, "code");
		return -1;
	}
	if (!client_utf8(req->language)) {
		snprintf(part, n, "language option");
		return -1;
	}
	for (i = 0; req->providers_json == NULL && i < req->nproviders; i++) {
		const struct cm_provider *p = &req->providers[i];

		if (!client_utf8(p->name)) {
			snprintf(part, n, "name of provider %zu", i + 1);
			return -1;
		}
		for (j = 0; j < p->ntools; j++)
			if (!client_utf8(p->tools[j])) {
				snprintf(part, n,
				    "name of tool %zu of provider %zu", j + 1,
				    i + 1);
				return -1;
			}
		if (!client_utf8(p->prelude) || !client_utf8(p->proxy_source)) {
			snprintf(part, n,
			    "prelude or proxy source of provider %zu", i + 1);
			return -1;
		}
	}
	if (req->providers_json != NULL &&
	    !client_json_utf8(req->providers_json)) {
		snprintf(part, n, "provider list");
		return -1;
	}
	if (json_is_object(modules))
		json_object_foreach((json_t *)modules, key, src)
		{
			if (!client_utf8(key)) {
				snprintf(
				    part, n, "name of a module in the map");
				return -1;
			}
			if (!client_json_utf8(src)) {
				snprintf(
				    part, n, "source of module \"%.64s\"", key);
				return -1;
			}
		}
	return 0;
}

/*
 * Builds the op for one execution: the wire arguments [code, providers,
 * options, dispatch, outboundMode(, outbound)] with the defaults applied.
 */
static struct client_op *
client_execute_op(struct cm_client *c, const struct cm_execute_request *req,
    struct cm_error *err)
{
	struct client_op *op;
	struct client_slot *slot = NULL;
	json_t *opt = NULL, *providers = NULL, *entries = NULL;
	const json_t *modules;
	enum cm_outbound_setting ob;
	cm_outbound_fn ofn;
	cm_outbound_async_fn oafn;
	void *octx;
	long long timeout;
	enum cm_flag chw;
	char *text = NULL, part[128];
	int rc, hosts;

	if (client_request_check(req, err) != 0)
		return NULL;
	hosts = (req->respond != NULL) + (req->dispatch != NULL) +
	    (req->dispatch_async != NULL);
	if (client_request_utf8(req, req->modules ? req->modules : c->modules,
		part, sizeof(part)) != 0) {
		client_fault(err, CM_TEXT_PROTOCOL_INVALID_UTF8, part, NULL);
		return NULL;
	}
	ob = req->outbound != CM_OUTBOUND_ABSENT ? req->outbound : c->outbound;
	if (req->outbound == CM_OUTBOUND_FUNCTION &&
	    (req->outbound_fn || req->outbound_async)) {
		ofn = req->outbound_fn;
		oafn = req->outbound_async;
		octx = req->outbound_ctx;
	} else {
		ofn = c->outbound_fn;
		oafn = c->outbound_async;
		octx = c->outbound_ctx;
	}
	if (ob == CM_OUTBOUND_FUNCTION && ofn == NULL && oafn == NULL) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The request's outbound is CM_OUTBOUND_FUNCTION but no "
		    "outbound function is set. Set outbound_fn or "
		    "outbound_async, or choose another outbound setting.");
		return NULL;
	}
	if ((op = calloc(1, sizeof(*op))) == NULL)
		goto nomem;
	op->client = c;
	op->kind = CLIENT_OP_EXECUTE;
	if ((opt = json_object()) == NULL)
		goto nomem;
	timeout = req->timeout != CM_TIMEOUT_ABSENT ? req->timeout : c->timeout;
	if (timeout == CM_TIMEOUT_LIFTED) {
		if (json_object_set_new(opt, "timeout", json_null()) != 0)
			goto nomem;
	} else if (timeout > 0) {
		if (json_object_set_new(
			opt, "timeout", json_integer(timeout)) != 0)
			goto nomem;
	}
	chw = req->count_host_waits != CM_FLAG_ABSENT ? req->count_host_waits
						      : c->count_host_waits;
	if (chw != CM_FLAG_ABSENT &&
	    json_object_set_new(
		opt, "countHostWaits", json_boolean(chw == CM_FLAG_TRUE)) != 0)
		goto nomem;
	if (req->retain_handles &&
	    json_object_set_new(opt, "retainHandles", json_true()) != 0)
		goto nomem;
	if (req->language != NULL &&
	    json_object_set_new(opt, "language", json_string(req->language)) !=
		0)
		goto nomem;
	modules = req->modules ? req->modules : c->modules;
	if (modules != NULL) {
		rc = cm_module_entries(modules, &entries, &text);
		if (rc == 1) {
			/* A declared failure of the map: it reads in the
			 * envelope. */
			op->local = json_pack(
			    "{s:s, s:[]}", "error", text ? text : "", "logs");
			free(text);
			json_decref(opt);
			if (op->local == NULL)
				goto nomem;
			return op;
		}
		if (rc != 0) {
			json_decref(opt);
			free(op);
			client_local(err, CM_ERROR_ARGUMENT,
			    "The request's modules is not a JSON object "
			    "mapping names to sources. Pass such an object, "
			    "or NULL for no modules.");
			return NULL;
		}
		if (json_object_set_new(opt, "modules", entries) != 0)
			goto nomem;
	}
	if ((providers = client_providers_json(req)) == NULL) {
		json_decref(opt);
		free(op);
		if (req->providers_json && !json_is_array(req->providers_json))
			client_local(err, CM_ERROR_ARGUMENT,
			    "The request's providers_json is not a JSON "
			    "array. Pass an array of provider descriptors, "
			    "or NULL.");
		else
			client_fault(
			    err, CM_TEXT_INTERNAL, "out of memory", NULL);
		return NULL;
	}
	op->args = json_pack("[s, o, o, n, s]", req->code, providers, opt,
	    cm_outbound_mode_name(ob == CM_OUTBOUND_FUNCTION ? CM_OUTBOUND_STUB
		    : ob == CM_OUTBOUND_NULL ? CM_OUTBOUND_DISABLED
					     : CM_OUTBOUND_NATIVE));
	opt = NULL;
	if (op->args == NULL)
		goto nomem;
	if (hosts || ob == CM_OUTBOUND_FUNCTION) {
		if ((slot = calloc(1, sizeof(*slot))) == NULL)
			goto nomem;
		slot->client = c;
		slot->active = 1;
		if (req->respond)
			cm_envelope_dispatch_init(
			    &slot->env, req->respond, req->dispatch_ctx);
		slot->dispatch = req->dispatch;
		slot->dispatch_async = req->dispatch_async;
		slot->dispatch_ctx = req->dispatch_ctx;
		if (ob == CM_OUTBOUND_FUNCTION) {
			slot->outbound_fn = ofn;
			slot->outbound_async = oafn;
			slot->outbound_ctx = octx;
		}
		op->slot = slot;
	}
	return op;
nomem:
	json_decref(opt);
	if (op)
		client_op_free(op);
	client_fault(err, CM_TEXT_INTERNAL, "out of memory", NULL);
	return NULL;
}

int
cm_execute_async(struct cm_client *c, const struct cm_execute_request *req,
    cm_execute_cb cb, void *arg, struct cm_error *err)
{
	struct client_op *op;

	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_execute_async was given a NULL client. Pass the client "
		    "cm_connect or cm_connect_base returned.");
	if ((op = client_execute_op(c, req, err)) == NULL)
		return -1;
	op->exec_cb = cb;
	op->arg = arg;
	/* CM_DEADLINE_NONE: none even when the connection has one. */
	op->deadline_ms =
	    req->deadline_ms == CM_DEADLINE_NONE ? -1 : req->deadline_ms;
	return client_op_submit(c, op, err);
}

/* The same refusal for a handle call's texts (client_request_utf8). */
static int
client_handle_utf8(const char *execution_id, const char *handle_name,
    const struct cm_outbound_request *req, char *part, size_t n)
{
	size_t i;

	if (!client_utf8(execution_id)) {
		snprintf(part, n, "executionId");
		return -1;
	}
	if (!client_utf8(handle_name)) {
		snprintf(part, n, "handle name");
		return -1;
	}
	if (req == NULL)
		return 0;
	if (!client_utf8(req->method) || !client_utf8(req->url)) {
		snprintf(part, n, "request's method or URL");
		return -1;
	}
	for (i = 0; i < req->nheaders; i++)
		if (!client_utf8(req->headers[i].name) ||
		    !client_utf8(req->headers[i].value)) {
			snprintf(part, n, "request's header %zu", i + 1);
			return -1;
		}
	return 0;
}

int
client_handle_args(struct cm_client *c, enum client_op_kind kind,
    const char *execution_id, const char *handle_name,
    const struct cm_outbound_request *req, json_t **args, struct cm_error *err)
{
	json_t *r = NULL;
	char part[64];

	const char *what =
	    kind == CLIENT_OP_INVOKE ? "invokeHandle" : "closeHandles";

	*args = NULL;
	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "%s was given a NULL client. Pass the client cm_connect "
		    "or cm_connect_base returned.",
		    what);
	if (execution_id == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "%s was given a NULL executionId. Pass the execution_id "
		    "of a result that retained handles.",
		    what);
	if (kind == CLIENT_OP_INVOKE && (handle_name == NULL || req == NULL))
		return client_local(err, CM_ERROR_ARGUMENT,
		    "invokeHandle was given a NULL %s. Pass a handle name from "
		    "the result's handles and a request "
		    "(cm_outbound_request_set).",
		    handle_name == NULL ? "handle name" : "request");
	if (kind == CLIENT_OP_INVOKE &&
	    client_outbound_request_check(req, err) != 0)
		return -1;
	if (client_handle_utf8(execution_id, handle_name,
		kind == CLIENT_OP_INVOKE ? req : NULL, part, sizeof(part)) != 0)
		return client_fault(
			   err, CM_TEXT_PROTOCOL_INVALID_UTF8, part, NULL),
		       -1;
	if (kind == CLIENT_OP_INVOKE) {
		if ((r = client_outbound_request_json(req)) != NULL)
			*args = json_pack(
			    "[s, s, o]", execution_id, handle_name, r);
	} else
		*args = json_pack("[s]", execution_id);
	if (*args == NULL)
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	return 0;
}

int
client_handle_submit_args(struct cm_client *c, enum client_op_kind kind,
    json_t *args, cm_handle_cb cb, void *arg, struct cm_error *err)
{
	struct client_op *op;

	if ((op = calloc(1, sizeof(*op))) == NULL) {
		json_decref(args);
		client_fault(err, CM_TEXT_INTERNAL, "out of memory", NULL);
		return -1;
	}
	op->client = c;
	op->kind = kind;
	op->handle_cb = cb;
	op->arg = arg;
	op->args = args;
	return client_op_submit(c, op, err);
}

int
client_instance_submit(
    struct cm_client *c, cm_handle_cb cb, void *arg, struct cm_error *err)
{
	json_t *args = json_array();

	if (args == NULL)
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	return client_handle_submit_args(
	    c, CLIENT_OP_INSTANCE, args, cb, arg, err);
}

/* ---- connecting ---- */

struct cm_client *
cm_connect_start(const char *url, const struct cm_connect_options *opts,
    cm_connect_cb cb, void *arg, struct cm_error *err)
{
	struct cm_connect_options none;
	struct cm_client *c;
	char *why = NULL, *first = NULL;
	size_t i;

	if (opts == NULL) {
		memset(&none, 0, sizeof(none));
		opts = &none;
	}
	if (url == NULL) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The URL to connect to is NULL. Pass unix:///path/to.sock "
		    "or ws://host:port/path.");
		return NULL;
	}
	if (client_options_check(opts, err) != 0)
		return NULL;
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		client_fault(
		    err, CM_TEXT_CONNECTION_REJECTED, url, "out of memory");
		return NULL;
	}
	c->epfd = -1;
	/* A list ("URL,URL,..."): the first takes every call; the rest are
	 * where a handle call may be routed (client_route.c). */
	if (strchr(url, ',') != NULL) {
		size_t n = strcspn(url, ",");

		if ((c->route_text = strdup(url)) == NULL ||
		    (first = strndup(url, n)) == NULL) {
			free(c->route_text);
			client_fault(err, CM_TEXT_CONNECTION_REJECTED, url,
			    "out of memory");
			free(c);
			return NULL;
		}
		url = first;
	}
	if (client_url_parse(url, &c->url, &why) != 0) {
		client_fault(err, CM_TEXT_CONNECTION_REJECTED, url,
		    why ? why : "out of memory");
		free(why);
		free(first);
		free(c->route_text);
		free(c);
		return NULL;
	}
	free(first);
	/* Every client runs on a base of its own: the blocking calls run it,
	 * a host drives it through cm_client_watch/cm_client_process. */
	if ((c->base = event_base_new()) == NULL)
		goto nomem;
	if (opts->nheaders &&
	    (c->headers = calloc(opts->nheaders, sizeof(*c->headers))) == NULL)
		goto nomem;
	for (i = 0; i < opts->nheaders; i++) {
		c->nheaders = i + 1;
		c->headers[i].name =
		    strdup(opts->headers[i].name ? opts->headers[i].name : "");
		c->headers[i].value = strdup(
		    opts->headers[i].value ? opts->headers[i].value : "");
		if (c->headers[i].name == NULL || c->headers[i].value == NULL)
			goto nomem;
	}
	c->rotate_after = opts->rotate_after_executions == 0
	    ? CM_CLIENT_ROTATE_AFTER_EXECUTIONS
	    : opts->rotate_after_executions < 0 ? 0
						: opts->rotate_after_executions;
	c->retries = opts->reconnect_retries == 0 ? CM_CLIENT_RECONNECT_RETRIES
	    : opts->reconnect_retries < 0	  ? 0
						  : opts->reconnect_retries;
	c->backoff_ms = opts->reconnect_backoff_ms > 0
	    ? opts->reconnect_backoff_ms
	    : CM_CLIENT_RECONNECT_BACKOFF;
	c->connect_timeout_ms =
	    opts->connect_timeout_ms > 0 ? opts->connect_timeout_ms : 10000;
	c->deadline_ms = opts->deadline_ms > 0 ? opts->deadline_ms : 0;
	c->max_message =
	    opts->max_message > 0 ? opts->max_message : WS_MAX_MESSAGE_DEFAULT;
	c->timeout = opts->timeout;
	c->count_host_waits = opts->count_host_waits;
	if (opts->modules &&
	    (c->modules = json_deep_copy(opts->modules)) == NULL)
		goto nomem;
	c->outbound = opts->outbound;
	c->outbound_fn = opts->outbound_fn;
	c->outbound_async = opts->outbound_async;
	c->outbound_ctx = opts->outbound_ctx;
	if (c->outbound == CM_OUTBOUND_FUNCTION && !c->outbound_fn &&
	    !c->outbound_async) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "The options' outbound is CM_OUTBOUND_FUNCTION but no "
		    "outbound function is set. Set outbound_fn or "
		    "outbound_async, or choose another outbound setting.");
		goto fail;
	}
	if (client_events_init(c) != 0)
		goto nomem;
	c->initial = 1;
	c->connect_cb = cb;
	c->connect_arg = arg;
	client_kick(c);
	return c;
nomem:
	client_fault(
	    err, CM_TEXT_CONNECTION_REJECTED, c->url.text, "out of memory");
fail:
	if (c->kick)
		event_free(c->kick);
	if (c->reap)
		event_free(c->reap);
	if (c->retry_timer)
		event_free(c->retry_timer);
	client_free_config(c);
	if (c->base)
		event_base_free(c->base);
	free(c);
	return NULL;
}

void
cm_client_free(struct cm_client *c)
{
	if (c == NULL || c->freeing)
		return;
	if (c->depth > 0) {
		c->free_pending = 1;
		return;
	}
	client_destroy(c);
}

int
cm_client_connected(const struct cm_client *c)
{
	const struct client_session *s;

	if (c == NULL)
		return 0;
	if (c->backend != NULL)
		return 1; /* in-process: nothing to connect */
	for (s = c->sessions; s != NULL; s = s->next)
		if (s->state == CLIENT_S_READY && !s->retiring)
			return 1;
	return 0;
}

/* ---- deadlines and cancellation ---- */

uint64_t
cm_client_last_call(const struct cm_client *c)
{
	return c ? c->last_call : 0;
}

int
cm_client_set_deadline(
    struct cm_client *c, long long deadline_ms, struct cm_error *err)
{
	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_client_set_deadline was given a NULL client. Pass the "
		    "client cm_connect or cm_connect_base returned.");
	if (deadline_ms < 0)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "The deadline %lld ms is negative. Give a positive number "
		    "of milliseconds, or 0 for none.",
		    deadline_ms);
	c->deadline_ms = deadline_ms;
	return 0;
}

int
cm_cancel(struct cm_client *c, uint64_t call, struct cm_error *err)
{
	struct client_op *op;
	struct cm_error why;

	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_cancel was given a NULL client. Pass the client the "
		    "call was made on.");
	for (op = c->all; op != NULL; op = op->all_next)
		if (op->id == call && !op->abandoned)
			break;
	if (op == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "No call %llu is in flight on this client: it settled "
		    "already, or was never made here. Nothing was cancelled.",
		    (unsigned long long)call);
	client_local(&why, CM_ERROR_CANCELLED,
	    "The %s call was cancelled on this side by cm_cancel, so its "
	    "answer will not be waited for (the executor may still finish "
	    "the work). The connection stays open for other calls.",
	    op->kind == CLIENT_OP_EXECUTE      ? "execute"
		: op->kind == CLIENT_OP_INVOKE ? "invokeHandle"
		: op->kind == CLIENT_OP_CLOSE  ? "closeHandles"
					       : "instanceId");
	client_enter(c);
	client_op_abandon(op, &why);
	client_leave(c);
	cm_error_clear(&why);
	return 0;
}

unsigned
client_sessions_opened(const struct cm_client *c)
{
	return c->opened;
}
