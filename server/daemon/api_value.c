/*
 * The api module's translation between the child's JSON and capnweb's
 * values (api_int.h), the faults a call is rejected with included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/base64.h"
#include "proto/dispatch.h"
#include "proto/capnweb.h"
#include "proto/payload.h"
#include "proto/texts.h"
#include "api_int.h"
#include "ipc/ipcmsg.h"
#include "state.h"

json_t *
api_value_result(const struct ipcmsg_result *r, const char *execution_id)
{
	json_t *m = json_object(), *logs = json_array(), *h, *line;
	size_t i;
	int bad = m == NULL || logs == NULL;

	if (!bad && r->result_json.s != NULL)
		bad = json_object_set_new(m, "resultJson",
			  json_stringn(r->result_json.s, r->result_json.len)) !=
		    0;
	if (!bad && r->error.s != NULL)
		bad = json_object_set_new(m, "error",
			  json_stringn(r->error.s, r->error.len)) != 0;
	for (i = 0; !bad && i < r->nlogs; i++) {
		line = json_pack("{s:s, s:s%}", "level",
		    ipcmsg_level_name(r->logs[i].level), "text",
		    r->logs[i].text.s, r->logs[i].text.len);
		bad = json_array_append_new(logs, line) != 0;
	}
	if (!bad) {
		bad = json_object_set_new(m, "logs", logs) != 0;
		logs = NULL;
	}
	if (!bad && execution_id != NULL) {
		bad = (h = json_array()) == NULL ||
		    json_object_set_new(m, "handles", h) != 0 ||
		    json_object_set_new(
			m, "executionId", json_string(execution_id)) != 0;
		for (i = 0; !bad && i < r->nhandles; i++)
			bad = json_array_append_new(h,
				  json_stringn(
				      r->handles[i].s, r->handles[i].len)) != 0;
	}
	json_decref(logs);
	if (bad) {
		json_decref(m);
		return NULL;
	}
	return m;
}

void
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

int
api_reject_oversized(const struct daemon *d, struct capnweb_call *call,
    const char *part, size_t len)
{
	char size[32], limit[32];
	const char *v[3] = { part, size, limit };

	if (d->cfg.response_limit < 0 ||
	    (long long)len <= d->cfg.response_limit)
		return 0;
	snprintf(size, sizeof(size), "%zu", len);
	snprintf(limit, sizeof(limit), "%lld", d->cfg.response_limit);
	api_reject_fault(call, CM_TEXT_RESPONSE_TOO_LARGE, v, 3);
	return 1;
}

void
api_reject_type(struct capnweb_call *call, const char *message)
{
	json_t *err = capnweb_error_new("TypeError", message);

	capnweb_call_reject(call, err ? err : json_string(message));
}

void
api_resolve_error(struct capnweb_call *call, const char *text)
{
	json_t *msg = json_pack("{s:s, s:[]}", "error", text, "logs");

	capnweb_call_resolve(call, msg ? msg : json_null());
}

char *
api_tool_unreachable(const char *reason)
{
	char *t = texts_compose(CM_TEXT_TOOL_CALL_UNREACHABLE, reason);
	char *env = cm_envelope_error(t ? t : reason);

	free(t);
	return env;
}

/* The caller's response with its body as base64, as the child reads it:
 * an OUTBOUND_RESPONSE through its encoder, or NULL when the answer is not
 * a response the child can take (status an integer 0..999, headers
 * [name, value] string pairs, the body within PAYLOAD_LIMIT). */
static char *
api_value_outbound_response(json_t *res, char **too_large)
{
	json_t *body = json_object_get(res, "body"), *hs, *pair, *st;
	struct ipcmsg_outbound_response m;
	uint8_t *bytes = NULL;
	size_t n = 0, i, len;
	char *b64, *s = NULL;

	st = json_object_get(res, "status");
	if (!json_is_object(res) || !json_is_integer(st))
		return NULL;
	if (body && capnweb_value_get_bytes(body, &bytes, &n) != 0 &&
	    !json_is_null(body) &&
	    (capnweb_value_kind(body) == NULL ||
		strcmp(capnweb_value_kind(body), "bytes") == 0))
		return NULL; /* bytes it could not read (out of memory) are
				not an empty body */
	memset(&m, 0, sizeof(m));
	if (json_integer_value(st) < 0 || json_integer_value(st) > 999)
		goto out;
	/* Past the bound the fetch fails with the bound's own text, which
	 * says what the caller can do, not as a bad answer. */
	hs = json_object_get(res, "headers");
	if (payload_check(PAYLOAD_OUTBOUND_RESPONSE,
		payload_outbound_response_size(
		    json_string_value(json_object_get(res, "statusText")),
		    json_is_array(hs) ? hs : NULL, n),
		too_large) != 0)
		goto out;
	m.status = (int)json_integer_value(st);
	m.status_text.s = "";
	if (json_is_string(json_object_get(res, "statusText"))) {
		m.status_text.s =
		    json_string_value(json_object_get(res, "statusText"));
		m.status_text.len =
		    json_string_length(json_object_get(res, "statusText"));
	}
	hs = json_object_get(res, "headers");
	if (json_is_array(hs) && json_array_size(hs) > 0) {
		if ((m.headers = calloc(
			 json_array_size(hs), sizeof(*m.headers))) == NULL)
			goto out;
		json_array_foreach(hs, i, pair)
		{
			if (!json_is_string(json_array_get(pair, 0)) ||
			    !json_is_string(json_array_get(pair, 1)))
				goto out;
			m.headers[i].name.s =
			    json_string_value(json_array_get(pair, 0));
			m.headers[i].name.len =
			    json_string_length(json_array_get(pair, 0));
			m.headers[i].value.s =
			    json_string_value(json_array_get(pair, 1));
			m.headers[i].value.len =
			    json_string_length(json_array_get(pair, 1));
		}
		m.nheaders = json_array_size(hs);
	}
	if ((b64 = malloc(base64_encoded_len(n, 1) + 1)) == NULL)
		goto out;
	base64_encode(bytes ? bytes : (const uint8_t *)"", n, 1, b64);
	m.body.s = b64;
	m.body.len = strlen(b64);
	s = ipcmsg_outbound_response_encode(&m, &len);
	free(b64);
out:
	free(m.headers);
	free(bytes);
	return s;
}

