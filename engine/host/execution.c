/*
 * One execution on an engine: the C side of the entry contract. The
 * JavaScript side is engine/runtime/90_entry.js, and the entry module's
 * text comes from entry.c; this file compiles it, hands the module map
 * over, installs the natives (__dispatch's transport, console capture,
 * base64, the module compiler), drives the event loop with host waits
 * under the run clock, and composes the result envelope.
 *
 * Every message the child sends is composed here, in C, from primitive
 * pieces the prelude hands over (strings, a number, arrays of string
 * pairs): the guest's heap can shape the values it owns (its result's JSON
 * text, a log line's text, a tool call's arguments) but never the message
 * around them, so no toJSON, getter or poisoned prototype of the guest's
 * can forge a field, a level or a grant. Strings leave as UTF-8: a lone
 * surrogate becomes U+FFFD (utf8_from_cesu8), the same way everywhere, and
 * NUL crosses as \u0000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/base64.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "entry.h"
#include "execution.h"
#include "front/lower.h"
#include "proto/texts.h"
#include "proto/jsontext.h"
#include "proto/utf8.h"

enum execution_end {
	EXECUTION_SETTLED,
	EXECUTION_THREW, /* an exception outside the arrow: value on the stack
			  */
	EXECUTION_TIMEOUT,
	EXECUTION_OOM,
	EXECUTION_NEVER, /* nothing left that could settle the arrow */
	EXECUTION_BROKEN /* the channel to the parent is gone */
};

struct execution_pending {
	uint32_t id;
	int host_wait; /* the caller's work: the run clock stops for it */
};

struct execution {
	struct engine *e;
	const struct execution_request *req;
	const struct execution_host *host;
	struct execution_pending *calls;
	size_t ncalls, capcalls;
	uint32_t next_id;
	double deadline_at; /* engine_now_ms() at which the bound passes
			       (running) */
	double remaining; /* ms of the bound left (paused) */
	int paused;
	int stub_outbound;
	/* The console capture (CONSOLE_CAPTURE_LIMIT), owned here. */
	json_t *logs; /* [{level, text}...] */
	double log_used; /* characters charged so far */
	int log_stopped; /* the stop line was written */
	/* The run's (or invocation's) answer, set by the `answer` native. */
	int answer_kind; /* enum execution_answer_kind */
	char *answer_text; /* UTF-8, malloc'd */
	size_t answer_len;
	json_t *answer_response; /* kind EXECUTION_ANSWER_RESPONSE */
};

/* What answer(kind, ...) said; the prelude's numbers (90_entry.js). */
enum execution_answer_kind {
	EXECUTION_ANSWER_NONE = -1, /* answer was not called */
	EXECUTION_ANSWER_EMPTY = 0, /* the result is undefined: no value */
	EXECUTION_ANSWER_RESULT = 1, /* the result's JSON text */
	EXECUTION_ANSWER_ERROR = 2, /* an error text */
	EXECUTION_ANSWER_HANDLES = 3, /* the fetch handler is kept */
	EXECUTION_ANSWER_RESPONSE = 4 /* a handler's response */
};

/* One execution per engine at a time; the natives find it here. */
static struct execution *execution_current;

/* ---- natives ---- */

struct execution_compile {
	const char *src;
	size_t len;
	const char *filename;
	int goal; /* 0 module, 1 cjs (a script wrapping the body) */
	const char *params; /* a module's parameters after __m, or NULL */
	unsigned lower_flags; /* LOWER_F_TS for a TypeScript entry */
	char err[400];
};

/*
 * Where the function inside a lowered module's `(function ... })` starts
 * (*at) and how long it is; 0 when the text has another shape.
 */
static size_t
execution_function_text(const char *code, size_t len, size_t *at)
{
	while (len > 0 && (code[len - 1] == '\n' || code[len - 1] == ' '))
		len--;
	if (len < 12 || strncmp(code, "(function ", 10) != 0 ||
	    code[len - 1] != ')')
		return 0;
	*at = 1;
	return len - 2;
}

/*
 * The last lowerings of this process, kept for the next run of the same
 * source: a child staying for its tenant often runs the same entry (a
 * caller's loop, a retried script, a benchmark), and lowering it again
 * (parse, scopes, ES5.1 text) was a sixth of a trivial run's instructions.
 * Lowering is a pure function of the text, its goal, the module's
 * parameters and the flags: all four are the key, compared whole. Only
 * what lowered without error is kept, in this process's own memory, never
 * the guest's heap (which the reset puts back); at most
 * EXECUTION_LOWERED_BYTES of it, so an idle child holds little more.
 */
#define EXECUTION_LOWERED_SLOTS 4
#define EXECUTION_LOWERED_BYTES (128u << 10)

struct execution_lowered {
	char *src, *params, *code; /* NULL src: an empty slot */
	size_t len, code_len, bytes;
	int goal;
	unsigned flags;
	unsigned long used; /* the clock at its last use: oldest goes first */
};

static struct execution_lowered execution_lowered[EXECUTION_LOWERED_SLOTS];
static unsigned long execution_lowered_clock;
static size_t execution_lowered_bytes, execution_lowered_hits;

static void
execution_lowered_drop(struct execution_lowered *l)
{
	execution_lowered_bytes -= l->bytes;
	free(l->src);
	free(l->params);
	free(l->code);
	memset(l, 0, sizeof(*l));
}

static struct execution_lowered *
execution_lowered_find(
    const char *src, size_t len, int goal, const char *params, unsigned flags)
{
	struct execution_lowered *l;
	size_t i;

	for (i = 0; i < EXECUTION_LOWERED_SLOTS; i++) {
		l = &execution_lowered[i];
		if (l->src != NULL && l->len == len && l->goal == goal &&
		    l->flags == flags &&
		    (l->params == NULL ? params == NULL
				       : params != NULL &&
				strcmp(l->params, params) == 0) &&
		    memcmp(l->src, src, len) == 0) {
			l->used = ++execution_lowered_clock;
			execution_lowered_hits++;
			return l;
		}
	}
	return NULL;
}

