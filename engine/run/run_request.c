/*
 * codemode-run --request: an ExecuteRequest from a file, run with a canned
 * host. The run itself is execution_run(), the same code the daemon's
 * child (server/child/worker.c) drives over frames; this file stands in for the
 * parent: it answers tool calls and outbound requests from the file, with
 * the daemon's defaults, bounds and texts. See run_request.h.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "proto/base64.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "host/engine.h"
#include "host/execution.h"
#include "tools/file.h"
#include "run_request.h"
#include "proto/texts.h"

/* ---- validation ---- */

static int
run_request_fail(char *err, size_t errlen, const char *fmt, ...)
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
run_request_members(const json_t *o, const char *const *names,
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
			return run_request_fail(err, errlen,
			    "%s: unknown member \"%s\"", where, key);
	}
	return 0;
}

/* A body: absent, null, a string (its UTF-8 bytes) or a tagged binary value. */
static int
run_request_body_ok(const json_t *body)
{
	return body == NULL || json_is_null(body) || json_is_string(body) ||
	    cm_binary_is(body);
}

/* [[name, value]...] of strings. */
static int
run_request_headers_ok(const json_t *headers)
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
run_request_check_providers(const json_t *list, char *err, size_t errlen)
{
	static const char *const names[] = { "name", "tools", "positionalArgs",
		"prelude", "proxySource", NULL };
	json_t *d, *t;
	size_t i, j;
	char where[64];

	if (!json_is_array(list))
		return run_request_fail(
		    err, errlen, "providers: expected an array of descriptors");
	json_array_foreach(list, i, d)
	{
		snprintf(where, sizeof(where), "providers[%zu]", i);
		if (!json_is_object(d))
			return run_request_fail(
			    err, errlen, "%s: expected an object", where);
		if (run_request_members(d, names, where, err, errlen) != 0)
			return -1;
		if (!json_is_string(json_object_get(d, "name")))
			return run_request_fail(err, errlen,
			    "%s: \"name\" must be a string", where);
		t = json_object_get(d, "tools");
		if (!json_is_array(t))
			return run_request_fail(err, errlen,
			    "%s: \"tools\" must be an array of names", where);
		for (j = 0; j < json_array_size(t); j++)
			if (!json_is_string(json_array_get(t, j)))
				return run_request_fail(err, errlen,
				    "%s: \"tools\" must be an array of names",
				    where);
		if (json_object_get(d, "positionalArgs") != NULL &&
		    !json_is_boolean(json_object_get(d, "positionalArgs")))
			return run_request_fail(err, errlen,
			    "%s: \"positionalArgs\" must be true or false",
			    where);
		if ((json_object_get(d, "prelude") != NULL &&
			!json_is_string(json_object_get(d, "prelude"))) ||
		    (json_object_get(d, "proxySource") != NULL &&
			!json_is_string(json_object_get(d, "proxySource"))))
			return run_request_fail(err, errlen,
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
run_request_check_modules(
    struct run_request *rq, json_t *m, char *err, size_t errlen)
{
	json_t *pair;
	size_t i;
	int rc;

	if (json_is_object(m)) {
		rc = cm_module_entries(m, &rq->modules, &rq->modules_error);
		if (rc < 0)
			return run_request_fail(err, errlen, "out of memory");
		return 0;
	}
	if (!json_is_array(m))
		return run_request_fail(err, errlen,
		    "modules: expected "
		    "[[name, source]...] or an object of name: source");
	json_array_foreach(m, i, pair) if (!json_is_array(pair) ||
	    json_array_size(pair) != 2 ||
	    !json_is_string(
		json_array_get(pair, 0))) return run_request_fail(err, errlen,
	    "modules[%zu]: "
	    "expected a [name, source] pair",
	    i);
	rq->modules = json_incref(m);
	return 0;
}

/* delayMs and repeat, common to both answer lists. */
static int
run_request_check_timing(
    const json_t *e, const char *where, char *err, size_t errlen)
{
	json_t *d = json_object_get(e, "delayMs"),
	       *r = json_object_get(e, "repeat");

	if (d != NULL && (!json_is_number(d) || !(json_number_value(d) >= 0)))
		return run_request_fail(err, errlen,
		    "%s: \"delayMs\" must be a number of ms, 0 or more", where);
	if (r != NULL && !json_is_boolean(r))
		return run_request_fail(
		    err, errlen, "%s: \"repeat\" must be true or false", where);
	return 0;
}

static int
run_request_check_answers(
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
		return run_request_fail(
		    err, errlen, "%s: expected an array", list_name);
	json_array_foreach(list, i, e)
	{
		snprintf(where, sizeof(where), "%s[%zu]", list_name, i);
		if (!json_is_object(e))
			return run_request_fail(
			    err, errlen, "%s: expected an object", where);
		if (run_request_members(e, outbound ? out_names : tool_names,
			where, err, errlen) != 0 ||
		    run_request_check_timing(e, where, err, errlen) != 0)
			return -1;
		if ((json_object_get(e, m1) != NULL &&
			!json_is_string(json_object_get(e, m1))) ||
		    (json_object_get(e, m2) != NULL &&
			!json_is_string(json_object_get(e, m2))))
			return run_request_fail(err, errlen,
			    "%s: \"%s\" and \"%s\" must be strings", where, m1,
			    m2);
		if ((a = json_object_get(e, "answer")) == NULL)
			return run_request_fail(
			    err, errlen, "%s: \"answer\" is missing", where);
		if (outbound &&
		    (!json_is_object(a) ||
			(json_object_get(a, "error") != NULL &&
			    !json_is_string(json_object_get(a, "error")))))
			return run_request_fail(err, errlen,
			    "%s: \"answer\" must "
			    "be a serialized response or {\"error\": text}",
			    where);
	}
	return 0;
}

static int
run_request_check_invocations(const json_t *list, char *err, size_t errlen)
{
	static const char *const wrap[] = { "handle", "request", NULL };
	static const char *const req[] = { "method", "url", "headers", "body",
		NULL };
	json_t *inv, *r;
	size_t i;
	char where[64];

	if (!json_is_array(list))
		return run_request_fail(
		    err, errlen, "invocations: expected an array of requests");
	json_array_foreach(list, i, inv)
	{
		snprintf(where, sizeof(where), "invocations[%zu]", i);
		r = inv;
		if (json_is_object(inv) && json_object_get(inv, "request")) {
			if (run_request_members(
				inv, wrap, where, err, errlen) != 0)
				return -1;
			if (json_object_get(inv, "handle") != NULL &&
			    !json_is_string(json_object_get(inv, "handle")))
				return run_request_fail(err, errlen,
				    "%s: \"handle\" must be a string", where);
			r = json_object_get(inv, "request");
		}
		if (!json_is_object(r))
			return run_request_fail(err, errlen,
			    "%s: expected a serialized request", where);
		if (run_request_members(r, req, where, err, errlen) != 0)
			return -1;
		if (!json_is_string(json_object_get(r, "url")) ||
		    (json_object_get(r, "method") != NULL &&
			!json_is_string(json_object_get(r, "method"))))
			return run_request_fail(err, errlen,
			    "%s: \"url\" (and \"method\") must be strings",
			    where);
		if (!run_request_headers_ok(json_object_get(r, "headers")))
			return run_request_fail(err, errlen,
			    "%s: \"headers\" "
			    "must be [[name, value]...] strings",
			    where);
		if (!run_request_body_ok(json_object_get(r, "body")))
			return run_request_fail(err, errlen,
			    "%s: \"body\" must be "
			    "null, a string or a tagged binary value",
			    where);
	}
	return 0;
}

/* The run bound as the daemon takes it (api_timeout): at least 1 ms, at most
 * MAX_SUPPORTED_TIMEOUT. */
static int
run_request_timeout(
    struct run_request *rq, const json_t *t, char *err, size_t errlen)
{
	double ms;

	if (t == NULL)
		ms = CM_DEFAULT_TIMEOUT;
	else if (json_is_null(t))
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	else if (json_is_number(t))
		ms = json_number_value(t);
	else
		return run_request_fail(
		    err, errlen, "timeout: expected a number of ms or null");
	if (!(ms >= 1))
		ms = 1;
	if (ms > CM_MAX_SUPPORTED_TIMEOUT)
		ms = CM_MAX_SUPPORTED_TIMEOUT;
	rq->timeout_ms = floor(ms);
	return 0;
}

static int
run_request_flag(
    const json_t *root, const char *name, int *out, char *err, size_t errlen)
{
	json_t *v = json_object_get(root, name);

	if (v == NULL)
		return 0;
	if (!json_is_boolean(v))
		return run_request_fail(
		    err, errlen, "%s: expected true or false", name);
	*out = json_is_true(v);
	return 0;
}

static int
run_request_check(struct run_request *rq, char *err, size_t errlen)
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
		return run_request_fail(
		    err, errlen, "expected a JSON object (an ExecuteRequest)");
	if (run_request_members(root, names, "request", err, errlen) != 0)
		return -1;
	if ((rq->code = json_string_value(json_object_get(root, "code"))) ==
	    NULL)
		return run_request_fail(
		    err, errlen, "code: missing, or not a string");
	if ((v = json_object_get(root, "providers")) != NULL) {
		if (run_request_check_providers(v, err, errlen) != 0)
			return -1;
		rq->providers = v;
	}
	if ((v = json_object_get(root, "modules")) != NULL &&
	    run_request_check_modules(rq, v, err, errlen) != 0)
		return -1;
	if (run_request_timeout(
		rq, json_object_get(root, "timeout"), err, errlen) != 0)
		return -1;
	rq->memory_limit_mb = CM_DEFAULT_MEMORY_LIMIT;
	if ((v = json_object_get(root, "memoryLimit")) != NULL) {
		/* The child's rule: a whole number of MB, at most 1 TB. */
		if (!json_is_integer(v) || json_integer_value(v) <= 0 ||
		    json_integer_value(v) > 1 << 20)
			return run_request_fail(err, errlen,
			    "memoryLimit: "
			    "expected a whole number of MB from 1 to %d",
			    1 << 20);
		rq->memory_limit_mb = (unsigned)json_integer_value(v);
	}
	if (run_request_flag(root, "countHostWaits", &rq->count_host_waits, err,
		errlen) != 0 ||
	    run_request_flag(
		root, "retainHandles", &rq->retain_handles, err, errlen) != 0)
		return -1;
	if ((v = json_object_get(root, "language")) != NULL) {
		if (!json_is_string(v) ||
		    (strcmp(json_string_value(v), CM_LANGUAGE_TYPESCRIPT) !=
			    0 &&
			strcmp(json_string_value(v), CM_LANGUAGE_JAVASCRIPT) !=
			    0))
			return run_request_fail(err, errlen,
			    "language: expected \"%s\" or \"%s\"",
			    CM_LANGUAGE_JAVASCRIPT, CM_LANGUAGE_TYPESCRIPT);
		rq->typescript =
		    strcmp(json_string_value(v), CM_LANGUAGE_TYPESCRIPT) == 0;
	}
	rq->outbound_mode = CM_OUTBOUND_MODE_NATIVE;
	if ((v = json_object_get(root, "outboundMode")) != NULL) {
		if (!json_is_string(v))
			return run_request_fail(err, errlen,
			    "outboundMode: expected native, stub or disabled");
		/* The file is the outbound function of stub mode. */
		rc = cm_parse_outbound_mode(
		    json_string_value(v), 1, &mode, &text);
		if (rc != 0) {
			run_request_fail(err, errlen, "outboundMode: %s",
			    text ? text : "out of memory");
			free(text);
			return -1;
		}
		rq->outbound_mode = cm_outbound_mode_name(mode);
	}
	if ((v = json_object_get(root, "comment")) != NULL &&
	    !json_is_string(v))
		return run_request_fail(
		    err, errlen, "comment: expected a string");
	if ((v = json_object_get(root, "toolAnswers")) != NULL) {
		if (run_request_check_answers(v, 0, err, errlen) != 0)
			return -1;
		rq->tool_answers = v;
	}
	if ((v = json_object_get(root, "outboundAnswers")) != NULL) {
		if (run_request_check_answers(v, 1, err, errlen) != 0)
			return -1;
		rq->outbound_answers = v;
	}
	if ((v = json_object_get(root, "invocations")) != NULL) {
		if (run_request_check_invocations(v, err, errlen) != 0)
			return -1;
		rq->invocations = v;
	}
	return 0;
}

int
run_request_parse(const char *text, size_t len, struct run_request *rq,
    char *err, size_t errlen)
{
	json_error_t je;

	memset(rq, 0, sizeof(*rq));
	if ((rq->root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je)) ==
	    NULL)
		return run_request_fail(err, errlen, "line %d, column %d: %s",
		    je.line, je.column, je.text);
	if (run_request_check(rq, err, errlen) != 0) {
		run_request_clear(rq);
		return -1;
	}
	return 0;
}

void
run_request_clear(struct run_request *rq)
{
	json_decref(rq->modules);
	json_decref(rq->root);
	free(rq->modules_error);
	memset(rq, 0, sizeof(*rq));
}

/* ---- bodies ---- */

/* A body of the file as standard base64 (malloc'd; "" for none), or NULL. */
static char *
run_request_body_base64(const json_t *body)
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

/* ---- the canned host ---- */

int
run_request_host_init(
    struct run_request_host *h, const struct run_request *rq, FILE *trace)
{
	memset(h, 0, sizeof(*h));
	h->rq = rq;
	h->trace = trace;
	h->tool_used = calloc(json_array_size(rq->tool_answers) + 1, 1);
	h->outbound_used = calloc(json_array_size(rq->outbound_answers) + 1, 1);
	if (h->tool_used == NULL || h->outbound_used == NULL) {
		run_request_host_clear(h);
		return -1;
	}
	return 0;
}

/* Drops the answers still on their way (a finished phase's). */
static void
run_request_host_flush(struct run_request_host *h)
{
	size_t i;

	for (i = 0; i < h->nqueue; i++)
		free(h->queue[i].payload);
	h->nqueue = 0;
}

void
run_request_host_clear(struct run_request_host *h)
{
	run_request_host_flush(h);
	free(h->queue);
	free(h->tool_used);
	free(h->outbound_used);
	memset(h, 0, sizeof(*h));
}

/* The first usable entry of `list` whose matchers accept a and b; -1 if none.
 */
static long
run_request_match(const json_t *list, unsigned char *used, const char *k1,
    const char *a, const char *k2, const char *b)
{
	const char *m1, *m2;
	json_t *e;
	size_t i;

	json_array_foreach(list, i, e)
	{
		if (used[i])
			continue;
		m1 = json_string_value(json_object_get(e, k1));
		m2 = json_string_value(json_object_get(e, k2));
		if ((m1 != NULL && (a == NULL || strcmp(m1, a) != 0)) ||
		    (m2 != NULL && (b == NULL || strcmp(m2, b) != 0)))
			continue;
		if (!json_is_true(json_object_get(e, "repeat")))
			used[i] = 1;
		return (long)i;
	}
	return -1;
}

static double
run_request_delay(const json_t *e)
{
	json_t *d = json_object_get(e, "delayMs");

	return json_is_number(d) ? json_number_value(d) : 0;
}

char *
run_request_tool_answer(
    struct run_request_host *h, const char *call, size_t len, double *delay_ms)
{
	json_t *c = json_loadb(call, len, 0, NULL), *e, *a;
	const char *provider, *tool;
	char *out;
	long i;

	*delay_ms = 0;
	provider = json_string_value(json_object_get(c, "provider"));
	tool = json_string_value(json_object_get(c, "tool"));
	i = run_request_match(h->rq->tool_answers, h->tool_used, "provider",
	    provider, "tool", tool);
	if (i < 0) {
		/* Nobody implements it: the envelope a run without a dispatch
		 * gets. */
		out = cm_envelope_tool_not_found(tool ? tool : "");
		json_decref(c);
		return out;
	}
	e = json_array_get(h->rq->tool_answers, (size_t)i);
	*delay_ms = run_request_delay(e);
	a = json_object_get(e, "answer");
	out = json_is_string(a) ? strdup(json_string_value(a))
				: cm_dispatch_stringify(a);
	json_decref(c);
	return out;
}

/* A serialized response as the child reads it (api.c's rules), or NULL. */
static char *
run_request_response(const json_t *res)
{
	json_t *body = json_object_get(res, "body"), *st, *hd, *out;
	char *b64, *s;

	if (!json_is_integer(json_object_get(res, "status")) ||
	    !run_request_body_ok(body) ||
	    (b64 = run_request_body_base64(body)) == NULL)
		return NULL;
	st = json_object_get(res, "statusText");
	hd = json_object_get(res, "headers");
	out = json_pack("{s:O, s:s, s:o, s:s}", "status",
	    json_object_get(res, "status"), "statusText",
	    json_is_string(st) ? json_string_value(st) : "", "headers",
	    json_is_array(hd) ? json_incref(hd) : json_array(), "body", b64);
	free(b64);
	s = out ? json_dumps(out, JSON_COMPACT) : NULL;
	json_decref(out);
	return s;
}

char *
run_request_outbound_answer(struct run_request_host *h, const char *request,
    size_t len, double *delay_ms)
{
	json_t *r, *e, *a;
	char *out;
	long i;

	*delay_ms = 0;
	if (strcmp(h->rq->outbound_mode, CM_OUTBOUND_MODE_STUB) != 0)
		return texts_error_envelope(CM_TEXT_OUTBOUND_DISABLED, NULL);
	r = json_loadb(request, len, 0, NULL);
	i = run_request_match(h->rq->outbound_answers, h->outbound_used,
	    "method", json_string_value(json_object_get(r, "method")), "url",
	    json_string_value(json_object_get(r, "url")));
	json_decref(r);
	if (i < 0)
		return texts_error_envelope(
		    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
		    "no entry of outboundAnswers matches it");
	e = json_array_get(h->rq->outbound_answers, (size_t)i);
	*delay_ms = run_request_delay(e);
	a = json_object_get(e, "answer");
	if (json_is_string(json_object_get(a, "error")))
		return cm_envelope_error(
		    json_string_value(json_object_get(a, "error")));
	if ((out = run_request_response(a)) == NULL)
		out = texts_error_envelope(
		    CM_TEXT_OUTBOUND_FUNCTION_BAD_ANSWER, NULL);
	return out;
}

static int
run_request_host_send(void *arg, enum execution_call kind, const char *json,
    size_t len, uint32_t call_id)
{
	struct run_request_host *h = arg;
	struct run_request_queued *q;
	double delay;
	char *answer;

	if (h->trace != NULL) {
		fwrite(json, 1, len, h->trace);
		fputc('\n', h->trace);
		fflush(h->trace);
	}
	answer = kind == EXECUTION_TOOL_CALL
	    ? run_request_tool_answer(h, json, len, &delay)
	    : run_request_outbound_answer(h, json, len, &delay);
	if (answer == NULL)
		return -1;
	if (h->nqueue == h->capqueue) {
		size_t n = h->capqueue ? h->capqueue * 2 : 8;

		if ((q = realloc(h->queue, n * sizeof(*q))) == NULL) {
			free(answer);
			return -1;
		}
		h->queue = q;
		h->capqueue = n;
	}
	q = &h->queue[h->nqueue++];
	q->call_id = call_id;
	q->payload = answer;
	q->due = engine_now_ms() + delay;
	return 0;
}

static void
run_request_sleep(double ms)
{
	struct timespec ts;

	if (!(ms > 0))
		return;
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)((ms - (double)ts.tv_sec * 1000) * 1e6);
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* The answer due first arrives (calls answered at once keep their order). */
static int
run_request_host_wait(
    void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct run_request_host *h = arg;
	double now = engine_now_ms();
	size_t i, best = 0;

	if (h->nqueue == 0) {
		if (ms < 0)
			return -1; /* nothing is on its way: it never would be
				    */
		run_request_sleep(ms);
		return 0;
	}
	for (i = 1; i < h->nqueue; i++)
		if (h->queue[i].due < h->queue[best].due)
			best = i;
	if (ms >= 0 && h->queue[best].due > now + ms) {
		run_request_sleep(ms);
		return 0;
	}
	run_request_sleep(h->queue[best].due - now);
	*call_id = h->queue[best].call_id;
	*payload = h->queue[best].payload;
	*len = strlen(*payload);
	memmove(&h->queue[best], &h->queue[best + 1],
	    (h->nqueue - best - 1) * sizeof(h->queue[0]));
	h->nqueue--;
	return 1;
}

static void
run_request_host_edge(void *arg, int waiting)
{
	(void)arg;
	(void)waiting;
}

void
run_request_host_bind(struct run_request_host *h, struct execution_host *eh)
{
	eh->send = run_request_host_send;
	eh->wait = run_request_host_wait;
	eh->host_wait = run_request_host_edge;
	eh->arg = h;
}

/* ---- invocations ---- */

char *
run_request_invocation(const json_t *inv, const char **handle)
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
	    (b64 = run_request_body_base64(body)) == NULL)
		return NULL;
	m = json_object_get(r, "method");
	hd = json_object_get(r, "headers");
	out = json_pack("{s:s, s:O, s:o, s:o, s:s}", "method",
	    json_is_string(m) ? json_string_value(m) : "GET", "url",
	    json_object_get(r, "url"), "headers",
	    hd ? json_incref((json_t *)hd) : json_array(), "body",
	    b64 ? json_string(b64) : json_null(), "executionId",
	    RUN_REQUEST_EXECUTION_ID);
	free(b64);
	s = out ? json_dumps(out, JSON_COMPACT) : NULL;
	json_decref(out);
	return s;
}

