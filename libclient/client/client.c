/*
 * The public client API: connecting, the execute/invokeHandle/closeHandles
 * calls in both styles, the request's wire form and the result's C form,
 * and faults. The transport is client_conn.c; host callbacks client_host.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_int.h"
#include "cm_spec.h"
#include "proto/errors.h"
#include "proto/texts.h"

#define CLIENT_VERSION "0.1.0"

int
cm_protocol_version(void)
{
	return CM_PROTOCOL_VERSION;
}

const char *
cm_version(void)
{
	return CLIENT_VERSION;
}

/* ---- faults ---- */

/*
 * Fills *err with the fault of text `text_id` (a spec text carrying a
 * code) composed with a and b (as many as the text takes). 0 or -1.
 */
int
client_fault(struct cm_error *err, int text_id, const char *a, const char *b)
{
	const struct texts_info *info = texts_info((enum cm_spec_text)text_id);
	const char *v[2] = { a ? a : "", b ? b : "" };
	json_t *j;
	int rc;

	memset(err, 0, sizeof(*err));
	if (info == NULL)
		return -1;
	j = errors_fault_json((enum cm_spec_text)text_id, v, info->nparams);
	if (j == NULL)
		return -1;
	rc = cm_error_rehydrate(j, err);
	json_decref(j);
	return rc;
}

/* A plain error (no taxonomy code) with `message`: misuse of the API. */
int
client_usage(struct cm_error *err, const char *message)
{
	json_t *j = json_pack("{s:s}", "message", message);
	int rc;

	memset(err, 0, sizeof(*err));
	if (j == NULL)
		return -1;
	rc = cm_error_rehydrate(j, err);
	json_decref(j);
	return rc;
}

/*
 * What the server threw, as a cm_error: an Error crosses as its message,
 * name and own properties (code among them); anything else as itself.
 */
int
client_thrown(struct cm_error *err, const json_t *value)
{
	const char *kind = capnweb_value_kind(value);
	json_t *o, *props;
	const char *k;
	json_t *v;
	int rc;

	if (kind == NULL || strcmp(kind, "error") != 0)
		return cm_error_rehydrate(value, err);
	if ((o = json_object()) == NULL)
		return -1;
	props = json_object_get(value, "props");
	if (json_is_object(props))
		json_object_foreach(props, k, v) json_object_set(o, k, v);
	json_object_set(o, "name", json_object_get(value, "name"));
	json_object_set(o, "message", json_object_get(value, "message"));
	rc = cm_error_rehydrate(o, err);
	json_decref(o);
	return rc;
}

void
client_error_copy(struct cm_error *dst, const struct cm_error *src)
{
	*dst = *src;
	dst->message = src->message ? strdup(src->message) : NULL;
	dst->thrown = src->thrown ? json_incref(src->thrown) : NULL;
}

/* ---- results ---- */

void
cm_result_clear(struct cm_result *res)
{
	size_t i;

	if (res == NULL)
		return;
	free(res->result_json);
	json_decref(res->result);
	free(res->error);
	for (i = 0; i < res->nlogs; i++) {
		free(res->logs[i].level);
		free(res->logs[i].text);
	}
	free(res->logs);
	free(res->execution_id);
	for (i = 0; i < res->nhandles; i++)
		free(res->handles[i]);
	free(res->handles);
	memset(res, 0, sizeof(*res));
}

/* ExecuteResultMessage -> cm_result. 0, or -1 when out of memory or malformed.
 */