/*
 * Keeps `code` (malloc'd, taken over on success) as src's lowering; 0, or
 * -1 when it is too big to keep or memory ran out (the caller keeps code).
 */
static int
execution_lowered_keep(const char *src, size_t len, int goal,
    const char *params, unsigned flags, char *code, size_t code_len)
{
	struct execution_lowered *l = &execution_lowered[0];
	size_t i, plen = params ? strlen(params) + 1 : 0;
	size_t bytes = len + code_len + plen;
	char *s, *p = NULL;

	if (bytes > EXECUTION_LOWERED_BYTES / 2)
		return -1;
	for (i = 1; i < EXECUTION_LOWERED_SLOTS; i++)
		if (execution_lowered[i].used < l->used)
			l = &execution_lowered[i];
	if ((s = malloc(len + 1)) == NULL ||
	    (params != NULL && (p = strdup(params)) == NULL)) {
		free(s);
		return -1;
	}
	execution_lowered_drop(l);
	/* Past the bound: the oldest others go too. */
	while (execution_lowered_bytes + bytes > EXECUTION_LOWERED_BYTES) {
		struct execution_lowered *o = NULL;

		for (i = 0; i < EXECUTION_LOWERED_SLOTS; i++)
			if (execution_lowered[i].src != NULL &&
			    (o == NULL || execution_lowered[i].used < o->used))
				o = &execution_lowered[i];
		execution_lowered_drop(o);
	}
	memcpy(s, src, len);
	s[len] = '\0';
	l->src = s;
	l->len = len;
	l->params = p;
	l->code = code;
	l->code_len = code_len;
	l->goal = goal;
	l->flags = flags;
	l->bytes = bytes;
	l->used = ++execution_lowered_clock;
	execution_lowered_bytes += bytes;
	return 0;
}

size_t
execution_lower_cache_hits(void)
{
	return execution_lowered_hits;
}

/* duk_safe_call body: [ ] -> [ fn ]; a failed lowering leaves err set. */
static duk_ret_t
execution_compile_body(duk_context *ctx, void *udata)
{
	struct execution_compile *c = udata;
	struct execution_lowered *kept;
	struct lower_result lr;
	char *wrapped = NULL, *code, *own = NULL;
	const char *src = c->src;
	size_t len = c->len, n, at, code_len;
	int rc = 0;

	if (c->goal == 1) {
		static const char head[] =
		    "(function (exports, require, module) {";
		static const char tail[] = "\n})";

		if ((wrapped = malloc(sizeof(head) + len + sizeof(tail))) ==
		    NULL)
			return duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		memcpy(wrapped, head, sizeof(head) - 1);
		memcpy(wrapped + sizeof(head) - 1, src, len);
		memcpy(wrapped + sizeof(head) - 1 + len, tail, sizeof(tail));
		src = wrapped;
		len += sizeof(head) - 1 + sizeof(tail) - 1;
	}
	if ((kept = execution_lowered_find(
		 src, len, c->goal, c->params, c->lower_flags)) != NULL) {
		code = kept->code;
		code_len = kept->code_len;
	} else {
		if (c->params != NULL)
			rc = lower_module_params_flags(
			    src, len, c->params, c->lower_flags, &lr);
		else
			rc = lower_source_flags(src, len,
			    c->goal == 1 ? LOWER_SCRIPT : LOWER_MODULE,
			    c->lower_flags, &lr);
		if (rc == 0) {
			code = lr.code;
			code_len = lr.code_len;
			if (execution_lowered_keep(src, len, c->goal, c->params,
				c->lower_flags, lr.code, lr.code_len) != 0)
				own = lr.code;
		}
	}
	free(wrapped);
	if (rc != 0) {
		snprintf(c->err, sizeof(c->err), "%s",
		    lr.error[0] != '\0' ? lr.error
					: "SyntaxError: invalid source");
		return duk_error(ctx, DUK_ERR_SYNTAX_ERROR, "%s", c->err);
	}
	/*
	 * A module lowers to `(function (__m) {...})`: compiled as the function
	 * it is, rather than as a program whose value is that function.
	 */
	if (c->goal == 0 &&
	    (n = execution_function_text(code, code_len, &at)) > 0) {
		duk_push_lstring(ctx, code + at, n);
		free(own);
		duk_push_string(ctx, c->filename);
		duk_compile(ctx, DUK_COMPILE_FUNCTION | DUK_COMPILE_STRICT);
		return 1;
	}
	duk_push_lstring(ctx, code, code_len);
	free(own);
	duk_push_string(ctx, c->filename);
	duk_compile(ctx, DUK_COMPILE_EVAL);
	duk_call(ctx, 0);
	return 1;
}

/* compile(kind, source, name): a module's function, or throws SyntaxError. */
static duk_ret_t
execution_native_compile(duk_context *ctx)
{
	struct execution_compile c;
	char *text;

	memset(&c, 0, sizeof(c));
	c.goal = duk_to_int(ctx, 0);
	c.src = duk_require_lstring(ctx, 1, &c.len);
	c.filename = duk_require_string(ctx, 2);
	if (duk_safe_call(ctx, execution_compile_body, &c, 0, 1) ==
	    DUK_EXEC_SUCCESS)
		return 1;
	if (c.err[0] == '\0')
		return duk_throw(ctx);
	text = entry_syntax_text(c.err, c.filename);
	duk_push_error_object(
	    ctx, DUK_ERR_SYNTAX_ERROR, "%s", text ? text : c.err);
	free(text);
	return duk_throw(ctx);
}

/*
 * The string at idx as UTF-8 (malloc'd, NUL-terminated, *len without the
 * NUL), or NULL when it is no string or memory ran out. Duktape holds
 * CESU-8: a surrogate pair becomes its 4-byte form and a lone surrogate
 * U+FFFD; a byte no UTF-8 allows (none should reach here) becomes U+FFFD
 * too, so what leaves is always valid UTF-8.
 */