char *
api_value_outbound_error(const char *text)
{
	size_t len;

	return ipcmsg_outbound_error_encode(text ? text : "", &len);
}

char *
api_value_tool_answer(const char *text, size_t n)
{
	struct ipcmsg_tool_result m;
	size_t len;

	m.text.s = text;
	m.text.len = n;
	return ipcmsg_tool_result_encode(&m, &len);
}

char *
api_value_answer(int outbound, int status, json_t *value)
{
	char *answer = NULL, *t;

	if (outbound && status == CAPNWEB_RESOLVED) {
		t = NULL;
		if ((answer = api_value_outbound_response(value, &t)) == NULL) {
			if (t == NULL)
				t = texts_compose(
				    CM_TEXT_OUTBOUND_FUNCTION_BAD_ANSWER);
			answer = t ? api_value_outbound_error(t) : NULL;
		}
		free(t);
		return answer;
	} else if (outbound) {
		const char *m = capnweb_error_message(value);

		/* The caller's own words, within the bound like a response. */
		if (m == NULL)
			m = "the outbound function failed";
		if (payload_check(PAYLOAD_OUTBOUND_RESPONSE,
			payload_chars(m, strlen(m)), &t) != 0) {
			answer = t ? api_value_outbound_error(t) : NULL;
			free(t);
			return answer;
		}
		return api_value_outbound_error(m);
	} else if (status == CAPNWEB_RESOLVED && json_is_string(value)) {
		answer = strdup(json_string_value(value));
	} else if (status == CAPNWEB_RESOLVED) {
		/* The sandbox rethrows a non-envelope as the envelope
		 * fault. */
		answer = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
	} else {
		const char *m = capnweb_error_message(value);

		answer = cm_envelope_error(m	? m
			: json_is_string(value) ? json_string_value(value)
						: "the dispatch failed");
	}
	/* An answer past PAYLOAD_LIMIT fails its one call, in the dispatch
	 * grammar ({"error": text}), and the run goes on. */
	if (answer != NULL &&
	    payload_check(PAYLOAD_TOOL_RESULT,
		payload_chars(answer, strlen(answer)), &t) != 0) {
		free(answer);
		answer = t ? cm_envelope_error(t) : NULL;
		free(t);
	}
	/* A TOOL_RESULT goes through its encoder (bound, UTF-8). One it
	 * refuses still answers: the call fails, in words. */
	t = answer ? api_value_tool_answer(answer, strlen(answer)) : NULL;
	free(answer);
	if (t == NULL &&
	    (answer = api_tool_unreachable(
		 "its answer is larger than the executor takes")) != NULL) {
		t = api_value_tool_answer(answer, strlen(answer));
		free(answer);
	}
	return t;
}

json_t *
api_value_outbound_request(json_t *req)
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

/* The serialized Response the caller gets: its body as bytes. */
json_t *
api_value_handle_response(const struct ipcmsg_handle_result *h)
{
	json_t *res, *headers = json_array(), *body;
	uint8_t *bytes;
	long n;
	size_t i;

	if (headers == NULL ||
	    (bytes = malloc(h->body.len / 4 * 3 + 3)) == NULL) {
		json_decref(headers);
		return NULL;
	}
	n = base64_decode(h->body.s, h->body.len, bytes);
	body = n >= 0 ? capnweb_value_bytes(bytes, (size_t)n, "ArrayBuffer")
		      : NULL;
	free(bytes);
	for (i = 0; i < h->nheaders; i++)
		if (json_array_append_new(headers,
			json_pack("[s%s%]", h->headers[i].name.s,
			    h->headers[i].name.len, h->headers[i].value.s,
			    h->headers[i].value.len)) != 0) {
			json_decref(body);
			body = NULL;
			break;
		}
	if (body == NULL) {
		json_decref(headers);
		return NULL;
	}
	res = json_pack("{s:i, s:s%, s:o, s:o}", "status", h->status,
	    "statusText", h->status_text.s, h->status_text.len, "headers",
	    headers, "body", body);
	return res;
}
