/*
 * The request file of codemode-run --request: parsed and checked into a
 * struct request_file, with the daemon's defaults and bounds. See
 * request_file.h.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "proto/base64.h"
#include "request_file.h"

static int
request_file_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* 0 when every member of `o` is one of the NULL-terminated `names`. */
static int
request_file_members(const json_t *o, const char *const *names,
    const char *where, char *err, size_t errlen)
{
	const char *key;
	json_t *v;
	size_t i;

	json_object_foreach((json_t *)o, key, v)
	{
		for (i = 0; names[i] != NULL; i++)
			if (strcmp(key, names[i]) == 0)
				break;
		if (names[i] == NULL)
			return request_file_fail(err, errlen,
			    "%s: unknown member \"%s\"", where, key);
	}
	return 0;
}

int
request_file_body_ok(const json_t *body)
{
	return body == NULL || json_is_null(body) || json_is_string(body) ||
	    cm_binary_is(body);
}

/* [[name, value]...] of strings. */
static int
request_file_headers_ok(const json_t *headers)
{
	json_t *pair;
	size_t i;

	if (headers == NULL)
		return 1;
	if (!json_is_array(headers))
		return 0;
	json_array_foreach(headers, i, pair) if (!json_is_array(pair) ||
	    json_array_size(pair) != 2 ||
	    !json_is_string(json_array_get(pair, 0)) ||
	    !json_is_string(json_array_get(pair, 1))) return 0;
	return 1;
}

static int
request_file_check_providers(const json_t *list, char *err, size_t errlen)
{
	static const char *const names[] = { "name", "tools", "positionalArgs",
		"prelude", "proxySource", NULL };
	json_t *d, *t;
	size_t i, j;
	char where[64];

	if (!json_is_array(list))
		return request_file_fail(
		    err, errlen, "providers: expected an array of descriptors");
	json_array_foreach(list, i, d)
	{
		snprintf(where, sizeof(where), "providers[%zu]", i);
		if (!json_is_object(d))
			return request_file_fail(
			    err, errlen, "%s: expected an object", where);
		if (request_file_members(d, names, where, err, errlen) != 0)
			return -1;
		if (!json_is_string(json_object_get(d, "name")))
			return request_file_fail(err, errlen,
			    "%s: \"name\" must be a string", where);
		t = json_object_get(d, "tools");
		if (!json_is_array(t))
			return request_file_fail(err, errlen,
			    "%s: \"tools\" must be an array of names", where);
		for (j = 0; j < json_array_size(t); j++)
			if (!json_is_string(json_array_get(t, j)))
				return request_file_fail(err, errlen,
				    "%s: \"tools\" must be an array of names",
				    where);
		if (json_object_get(d, "positionalArgs") != NULL &&
		    !json_is_boolean(json_object_get(d, "positionalArgs")))
			return request_file_fail(err, errlen,
			    "%s: \"positionalArgs\" must be true or false",
			    where);
		if ((json_object_get(d, "prelude") != NULL &&
			!json_is_string(json_object_get(d, "prelude"))) ||
		    (json_object_get(d, "proxySource") != NULL &&
			!json_is_string(json_object_get(d, "proxySource"))))
			return request_file_fail(err, errlen,
			    "%s: \"prelude\" and \"proxySource\" must be "
			    "strings",
			    where);
	}
	return 0;
}

/*
 * The wire pairs as they are (the run reports a bad kind), or the map form
 * normalized as the client does it: its declared failure is kept for the
 * envelope.
 */
static int
request_file_check_modules(
    struct request_file *rq, json_t *m, char *err, size_t errlen)
{
	json_t *pair;
	size_t i;
	int rc;

	if (json_is_object(m)) {
		rc = cm_module_entries(m, &rq->modules, &rq->modules_error);
		if (rc < 0)
			return request_file_fail(err, errlen, "out of memory");
		return 0;
	}
	if (!json_is_array(m))
		return request_file_fail(err, errlen,
		    "modules: expected "
		    "[[name, source]...] or an object of name: source");
	json_array_foreach(m, i, pair) if (!json_is_array(pair) ||
	    json_array_size(pair) != 2 ||
	    !json_is_string(
		json_array_get(pair, 0))) return request_file_fail(err, errlen,
	    "modules[%zu]: "
	    "expected a [name, source] pair",
	    i);
	rq->modules = json_incref(m);
	return 0;
}