static char *
execution_utf8(duk_context *ctx, duk_idx_t idx, size_t *len)
{
	const char *s;
	char *copy, *out;
	size_t n, i, j, k;

	if (!duk_is_string(ctx, idx) || duk_is_symbol(ctx, idx))
		return NULL;
	s = duk_get_lstring(ctx, idx, &n);
	if ((copy = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(copy, s, n);
	n = utf8_from_cesu8(copy, n);
	if (utf8_valid((const uint8_t *)copy, n)) {
		*len = n;
		return copy;
	}
	if ((out = malloc(n * 3 + 1)) == NULL) {
		free(copy);
		return NULL;
	}
	for (i = 0, j = 0; i < n;) {
		k = utf8_valid_prefix((const uint8_t *)copy + i, n - i);
		memcpy(out + j, copy + i, k);
		i += k;
		j += k;
		if (i < n) {
			memcpy(out + j, "\xEF\xBF\xBD", 3);
			j += 3;
			i++;
		}
	}
	out[j] = '\0';
	free(copy);
	*len = j;
	return out;
}

/* A JSON string of the value at idx (a string), or NULL. */
static json_t *
execution_json_string(duk_context *ctx, duk_idx_t idx)
{
	size_t n;
	char *s = execution_utf8(ctx, idx, &n);
	json_t *j;

	if (s == NULL)
		return NULL;
	j = json_stringn_nocheck(s, n);
	free(s);
	return j;
}

/*
 * The array of [name, value] string pairs at idx as JSON, or NULL when it
 * has another shape. Elements are read as any script reads them; only
 * strings are taken.
 */
static json_t *
execution_json_pairs(duk_context *ctx, duk_idx_t idx)
{
	json_t *out, *n, *v;
	duk_size_t i, len;

	idx = duk_normalize_index(ctx, idx);
	if (!duk_is_array(ctx, idx) || (out = json_array()) == NULL)
		return NULL;
	len = duk_get_length(ctx, idx);
	for (i = 0; i < len; i++) {
		duk_get_prop_index(ctx, idx, (duk_uarridx_t)i);
		n = v = NULL;
		if (duk_is_array(ctx, -1) && duk_get_length(ctx, -1) == 2) {
			duk_get_prop_index(ctx, -1, 0);
			n = execution_json_string(ctx, -1);
			duk_pop(ctx);
			duk_get_prop_index(ctx, -1, 1);
			v = execution_json_string(ctx, -1);
			duk_pop(ctx);
		}
		duk_pop(ctx);
		if (n == NULL || v == NULL) {
			json_decref(n);
			json_decref(v);
			json_decref(out);
			return NULL;
		}
		/* json_pack and _append_new take the references, even failing.
		 */
		if (json_array_append_new(out, json_pack("[oo]", n, v)) != 0) {
			json_decref(out);
			return NULL;
		}
	}
	return out;
}

/*
 * A tool call's message, {"provider","tool","args"} from the three strings
 * at 1..3, written straight out: it is every call's, and jansson's tree
 * and dump cost the child a tenth of a call.
 */
static char *
execution_tool_message(duk_context *ctx, size_t *len)
{
	static const char *const keys[3] = {
		"{\"provider\":", ",\"tool\":", ",\"args\":"
	};
	char *s[3] = { NULL, NULL, NULL }, *out = NULL, *o;
	size_t n[3], total = 2, i;

	for (i = 0; i < 3; i++) {
		if ((s[i] = execution_utf8(ctx, (duk_idx_t)i + 1, &n[i])) ==
		    NULL)
			goto done;
		total += strlen(keys[i]) + jsontext_string_len(s[i], n[i]);
	}
	if ((out = malloc(total)) == NULL)
		goto done;
	for (o = out, i = 0; i < 3; i++) {
		memcpy(o, keys[i], strlen(keys[i]));
		o = jsontext_string_put(o + strlen(keys[i]), s[i], n[i]);
	}
	*o++ = '}';
	*o = '\0';
	*len = (size_t)(o - out);
done:
	for (i = 0; i < 3; i++)
		free(s[i]);
	return out;
}

/*
 * The message of call(kind, ...): kind 0 {"provider","tool","args"} from
 * three strings (execution_tool_message); kind 1 {"method","url",
 * "headers","body"} from two strings, an array of string pairs and a
 * base64 string or null.
 */
static char *
execution_call_message(duk_context *ctx, int kind, size_t *len)
{
	json_t *m, *a, *b, *c, *d;
	char *out;

	if (kind == 0)
		return execution_tool_message(ctx, len);
	a = execution_json_string(ctx, 1);
	b = execution_json_string(ctx, 2);
	c = execution_json_pairs(ctx, 3);
	d = duk_is_null(ctx, 4) ? json_null() : execution_json_string(ctx, 4);
	if (a == NULL || b == NULL || c == NULL || d == NULL) {
		json_decref(a);
		json_decref(b);
		json_decref(c);
		json_decref(d);
		return NULL;
	}
	/* json_pack takes the references, even when it fails. */
	m = json_pack("{s:o, s:o, s:o, s:o}", "method", a, "url", b, "headers",
	    c, "body", d);
	if (m == NULL)
		return NULL;
	out = json_dumps(m, JSON_COMPACT);
	json_decref(m);
	if (out != NULL)
		*len = strlen(out);
	return out;
}

/*
 * call(kind, a, b, c, d): sends a tool call (0) or an outbound request (1)
 * composed here from its pieces; its id.
 */
static duk_ret_t
execution_native_call(duk_context *ctx)
{
	struct execution *x = execution_current;
	struct execution_pending *p;
	int outbound = duk_to_int(ctx, 0) == 1, rc;
	char *json;
	size_t len = 0;

	if (x == NULL)
		return duk_error(
		    ctx, DUK_ERR_ERROR, "%s", CM_EXECUTION_COMPLETED_MESSAGE);
	if (x->ncalls == x->capcalls) {
		size_t n = x->capcalls ? x->capcalls * 2 : 16;

		if ((p = realloc(x->calls, n * sizeof(*p))) == NULL)
			return duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		x->calls = p;
		x->capcalls = n;
	}
	if ((json = execution_call_message(ctx, outbound, &len)) == NULL)
		return duk_error(ctx, DUK_ERR_TYPE_ERROR,
		    outbound ? "fetch failed: the request could not be sent"
			     : "the tool call could not be sent");
	x->next_id++;
	rc = x->host->send(x->host->arg,
	    outbound ? EXECUTION_OUTBOUND : EXECUTION_TOOL_CALL, json, len,
	    x->next_id);
	free(json);
	if (rc == -2)
		return duk_error(ctx, DUK_ERR_TYPE_ERROR,
		    outbound ? "fetch failed: the request is outside the "
			       "bounds of the frame protocol"
			     : "the tool call is outside the bounds of the "
			       "frame protocol");
	if (rc != 0)
		return duk_error(
		    ctx, DUK_ERR_ERROR, "the channel to the host is gone");
	p = &x->calls[x->ncalls++];
	p->id = x->next_id;
	p->host_wait = !outbound || x->stub_outbound;
	duk_push_uint(ctx, p->id);
	return 1;
}

/*
 * What a console line costs on the wire, in characters (UTF-16 code
 * units), its shape {"level":"<level>","text":"<text>"} included: the
 * text as JSON escapes it, from Duktape's CESU-8 bytes. The prelude's
 * capture without a host (60_console.js) charges the same.
 */
static double
execution_log_charge(const char *level, const unsigned char *s, size_t n)
{
	double cost = 22 + (double)strlen(level);
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\' || c == '\b' || c == '\f' ||
		    c == '\n' || c == '\r' || c == '\t')
			cost += 2;
		else if (c < 0x20)
			cost += 6;
		else if (c < 0x80 || c >= 0xC0)
			cost += c >= 0xF0 ? 2 : 1; /* a lead byte: one unit */
	}
	return cost;
}

