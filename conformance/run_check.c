/* Checking what came back against a case's expectations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codemode/protocol.h"
#include "proto/payload.h"
#include "run_int.h"

/* A literal text holding a NUL: compared whole, never as a C string. */
static int
run_has_nul(const json_t *want)
{
	return json_is_string(want) &&
	    memchr(json_string_value(want), '\0', json_string_length(want)) !=
	    NULL;
}

/* Matches `got` against the text spec `want`; 0, or 1 with a diff line. */
static int
run_check_text(struct run_ctx *x, const char *what, const json_t *want,
    const char *got, int prefix)
{
	struct expect_vars vars = { x->execution_id };
	char err[256], *pat, *p;
	int ok;

	if (expect_is_grammar(want)) {
		/* The rule, not our wording: a prefix asks no more of it. */
		if (got == NULL) {
			expect_buf_printf(x->diff,
			    "%s: want a text in the failure grammar, got "
			    "none\n",
			    what);
			return 1;
		}
		if (expect_grammar(want, got, err, sizeof(err)) == 0)
			return 0;
		expect_buf_printf(x->diff,
		    "%s: want a text in the failure grammar: %s\n%*s  got "
		    "\"%.400s\"\n",
		    what, err, (int)strlen(what), "", got);
		return 1;
	}
	if ((pat = expect_text_pattern(want, &vars, err, sizeof(err))) ==
	    NULL) {
		expect_buf_printf(x->diff, "%s: %s\n", what, err);
		return 1;
	}
	ok = got != NULL && expect_text_match(pat, got, prefix);
	if (!ok) {
		/* Show the wildcard as "*" in the diff. */
		for (p = pat; *p; p++)
			if (*p == EXPECT_WILDCARD)
				*p = '*';
		size_t glen = got ? strlen(got) : 0;

		if (glen > 400)
			expect_buf_printf(x->diff,
			    "%s: want %s\"%s\"\n%*s  got "
			    "\"%.200s ... %s\" (%zu bytes)\n",
			    what, prefix ? "a text starting " : "", pat,
			    (int)strlen(what), "", got, got + glen - 100, glen);
		else
			expect_buf_printf(x->diff,
			    "%s: want %s\"%s\"\n%*s  got "
			    "\"%s\"\n",
			    what, prefix ? "a text starting " : "", pat,
			    (int)strlen(what), "", got ? got : "(none)");
	}
	free(pat);
	return !ok;
}

json_t *
run_expand(struct run_ctx *x, const json_t *v)
{
	struct expect_vars vars = { x->execution_id };
	char err[256];
	json_t *r;

	if (v == NULL)
		return NULL;
	if ((r = expect_expand_tree(v, &vars, err, sizeof(err))) == NULL)
		expect_buf_printf(x->diff, "the case: %s\n", err);
	return r;
}

/* Structural diff of an expected value (expanded first) against `got`. */
static int
run_diff(
    struct run_ctx *x, const json_t *want, const json_t *got, const char *path)
{
	json_t *w = run_expand(x, want);
	int n;

	if (w == NULL)
		return 1;
	n = expect_json_diff(w, got, path, x->diff);
	json_decref(w);
	return n != 0;
}

static int
run_is_undefined(const json_t *v)
{
	const char *k = v ? capnweb_value_kind(v) : NULL;

	return v == NULL || (k && strcmp(k, "undefined") == 0);
}

static const char *const run_rejection_keys[] = { "fault", "faultMessage",
	"rejection", "rejectionPrefix", NULL };

static int
run_wants_rejection(const json_t *expect)
{
	size_t i;

	for (i = 0; run_rejection_keys[i]; i++)
		if (json_object_get(expect, run_rejection_keys[i]))
			return 1;
	return 0;
}