static int
client_result_read(const json_t *msg, struct cm_result *res)
{
	json_t *rj, *e, *logs, *id, *hs, *l;
	size_t i;

	memset(res, 0, sizeof(*res));
	if (!json_is_object(msg))
		return -1;
	rj = json_object_get(msg, "resultJson");
	e = json_object_get(msg, "error");
	logs = json_object_get(msg, "logs");
	id = json_object_get(msg, "executionId");
	hs = json_object_get(msg, "handles");
	if (json_is_string(rj)) {
		if ((res->result_json = strdup(json_string_value(rj))) == NULL)
			goto fail;
		res->result = cm_dispatch_parse(
		    res->result_json, json_string_length(rj), NULL, 0);
	}
	if (json_is_string(e) &&
	    (res->error = strdup(json_string_value(e))) == NULL)
		goto fail;
	if (json_is_array(logs) && json_array_size(logs) > 0) {
		if ((res->logs = calloc(
			 json_array_size(logs), sizeof(*res->logs))) == NULL)
			goto fail;
		json_array_foreach(logs, i, l)
		{
			json_t *lv = json_object_get(l, "level");
			json_t *tx = json_object_get(l, "text");

			res->logs[i].level = strdup(
			    json_is_string(lv) ? json_string_value(lv) : "log");
			res->logs[i].text = strdup(
			    json_is_string(tx) ? json_string_value(tx) : "");
			res->nlogs = i + 1;
			if (res->logs[i].level == NULL ||
			    res->logs[i].text == NULL)
				goto fail;
		}
	}
	if (json_is_string(id) &&
	    (res->execution_id = strdup(json_string_value(id))) == NULL)
		goto fail;
	if (json_is_array(hs) && json_array_size(hs) > 0) {
		if ((res->handles = calloc(
			 json_array_size(hs), sizeof(char *))) == NULL)
			goto fail;
		json_array_foreach(hs, i, l)
		{
			res->handles[i] = strdup(
			    json_is_string(l) ? json_string_value(l) : "");
			res->nhandles = i + 1;
			if (res->handles[i] == NULL)
				goto fail;
		}
	}
	return 0;
fail:
	cm_result_clear(res);
	return -1;
}

json_t *
cm_result_to_json(const struct cm_result *res)
{
	json_t *o = json_object(), *logs = json_array(), *hs;
	size_t i;

	if (o == NULL || logs == NULL)
		goto fail;
	if (res->result != NULL &&
	    json_object_set(o, "result", res->result) != 0)
		goto fail;
	if (res->error &&
	    json_object_set_new(o, "error", json_string(res->error)) != 0)
		goto fail;
	for (i = 0; i < res->nlogs; i++)
		if (json_array_append_new(logs,
			json_pack("{s:s, s:s}", "level", res->logs[i].level,
			    "text", res->logs[i].text)) != 0)
			goto fail;
	if (json_object_set(o, "logs", logs) != 0)
		goto fail;
	if (res->execution_id) {
		if (json_object_set_new(o, "executionId",
			json_string(res->execution_id)) != 0 ||
		    (hs = json_array()) == NULL ||
		    json_object_set_new(o, "handles", hs) != 0)
			goto fail;
		for (i = 0; i < res->nhandles; i++)
			if (json_array_append_new(
				hs, json_string(res->handles[i])) != 0)
				goto fail;
	}
	json_decref(logs);
	return o;
fail:
	json_decref(logs);
	json_decref(o);
	return NULL;
}

/* ---- ops ---- */

void
client_op_free(struct client_op *op)
{
	json_decref(op->args);
	json_decref(op->local);
	if (op->slot != NULL && !op->slot_attached)
		free(op->slot);
	free(op);
}

/* Unlinks a sent op from its session. */
static void
client_op_unlink(struct client_op *op)
{
	struct client_session *sess = op->session;

	if (sess == NULL)
		return;
	if (op->prev)
		op->prev->next = op->next;
	else
		sess->ops = op->next;
	if (op->next)
		op->next->prev = op->prev;
	op->next = op->prev = NULL;
	op->session = NULL;
	client_session_op_done(sess);
}

/* Completes `op` with a fault (borrowed) and frees it. */
void
client_op_fault(struct client_op *op, struct cm_error *err)
{
	struct cm_client *c = op->client;

	client_op_unlink(op);
	if (op->slot)
		client_slot_finish(op->slot);
	client_enter(c);
	if (op->kind == CLIENT_OP_EXECUTE) {
		if (op->exec_cb)
			op->exec_cb(c, NULL, err, op->arg);
	} else if (op->handle_cb)
		op->handle_cb(c, NULL, err, op->arg);
	client_op_free(op);
	client_leave(c);
}