/* delayMs and repeat, common to both answer lists. */
static int
request_file_check_timing(
    const json_t *e, const char *where, char *err, size_t errlen)
{
	json_t *d = json_object_get(e, "delayMs"),
	       *r = json_object_get(e, "repeat");

	if (d != NULL && (!json_is_number(d) || !(json_number_value(d) >= 0)))
		return request_file_fail(err, errlen,
		    "%s: \"delayMs\" must be a number of ms, 0 or more", where);
	if (r != NULL && !json_is_boolean(r))
		return request_file_fail(
		    err, errlen, "%s: \"repeat\" must be true or false", where);
	return 0;
}

static int
request_file_check_answers(
    const json_t *list, int outbound, char *err, size_t errlen)
{
	static const char *const tool_names[] = { "provider", "tool", "answer",
		"delayMs", "repeat", NULL };
	static const char *const out_names[] = { "method", "url", "answer",
		"delayMs", "repeat", NULL };
	const char *list_name = outbound ? "outboundAnswers" : "toolAnswers";
	const char *m1 = outbound ? "method" : "provider";
	const char *m2 = outbound ? "url" : "tool";
	json_t *e, *a;
	size_t i;
	char where[64];

	if (!json_is_array(list))
		return request_file_fail(
		    err, errlen, "%s: expected an array", list_name);
	json_array_foreach(list, i, e)
	{
		snprintf(where, sizeof(where), "%s[%zu]", list_name, i);
		if (!json_is_object(e))
			return request_file_fail(
			    err, errlen, "%s: expected an object", where);
		if (request_file_members(e, outbound ? out_names : tool_names,
			where, err, errlen) != 0 ||
		    request_file_check_timing(e, where, err, errlen) != 0)
			return -1;
		if ((json_object_get(e, m1) != NULL &&
			!json_is_string(json_object_get(e, m1))) ||
		    (json_object_get(e, m2) != NULL &&
			!json_is_string(json_object_get(e, m2))))
			return request_file_fail(err, errlen,
			    "%s: \"%s\" and \"%s\" must be strings", where, m1,
			    m2);
		if ((a = json_object_get(e, "answer")) == NULL)
			return request_file_fail(
			    err, errlen, "%s: \"answer\" is missing", where);
		if (outbound &&
		    (!json_is_object(a) ||
			(json_object_get(a, "error") != NULL &&
			    !json_is_string(json_object_get(a, "error")))))
			return request_file_fail(err, errlen,
			    "%s: \"answer\" must "
			    "be a serialized response or {\"error\": text}",
			    where);
	}
	return 0;
}

static int
request_file_check_invocations(const json_t *list, char *err, size_t errlen)
{
	static const char *const wrap[] = { "handle", "request", NULL };
	static const char *const req[] = { "method", "url", "headers", "body",
		NULL };
	json_t *inv, *r;
	size_t i;
	char where[64];

	if (!json_is_array(list))
		return request_file_fail(
		    err, errlen, "invocations: expected an array of requests");
	json_array_foreach(list, i, inv)
	{
		snprintf(where, sizeof(where), "invocations[%zu]", i);
		r = inv;
		if (json_is_object(inv) && json_object_get(inv, "request")) {
			if (request_file_members(
				inv, wrap, where, err, errlen) != 0)
				return -1;
			if (json_object_get(inv, "handle") != NULL &&
			    !json_is_string(json_object_get(inv, "handle")))
				return request_file_fail(err, errlen,
				    "%s: \"handle\" must be a string", where);
			r = json_object_get(inv, "request");
		}
		if (!json_is_object(r))
			return request_file_fail(err, errlen,
			    "%s: expected a serialized request", where);
		if (request_file_members(r, req, where, err, errlen) != 0)
			return -1;
		if (!json_is_string(json_object_get(r, "url")) ||
		    (json_object_get(r, "method") != NULL &&
			!json_is_string(json_object_get(r, "method"))))
			return request_file_fail(err, errlen,
			    "%s: \"url\" (and \"method\") must be strings",
			    where);
		if (!request_file_headers_ok(json_object_get(r, "headers")))
			return request_file_fail(err, errlen,
			    "%s: \"headers\" "
			    "must be [[name, value]...] strings",
			    where);
		if (!request_file_body_ok(json_object_get(r, "body")))
			return request_file_fail(err, errlen,
			    "%s: \"body\" must be "
			    "null, a string or a tagged binary value",
			    where);
	}
	return 0;
}