/*
 * log(level, text): one console line into the run's capture, charged its
 * wire length. The line whose charge meets CONSOLE_CAPTURE_LIMIT is
 * dropped whole, and one warn line with CONSOLE_CAPTURE_MESSAGE takes the
 * place of the rest (the seed's console capture). A level other than
 * log/warn/error or a text that is no string is not a line.
 */
static duk_ret_t
execution_native_log(duk_context *ctx)
{
	struct execution *x = execution_current;
	const char *level = duk_get_string(ctx, 0), *s;
	json_t *line, *text;
	double cost;
	size_t n;

	if (x == NULL || x->log_stopped || x->logs == NULL || level == NULL ||
	    (strcmp(level, "log") != 0 && strcmp(level, "warn") != 0 &&
		strcmp(level, "error") != 0) ||
	    !duk_is_string(ctx, 1) || duk_is_symbol(ctx, 1))
		return 0;
	s = duk_get_lstring(ctx, 1, &n);
	cost = execution_log_charge(level, (const unsigned char *)s, n);
	if (x->log_used + cost >= CM_CONSOLE_CAPTURE_LIMIT) {
		x->log_stopped = 1;
		line = json_pack("{s:s, s:s}", "level", "warn", "text",
		    CM_CONSOLE_CAPTURE_MESSAGE);
	} else {
		x->log_used += cost;
		text = execution_json_string(ctx, 1);
		line = text
		    ? json_pack("{s:s, s:o}", "level", level, "text", text)
		    : NULL;
	}
	if (line == NULL || json_array_append_new(x->logs, line) != 0)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	return 0;
}

/*
 * answer(kind, ...): the run's or the invocation's answer, kept for the
 * message execution.c composes (enum execution_answer_kind): kinds 1 and 2
 * take a string; 4 takes (status, statusText, headers, body base64). A
 * piece of the wrong type leaves no answer, which reads as a failure.
 */
static duk_ret_t
execution_native_answer(duk_context *ctx)
{
	struct execution *x = execution_current;
	int kind = duk_to_int(ctx, 0);
	json_t *st, *h, *b;
	double status;

	if (x == NULL || x->answer_kind != EXECUTION_ANSWER_NONE)
		return 0;
	switch (kind) {
	case EXECUTION_ANSWER_EMPTY:
	case EXECUTION_ANSWER_HANDLES:
		x->answer_kind = kind;
		break;
	case EXECUTION_ANSWER_RESULT:
	case EXECUTION_ANSWER_ERROR:
		if ((x->answer_text = execution_utf8(ctx, 1, &x->answer_len)) ==
		    NULL)
			return duk_error(ctx, DUK_ERR_TYPE_ERROR,
			    "the run's answer is not a string");
		x->answer_kind = kind;
		break;
	case EXECUTION_ANSWER_RESPONSE:
		status = duk_is_number(ctx, 1) ? duk_get_number(ctx, 1) : -1;
		st = execution_json_string(ctx, 2);
		h = execution_json_pairs(ctx, 3);
		b = execution_json_string(ctx, 4);
		if (!(status >= 0 && status <= 999 && status == (int)status) ||
		    st == NULL || h == NULL || b == NULL) {
			json_decref(st);
			json_decref(h);
			json_decref(b);
			return duk_error(ctx, DUK_ERR_TYPE_ERROR,
			    "the handler's response could not be read");
		}
		/* json_pack takes the references, even when it fails. */
		if ((x->answer_response = json_pack("{s:I, s:o, s:o, s:o}",
			 "status", (json_int_t)status, "statusText", st,
			 "headers", h, "body", b)) == NULL)
			return duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		x->answer_kind = kind;
		break;
	default:
		break;
	}
	return 0;
}

static duk_ret_t
execution_native_b64encode(duk_context *ctx)
{
	static const unsigned char none[1];
	duk_size_t n = 0;
	void *data;
	char *out;

	/* A view over a detached ArrayBuffer (transfer) has no bytes to give:
	 * it crosses as empty, where duk_require_buffer_data would refuse it.
	 */
	if (!duk_is_buffer_data(ctx, 0))
		(void)duk_require_buffer_data(ctx, 0, &n);
	if ((data = duk_get_buffer_data(ctx, 0, &n)) == NULL) {
		data = (void *)none;
		n = 0;
	}
	if ((out = malloc(base64_encoded_len(n, 1) + 1)) == NULL)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	n = base64_encode(data, n, 1, out);
	duk_push_lstring(ctx, out, n);
	free(out);
	return 1;
}