/* ---- the run ---- */

/* What the memory hook needs: it runs inside the allocator and ends the
 * process. */
struct run_request_state {
	const struct run_request *rq;
	size_t next; /* the first invocation not yet answered */
	int invoking;
	int status; /* the run's exit status, once it has one */
};

static struct run_request_state run_request_state;

/* Prints one line of JSON text (consumed); -1 when it is missing. */
static int
run_request_line(char *s)
{
	if (s == NULL)
		return -1;
	fputs(s, stdout);
	fputc('\n', stdout);
	free(s);
	return 0;
}

/* {"error": text, "logs": []}, the envelope of a run that never started. */
static char *
run_request_envelope(const char *text)
{
	json_t *o = json_pack("{s:s, s:[]}", "error", text ? text : "", "logs");
	char *s = o ? cm_dispatch_stringify(o) : NULL;

	json_decref(o);
	return s;
}

/* Every invocation from `from` on meets the HANDLES_CLOSED fault. */
static void
run_request_closed(const struct run_request *rq, size_t from)
{
	const struct texts_info *ti = texts_info(CM_TEXT_HANDLES_CLOSED);
	char *text;
	json_t *o;
	size_t i;

	for (i = from; i < json_array_size(rq->invocations); i++) {
		text = texts_compose(
		    CM_TEXT_HANDLES_CLOSED, RUN_REQUEST_EXECUTION_ID);
		o = text
		    ? json_pack("{s:s, s:s}", "error", text, "code", ti->code)
		    : NULL;
		run_request_line(o ? cm_dispatch_stringify(o) : NULL);
		json_decref(o);
		free(text);
	}
}