/* The run bound as the daemon takes it (api_timeout): at least 1 ms, at most
 * MAX_SUPPORTED_TIMEOUT. */
static int
request_file_timeout(
    struct request_file *rq, const json_t *t, char *err, size_t errlen)
{
	double ms;

	if (t == NULL)
		ms = CM_DEFAULT_TIMEOUT;
	else if (json_is_null(t))
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	else if (json_is_number(t))
		ms = json_number_value(t);
	else
		return request_file_fail(
		    err, errlen, "timeout: expected a number of ms or null");
	if (!(ms >= 1))
		ms = 1;
	if (ms > CM_MAX_SUPPORTED_TIMEOUT)
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	rq->timeout_ms = floor(ms);
	return 0;
}

static int
request_file_flag(
    const json_t *root, const char *name, int *out, char *err, size_t errlen)
{
	json_t *v = json_object_get(root, name);

	if (v == NULL)
		return 0;
	if (!json_is_boolean(v))
		return request_file_fail(
		    err, errlen, "%s: expected true or false", name);
	*out = json_is_true(v);
	return 0;
}

static int
request_file_check(struct request_file *rq, char *err, size_t errlen)
{
	static const char *const names[] = { "code", "providers", "modules",
		"timeout", "memoryLimit", "countHostWaits", "outboundMode",
		"retainHandles", "toolAnswers", "outboundAnswers",
		"invocations", "comment", "language", NULL };
	json_t *root = rq->root, *v;
	enum cm_outbound_mode mode;
	char *text = NULL;
	int rc;

	if (!json_is_object(root))
		return request_file_fail(
		    err, errlen, "expected a JSON object (an ExecuteRequest)");
	if (request_file_members(root, names, "request", err, errlen) != 0)
		return -1;
	if ((rq->code = json_string_value(json_object_get(root, "code"))) ==
	    NULL)
		return request_file_fail(
		    err, errlen, "code: missing, or not a string");
	if ((v = json_object_get(root, "providers")) != NULL) {
		if (request_file_check_providers(v, err, errlen) != 0)
			return -1;
		rq->providers = v;
	}
	if ((v = json_object_get(root, "modules")) != NULL &&
	    request_file_check_modules(rq, v, err, errlen) != 0)
		return -1;
	if (request_file_timeout(
		rq, json_object_get(root, "timeout"), err, errlen) != 0)
		return -1;
	rq->memory_limit_mb = CM_DEFAULT_MEMORY_LIMIT;
	if ((v = json_object_get(root, "memoryLimit")) != NULL) {
		/* The child's rule: a whole number of MB, at most 1 TB. */
		if (!json_is_integer(v) || json_integer_value(v) <= 0 ||
		    json_integer_value(v) > 1 << 20)
			return request_file_fail(err, errlen,
			    "memoryLimit: "
			    "expected a whole number of MB from 1 to %d",
			    1 << 20);
		rq->memory_limit_mb = (unsigned)json_integer_value(v);
	}
	if (request_file_flag(root, "countHostWaits", &rq->count_host_waits,
		err, errlen) != 0 ||
	    request_file_flag(
		root, "retainHandles", &rq->retain_handles, err, errlen) != 0)
		return -1;
	if ((v = json_object_get(root, "language")) != NULL) {
		if (!json_is_string(v) ||
		    (strcmp(json_string_value(v), CM_LANGUAGE_TYPESCRIPT) !=
			    0 &&
			strcmp(json_string_value(v), CM_LANGUAGE_JAVASCRIPT) !=
			    0))
			return request_file_fail(err, errlen,
			    "language: expected \"%s\" or \"%s\"",
			    CM_LANGUAGE_JAVASCRIPT, CM_LANGUAGE_TYPESCRIPT);
		rq->typescript =
		    strcmp(json_string_value(v), CM_LANGUAGE_TYPESCRIPT) == 0;
	}
	rq->outbound_mode = CM_OUTBOUND_MODE_NATIVE;
	if ((v = json_object_get(root, "outboundMode")) != NULL) {
		if (!json_is_string(v))
			return request_file_fail(err, errlen,
			    "outboundMode: expected native, stub or disabled");
		/* The file is the outbound function of stub mode. */
		rc = cm_parse_outbound_mode(
		    json_string_value(v), 1, &mode, &text);
		if (rc != 0) {
			request_file_fail(err, errlen, "outboundMode: %s",
			    text ? text : "out of memory");
			free(text);
			return -1;
		}
		rq->outbound_mode = cm_outbound_mode_name(mode);
	}
	if ((v = json_object_get(root, "comment")) != NULL &&
	    !json_is_string(v))
		return request_file_fail(
		    err, errlen, "comment: expected a string");
	if ((v = json_object_get(root, "toolAnswers")) != NULL) {
		if (request_file_check_answers(v, 0, err, errlen) != 0)
			return -1;
		rq->tool_answers = v;
	}
	if ((v = json_object_get(root, "outboundAnswers")) != NULL) {
		if (request_file_check_answers(v, 1, err, errlen) != 0)
			return -1;
		rq->outbound_answers = v;
	}
	if ((v = json_object_get(root, "invocations")) != NULL) {
		if (request_file_check_invocations(v, err, errlen) != 0)
			return -1;
		rq->invocations = v;
	}
	return 0;
}