/* A handle answer as comparable data: body bytes become bodyText. */
static json_t *
run_response_view(const json_t *res, const json_t *want)
{
	json_t *out = json_object(), *body;
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)want, key, v)
	{
		if (strcmp(key, "bodyText") == 0) {
			uint8_t *bytes;
			size_t len;

			body = json_object_get(res, "body");
			if (capnweb_value_get_bytes(body, &bytes, &len) == 0) {
				json_object_set_new(out, key,
				    json_stringn((const char *)bytes, len));
				free(bytes);
			} else if (body)
				json_object_set(out, key, body);
		} else if (json_object_get(res, key))
			json_object_set(out, key, json_object_get(res, key));
	}
	return out;
}

int
run_check_answer(
    struct run_ctx *x, const struct run_answer *a, const json_t *expect)
{
	const json_t *v;
	const char *msg, *code;
	int bad = 0;

	if (json_is_number(json_object_get(expect, "minMs")) ||
	    json_is_number(json_object_get(expect, "maxMs")))
		bad |= expect_bounds(a->settled_ms - a->started_ms,
		    json_is_number(json_object_get(expect, "minMs"))
			? json_number_value(json_object_get(expect, "minMs"))
			: -1,
		    json_is_number(json_object_get(expect, "maxMs"))
			? json_number_value(json_object_get(expect, "maxMs"))
			: -1,
		    x->diff);
	msg = capnweb_error_message(a->value);
	code = json_string_value(capnweb_error_prop(a->value, "code"));
	if (run_wants_rejection(expect)) {
		if (a->status != CAPNWEB_REJECTED) {
			char *got = expect_render(a->value);

			expect_buf_printf(x->diff,
			    "want a rejection, the call "
			    "resolved with %s\n",
			    got ? got : "?");
			free(got);
			return 1;
		}
		if ((v = json_object_get(expect, "fault")) != NULL &&
		    (code == NULL || strcmp(code, json_string_value(v)) != 0)) {
			expect_buf_printf(x->diff,
			    "fault code: want %s, got %s "
			    "(message \"%s\")\n",
			    json_string_value(v), code ? code : "none",
			    msg ? msg : "");
			bad = 1;
		}
		if ((v = json_object_get(expect, "faultMessage")) != NULL)
			bad |= run_check_text(x, "fault message", v, msg, 0);
		if ((v = json_object_get(expect, "rejection")) != NULL)
			bad |= run_check_text(x, "rejection", v, msg, 0);
		if ((v = json_object_get(expect, "rejectionPrefix")) != NULL)
			bad |= run_check_text(x, "rejection", v, msg, 1);
		return bad;
	}
	if (a->status != CAPNWEB_RESOLVED) {
		expect_buf_printf(x->diff, "the call was rejected%s%s: %s\n",
		    code ? " with " : "", code ? code : "",
		    msg ? msg : "(no message)");
		return 1;
	}
	if ((v = json_object_get(expect, "response")) != NULL) {
		json_t *got = run_response_view(a->value, v);

		bad |= run_diff(x, v, got, "response");
		json_decref(got);
	}
	return bad;
}

/* Compares logs line by line; text members are text specs. */
static int
run_check_logs(struct run_ctx *x, const char *what, const json_t *want,
    const json_t *logs, size_t from)
{
	size_t i;
	int bad = 0;
	char label[64];

	for (i = 0; i < json_array_size(want); i++) {
		const json_t *w = json_array_get(want, i);
		const json_t *g = json_array_get(logs, from + i);
		const char *wl = json_string_value(json_object_get(w, "level"));
		const char *gl = json_string_value(json_object_get(g, "level"));

		snprintf(label, sizeof(label), "%s[%zu]", what, from + i);
		if (g == NULL) {
			expect_buf_printf(x->diff, "%s: missing\n", label);
			bad = 1;
			continue;
		}
		if (wl && (gl == NULL || strcmp(wl, gl) != 0)) {
			expect_buf_printf(x->diff,
			    "%s.level: want %s, got %s\n", label, wl,
			    gl ? gl : "none");
			bad = 1;
		}
		snprintf(label + strlen(label), sizeof(label) - strlen(label),
		    ".text");
		if (run_has_nul(json_object_get(w, "text")))
			bad |= expect_json_diff(json_object_get(w, "text"),
				   json_object_get(g, "text"), label,
				   x->diff) != 0;
		else if (json_object_get(w, "text") != NULL)
			bad |= run_check_text(x, label,
			    json_object_get(w, "text"),
			    json_string_value(json_object_get(g, "text")), 0);
	}
	return bad;
}