static duk_ret_t
execution_native_b64decode(duk_context *ctx)
{
	duk_size_t n;
	const char *s = duk_require_lstring(ctx, 0, &n);
	uint8_t *tmp;
	void *buf;
	long got;

	if ((tmp = malloc(n / 4 * 3 + 3)) == NULL)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	if ((got = base64_decode(s, n, tmp)) < 0) {
		free(tmp);
		return duk_error(
		    ctx, DUK_ERR_SYNTAX_ERROR, "Invalid base64 data");
	}
	buf = duk_push_fixed_buffer(ctx, (duk_size_t)got);
	memcpy(buf, tmp, (size_t)got);
	free(tmp);
	duk_push_buffer_object(
	    ctx, -1, 0, (duk_size_t)got, DUK_BUFOBJ_UINT8ARRAY);
	return 1;
}

/* ---- calls into the prelude ---- */

struct execution_js_call {
	const char *holder; /* stash key: "cm" or "cm_exec" */
	const char *name;
	int nargs; /* values taken from the stack */
	const char *const *sargs; /* then these strings, pushed inside */
	int nsargs;
};

/* duk_safe_call body: [ args... ] -> [ holder[name](args..., sargs...) ]. */
static duk_ret_t
execution_js_call_body(duk_context *ctx, void *udata)
{
	struct execution_js_call *c = udata;
	int i;

	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, c->holder);
	duk_get_prop_string(ctx, -1, c->name);
	duk_dup(ctx, -2);
	for (i = 0; i < c->nargs; i++)
		duk_dup(ctx, i);
	for (i = 0; i < c->nsargs; i++)
		duk_push_string(ctx, c->sargs[i]);
	duk_call_method(ctx, c->nargs + c->nsargs);
	return 1;
}

/*
 * Calls a prelude function with nargs values from the stack and nsargs
 * strings. 0 with the result on the stack, or -1 with the error there.
 */
static int
execution_js_args(struct execution *x, const char *holder, const char *name,
    int nargs, const char *const *sargs, int nsargs)
{
	struct execution_js_call c = { holder, name, nargs, sargs, nsargs };

	return duk_safe_call(engine_context(x->e), execution_js_call_body, &c,
		   nargs, 1) == DUK_EXEC_SUCCESS
	    ? 0
	    : -1;
}

static int
execution_js(
    struct execution *x, const char *holder, const char *name, int nargs)
{
	return execution_js_args(x, holder, name, nargs, NULL, 0);
}

/*
 * duk_safe_call body: [ ] -> [ ], stashes __cm.hostInit(natives) unless a
 * prepare already did.
 */
static duk_ret_t
execution_install_body(duk_context *ctx, void *udata)
{
	static const duk_function_list_entry natives[] = {
		{ "call", execution_native_call, 5 },
		{ "log", execution_native_log, 2 },
		{ "answer", execution_native_answer, 5 },
		{ "compile", execution_native_compile, 3 },
		{ "b64encode", execution_native_b64encode, 1 },
		{ "b64decode", execution_native_b64decode, 1 },
		{ NULL, NULL, 0 }
	};

	(void)udata;
	duk_push_global_stash(ctx);
	if (duk_has_prop_string(ctx, -1, "cm_exec"))
		return 0;
	duk_get_prop_string(ctx, -1, "cm");
	duk_get_prop_string(ctx, -1, "hostInit");
	duk_dup(ctx, -2);
	duk_push_object(ctx);
	duk_put_function_list(ctx, -1, natives);
	duk_call_method(ctx, 1);
	duk_put_prop_string(ctx, -3, "cm_exec");
	return 0;
}

int
execution_prepare(struct engine *e)
{
	duk_context *ctx = engine_context(e);
	int rc;

	rc = duk_safe_call(ctx, execution_install_body, NULL, 0, 1);
	duk_pop(ctx);
	/* The entry's parameter list too, so each child finds it made. */
	if (entry_scope_params() == NULL)
		return -1;
	return rc == DUK_EXEC_SUCCESS ? 0 : -1;
}

/* ---- the run clock ---- */

static void
execution_clock_pause(struct execution *x)
{
	if (x->paused)
		return;
	x->remaining = x->deadline_at - engine_now_ms();
	x->paused = 1;
}

/* Restarts the clock; -1 when the bound is already spent. */
static int
execution_clock_resume(struct execution *x)
{
	if (!x->paused)
		return 0;
	x->paused = 0;
	x->deadline_at = engine_now_ms() + x->remaining;
	if (x->remaining <= 0)
		return -1;
	engine_arm_deadline(x->e, x->remaining);
	return 0;
}

static size_t
execution_host_waits(const struct execution *x)
{
	size_t i, n = 0;

	for (i = 0; i < x->ncalls; i++)
		n += x->calls[i].host_wait != 0;
	return n;
}

/*
 * Pushes UTF-8 text as Duktape holds strings: a 4-byte sequence becomes
 * its two surrogates (CESU-8), so "\u{1F600}".length reads 2 as in JS.
 */
static void
execution_push_text(duk_context *ctx, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char *out;
	size_t i, j = 0;

	for (i = 0; i < n; i++)
		if (p[i] >= 0xF0)
			break;
	if (i == n) {
		duk_push_lstring(ctx, s, n);
		return;
	}
	out = duk_push_fixed_buffer(ctx, n / 2 * 3 + 6);
	for (i = 0; i < n;) {
		if (p[i] >= 0xF0 && p[i] <= 0xF4 && i + 3 < n) {
			unsigned cp = (p[i] & 0x07u) << 18 |
			    (p[i + 1] & 0x3Fu) << 12 | (p[i + 2] & 0x3Fu) << 6 |
			    (p[i + 3] & 0x3Fu);
			unsigned u[2], k;

			cp -= 0x10000;
			u[0] = 0xD800 + (cp >> 10);
			u[1] = 0xDC00 + (cp & 0x3FF);
			for (k = 0; k < 2; k++) {
				out[j++] = (unsigned char)(0xE0 | u[k] >> 12);
				out[j++] =
				    (unsigned char)(0x80 | (u[k] >> 6 & 0x3F));
				out[j++] =
				    (unsigned char)(0x80 | (u[k] & 0x3F));
			}
			i += 4;
		} else
			out[j++] = p[i++];
	}
	duk_push_lstring(ctx, (const char *)out, j);
	duk_remove(ctx, -2);
}

