/*
 * The run's calls out to its caller (api_int.h): tool calls to the
 * caller's dispatch function, outbound requests to its function or to a
 * native fetch.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/dispatch.h"
#include "proto/capnweb.h"
#include "proto/texts.h"
#include "api_int.h"
#include "ipc/ipcmsg.h"
#include "fetchlink.h"
#include "state.h"

/* Answers a tool call with an envelope text (taken), through the
 * TOOL_RESULT encoder. */
static void
api_tool_reply(struct pool_exec *pe, uint32_t call_id, char *envelope)
{
	char *m =
	    envelope ? api_value_tool_answer(envelope, strlen(envelope)) : NULL;

	free(envelope);
	if (m)
		pool_exec_reply(pe, call_id, 0, (const uint8_t *)m, strlen(m));
	free(m);
}

/* A tool call (or outbound request) out to the caller's stub. */
struct api_tool_call {
	struct api_exec *ae;
	uint32_t call_id;
	int outbound;
};

static void
api_tool_settled(void *udata, int status, json_t *value)
{
	struct api_tool_call *tc = udata;
	struct api_exec *ae = tc->ae;
	char *answer = NULL;

	if (ae->pe != NULL && (ae->running || tc->outbound)) {
		answer = api_value_answer(tc->outbound, status, value);
		if (answer)
			pool_exec_reply(ae->pe, tc->call_id, tc->outbound,
			    (const uint8_t *)answer, strlen(answer));
		free(answer);
	}
	api_exec_unref(ae);
	free(tc);
}

/*
 * The dispatch's arguments: the strings as they came, NUL included. They
 * were read from JSON, so they are UTF-8 already (json_pack's check of it
 * and its format's parse were 3.7K instructions a call). NULL: no memory.
 */
static json_t *
api_tool_args(const struct ipcmsg_tool_call *m)
{
	const struct ipcmsg_str *s[3] = { &m->provider, &m->tool, &m->args };
	json_t *a = json_array();
	size_t i;

	for (i = 0; a != NULL && i < 3; i++)
		if (json_array_append_new(
			a, json_stringn_nocheck(s[i]->s, s[i]->len)) != 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

void
api_on_tool_call(struct pool_exec *pe, uint32_t call_id, const uint8_t *payload,
    size_t len, void *udata)
{
	struct api_exec *ae = udata;
	struct api_tool_call *tc;
	const struct ipcmsg_tool_call *m = pool_checked_tool_call(pe);
	json_t *args;

	(void)payload;
	(void)len;
	/* Checked by the pool (pool_child.c) before this call. */
	if (m == NULL) {
		api_tool_reply(pe, call_id,
		    api_tool_unreachable(
			"the child's tool call was malformed"));
		return;
	}
	if (ae->dispatch == NULL) {
		api_tool_reply(
		    pe, call_id, cm_envelope_tool_not_found(m->tool.s));
		return;
	}
	args = api_tool_args(m);
	tc = calloc(1, sizeof(*tc));
	if (args == NULL || tc == NULL) {
		/* The run is not left waiting on a call that never went. */
		json_decref(args);
		free(tc);
		api_tool_reply(pe, call_id,
		    api_tool_unreachable("the executor ran out of memory"));
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
		api_tool_reply(pe, call_id,
		    api_tool_unreachable("the caller's connection is gone"));
	}
	json_decref(args);
}

/* Answers an outbound request of the child with a composed text. */
static void
api_outbound_text(struct pool_exec *pe, uint32_t call_id, enum cm_spec_text id,
    const char *param)
{
	char *t = param ? texts_compose(id, param) : texts_compose(id);
	char *s = t ? api_value_outbound_error(t) : NULL;

	free(t);
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

void
api_on_outbound(struct pool_exec *pe, uint32_t call_id, const uint8_t *payload,
    size_t len, void *udata)
{
	struct api_exec *ae = udata;
	struct api_tool_call *tc;
	struct api_native *n;
	struct fetchlink_req *r;
	const struct ipcmsg_outbound *m = pool_checked_outbound(pe);
	json_t *req = NULL, *args, *wire;

	(void)payload;
	(void)len;
	/* Checked by the pool (pool_child.c): the tree holds exactly the
	 * request's four fields, each of its type. */
	if (m != NULL)
		req = json_incref(m->tree);
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
		 * A native fetch spends the run's own bound: cap it by it. Its
		 * bounds in flight are the execution's (ae is the owner). A
		 * request that cannot start has already been answered (and n
		 * freed) when fetchlink_start returns NULL.
		 */
		r = fetchlink_start(ae->d->fetch, ae, req, (long)ae->timeout_ms,
		    api_native_done, n);
		if (r != NULL)
			n->req = r;
		json_decref(req);
		return;
	}
	wire = api_value_outbound_request(req);
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