/* capnweb settle callback of an op's call (also used for local results). */
void
client_op_settle(struct client_op *op, int status, json_t *value)
{
	struct cm_client *c = op->client;
	struct cm_result res;
	struct cm_outbound_response ores;
	struct cm_error err;
	char *why = NULL;

	memset(&err, 0, sizeof(err));
	if (status == CAPNWEB_BROKEN) {
		const char *m = capnweb_error_message(value);

		if (client_fault(&err, CM_TEXT_CONNECTION_BROKEN, "WebSocket",
			m ? m : "the session ended") != 0)
			memset(&err, 0, sizeof(err));
		client_op_fault(op, &err);
		cm_error_clear(&err);
		return;
	}
	if (status == CAPNWEB_REJECTED) {
		if (client_thrown(&err, value) != 0)
			memset(&err, 0, sizeof(err));
		client_op_fault(op, &err);
		cm_error_clear(&err);
		return;
	}
	switch (op->kind) {
	case CLIENT_OP_EXECUTE:
		if (client_result_read(value, &res) != 0) {
			client_fault(&err, CM_TEXT_INTERNAL,
			    "the execute answer "
			    "was not a result envelope",
			    NULL);
			client_op_fault(op, &err);
			cm_error_clear(&err);
			return;
		}
		client_op_unlink(op);
		if (op->slot)
			client_slot_finish(op->slot);
		client_enter(c);
		if (op->exec_cb)
			op->exec_cb(c, &res, NULL, op->arg);
		else
			cm_result_clear(&res);
		client_op_free(op);
		client_leave(c);
		return;
	case CLIENT_OP_INVOKE:
		if (client_outbound_response_read(value, &ores, &why) != 0) {
			client_fault(&err, CM_TEXT_INTERNAL,
			    why ? why : "out of memory", NULL);
			free(why);
			client_op_fault(op, &err);
			cm_error_clear(&err);
			return;
		}
		client_op_unlink(op);
		client_enter(c);
		if (op->handle_cb)
			op->handle_cb(c, &ores, NULL, op->arg);
		else
			cm_outbound_response_clear(&ores);
		client_op_free(op);
		client_leave(c);
		return;
	case CLIENT_OP_CLOSE:
		client_op_unlink(op);
		client_enter(c);
		if (op->handle_cb)
			op->handle_cb(c, NULL, NULL, op->arg);
		client_op_free(op);
		client_leave(c);
		return;
	}
}

static void
client_op_settled(void *udata, int status, json_t *value)
{
	client_op_settle(udata, status, value);
}

static const char *
client_op_method(const struct client_op *op)
{
	switch (op->kind) {
	case CLIENT_OP_EXECUTE:
		return "execute";
	case CLIENT_OP_INVOKE:
		return "invokeHandle";
	case CLIENT_OP_CLOSE:
		return "closeHandles";
	}
	return "";
}

/* Puts `op` on the wire of a ready session. */
void
client_session_send_op(struct client_session *sess, struct client_op *op)
{
	struct cm_error err;
	json_t *args;
	int64_t id;

	if (op->slot != NULL) {
		if (client_slot_attach(sess, op->slot) != 0) {
			/* Partly registered targets stay with the session. */
			op->slot_attached = 1;
			goto fail;
		}
		op->slot_attached = 1;
	}
	if ((args = json_deep_copy(op->args)) == NULL)
		goto fail;
	if (op->kind == CLIENT_OP_EXECUTE) {
		if (op->slot && op->slot->dispatch_target > 0)
			json_array_set_new(args, 3,
			    capnweb_value_target(op->slot->dispatch_target));
		if (op->slot && op->slot->outbound_target > 0)
			json_array_append_new(args,
			    capnweb_value_target(op->slot->outbound_target));
	}
	op->session = sess;
	op->prev = NULL;
	op->next = sess->ops;
	if (sess->ops)
		sess->ops->prev = op;
	sess->ops = op;
	sess->inflight++;
	id = capnweb_session_call(
	    sess->s, client_op_method(op), args, client_op_settled, op);
	json_decref(args); /* the session borrowed it */
	if (id < 0) {
		client_op_unlink(op);
		goto fail;
	}
	op->call_id = id;
	return;
fail:
	if (client_fault(&err, CM_TEXT_CONNECTION_BROKEN, "WebSocket",
		"the call could not be sent") != 0)
		memset(&err, 0, sizeof(err));
	client_op_fault(op, &err);
	cm_error_clear(&err);
}