struct execution_answer {
	uint32_t id;
	const char *payload;
	size_t len;
};

/* duk_safe_call body: [ ] -> [ ], internal.deliver(id, text). */
static duk_ret_t
execution_deliver_body(duk_context *ctx, void *udata)
{
	struct execution_answer *a = udata;

	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm_exec");
	duk_get_prop_string(ctx, -1, "deliver");
	duk_dup(ctx, -2);
	duk_push_uint(ctx, a->id);
	execution_push_text(ctx, a->payload, a->len);
	duk_call_method(ctx, 2);
	return 1;
}

/*
 * Hands one answer to the prelude, which then runs the turn it starts:
 * 1 with that turn's result in *d (as cm_exec.step's); 0 for an answer to
 * nothing, dropped; -1 (error on the stack) if that threw.
 */
static int
execution_deliver(struct execution *x, uint32_t id, const char *payload,
    size_t len, double *d)
{
	duk_context *ctx = engine_context(x->e);
	struct execution_answer a;
	size_t i;

	for (i = 0; i < x->ncalls; i++)
		if (x->calls[i].id == id)
			break;
	if (i == x->ncalls)
		return 0; /* not ours: an answer to nothing is dropped */
	x->calls[i] = x->calls[--x->ncalls];
	a.id = id;
	a.payload = payload;
	a.len = len;
	if (duk_safe_call(ctx, execution_deliver_body, &a, 0, 1) !=
	    DUK_EXEC_SUCCESS)
		return -1;
	*d = duk_get_number_default(ctx, -1, -1);
	duk_pop(ctx);
	return 1;
}

/* The end of a failed JS step: the bound, the memory, or a thrown value. */
static enum execution_end
execution_failed(struct execution *x)
{
	if (engine_oom(x->e))
		return EXECUTION_OOM;
	if (engine_timed_out(x->e))
		return EXECUTION_TIMEOUT;
	return EXECUTION_THREW;
}

/*
 * Drives the loop until the arrow settles. On EXECUTION_THREW, _TIMEOUT
 * and _OOM one value (the thrown one, or undefined) is left on the stack.
 */
static enum execution_end
execution_loop(struct execution *x)
{
	duk_context *ctx = engine_context(x->e);
	double d = 0, bound, now;
	uint32_t id;
	char *payload;
	size_t len;
	int r, clock_stops, stepped = 0;

	for (;;) {
		/* The jobs run; -2 once settled, else the next timer's delay
		 * (an answer delivered has run that turn already). */
		if (!stepped) {
			if (execution_js(x, "cm_exec", "step", 0) != 0)
				return execution_failed(x);
			d = duk_get_number_default(ctx, -1, -1);
			duk_pop(ctx);
		}
		stepped = 0;
		if (d == -2)
			return EXECUTION_SETTLED;
		now = engine_now_ms();
		if (now >= x->deadline_at) {
			duk_push_undefined(
			    ctx); /* the place of an error value */
			return EXECUTION_TIMEOUT;
		}
		if (d == 0) {
			if (execution_js(x, "cm", "runDueTimers", 0) != 0)
				return execution_failed(x);
			duk_pop(ctx);
			continue;
		}
		if (x->ncalls == 0 && d < 0)
			return EXECUTION_NEVER;
		/* Idle: wait for an answer or the next timer. */
		clock_stops = execution_host_waits(x) > 0;
		/* 2: no timer is pending, only an answer can wake the run. */
		if (clock_stops)
			x->host->host_wait(x->host->arg, d < 0 ? 2 : 1);
		if (clock_stops && !x->req->count_host_waits) {
			execution_clock_pause(x);
			bound = d;
		} else {
			bound = x->deadline_at - now;
			if (d >= 0 && d < bound)
				bound = d;
		}
		payload = NULL;
		r = x->host->wait(x->host->arg, bound, &id, &payload, &len);
		if (clock_stops)
			x->host->host_wait(x->host->arg, 0);
		if (execution_clock_resume(x) != 0) {
			free(payload);
			duk_push_undefined(ctx);
			return EXECUTION_TIMEOUT;
		}
		if (r < 0)
			return EXECUTION_BROKEN;
		if (r > 0) {
			r = execution_deliver(x, id, payload, len, &d);
			free(payload);
			if (r < 0)
				return execution_failed(x);
			stepped = r;
		}
	}
}

/* ---- the envelope ---- */

/* Forgets the answer a call of the prelude left. */
static void
execution_answer_clear(struct execution *x)
{
	free(x->answer_text);
	x->answer_text = NULL;
	x->answer_len = 0;
	json_decref(x->answer_response);
	x->answer_response = NULL;
	x->answer_kind = EXECUTION_ANSWER_NONE;
}

/*
 * The ExecuteResultMessage, composed here: {"resultJson"?: text,
 * "error"?: text, "handles"?: ["fetch"], "logs": [...]} with the lines the
 * run captured. `error` (a host text) wins over the prelude's answer.
 */