/*
 * The result message carries exactly the members `want` names: what it
 * must not carry (an executionId nobody asked for, handles, an error beside
 * a result) is stated by leaving it out.
 */
static int
run_check_keys(struct run_ctx *x, const json_t *want, const json_t *res)
{
	const char *key;
	const json_t *v;
	size_t i;
	int bad = 0;

	json_array_foreach(
	    want, i, v) if (json_object_get(res, json_string_value(v)) == NULL)
	{
		expect_buf_printf(x->diff, "envelope: member %s is missing\n",
		    json_string_value(v));
		bad = 1;
	}
	json_object_foreach((json_t *)res, key, v)
	{
		int listed = 0;
		const json_t *w;

		json_array_foreach(want, i, w) listed |=
		    strcmp(json_string_value(w), key) == 0;
		if (!listed) {
			char *got = expect_render(v);

			expect_buf_printf(x->diff,
			    "envelope: unexpected member %s: %s\n", key,
			    got ? got : "?");
			free(got);
			bad = 1;
		}
	}
	return bad;
}

int
run_check_execute(struct run_ctx *x, const struct run_answer *a,
    const json_t *expect, const json_t *recorded)
{
	const json_t *v, *res = a->value, *logs, *rj;
	json_t *result = NULL;
	int bad = 0, want_error;

	if ((v = json_object_get(expect, "calls")) != NULL)
		bad |=
		    run_diff(x, v, json_object_get(recorded, "calls"), "calls");
	if ((v = json_object_get(expect, "outboundRequests")) != NULL)
		bad |= run_diff(x, v,
		    json_object_get(recorded, "outboundRequests"),
		    "outboundRequests");
	bad |= run_check_answer(x, a, expect);
	if (run_wants_rejection(expect) || a->status != CAPNWEB_RESOLVED)
		return bad;
	if (!json_is_object(res)) {
		char *got = expect_render(res);

		expect_buf_printf(x->diff,
		    "execute resolved with %s, not a "
		    "result message\n",
		    got ? got : "?");
		free(got);
		return 1;
	}
	/* resultJson is the run's value as JSON text; absent is undefined. */
	rj = json_object_get(res, "resultJson");
	if (!run_is_undefined(rj)) {
		char err[200];

		if (!json_is_string(rj)) {
			expect_buf_printf(x->diff,
			    "resultJson is not a "
			    "string\n");
			return 1;
		}
		result = cm_dispatch_parse(json_string_value(rj),
		    json_string_length(rj), err, sizeof(err));
		if (result == NULL) {
			expect_buf_printf(x->diff,
			    "resultJson does not parse: "
			    "%s\n",
			    err);
			return 1;
		}
	}
	want_error = json_object_get(expect, "error") != NULL ||
	    json_object_get(expect, "errorPrefix") != NULL;
	if ((v = json_object_get(expect, "result")) != NULL)
		bad |= run_diff(x, v, result, "result");
	if ((v = json_object_get(expect, "resultJsonLength")) != NULL) {
		size_t n = json_is_string(rj)
		    ? payload_chars(
			  json_string_value(rj), json_string_length(rj))
		    : 0;
		json_t *w = run_expand(x, v);
		long long want = json_is_string(w)
		    ? strtoll(json_string_value(w), NULL, 10)
		    : (long long)json_integer_value(w);

		json_decref(w);
		if (!json_is_string(rj) || (long long)n != want) {
			expect_buf_printf(x->diff,
			    "resultJson: want %lld "
			    "characters, got %zu%s\n",
			    want, n,
			    json_is_string(rj) ? "" : " (no resultJson)");
			bad = 1;
		}
	}
	if ((json_is_true(json_object_get(expect, "noResult")) || want_error) &&
	    result != NULL) {
		char *got = expect_render(result);

		expect_buf_printf(
		    x->diff, "result: want none, got %s\n", got ? got : "?");
		free(got);
		bad = 1;
	}
	v = json_object_get(res, "error");
	if ((v = json_object_get(expect, "error")) != NULL && run_has_nul(v))
		bad |= expect_json_diff(v, json_object_get(res, "error"),
			   "error", x->diff) != 0;
	else if (v != NULL)
		bad |= run_check_text(x, "error", v,
		    json_string_value(json_object_get(res, "error")), 0);
	else if ((v = json_object_get(expect, "errorPrefix")) != NULL)
		bad |= run_check_text(x, "error", v,
		    json_string_value(json_object_get(res, "error")), 1);
	else if (!run_is_undefined(json_object_get(res, "error"))) {
		char *got = expect_render(json_object_get(res, "error"));

		expect_buf_printf(
		    x->diff, "error: want none, got %s\n", got ? got : "?");
		free(got);
		bad = 1;
	}
	logs = json_object_get(res, "logs");
	if ((v = json_object_get(expect, "logs")) != NULL) {
		if (json_array_size(v) != json_array_size(logs)) {
			char *got = expect_render(logs);

			expect_buf_printf(x->diff,
			    "logs: want %zu lines, got "
			    "%zu: %s\n",
			    json_array_size(v), json_array_size(logs),
			    got ? got : "?");
			free(got);
			bad = 1;
		}
		bad |= run_check_logs(x, "logs", v, logs, 0);
	}
	if ((v = json_object_get(expect, "logsCount")) != NULL &&
	    (json_int_t)json_array_size(logs) != json_integer_value(v)) {
		expect_buf_printf(x->diff, "logs: want %lld lines, got %zu\n",
		    (long long)json_integer_value(v), json_array_size(logs));
		bad = 1;
	}
	if ((v = json_object_get(expect, "logsLast")) != NULL) {
		size_t n = json_array_size(v), have = json_array_size(logs);

		if (have < n) {
			expect_buf_printf(x->diff,
			    "logs: want at least %zu "
			    "lines, got %zu\n",
			    n, have);
			bad = 1;
		} else
			bad |= run_check_logs(x, "logs", v, logs, have - n);
	}
	if ((v = json_object_get(expect, "executionId")) != NULL) {
		const json_t *id = json_object_get(res, "executionId");

		if (json_is_true(v) &&
		    (!json_is_string(id) || json_string_length(id) == 0)) {
			expect_buf_printf(x->diff,
			    "executionId: want one, got "
			    "none\n");
			bad = 1;
		} else if (json_is_string(v) &&
		    (!json_is_string(id) ||
			!expect_glob(
			    json_string_value(v), json_string_value(id)))) {
			expect_buf_printf(x->diff,
			    "executionId: want one of the form %s, got %s\n",
			    json_string_value(v),
			    json_is_string(id) ? json_string_value(id)
					       : "none");
			bad = 1;
		} else if (json_is_false(v) && !run_is_undefined(id)) {
			expect_buf_printf(x->diff,
			    "executionId: want none, got "
			    "%s\n",
			    json_is_string(id) ? json_string_value(id)
					       : "a non-string");
			bad = 1;
		}
	}
	if ((v = json_object_get(expect, "handles")) != NULL)
		bad |=
		    run_diff(x, v, json_object_get(res, "handles"), "handles");
	if ((v = json_object_get(expect, "envelopeKeys")) != NULL)
		bad |= run_check_keys(x, v, res);
	json_decref(result);
	return bad;
}
