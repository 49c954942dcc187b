/*
 * The classic-script runner (codemode-run --script, test262, tests/js): a
 * script lowered with LOWER_SCRIPT, then the prelude's event loop until it
 * is idle. See script.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/engine.h"
#include "front/lower.h"
#include "script.h"

void
script_outcome_free(struct script_outcome *out)
{
	free(out->message);
	out->message = NULL;
}

/* Sets out's status and a copy of msg; returns the status. */
static enum script_status
script_fail(struct script_outcome *out, enum script_status st, const char *msg)
{
	out->status = st;
	free(out->message);
	out->message =
	    strdup(msg); /* NULL on failure: the status still says it */
	return st;
}

/*
 * duk_safe_call body: [ v ] -> [ text ]: "Name: message" for an error (or
 * an object with name and message), else ToString(v) prefixed with the
 * C string udata points to.
 */
static duk_ret_t
script_describe(duk_context *ctx, void *udata)
{
	if (duk_is_error(ctx, -1) ||
	    (duk_is_object(ctx, -1) &&
		duk_has_prop_string(ctx, -1, "message") &&
		duk_has_prop_string(ctx, -1, "name"))) {
		duk_to_string(ctx, -1);
		return 1;
	}
	duk_push_string(ctx, (const char *)udata);
	duk_swap(ctx, -2, -1);
	duk_to_string(ctx, -1);
	duk_concat(ctx, 2);
	return 1;
}

/* Classifies the error on top of the stack (popped) into *out. */
static enum script_status
script_caught(
    struct engine *e, struct script_outcome *out, enum script_status st)
{
	duk_context *ctx = engine_context(e);
	const char *msg;
	char *line, *p;

	if (engine_oom(e)) {
		duk_pop(ctx);
		return script_fail(out, SCRIPT_OOM, ENGINE_MSG_OOM);
	}
	if (engine_timed_out(e)) {
		duk_pop(ctx);
		return script_fail(out, SCRIPT_TIMEOUT, ENGINE_MSG_TIMEOUT);
	}
	if (duk_safe_call(ctx, script_describe, (void *)"Uncaught ", 1, 1) !=
	    DUK_EXEC_SUCCESS) {
		if (engine_oom(e) || engine_timed_out(e)) {
			duk_pop(ctx);
			return script_fail(out,
			    engine_oom(e) ? SCRIPT_OOM : SCRIPT_TIMEOUT,
			    engine_oom(e) ? ENGINE_MSG_OOM
					  : ENGINE_MSG_TIMEOUT);
		}
	}
	msg = duk_safe_to_string(ctx, -1);
	script_fail(out, st, msg);
	duk_pop(ctx);
	/* One line: a multi-line message is joined with spaces. */
	if ((line = out->message) != NULL)
		for (p = line; *p != '\0'; p++)
			if (*p == '\n' || *p == '\r')
				*p = ' ';
	return st;
}

struct script_source {
	const char *code, *filename;
	size_t len;
};

/* duk_safe_call body: [ ] -> [ fn ], compiles the lowered source. */
static duk_ret_t
script_compile(duk_context *ctx, void *udata)
{
	struct script_source *src = udata;

	duk_push_lstring(ctx, src->code, src->len);
	duk_push_string(ctx, src->filename);
	duk_compile(ctx, 0);
	return 1;
}

/* Lowers, compiles and runs src; its completion value is left on the stack. */
static enum script_status
script_eval(struct engine *e, const char *src, size_t len, const char *filename,
    struct script_outcome *out)
{
	duk_context *ctx = engine_context(e);
	struct lower_result lr;
	struct script_source cs;
	int rc;

	out->status = SCRIPT_OK;
	engine_arm_once(e);
	if (engine_stopped(e))
		return script_fail(out,
		    engine_oom(e) ? SCRIPT_OOM : SCRIPT_TIMEOUT,
		    engine_oom(e) ? ENGINE_MSG_OOM : ENGINE_MSG_TIMEOUT);
	if (lower_source_flags(src, len, LOWER_SCRIPT,
		engine_typescript(e) ? LOWER_F_TS : 0, &lr) != 0)
		return script_fail(out, SCRIPT_SYNTAX,
		    lr.error[0] != '\0' ? lr.error
					: "SyntaxError: invalid source");
	cs.code = lr.code;
	cs.len = lr.code_len;
	cs.filename = filename != NULL ? filename : "input";
	rc = duk_safe_call(ctx, script_compile, &cs, 0, 1);
	free(lr.code);
	if (rc != DUK_EXEC_SUCCESS)
		return script_caught(e, out, SCRIPT_SYNTAX);
	/* Global code's `this` is the global object, strict code's too. */
	duk_push_global_object(ctx);
	if (duk_pcall_method(ctx, 0) != DUK_EXEC_SUCCESS)
		return script_caught(e, out, SCRIPT_THREW);
	return SCRIPT_OK;
}

