/*
 * The canned host of codemode-run: answers a run's tool calls and outbound
 * requests from a request file's toolAnswers and outboundAnswers, in call
 * order and time, as execution_host hooks. See canned_host.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canned_host.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "host/engine.h"
#include "proto/dispatch.h"
#include "proto/texts.h"

int
canned_host_init(
    struct canned_host *h, const struct request_file *rq, FILE *trace)
{
	memset(h, 0, sizeof(*h));
	h->rq = rq;
	h->trace = trace;
	h->tool_used = calloc(json_array_size(rq->tool_answers) + 1, 1);
	h->outbound_used = calloc(json_array_size(rq->outbound_answers) + 1, 1);
	if (h->tool_used == NULL || h->outbound_used == NULL) {
		canned_host_clear(h);
		return -1;
	}
	return 0;
}

void
canned_host_flush(struct canned_host *h)
{
	size_t i;

	for (i = 0; i < h->nqueue; i++)
		free(h->queue[i].payload);
	h->nqueue = 0;
}

void
canned_host_clear(struct canned_host *h)
{
	canned_host_flush(h);
	free(h->queue);
	free(h->tool_used);
	free(h->outbound_used);
	memset(h, 0, sizeof(*h));
}

/* The first usable entry of `list` whose matchers accept a and b; -1 if none.
 */
static long
canned_host_match(const json_t *list, unsigned char *used, const char *k1,
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
canned_host_delay(const json_t *e)
{
	json_t *d = json_object_get(e, "delayMs");

	return json_is_number(d) ? json_number_value(d) : 0;
}

char *
canned_host_tool_answer(
    struct canned_host *h, const char *call, size_t len, double *delay_ms)
{
	json_t *c = json_loadb(call, len, 0, NULL), *e, *a;
	const char *provider, *tool;
	char *out;
	long i;

	*delay_ms = 0;
	provider = json_string_value(json_object_get(c, "provider"));
	tool = json_string_value(json_object_get(c, "tool"));
	i = canned_host_match(h->rq->tool_answers, h->tool_used, "provider",
	    provider, "tool", tool);
	if (i < 0) {
		/* Nobody implements it: the envelope a run without a dispatch
		 * gets. */
		out = cm_envelope_tool_not_found(tool ? tool : "");
		json_decref(c);
		return out;
	}
	e = json_array_get(h->rq->tool_answers, (size_t)i);
	*delay_ms = canned_host_delay(e);
	a = json_object_get(e, "answer");
	out = json_is_string(a) ? strdup(json_string_value(a))
				: cm_dispatch_stringify(a);
	json_decref(c);
	return out;
}

/* A serialized response as the child reads it (api.c's rules), or NULL. */
static char *
canned_host_response(const json_t *res)
{
	json_t *body = json_object_get(res, "body"), *st, *hd, *out;
	char *b64, *s;

	if (!json_is_integer(json_object_get(res, "status")) ||
	    !request_file_body_ok(body) ||
	    (b64 = request_file_body_base64(body)) == NULL)
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
canned_host_outbound_answer(
    struct canned_host *h, const char *request, size_t len, double *delay_ms)
{
	json_t *r, *e, *a;
	char *out;
	long i;

	*delay_ms = 0;
	if (strcmp(h->rq->outbound_mode, CM_OUTBOUND_MODE_STUB) != 0)
		return dispatch_error_envelope(CM_TEXT_OUTBOUND_DISABLED, NULL);
	r = json_loadb(request, len, 0, NULL);
	i = canned_host_match(h->rq->outbound_answers, h->outbound_used,
	    "method", json_string_value(json_object_get(r, "method")), "url",
	    json_string_value(json_object_get(r, "url")));
	json_decref(r);
	if (i < 0)
		return dispatch_error_envelope(
		    CM_TEXT_OUTBOUND_FUNCTION_UNREACHABLE,
		    "no entry of outboundAnswers matches it");
	e = json_array_get(h->rq->outbound_answers, (size_t)i);
	*delay_ms = canned_host_delay(e);
	a = json_object_get(e, "answer");
	if (json_is_string(json_object_get(a, "error")))
		return cm_envelope_error(
		    json_string_value(json_object_get(a, "error")));
	if ((out = canned_host_response(a)) == NULL)
		out = dispatch_error_envelope(
		    CM_TEXT_OUTBOUND_FUNCTION_BAD_ANSWER, NULL);
	return out;
}

static int
canned_host_send(void *arg, enum execution_call kind, const char *json,
    size_t len, uint32_t call_id)
{
	struct canned_host *h = arg;
	struct canned_host_queued *q;
	double delay;
	char *answer;

	if (h->trace != NULL) {
		fwrite(json, 1, len, h->trace);
		fputc('\n', h->trace);
		fflush(h->trace);
	}
	answer = kind == EXECUTION_TOOL_CALL
	    ? canned_host_tool_answer(h, json, len, &delay)
	    : canned_host_outbound_answer(h, json, len, &delay);
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
canned_host_sleep(double ms)
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
canned_host_wait(
    void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct canned_host *h = arg;
	double now = engine_now_ms();
	size_t i, best = 0;

	if (h->nqueue == 0) {
		if (ms < 0)
			return -1; /* nothing is on its way: it never would be
				    */
		canned_host_sleep(ms);
		return 0;
	}
	for (i = 1; i < h->nqueue; i++)
		if (h->queue[i].due < h->queue[best].due)
			best = i;
	if (ms >= 0 && h->queue[best].due > now + ms) {
		canned_host_sleep(ms);
		return 0;
	}
	canned_host_sleep(h->queue[best].due - now);
	*call_id = h->queue[best].call_id;
	*payload = h->queue[best].payload;
	*len = strlen(*payload);
	memmove(&h->queue[best], &h->queue[best + 1],
	    (h->nqueue - best - 1) * sizeof(h->queue[0]));
	h->nqueue--;
	return 1;
}

static void
canned_host_edge(void *arg, int waiting)
{
	(void)arg;
	(void)waiting;
}

void
canned_host_bind(struct canned_host *h, struct execution_host *eh)
{
	eh->send = canned_host_send;
	eh->wait = canned_host_wait;
	eh->host_wait = canned_host_edge;
	eh->arg = h;
}
