/*
 * Steps that talk to the executor: execute (with the scripted dispatch and
 * outbound functions exported as capnweb targets), bursts, and the handle
 * calls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "proto/base64.h"
#include "codemode/protocol.h"
#include "run_int.h"
#include "wire.h"

/* The scripted functions of one execution. */
struct run_script {
	struct run_ctx *x;
	const json_t *dispatch; /* borrowed: {"provider.tool": entry} */
	const json_t *outbound; /* borrowed: outboundScript */
	json_t *seen; /* owned: tool name -> calls so far */
	json_t *calls; /* owned: [[provider, tool, args], ...] */
	json_t *requests; /* owned: outbound requests as data */
	size_t nresponses;
};

/* Answers now, or after delayMs. `value` is stolen. */
static void
run_answer_call(struct run_ctx *x, struct capnweb_call *call, json_t *value,
    int reject, const json_t *entry)
{
	const json_t *delay = json_object_get(entry, "delayMs");
	struct run_timer *t;

	if (value == NULL)
		value = json_string("the runner ran out of memory");
	if (!json_is_number(delay) || json_number_value(delay) <= 0 ||
	    (t = calloc(1, sizeof(*t))) == NULL) {
		if (reject)
			capnweb_call_reject(call, value);
		else
			capnweb_call_resolve(call, value);
		return;
	}
	t->due = wire_now_ms() + json_number_value(delay);
	t->call = call;
	t->value = value;
	t->reject = reject;
	t->next = x->timers;
	x->timers = t;
}

static json_t *
run_error_value(const char *message)
{
	return capnweb_error_new("Error", message);
}

/* The script entry for provider.tool: exact, then provider.*, then *. */
static const json_t *
run_script_entry(struct run_script *sc, const char *provider, const char *tool)
{
	char key[512];
	const json_t *e;
	json_t *count;
	json_int_t k;

	snprintf(key, sizeof(key), "%s.%s", provider, tool);
	if ((e = json_object_get(sc->dispatch, key)) == NULL) {
		snprintf(key, sizeof(key), "%s.*", provider);
		if ((e = json_object_get(sc->dispatch, key)) == NULL)
			e = json_object_get(sc->dispatch, "*");
	}
	if (!json_is_array(e))
		return e;
	/* A list answers successive calls in turn; the last one repeats. */
	count = json_object_get(sc->seen, key);
	k = json_is_integer(count) ? json_integer_value(count) : 0;
	json_object_set_new(sc->seen, key, json_integer(k + 1));
	if ((size_t)k >= json_array_size(e))
		k = (json_int_t)json_array_size(e) - 1;
	return json_array_get(e, (size_t)k);
}

/*
 * A length a script gives as a number or as a "{{CONST}}" expression
 * (how a case names sizes at the protocol's bounds); -1 when absent or
 * not a length.
 */
static long long
run_length(const json_t *v)
{
	char err[256], *s, *end;
	long long n;

	if (json_is_integer(v))
		return json_integer_value(v);
	if (!json_is_string(v) ||
	    (s = expect_expand_consts(
		 json_string_value(v), err, sizeof(err))) == NULL)
		return -1;
	n = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || n < 0)
		n = -1;
	free(s);
	return n;
}