static char *
execution_compose(struct execution *x, const char *error)
{
	json_t *m = json_object(), *v = NULL;
	char *out;

	if (m == NULL)
		return NULL;
	if (error != NULL)
		v = json_string(error);
	else if (x->answer_kind == EXECUTION_ANSWER_RESULT ||
	    x->answer_kind == EXECUTION_ANSWER_ERROR)
		v = json_stringn_nocheck(x->answer_text, x->answer_len);
	else if (x->answer_kind == EXECUTION_ANSWER_HANDLES)
		v = json_pack("[s]", "fetch");
	if (v != NULL &&
	    json_object_set_new(m,
		error != NULL || x->answer_kind == EXECUTION_ANSWER_ERROR
		    ? "error"
		    : x->answer_kind == EXECUTION_ANSWER_RESULT ? "resultJson"
								: "handles",
		v) != 0) {
		json_decref(m);
		return NULL;
	}
	if (json_object_set(m, "logs", x->logs ? x->logs : json_array()) != 0) {
		json_decref(m);
		return NULL;
	}
	out = json_dumps(m, JSON_COMPACT);
	json_decref(m);
	return out;
}

/* {"error": text, "logs": [...]}: a failure the host names. */
static char *
execution_plain_error(struct execution *x, const char *text)
{
	return execution_compose(x, text ? text : "");
}

static char *
execution_memory_text(const struct execution *x)
{
	char mb[32];

	snprintf(mb, sizeof(mb), "%u", x->req->memory_limit_mb);
	return texts_compose(CM_TEXT_MEMORY_LIMIT, mb);
}

static char *
execution_timeout_text(const struct execution *x)
{
	char num[32];

	snprintf(num, sizeof(num), "%.0f", x->req->timeout_ms);
	return texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num);
}

/*
 * Calls finish(v, how): v is the value on the stack (popped) when text is
 * NULL, else text; finish hands the answer over through the `answer`
 * native. Returns the message (malloc'd), or NULL when memory ran out. A
 * finish that could not end (the guest's toJSON or getter ran past the
 * bound, or out of memory) reads as the bound it hit.
 */
static char *
execution_finish(struct execution *x, const char *how, const char *text)
{
	duk_context *ctx = engine_context(x->e);
	const char *sargs[2] = { text, how };
	char *out, *t;
	int rc;

	execution_answer_clear(x);
	if (text != NULL)
		rc = execution_js_args(x, "cm_exec", "finish", 0, sargs, 2);
	else
		rc = execution_js_args(x, "cm_exec", "finish", 1, sargs + 1, 1);
	duk_pop(ctx);
	if (rc == 0 && x->answer_kind != EXECUTION_ANSWER_NONE)
		return execution_compose(x, NULL);
	if (engine_oom(x->e))
		t = execution_memory_text(x);
	else if (engine_timed_out(x->e))
		t = execution_timeout_text(x);
	else
		t = texts_compose(
		    CM_TEXT_INTERNAL, "the run's answer could not be read");
	out = t ? execution_plain_error(x, t) : NULL;
	free(t);
	return out;
}

/* ---- the run ---- */

/* The message for an end the prelude cannot write (it is the error text). */
static char *
execution_text_end(struct execution *x, char *text)
{
	char *msg;

	if (text == NULL)
		return NULL;
	msg = execution_finish(x, "1", text);
	if (msg == NULL)
		msg = execution_plain_error(x, text);
	free(text);
	return msg;
}

static void
execution_init(struct execution *x, struct engine *e,
    const struct execution_request *req, const struct execution_host *host)
{
	memset(x, 0, sizeof(*x));
	x->e = e;
	x->req = req;
	x->host = host;
	x->logs = json_array();
	x->answer_kind = EXECUTION_ANSWER_NONE;
	x->stub_outbound = req->outbound_mode != NULL &&
	    strcmp(req->outbound_mode, "stub") == 0;
}

/* duk_safe_call body: [ ] -> [ ], internal.invoke(handle, request). */
static duk_ret_t
execution_invoke_body(duk_context *ctx, void *udata)
{
	const char *const *a = udata;

	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm_exec");
	duk_get_prop_string(ctx, -1, "invoke");
	duk_dup(ctx, -2);
	duk_push_string(ctx, a[0]);
	execution_push_text(ctx, a[1], strlen(a[1]));
	duk_call_method(ctx, 2);
	return 0;
}

/* Frees what the execution owns (the struct is the caller's). */
static void
execution_clear(struct execution *x)
{
	execution_answer_clear(x);
	json_decref(x->logs);
	x->logs = NULL;
	free(x->calls);
	x->calls = NULL;
}

/*
 * The invocation's answer, from the handler's outcome or a host text,
 * composed here: {"response": {...}} or {"error": text}. Its console
 * lines are dropped with the invocation (the seed).
 */
static char *
execution_invoke_answer(struct execution *x, const char *text)
{
	duk_context *ctx = engine_context(x->e);
	json_t *m = NULL;
	char *out = NULL;
	int rc;

	execution_answer_clear(x);
	rc = text != NULL
	    ? execution_js_args(x, "cm_exec", "invokeResult", 0, &text, 1)
	    : execution_js(x, "cm_exec", "invokeResult", 0);
	duk_pop(ctx);
	if (rc == 0 && x->answer_kind == EXECUTION_ANSWER_RESPONSE)
		m = json_pack("{s:O}", "response", x->answer_response);
	else if (rc == 0 && x->answer_kind == EXECUTION_ANSWER_ERROR)
		m = json_pack("{s:s%}", "error", x->answer_text, x->answer_len);
	else
		m = json_pack("{s:s}", "error",
		    text ? text : "the handler's answer could not be read");
	if (m != NULL)
		out = json_dumps(m, JSON_COMPACT);
	json_decref(m);
	return out;
}