/* The first refused allocation ends the process, as it ends the daemon's child.
 */
static void
run_request_on_oom(void *arg)
{
	struct run_request_state *st = arg;
	char mb[16], *text;

	snprintf(mb, sizeof(mb), "%u", st->rq->memory_limit_mb);
	text = texts_compose(CM_TEXT_MEMORY_LIMIT, mb);
	fflush(stderr);
	if (st->invoking) {
		run_request_line(cm_envelope_error(text));
		run_request_closed(st->rq, st->next + 1);
	} else {
		run_request_line(run_request_envelope(text));
		run_request_closed(st->rq, 0);
		st->status = 1;
	}
	free(text);
	fflush(stdout);
	_exit(st->status);
}

/* The message with the executionId the daemon adds to a grant. */
static char *
run_request_granted(char *msg)
{
	json_t *m = cm_dispatch_parse(msg, strlen(msg), NULL, 0);
	char *s = NULL;

	if (json_is_object(m) &&
	    json_object_set_new(
		m, "executionId", json_string(RUN_REQUEST_EXECUTION_ID)) == 0)
		s = cm_dispatch_stringify(m);
	json_decref(m);
	free(msg);
	return s;
}

/* Serves the invocations in order; the handles close at a bound. */
static void
run_request_invoke_all(struct run_request_state *st, struct engine *e,
    const struct execution_request *er, struct run_request_host *h,
    const struct execution_host *eh)
{
	const struct run_request *rq = st->rq;
	enum execution_invoke_end end;
	const char *handle;
	char *req, *answer, num[32];
	size_t i;

	for (i = 0; i < json_array_size(rq->invocations); i++) {
		st->next = i;
		st->invoking = 1;
		req = run_request_invocation(
		    json_array_get(rq->invocations, i), &handle);
		answer = NULL;
		/* Answers to the last phase's calls must not meet this one's
		 * ids. */
		run_request_host_flush(h);
		end = req ? execution_invoke(e, er, eh, handle, req, &answer)
			  : EXECUTION_INVOKE_FAILED;
		free(req);
		st->invoking = 0;
		if (end == EXECUTION_INVOKE_ANSWERED) {
			run_request_line(answer);
			continue;
		}
		free(answer);
		if (end == EXECUTION_INVOKE_TIMEOUT) {
			snprintf(num, sizeof(num), "%.0f", er->timeout_ms);
			run_request_line(texts_error_envelope(
			    CM_TEXT_EXECUTION_TIMEOUT, num));
		} else if (engine_oom(e)) {
			st->invoking = 1;
			run_request_on_oom(st);
		} else
			run_request_line(texts_error_envelope(
			    CM_TEXT_INTERNAL, "the invocation broke off"));
		run_request_closed(rq, i + 1);
		return;
	}
}