struct script_cm_call {
	const char *name;
	int found;
};

/* duk_safe_call body: [ ] -> [ result ] of __cm[name](), if it exists. */
static duk_ret_t
script_call_cm_body(duk_context *ctx, void *udata)
{
	struct script_cm_call *c = udata;

	c->found = 0;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm");
	if (!duk_is_object(ctx, -1))
		return 0;
	duk_get_prop_string(ctx, -1, c->name);
	if (!duk_is_callable(ctx, -1))
		return 0;
	c->found = 1;
	duk_swap(ctx, -2, -1);
	duk_call_method(ctx, 0);
	return 1;
}

/*
 * Calls __cm[name]() if the prelude defined it. Returns 1 and leaves the
 * result on the stack, 0 (nothing pushed) when there is no such helper, or
 * -1 with *out filled when it threw.
 */
static int
script_call_cm(struct engine *e, const char *name, struct script_outcome *out)
{
	struct script_cm_call c = { name, 0 };

	if (duk_safe_call(engine_context(e), script_call_cm_body, &c, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
		script_caught(e, out, SCRIPT_THREW);
		return -1;
	}
	if (!c.found) {
		duk_pop(engine_context(e));
		return 0;
	}
	return 1;
}

/* duk_safe_call body: [ list ] -> [ ], prints each reason (script mode). */
static duk_ret_t
script_rejections_body(duk_context *ctx, void *udata)
{
	struct engine *e = udata;
	duk_size_t i, n, len;
	const char *s;

	n = duk_is_array(ctx, -1) ? duk_get_length(ctx, -1) : 0;
	for (i = 0; i < n && !engine_stopped(e); i++) {
		duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
		duk_safe_call(ctx, script_describe, (void *)"", 1, 1);
		duk_push_string(ctx, "Uncaught (in promise) ");
		duk_swap(ctx, -2, -1);
		duk_safe_to_string(ctx, -1);
		duk_push_string(ctx, "\n");
		duk_concat(ctx, 3);
		s = duk_get_lstring(ctx, -1, &len);
		engine_write(e, 1, s, len);
		duk_pop(ctx);
	}
	return 0;
}

/*
 * Takes the prelude's list of unhandled rejections. Script mode prints each
 * as "Uncaught (in promise) <reason>" on stream 1; they are not fatal.
 * Returns -1 (out filled) only when the helper itself threw.
 */
static int
script_rejections(struct engine *e, struct script_outcome *out)
{
	int r;

	if ((r = script_call_cm(e, "takeUnhandledRejections", out)) <= 0)
		return r;
	if (!engine_script_mode(e)) {
		duk_pop(engine_context(e));
		return 0;
	}
	if (duk_safe_call(engine_context(e), script_rejections_body, e, 1, 1) !=
	    DUK_EXEC_SUCCESS) {
		script_caught(e, out, SCRIPT_THREW);
		return -1;
	}
	duk_pop(engine_context(e));
	return 0;
}

/* Drives the prelude's jobs and timers until none is left, the deadline
 * passes or a callback throws. */
static enum script_status
script_drive(struct engine *e, struct script_outcome *out)
{
	duk_context *ctx = engine_context(e);
	double d;
	int r;

	out->status = SCRIPT_OK;
	if ((r = script_call_cm(e, "drainMicrotasks", out)) < 0)
		return out->status;
	if (r > 0)
		duk_pop(ctx);
	for (;;) {
		if (script_rejections(e, out) < 0)
			return out->status;
		if ((r = script_call_cm(e, "nextTimerDelay", out)) < 0)
			return out->status;
		if (r == 0)
			break;
		d = duk_get_number_default(ctx, -1, -1);
		duk_pop(ctx);
		if (!(d >= 0))
			break;
		if (d > 0 && engine_sleep(e, d) != 0)
			return script_fail(
			    out, SCRIPT_TIMEOUT, ENGINE_MSG_TIMEOUT);
		if ((r = script_call_cm(e, "runDueTimers", out)) < 0)
			return out->status;
		if (r == 0)
			break;
		duk_pop(ctx);
	}
	if (engine_stopped(e))
		return script_fail(out,
		    engine_oom(e) ? SCRIPT_OOM : SCRIPT_TIMEOUT,
		    engine_oom(e) ? ENGINE_MSG_OOM : ENGINE_MSG_TIMEOUT);
	return SCRIPT_OK;
}

enum script_status
script_run(struct engine *e, const char *src, size_t len, const char *filename,
    struct script_outcome *out)
{
	memset(out, 0, sizeof(*out));
	if (script_eval(e, src, len, filename, out) != SCRIPT_OK)
		return out->status;
	duk_pop(engine_context(e));
	return script_drive(e, out);
}