enum execution_invoke_end
execution_invoke(struct engine *e, const struct execution_request *req,
    const struct execution_host *host, const char *handle,
    const char *request_json, char **answer)
{
	struct execution x;
	duk_context *ctx = engine_context(e);
	const char *a[2] = { handle, request_json };
	enum execution_end end;
	char *text = NULL;

	*answer = NULL;
	execution_init(&x, e, req, host);
	execution_current = &x;
	engine_arm_deadline(e, req->timeout_ms);
	x.deadline_at = engine_now_ms() + req->timeout_ms;
	if (duk_safe_call(ctx, execution_invoke_body, (void *)a, 0, 1) !=
	    DUK_EXEC_SUCCESS)
		end = execution_failed(&x);
	else {
		duk_pop(ctx);
		end = execution_loop(&x);
	}
	switch (end) {
	case EXECUTION_SETTLED:
		*answer = execution_invoke_answer(&x, NULL);
		break;
	case EXECUTION_THREW:
		/* A throw outside the handler's promise: its message answers.
		 */
		duk_pop(ctx);
		*answer = execution_invoke_answer(&x,
		    "the handler threw outside "
		    "its response");
		break;
	case EXECUTION_NEVER:
		text = texts_compose(CM_TEXT_RUN_NEVER_SETTLES);
		*answer = execution_invoke_answer(
		    &x, text ? text : "the handler never answered");
		free(text);
		break;
	case EXECUTION_TIMEOUT:
		duk_pop(ctx);
		execution_current = NULL;
		execution_clear(&x);
		return EXECUTION_INVOKE_TIMEOUT;
	case EXECUTION_OOM:
		duk_pop(ctx);
		/* fall through */
	case EXECUTION_BROKEN:
		execution_current = NULL;
		execution_clear(&x);
		return EXECUTION_INVOKE_FAILED;
	}
	execution_current = NULL;
	execution_clear(&x);
	return *answer != NULL ? EXECUTION_INVOKE_ANSWERED
			       : EXECUTION_INVOKE_FAILED;
}

char *
execution_run(struct engine *e, const struct execution_request *req,
    const struct execution_host *host, int *retained)
{
	struct execution x;
	struct execution_compile c;
	struct cm_imports imp = { 0 };
	duk_context *ctx = engine_context(e);
	char *src = NULL, *mods = NULL, *declared = NULL, *text = NULL;
	char *msg = NULL;
	const char *sargs[5];
	char *specs = NULL;
	enum execution_end end;
	int rc;

	*retained = 0;
	execution_init(&x, e, req, host);
	/* The provider list and the map fail before anything runs. */
	if (req->providers != NULL && json_is_array(req->providers) &&
	    (rc = cm_validate_providers(req->providers, &text)) != 0) {
		msg = rc > 0 ? execution_plain_error(&x, text) : NULL;
		free(text);
		execution_clear(&x);
		return msg;
	}
	if ((rc = entry_modules(req->modules, &mods, &declared, &text)) != 0) {
		msg = rc > 0 ? execution_plain_error(&x, text) : NULL;
		free(text);
		goto out;
	}
	execution_current = &x;
	engine_arm_deadline(e, req->timeout_ms);
	x.deadline_at = engine_now_ms() + req->timeout_ms;
	if (duk_safe_call(ctx, execution_install_body, NULL, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
		msg = execution_plain_error(&x, duk_safe_to_string(ctx, -1));
		duk_pop(ctx);
		goto out;
	}
	duk_pop(ctx);
	sargs[0] = mods;
	sargs[1] = declared;
	sargs[2] = req->outbound_mode ? req->outbound_mode : "disabled";
	/* The leading imports, lifted once for the list and the source. */
	if (cm_separate_imports(req->code, strlen(req->code), &imp) != 0 ||
	    (sargs[3] = specs = entry_import_specifiers(&imp)) == NULL)
		goto out;
	sargs[4] = req->retain_handles ? "1" : "0";
	if ((src = entry_source(&imp, req->providers)) == NULL)
		goto out;
	memset(&c, 0, sizeof(c));
	c.src = src;
	c.len = strlen(src);
	c.filename = "executor.js";
	c.lower_flags = req->typescript ? LOWER_F_TS : 0;
	if ((c.params = entry_scope_params()) == NULL)
		goto out;
	if (duk_safe_call(ctx, execution_compile_body, &c, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
		if (c.err[0] != '\0') {
			duk_pop(ctx);
			msg = execution_text_end(
			    &x, entry_syntax_text(c.err, c.filename));
			goto out;
		}
		end = execution_failed(&x);
		goto ended;
	}
	/* start(fn, map, declared, outbound mode, imports, retain) */
	if (execution_js_args(&x, "cm_exec", "start", 1, sargs, 5) != 0) {
		end = execution_failed(&x);
		goto ended;
	}
	duk_pop(ctx);
	end = execution_loop(&x);
ended:
	switch (end) {
	case EXECUTION_SETTLED:
		msg = execution_finish(&x, "0", "");
		/* Only a run that asked to keep its handles can have kept one.
		 */
		*retained = msg != NULL && req->retain_handles &&
		    x.answer_kind == EXECUTION_ANSWER_HANDLES;
		break;
	case EXECUTION_THREW:
		msg = execution_finish(&x, "2", NULL);
		break;
	case EXECUTION_TIMEOUT:
		duk_pop(ctx);
		/* The logs are the host's: no guest code runs past the bound.
		 */
		msg = execution_plain_error(
		    &x, text = execution_timeout_text(&x));
		free(text);
		break;
	case EXECUTION_OOM:
		duk_pop(ctx);
		msg =
		    execution_plain_error(&x, text = execution_memory_text(&x));
		free(text);
		break;
	case EXECUTION_NEVER:
		msg = execution_text_end(
		    &x, texts_compose(CM_TEXT_RUN_NEVER_SETTLES));
		break;
	case EXECUTION_BROKEN:
		msg = NULL;
		break;
	}
	/*
	 * The arrow settled, but its envelope could not be written because
	 * the bound passed meanwhile: a getter of the result that loops while
	 * it is serialized, or a long native call (a catastrophic RegExp)
	 * whose abort settled the arrow before the next interrupt. The run
	 * ended at its bound, and says so; without this it would end with no
	 * message and read as a crashed worker.
	 */
	if (msg == NULL && end != EXECUTION_BROKEN && !engine_oom(e) &&
	    engine_timed_out(e)) {
		*retained = 0;
		msg = execution_plain_error(
		    &x, text = execution_timeout_text(&x));
		free(text);
	}
out:
	execution_current = NULL;
	execution_clear(&x);
	free(src);
	free(mods);
	free(declared);
	free(specs);
	cm_imports_clear(&imp);
	return msg;
}