int
request_file_parse(const char *text, size_t len, struct request_file *rq,
    char *err, size_t errlen)
{
	json_error_t je;

	memset(rq, 0, sizeof(*rq));
	if ((rq->root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je)) ==
	    NULL)
		return request_file_fail(err, errlen, "line %d, column %d: %s",
		    je.line, je.column, je.text);
	if (request_file_check(rq, err, errlen) != 0) {
		request_file_clear(rq);
		return -1;
	}
	return 0;
}

void
request_file_clear(struct request_file *rq)
{
	json_decref(rq->modules);
	json_decref(rq->root);
	free(rq->modules_error);
	memset(rq, 0, sizeof(*rq));
}

/* ---- bodies ---- */

char *
request_file_body_base64(const json_t *body)
{
	uint8_t *bytes = NULL;
	size_t n = 0;
	char *out;

	if (json_is_string(body)) {
		n = json_string_length(body);
		if ((bytes = malloc(n + 1)) == NULL)
			return NULL;
		memcpy(bytes, json_string_value(body), n);
	} else if (body != NULL && !json_is_null(body) &&
	    cm_binary_bytes(body, &bytes, &n) != 0)
		return NULL;
	if ((out = malloc(base64_encoded_len(n, 1) + 1)) != NULL)
		base64_encode(bytes ? bytes : (const uint8_t *)"", n, 1, out);
	free(bytes);
	return out;
}

/* ---- invocations ---- */

char *
request_file_invocation(const json_t *inv, const char **handle)
{
	const json_t *r = inv, *body, *hd, *m;
	json_t *out;
	char *b64 = NULL, *s;

	*handle = "fetch";
	if (json_object_get(inv, "request") != NULL) {
		r = json_object_get(inv, "request");
		if (json_is_string(json_object_get(inv, "handle")))
			*handle =
			    json_string_value(json_object_get(inv, "handle"));
	}
	body = json_object_get(r, "body");
	if (body != NULL && !json_is_null(body) &&
	    (b64 = request_file_body_base64(body)) == NULL)
		return NULL;
	m = json_object_get(r, "method");
	hd = json_object_get(r, "headers");
	out = json_pack("{s:s, s:O, s:o, s:o, s:s}", "method",
	    json_is_string(m) ? json_string_value(m) : "GET", "url",
	    json_object_get(r, "url"), "headers",
	    hd ? json_incref((json_t *)hd) : json_array(), "body",
	    b64 ? json_string(b64) : json_null(), "executionId",
	    REQUEST_FILE_EXECUTION_ID);
	free(b64);
	s = out ? json_dumps(out, JSON_COMPACT) : NULL;
	json_decref(out);
	return s;
}