/* The envelope {"result":"xx..x"} of exactly n characters (n >= 13). */
static json_t *
run_sized_envelope(long long n)
{
	static const char head[] = "{\"result\":\"", tail[] = "\"}";
	size_t fixed = sizeof(head) - 1 + sizeof(tail) - 1;
	json_t *v;
	char *s;

	if (n < (long long)fixed || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	memcpy(s, head, sizeof(head) - 1);
	memset(s + sizeof(head) - 1, 'x', (size_t)n - fixed);
	memcpy(s + (size_t)n - (sizeof(tail) - 1), tail, sizeof(tail));
	v = json_stringn(s, (size_t)n);
	free(s);
	return v;
}

/* The caller's dispatch function: (provider, tool, argsJson) -> envelope. */
static void
run_dispatch_target(void *udata, struct capnweb_call *call)
{
	struct run_script *sc = udata;
	json_t *args = capnweb_call_args(call), *v;
	const char *provider = json_string_value(json_array_get(args, 0));
	const char *tool = json_string_value(json_array_get(args, 1));
	const char *argstr = json_string_value(json_array_get(args, 2));
	const json_t *e;
	char *s = NULL, err[256];

	json_array_append_new(
	    sc->calls, json_pack("[s?, s?, s?]", provider, tool, argstr));
	if (provider == NULL || tool == NULL || argstr == NULL) {
		capnweb_call_reject(call,
		    run_error_value(
			"the dispatch takes "
			"(provider, tool, argsJson) as three strings"));
		return;
	}
	e = run_script_entry(sc, provider, tool);
	if (e == NULL) {
		s = cm_envelope_tool_not_found(tool);
		run_answer_call(sc->x, call, s ? json_string(s) : NULL, 0, e);
	} else if ((v = json_object_get(e, "result")) != NULL) {
		json_t *r = run_expand(sc->x, v);

		s = r ? cm_envelope_result(r) : NULL;
		json_decref(r);
		run_answer_call(sc->x, call, s ? json_string(s) : NULL, 0, e);
	} else if ((v = json_object_get(e, "error")) != NULL) {
		char *text = expect_text_pattern(v, NULL, err, sizeof(err));

		s = cm_envelope_error(text ? text : err);
		free(text);
		run_answer_call(sc->x, call, s ? json_string(s) : NULL, 0, e);
	} else if ((v = json_object_get(e, "answerLength")) != NULL) {
		run_answer_call(
		    sc->x, call, run_sized_envelope(run_length(v)), 0, e);
	} else if ((v = json_object_get(e, "answer")) != NULL ||
	    (v = json_object_get(e, "answerValue")) != NULL) {
		run_answer_call(sc->x, call, run_expand(sc->x, v), 0, e);
	} else if ((v = json_object_get(e, "reject")) != NULL) {
		run_answer_call(
		    sc->x, call, run_error_value(json_string_value(v)), 1, e);
	} else if (json_is_true(json_object_get(e, "echo"))) {
		json_t *r = json_pack("{s:s, s:s, s:s}", "provider", provider,
		    "tool", tool, "args", argstr);

		s = r ? cm_envelope_result(r) : NULL;
		json_decref(r);
		run_answer_call(sc->x, call, s ? json_string(s) : NULL, 0, e);
	} else {
		/* Only a delay: the result envelope of undefined. */
		run_answer_call(sc->x, call, json_string("{}"), 0, e);
	}
	free(s);
}

/* Bytes of a capnweb bytes marker as a string value, or null. */
static json_t *
run_body_text(const json_t *body)
{
	uint8_t *bytes;
	size_t len;
	json_t *s;

	if (body == NULL || json_is_null(body))
		return json_null();
	if (capnweb_value_get_bytes(body, &bytes, &len) != 0)
		return json_incref((json_t *)body);
	s = json_stringn((const char *)bytes, len);
	free(bytes);
	return s ? s : json_null();
}

/* The caller's outbound function: request -> response, both as data. */
static void
run_outbound_target(void *udata, struct capnweb_call *call)
{
	struct run_script *sc = udata;
	json_t *req = json_array_get(capnweb_call_args(call), 0);
	const json_t *list = json_object_get(sc->outbound, "responses");
	const json_t *r, *v;
	json_t *res;
	const char *body;
	char *filled = NULL;
	size_t k, blen;

	json_array_append_new(sc->requests,
	    json_pack("{s:O?, s:O?, s:O?, "
		      "s:o}",
		"method", json_object_get(req, "method"), "url",
		json_object_get(req, "url"), "headers",
		json_object_get(req, "headers"), "bodyText",
		run_body_text(json_object_get(req, "body"))));
	if ((v = json_object_get(sc->outbound, "reject")) != NULL) {
		run_answer_call(sc->x, call,
		    run_error_value(json_string_value(v)), 1, sc->outbound);
		return;
	}
	k = sc->nresponses++;
	if (json_array_size(list) == 0) {
		r = NULL;
	} else {
		if (k >= json_array_size(list))
			k = json_array_size(list) - 1;
		r = json_array_get(list, k);
	}
	body = json_string_value(json_object_get(r, "bodyText"));
	if (body == NULL)
		body = "";
	blen = strlen(body);
	if ((v = json_object_get(r, "bodyLength")) != NULL &&
	    run_length(v) >= 0 &&
	    (filled = malloc((size_t)run_length(v) + 1)) != NULL) {
		/* A body of that many bytes, for the bound's edges. */
		blen = (size_t)run_length(v);
		memset(filled, 'x', blen);
		body = filled;
	}
	res = json_pack("{s:O?, s:s, s:O?, s:o}", "status",
	    json_object_get(r, "status"), "statusText",
	    json_is_string(json_object_get(r, "statusText"))
		? json_string_value(json_object_get(r, "statusText"))
		: "",
	    "headers", json_object_get(r, "headers"), "body",
	    capnweb_value_bytes(body, blen, "ArrayBuffer"));
	free(filled);
	if (res && json_is_null(json_object_get(res, "status")))
		json_object_set_new(res, "status", json_integer(200));
	if (res && json_is_null(json_object_get(res, "headers")))
		json_object_set_new(res, "headers", json_array());
	run_answer_call(sc->x, call, res, 0, sc->outbound);
}

/* Expands {{CONST}} in the code; the case's own error on a bad reference. */
static json_t *
run_code(struct run_ctx *x, const json_t *req)
{
	const json_t *b64 = json_object_get(req, "codeBase64");
	char err[256], *s;
	json_t *v;
	long n;

	/* Raw bytes, sent as they are: how a case writes text that is not
	 * UTF-8, which a JSON case file cannot hold. */
	if (json_is_string(b64)) {
		if ((s = malloc(json_string_length(b64) / 4 * 3 + 4)) == NULL)
			return NULL;
		n = base64_decode(json_string_value(b64),
		    json_string_length(b64), (uint8_t *)s);
		v = n >= 0 ? json_stringn_nocheck(s, (size_t)n) : NULL;
		if (n < 0)
			expect_buf_printf(x->diff, "codeBase64: not base64\n");
		free(s);
		return v;
	}
	s = expect_expand_consts(
	    json_string_value(json_object_get(req, "code")), err, sizeof(err));
	if (s == NULL) {
		expect_buf_printf(x->diff, "code: %s\n", err);
		return NULL;
	}
	v = json_string(s);
	free(s);
	return v;
}

/*
 * The module pairs as they cross: {{CONST}} expanded, and a tagged binary
 * value (the case file's way to write bytes) turned into capnweb bytes.
 */
static json_t *
run_binary_to_bytes(json_t *v)
{
	const char *key;
	json_t *sub;
	size_t i;

	if (cm_binary_is(v)) {
		uint8_t *bytes;
		size_t len;
		json_t *b;

		if (cm_binary_bytes(v, &bytes, &len) != 0)
			return v;
		b = capnweb_value_bytes(bytes, len, NULL);
		free(bytes);
		if (b == NULL)
			return v;
		json_decref(v);
		return b;
	}
	if (json_is_array(v)) {
		json_array_foreach(v, i, sub) json_array_set_new(
		    v, i, run_binary_to_bytes(json_incref(sub)));
	} else if (json_is_object(v)) {
		json_object_foreach(v, key, sub) json_object_set_new(
		    v, key, run_binary_to_bytes(json_incref(sub)));
	}
	return v;
}

static json_t *
run_modules(struct run_ctx *x, const json_t *m)
{
	json_t *v = run_expand(x, m);

	return v ? run_binary_to_bytes(v) : NULL;
}

/*
 * Builds the wire arguments of execute: (code, providers, options,
 * dispatch, outboundMode[, outbound]). Targets are registered on the
 * connection and their numbers stored in *dt, *ot (0: none).
 */
static json_t *
run_execute_args(struct run_ctx *x, const json_t *req, struct run_script *sc,
    int *dt, int *ot)
{
	const json_t *providers = json_object_get(req, "providers");
	const json_t *mode = json_object_get(req, "outbound");
	const char *key;
	json_t *args, *opt, *code, *v;

	*dt = *ot = 0;
	if ((code = run_code(x, req)) == NULL)
		return NULL;
	opt = json_object();
	json_object_foreach((json_t *)req, key, v)
	{
		if (strcmp(key, "timeout") == 0 ||
		    strcmp(key, "countHostWaits") == 0 ||
		    strcmp(key, "retainHandles") == 0 ||
		    strcmp(key, "language") == 0)
			json_object_set(opt, key, v);
		else if (strcmp(key, "modules") == 0) {
			json_t *m = run_modules(x, v);

			if (m == NULL) {
				json_decref(opt);
				json_decref(code);
				return NULL;
			}
			json_object_set_new(opt, key, m);
		}
	}
	args = json_pack("[o, o, o]", code,
	    providers ? json_incref((json_t *)providers) : json_array(), opt);
	if (args == NULL)
		return NULL;
	if (json_is_object(sc->dispatch) &&
	    (*dt = wire_add_target(x->conn, run_dispatch_target, sc)) > 0)
		json_array_append_new(args, capnweb_value_target(*dt));
	else
		json_array_append_new(args, json_null());
	json_array_append_new(args,
	    json_string(json_is_string(mode) ? json_string_value(mode)
					     : CM_OUTBOUND_MODE_DISABLED));
	if (sc->outbound != NULL &&
	    (*ot = wire_add_target(x->conn, run_outbound_target, sc)) > 0)
		json_array_append_new(args, capnweb_value_target(*ot));
	return args;
}

static void
run_script_init(struct run_script *sc, struct run_ctx *x, const json_t *req)
{
	memset(sc, 0, sizeof(*sc));
	sc->x = x;
	sc->dispatch = json_object_get(req, "dispatch");
	sc->outbound = json_object_get(req, "outboundScript");
	sc->seen = json_object();
	sc->calls = json_array();
	sc->requests = json_array();
}

static void
run_script_clear(struct run_script *sc)
{
	json_decref(sc->seen);
	json_decref(sc->calls);
	json_decref(sc->requests);
}

/*
 * expect.closed: the executor ends the connection over this execute
 * instead of answering it: {"code": close code, "reason": text spec}. The
 * call must break, and the close frame must carry that code and reason.
 */
static int
run_check_closed(struct run_ctx *x, json_t *args, const json_t *want)
{
	struct expect_vars vars = { x->execution_id };
	struct run_answer a;
	const char *reason;
	char err[256], *pat;
	int code, bad = 0;

	memset(&a, 0, sizeof(a));
	if (wire_call(x->conn, "execute", args, run_on_settle, &a) <= 0) {
		expect_buf_printf(x->diff, "execute: could not be sent\n");
		return 1;
	}
	run_pump(x, &a.done, -1);
	if (!a.done) {
		/*
		 * Our write broke before the close was read (a dead connection
		 * settles nothing by itself), or the case's time ran out: the
		 * call must not outlive `a`, so the session ends here and
		 * settles it as broken. The close frame, if one came, stays.
		 */
		if (wire_close_frame(x->conn, &code) == NULL)
			wire_read_close(x->conn, 2000);
		wire_end(x->conn, "the execute call outlived its check");
	}
	if (a.done && a.status != CAPNWEB_BROKEN) {
		expect_buf_printf(x->diff,
		    "closed: want the connection closed, the call settled\n");
		run_answer_clear(&a);
		return 1;
	}
	run_answer_clear(&a);
	/* The close can break our own write (the pull after the push)
	 * before the close frame was read. */
	if (wire_close_frame(x->conn, &code) == NULL)
		wire_read_close(x->conn, 2000);
	reason = wire_close_frame(x->conn, &code);
	if (json_integer_value(json_object_get(want, "code")) != code) {
		expect_buf_printf(x->diff,
		    "closed: want close code %lld, got %d\n",
		    (long long)json_integer_value(
			json_object_get(want, "code")),
		    code);
		bad = 1;
	}
	if ((pat = expect_text_pattern(json_object_get(want, "reason"), &vars,
		 err, sizeof(err))) == NULL) {
		expect_buf_printf(x->diff, "closed.reason: %s\n", err);
		return 1;
	}
	if (reason == NULL || !expect_text_match(pat, reason, 0)) {
		expect_buf_printf(x->diff,
		    "closed: want reason \"%s\", got \"%s\"\n", pat,
		    reason
			? reason
			: (wire_end_reason(x->conn) ? wire_end_reason(x->conn)
						    : "(alive)"));
		bad = 1;
	}
	free(pat);
	return bad;
}

int
run_execute_step(struct run_ctx *x, const json_t *req, const json_t *expect)
{
	struct run_script *scp = calloc(1, sizeof(*scp));
	struct run_answer a;
	json_t *args, *recorded;
	int dt, ot, rc, granted = 0;

	/* On the heap: a granted run's outbound target outlives this step. */
	if (scp == NULL)
		return -1;
	run_script_init(scp, x, req);
	if ((args = run_execute_args(x, req, scp, &dt, &ot)) == NULL) {
		run_script_clear(scp);
		free(scp);
		return -1;
	}
	if (json_object_get(expect, "closed") != NULL) {
		rc = run_check_closed(
		    x, args, json_object_get(expect, "closed"));
		json_decref(args);
		run_script_clear(scp);
		free(scp);
		return rc;
	}
	rc = run_call(x, "execute", args, &a);
	json_decref(args);
	/* Held answers go out before the targets stop answering. */
	run_timers_flush(x);
	if (rc == 0) {
		json_t *id = json_is_object(a.value)
		    ? json_object_get(a.value, "executionId")
		    : NULL;

		if (json_is_string(id)) {
			free(x->execution_id);
			x->execution_id = strdup(json_string_value(id));
			granted = 1;
			/* Closed at the case's end unless a step closes it. */
			if (x->granted == NULL)
				x->granted = json_array();
			json_array_append(x->granted, id);
		}
		recorded = json_pack("{s:O, s:O}", "calls", scp->calls,
		    "outboundRequests", scp->requests);
		rc = run_check_execute(x, &a, expect, recorded);
		json_decref(recorded);
	}
	run_answer_clear(&a);
	if (dt > 0 && x->conn != NULL)
		wire_remove_target(x->conn, dt);
	/* The outbound function stays while handles may still fetch through it.
	 */
	if (ot > 0 && granted && x->conn != NULL) {
		run_release_kept(x);
		x->kept = scp;
		x->kept_target = ot;
		return rc;
	}
	if (ot > 0 && x->conn != NULL)
		wire_remove_target(x->conn, ot);
	run_script_clear(scp);
	free(scp);
	return rc;
}

void
run_release_kept(struct run_ctx *x)
{
	if (x->kept == NULL)
		return;
	if (x->conn != NULL && x->kept_target > 0)
		wire_remove_target(x->conn, x->kept_target);
	run_script_clear(x->kept);
	free(x->kept);
	x->kept = NULL;
	x->kept_target = 0;
}

static void
run_burst_settle(void *udata, int status, json_t *value)
{
	struct run_answer *a = udata;

	a->done = 1;
	a->status = status;
	a->value = json_incref(value);
	a->settled_ms = wire_now_ms();
}

/* Fires `count` executions at once and checks how they settled together. */
int
run_burst_step(struct run_ctx *x, const json_t *st)
{
	const json_t *req = json_object_get(st, "request");
	const json_t *expect = json_object_get(st, "expect");
	const char *want =
	    json_string_value(json_object_get(expect, "someFault"));
	size_t n = (size_t)json_integer_value(json_object_get(st, "count"));
	struct run_answer *a;
	struct run_script sc;
	json_t *args;
	const json_t *max_ms = json_object_get(expect, "maxMs");
	size_t i, faults = 0, resolved = 0, other = 0;
	int dt, ot, all = 0, rc = 0;
	char *first_other = NULL;
	double t0;

	if (n == 0 || n > 10000 || (a = calloc(n, sizeof(*a))) == NULL) {
		expect_buf_printf(x->diff, "burst: count must be 1..10000\n");
		return -1;
	}
	run_script_init(&sc, x, req);
	if ((args = run_execute_args(x, req, &sc, &dt, &ot)) == NULL) {
		run_script_clear(&sc);
		free(a);
		return -1;
	}
	t0 = wire_now_ms();
	for (i = 0; i < n; i++) {
		a[i].started_ms = wire_now_ms();
		if (wire_call(
			x->conn, "execute", args, run_burst_settle, &a[i]) <= 0)
			a[i].done = 1;
	}
	json_decref(args);
	while (!all) {
		all = 1;
		for (i = 0; i < n; i++)
			all &= a[i].done != 0;
		if (!all && run_pump(x, NULL, 20) != 0)
			break;
		if (wire_now_ms() > x->deadline)
			break;
	}
	/* `a` is freed below: no call may outlive it. */
	if (!all)
		run_abandon(x, "the burst outlived the case's time");
	for (i = 0; i < n; i++) {
		const char *code = a[i].status == CAPNWEB_REJECTED
		    ? json_string_value(capnweb_error_prop(a[i].value, "code"))
		    : NULL;

		if (!a[i].done || a[i].status == CAPNWEB_BROKEN) {
			other++;
		} else if (a[i].status == CAPNWEB_RESOLVED) {
			resolved++;
		} else if (want && code && strcmp(code, want) == 0) {
			if (faults++ == 0 &&
			    json_object_get(expect, "someFaultMessage")) {
				struct run_answer one = a[i];
				json_t *sub = json_pack("{s:s, s:O}", "fault",
				    want, "faultMessage",
				    json_object_get(
					expect, "someFaultMessage"));

				rc |= run_check_answer(x, &one, sub);
				json_decref(sub);
			}
		} else {
			other++;
			if (first_other == NULL)
				first_other = expect_render(a[i].value);
		}
	}
	if (want && faults == 0) {
		expect_buf_printf(x->diff,
		    "burst of %zu: no execution was "
		    "refused with %s (%zu resolved, %zu otherwise)\n",
		    n, want, resolved, other);
		rc = 1;
	}
	if (other > 0) {
		expect_buf_printf(x->diff,
		    "burst of %zu: %zu settled neither "
		    "resolved nor with the expected fault (first: %s)\n",
		    n, other, first_other ? first_other : "no answer");
		rc = 1;
	}
	if (resolved == 0) {
		expect_buf_printf(x->diff, "burst of %zu: none resolved\n", n);
		rc = 1;
	}
	/* The whole burst, first call sent to last settled. */
	if (all && json_is_number(max_ms) &&
	    wire_now_ms() - t0 > json_number_value(max_ms)) {
		expect_buf_printf(x->diff,
		    "burst of %zu: took %.0f ms, more than maxMs %.0f\n", n,
		    wire_now_ms() - t0, json_number_value(max_ms));
		rc = 1;
	}
	free(first_other);
	for (i = 0; i < n; i++)
		run_answer_clear(&a[i]);
	free(a);
	run_timers_flush(x);
	if (dt > 0 && x->conn != NULL)
		wire_remove_target(x->conn, dt);
	if (ot > 0 && x->conn != NULL)
		wire_remove_target(x->conn, ot);
	run_script_clear(&sc);
	return rc;
}

/* The execution id a handle step names: its own, or the last granted. */
static json_t *
run_handle_id(struct run_ctx *x, const json_t *st)
{
	const json_t *id = json_object_get(st, "executionId");
	char err[256], *s;
	json_t *v;

	if (id == NULL) {
		if (x->execution_id == NULL) {
			expect_buf_printf(x->diff,
			    "no executionId was granted "
			    "earlier in this case\n");
			return NULL;
		}
		return json_string(x->execution_id);
	}
	if ((s = expect_expand_consts(
		 json_string_value(id) ? json_string_value(id) : "", err,
		 sizeof(err))) == NULL) {
		expect_buf_printf(x->diff, "executionId: %s\n", err);
		return NULL;
	}
	v = json_string(s);
	free(s);
	return v;
}

/*
 * Sends `count` invocations at once (args borrowed) and checks answer i
 * against expect.responses[i]: the executor must serve them one at a
 * time in arrival order, which a handler's shared state makes visible.
 */
static int
run_invoke_many(struct run_ctx *x, const json_t *st, json_t *args)
{
	const json_t *want =
	    json_object_get(json_object_get(st, "expect"), "responses");
	size_t n = (size_t)json_integer_value(json_object_get(st, "count"));
	struct run_answer *a;
	size_t i;
	int all = 0, rc = 0;

	if (n > 100 || (a = calloc(n, sizeof(*a))) == NULL) {
		expect_buf_printf(x->diff,
		    "invokeHandle: count must be "
		    "1..100\n");
		return -1;
	}
	for (i = 0; i < n; i++) {
		a[i].started_ms = wire_now_ms();
		if (wire_call(x->conn, "invokeHandle", args, run_burst_settle,
			&a[i]) <= 0)
			a[i].done = 1;
	}
	while (!all && wire_now_ms() < x->deadline) {
		all = 1;
		for (i = 0; i < n; i++)
			all &= a[i].done != 0;
		if (!all && run_pump(x, NULL, 20) != 0)
			break;
	}
	/* `a` is freed below: no call may outlive it. */
	if (!all)
		run_abandon(x, "the invocations outlived the case's time");
	for (i = 0; i < n; i++) {
		json_t *sub =
		    json_pack("{s:O?}", "response", json_array_get(want, i));
		char label[48];

		snprintf(label, sizeof(label), "invocation %zu:\n", i);
		if (!a[i].done || a[i].status == CAPNWEB_BROKEN) {
			expect_buf_printf(x->diff, "%sno answer\n", label);
			rc = 1;
		} else if (json_array_get(want, i) != NULL) {
			size_t mark = x->diff->len;

			expect_buf_printf(x->diff, "%s", label);
			if (run_check_answer(x, &a[i], sub) == 0 &&
			    x->diff->p != NULL) {
				x->diff->len = mark;
				x->diff->p[mark] = '\0';
			} else
				rc = 1;
		}
		json_decref(sub);
		run_answer_clear(&a[i]);
	}
	free(a);
	return rc;
}

int
run_invoke_step(struct run_ctx *x, const json_t *st)
{
	/* {{CONST}} references in the request (a URL naming a size) are
	 * expanded. */
	json_t *r = json_object_get(st, "request")
	    ? run_expand(x, json_object_get(st, "request"))
	    : json_object();
	const char *body;
	struct run_answer a;
	json_t *id, *req, *args;
	int rc;

	if (r == NULL)
		return -1;
	if ((id = run_handle_id(x, st)) == NULL) {
		json_decref(r);
		return -1;
	}
	body = json_string_value(json_object_get(r, "bodyText"));
	req = json_pack("{s:s, s:s, s:o, s:o}", "method",
	    json_is_string(json_object_get(r, "method"))
		? json_string_value(json_object_get(r, "method"))
		: "GET",
	    "url",
	    json_is_string(json_object_get(r, "url"))
		? json_string_value(json_object_get(r, "url"))
		: "https://handle.test/",
	    "headers",
	    json_is_array(json_object_get(r, "headers"))
		? json_incref(json_object_get(r, "headers"))
		: json_array(),
	    "body",
	    body ? capnweb_value_bytes(body, strlen(body), "ArrayBuffer")
		 : json_null());
	json_decref(r);
	args = json_pack("[o, s, o]", id,
	    json_is_string(json_object_get(st, "handle"))
		? json_string_value(json_object_get(st, "handle"))
		: "fetch",
	    req);
	if (args == NULL)
		return -1;
	if (json_integer_value(json_object_get(st, "count")) > 1) {
		rc = run_invoke_many(x, st, args);
		json_decref(args);
		return rc;
	}
	rc = run_call(x, "invokeHandle", args, &a);
	json_decref(args);
	if (rc == 0)
		rc = run_check_answer(x, &a, json_object_get(st, "expect"));
	run_answer_clear(&a);
	return rc;
}

/* The case closed `id` itself: nothing left to close at its end. */
static void
run_forget_granted(struct run_ctx *x, const char *id)
{
	size_t i;

	for (i = 0; id && i < json_array_size(x->granted); i++)
		if (strcmp(json_string_value(json_array_get(x->granted, i)),
			id) == 0) {
			json_array_remove(x->granted, i);
			return;
		}
}

/*
 * The case's end: closes every execution it was granted and did not
 * close, so no retained worker outlives the case (on the case's own
 * connection, or a fresh one when that one was ended). Answers are not
 * checked: the case's outcome is already written.
 */
void
run_close_granted(struct run_ctx *x)
{
	struct expect_buf scratch = { 0 }, *diff = x->diff;
	char err[512];
	size_t i;
	int mismatch;

	if (json_array_size(x->granted) == 0)
		return;
	x->diff = &scratch;
	x->deadline = wire_now_ms() + RUN_CLOSE_TIMEOUT;
	if (x->conn == NULL)
		x->conn = run_connect(x->target, &mismatch, err, sizeof(err));
	for (i = 0; x->conn != NULL && i < json_array_size(x->granted); i++) {
		struct run_answer a;
		json_t *args = json_pack("[O]", json_array_get(x->granted, i));

		if (args == NULL)
			break;
		run_call(x, "closeHandles", args, &a);
		json_decref(args);
		run_answer_clear(&a);
	}
	json_array_clear(x->granted);
	expect_buf_free(&scratch);
	x->diff = diff;
}

int
run_close_step(struct run_ctx *x, const json_t *st)
{
	struct run_answer a;
	json_t *id, *args;
	int rc;

	if ((id = run_handle_id(x, st)) == NULL)
		return -1;
	if ((args = json_pack("[o]", id)) == NULL)
		return -1;
	rc = run_call(x, "closeHandles", args, &a);
	if (rc == 0 && a.status == CAPNWEB_RESOLVED)
		run_forget_granted(
		    x, json_string_value(json_array_get(args, 0)));
	json_decref(args);
	if (rc == 0)
		rc = run_check_answer(x, &a, json_object_get(st, "expect"));
	run_answer_clear(&a);
	return rc;
}