static int
client_op_submit(
    struct cm_client *c, struct client_op *op, struct cm_error *err)
{
	if (c->freeing || c->free_pending) {
		client_op_free(op);
		client_usage(err, "the client is being disposed");
		return -1;
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
	char *text = NULL;
	int rc, hosts;

	if (req == NULL || req->code == NULL) {
		client_usage(err, "an execute request needs its code");
		return NULL;
	}
	hosts = (req->respond != NULL) + (req->dispatch != NULL) +
	    (req->dispatch_async != NULL);
	if (hosts > 1) {
		client_usage(err,
		    "set at most one of respond, dispatch and "
		    "dispatch_async");
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
		client_usage(err,
		    "outbound is CM_OUTBOUND_FUNCTION but no "
		    "outbound function is set");
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
			client_usage(err,
			    "modules must be a JSON object mapping "
			    "names to sources");
			return NULL;
		}
		if (json_object_set_new(opt, "modules", entries) != 0)
			goto nomem;
	}
	if ((providers = client_providers_json(req)) == NULL) {
		json_decref(opt);
		free(op);
		if (req->providers_json && !json_is_array(req->providers_json))
			client_usage(err, "providers_json must be an array");
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
		return client_usage(err, "no client"), -1;
	if ((op = client_execute_op(c, req, err)) == NULL)
		return -1;
	op->exec_cb = cb;
	op->arg = arg;
	return client_op_submit(c, op, err);
}

static int
client_handle_submit(struct cm_client *c, enum client_op_kind kind,
    const char *execution_id, const char *handle_name,
    const struct cm_outbound_request *req, cm_handle_cb cb, void *arg,
    struct cm_error *err)
{
	struct client_op *op;
	json_t *r = NULL;

	if (c == NULL || execution_id == NULL ||
	    (kind == CLIENT_OP_INVOKE && (handle_name == NULL || req == NULL)))
		return client_usage(err,
			   "invokeHandle needs an executionId, a "
			   "handle name and a request"),
		       -1;
	if ((op = calloc(1, sizeof(*op))) == NULL)
		goto nomem;
	op->client = c;
	op->kind = kind;
	op->handle_cb = cb;
	op->arg = arg;
	if (kind == CLIENT_OP_INVOKE) {
		if ((r = client_outbound_request_json(req)) == NULL)
			goto nomem;
		op->args = json_pack("[s, s, o]", execution_id, handle_name, r);
	} else
		op->args = json_pack("[s]", execution_id);
	if (op->args == NULL)
		goto nomem;
	return client_op_submit(c, op, err);
nomem:
	if (op)
		client_op_free(op);
	client_fault(err, CM_TEXT_INTERNAL, "out of memory", NULL);
	return -1;
}

int
cm_invoke_handle_async(struct cm_client *c, const char *execution_id,
    const char *handle_name, const struct cm_outbound_request *req,
    cm_handle_cb cb, void *arg, struct cm_error *err)
{
	return client_handle_submit(
	    c, CLIENT_OP_INVOKE, execution_id, handle_name, req, cb, arg, err);
}

int
cm_close_handles_async(struct cm_client *c, const char *execution_id,
    cm_handle_cb cb, void *arg, struct cm_error *err)
{
	return client_handle_submit(
	    c, CLIENT_OP_CLOSE, execution_id, NULL, NULL, cb, arg, err);
}

/* ---- connecting ---- */

void
client_free_config(struct cm_client *c)
{
	size_t i;

	client_url_clear(&c->url);
	for (i = 0; i < c->nheaders; i++) {
		free((char *)c->headers[i].name);
		free((char *)c->headers[i].value);
	}
	free(c->headers);
	json_decref(c->modules);
}

struct cm_client *
cm_connect_base(struct event_base *base, const char *url,
    const struct cm_connect_options *opts, cm_connect_cb cb, void *arg,
    struct cm_error *err)
{
	struct cm_connect_options none;
	struct cm_client *c;
	char *why = NULL;
	size_t i;

	if (opts == NULL) {
		memset(&none, 0, sizeof(none));
		opts = &none;
	}
	if (base == NULL) {
		client_usage(err, "no event_base");
		return NULL;
	}
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		client_fault(err, CM_TEXT_CONNECTION_REJECTED, url ? url : "",
		    "out of memory");
		return NULL;
	}
	c->base = base;
	if (client_url_parse(url, &c->url, &why) != 0) {
		client_fault(err, CM_TEXT_CONNECTION_REJECTED, url ? url : "",
		    why ? why : "out of memory");
		free(why);
		free(c);
		return NULL;
	}
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
		client_usage(err,
		    "outbound is CM_OUTBOUND_FUNCTION but no "
		    "outbound function is set");
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

	for (s = c->sessions; s != NULL; s = s->next)
		if (s->state == CLIENT_S_READY && !s->retiring)
			return 1;
	return 0;
}

unsigned
cm_client_sessions_opened(const struct cm_client *c)
{
	return c->opened;
}