/* Runs a parsed request on a fresh engine; the exit status. */
static int
run_request_run(const struct run_request *rq, FILE *trace)
{
	struct run_request_state *st = &run_request_state;
	struct execution_request er;
	struct execution_host eh;
	struct run_request_host h;
	struct engine_options eo;
	struct engine *e;
	char err[256], *msg, *text;
	json_t *m;
	int retained = 0;

	memset(st, 0, sizeof(*st));
	st->rq = rq;
	if (rq->modules_error != NULL) {
		/* The client reports a bad map in the envelope and sends
		 * nothing. */
		run_request_line(run_request_envelope(rq->modules_error));
		run_request_closed(rq, 0);
		return 1;
	}
	/* As the daemon does it: a heap made ahead, then aimed at the run. */
	memset(&eo, 0, sizeof(eo));
	if ((e = engine_create(&eo, err, sizeof(err))) == NULL) {
		fprintf(stderr, "codemode-run: %s\n", err);
		return 3;
	}
	if (engine_configure(e, (size_t)rq->memory_limit_mb << 20,
		rq->timeout_ms, run_request_on_oom, st) != 0) {
		snprintf(err, sizeof(err),
		    "the engine could not take the %u MB "
		    "limit",
		    rq->memory_limit_mb);
		text = texts_compose(CM_TEXT_INTERNAL, err);
		run_request_line(run_request_envelope(text));
		free(text);
		run_request_closed(rq, 0);
		engine_destroy(e);
		return 1;
	}
	if (run_request_host_init(&h, rq, trace) != 0) {
		engine_destroy(e);
		fprintf(stderr, "codemode-run: out of memory\n");
		return 3;
	}
	run_request_host_bind(&h, &eh);
	memset(&er, 0, sizeof(er));
	er.code = rq->code;
	er.providers = rq->providers;
	er.modules = rq->modules;
	er.timeout_ms = rq->timeout_ms;
	er.count_host_waits = rq->count_host_waits;
	/* No fetcher here: native is what a daemon under the veto runs. */
	er.outbound_mode =
	    strcmp(rq->outbound_mode, CM_OUTBOUND_MODE_NATIVE) == 0
	    ? CM_OUTBOUND_MODE_DISABLED
	    : rq->outbound_mode;
	er.memory_limit_mb = rq->memory_limit_mb;
	er.retain_handles = rq->retain_handles;
	er.typescript = rq->typescript;
	msg = execution_run(e, &er, &eh, &retained);
	if (msg == NULL && engine_oom(e))
		run_request_on_oom(st);
	if (msg != NULL && retained)
		msg = run_request_granted(msg);
	if (msg == NULL) {
		fprintf(stderr,
		    "codemode-run: the run broke off (out of "
		    "memory outside the heap?)\n");
		st->status = 3;
	} else {
		m = cm_dispatch_parse(msg, strlen(msg), NULL, 0);
		st->status = json_object_get(m, "error") != NULL ? 1 : 0;
		json_decref(m);
		run_request_line(msg);
		if (retained)
			run_request_invoke_all(st, e, &er, &h, &eh);
		else
			run_request_closed(rq, 0);
	}
	fflush(stdout);
	run_request_host_clear(&h);
	engine_destroy(e);
	return st->status;
}

int
run_request_main(const char *path, int trace)
{
	struct run_request rq;
	char err[512], *src;
	size_t len;
	int rc;

	if ((src = file_read(path, &len)) == NULL) {
		fprintf(
		    stderr, "codemode-run: %s: %s\n", path, strerror(errno));
		return 2;
	}
	rc = run_request_parse(src, len, &rq, err, sizeof(err));
	free(src);
	if (rc != 0) {
		fprintf(stderr, "codemode-run: %s: %s\n", path, err);
		return 2;
	}
	rc = run_request_run(&rq, trace ? stderr : NULL);
	run_request_clear(&rq);
	return rc;
}
