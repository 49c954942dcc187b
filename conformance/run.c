/* Running one case (see run.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "run.h"
#include "run_int.h"
#include "wire.h"

#define RUN_CONNECT_TIMEOUT 10000
#define RUN_CASE_TIMEOUT 60000

/* ---- connecting ---- */

struct wire_conn *
run_connect(const struct run_target *t, int *mismatch, char *err, size_t errlen)
{
	struct run_answer a;
	struct wire_conn *c;
	char *text = NULL;
	double deadline;

	*mismatch = 0;
	if ((c = wire_connect(t->url, t->headers, t->nheaders,
		 RUN_CONNECT_TIMEOUT, err, errlen)) == NULL)
		return NULL;
	/* Nothing else crosses before the version check. */
	memset(&a, 0, sizeof(a));
	if (wire_call(c, "protocolVersion", NULL, run_on_settle, &a) <= 0) {
		snprintf(err, errlen, "protocolVersion could not be sent");
		wire_close(c);
		return NULL;
	}
	deadline = wire_now_ms() + RUN_CONNECT_TIMEOUT;
	while (!a.done && wire_now_ms() < deadline)
		if (wire_pump(c, 50) != 0)
			break;
	if (!a.done || a.status != CAPNWEB_RESOLVED) {
		snprintf(err, errlen, "protocolVersion() failed: %s",
		    !a.done ? (wire_alive(c) ? "no answer" : wire_end_reason(c))
			: capnweb_error_message(a.value)
			? capnweb_error_message(a.value)
			: "rejected");
		run_answer_clear(&a);
		wire_close(c);
		return NULL;
	}
	if (!json_is_integer(a.value) ||
	    cm_check_protocol_version(
		json_integer_value(a.value), CM_PROTOCOL_VERSION, &text) != 0) {
		char *got = expect_render(a.value);

		*mismatch = 1;
		snprintf(err, errlen,
		    "PROTOCOL_MISMATCH: %s (protocolVersion() "
		    "answered %s)",
		    text ? text : "the versions differ", got ? got : "?");
		free(got);
		free(text);
		run_answer_clear(&a);
		wire_close(c);
		return NULL;
	}
	run_answer_clear(&a);
	return c;
}

static int
run_reconnect(struct run_ctx *x)
{
	char err[512];
	int mismatch;

	wire_close(x->conn);
	/* The kept outbound target died with the old session. */
	x->kept_target = 0;
	x->conn = run_connect(x->target, &mismatch, err, sizeof(err));
	if (x->conn == NULL) {
		expect_buf_printf(x->diff, "reconnect: %s\n", err);
		return -1;
	}
	return 0;
}

/* ---- the case ---- */

static int
run_step(struct run_ctx *x, const json_t *st, size_t i)
{
	const char *kind = json_string_value(json_object_get(st, "step"));
	const json_t *expect = json_object_get(st, "expect");
	size_t mark = x->diff->len;
	int rc;

	/* Lines a failing step writes go under its heading. */
	expect_buf_printf(x->diff, "step %zu (%s):\n", i, kind);
	if (strcmp(kind, "execute") == 0)
		rc =
		    run_execute_step(x, json_object_get(st, "request"), expect);
	else if (strcmp(kind, "burst") == 0)
		rc = run_burst_step(x, st);
	else if (strcmp(kind, "invokeHandle") == 0)
		rc = run_invoke_step(x, st);
	else if (strcmp(kind, "closeHandles") == 0)
		rc = run_close_step(x, st);
	else if (strcmp(kind, "sleep") == 0)
		rc = run_pump(x, NULL,
			 json_number_value(json_object_get(st, "ms"))) == 0
		    ? 0
		    : -1;
	else if (strcmp(kind, "reconnect") == 0)
		rc = run_reconnect(x);
	else {
		struct run_answer a;

		if (run_call(x, "protocolVersion", NULL, &a) != 0)
			return -1;
		rc = run_check_answer(x, &a, expect);
		if (json_object_get(expect, "result") != NULL &&
		    a.status == CAPNWEB_RESOLVED) {
			json_t *w =
			    run_expand(x, json_object_get(expect, "result"));

			rc |= w == NULL ||
			    expect_json_diff(w, a.value, "result", x->diff) !=
				0;
			json_decref(w);
		}
		run_answer_clear(&a);
	}
	if (rc == 0 && !x->diff->oom && x->diff->p != NULL) {
		x->diff->len = mark;
		x->diff->p[mark] = '\0';
	}
	return rc;
}

int
run_case(const struct run_target *t, struct wire_conn **conn, const json_t *def,
    struct expect_buf *diff)
{
	struct run_ctx x;
	const json_t *st, *req = json_object_get(def, "request");
	size_t i, n = 0;
	int rc = 0, r;
	char err[512];

	memset(&x, 0, sizeof(x));
	x.target = t;
	x.diff = diff;
	x.conn = *conn;
	x.deadline = wire_now_ms() +
	    (json_is_number(json_object_get(def, "caseTimeoutMs"))
		    ? json_number_value(json_object_get(def, "caseTimeoutMs"))
		    : RUN_CASE_TIMEOUT);
	if (x.conn != NULL && !wire_alive(x.conn)) {
		wire_close(x.conn);
		x.conn = NULL;
	}
	if (x.conn == NULL) {
		int mismatch;

		if ((x.conn = run_connect(t, &mismatch, err, sizeof(err))) ==
		    NULL) {
			expect_buf_printf(diff, "connect: %s\n", err);
			*conn = NULL;
			return -1;
		}
	}
	if (req != NULL) {
		r = run_execute_step(&x, req, json_object_get(def, "expect"));
		rc = r != 0 ? 1 : 0;
		n++;
	}
	json_array_foreach(json_object_get(def, "steps"), i, st)
	{
		if (x.conn == NULL || (r = run_step(&x, st, n + i)) == 0)
			continue;
		rc = 1;
		/* A step that could not run leaves nothing to check after it.
		 */
		if (r < 0)
			break;
	}
	run_timers_flush(&x);
	run_close_granted(&x);
	run_release_kept(&x);
	json_decref(x.granted);
	free(x.execution_id);
	*conn = x.conn;
	return rc;
}
