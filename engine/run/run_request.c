/*
 * codemode-run --request: one request file run through execution_run(), the
 * same code the daemon's child (server/child/worker.c) drives over frames,
 * with the canned host in place of the parent and the daemon's defaults,
 * bounds and texts. See run_request.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canned_host.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "host/engine.h"
#include "host/execution.h"
#include "proto/dispatch.h"
#include "proto/texts.h"
#include "request_file.h"
#include "run_request.h"
#include "tools/file.h"

/* What the memory hook needs: it runs inside the allocator and ends the
 * process. */
struct run_request_state {
	const struct request_file *rq;
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
run_request_closed(const struct request_file *rq, size_t from)
{
	const struct texts_info *ti = texts_info(CM_TEXT_HANDLES_CLOSED);
	char *text;
	json_t *o;
	size_t i;

	for (i = from; i < json_array_size(rq->invocations); i++) {
		text = texts_compose(
		    CM_TEXT_HANDLES_CLOSED, REQUEST_FILE_EXECUTION_ID);
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
		m, "executionId", json_string(REQUEST_FILE_EXECUTION_ID)) == 0)
		s = cm_dispatch_stringify(m);
	json_decref(m);
	free(msg);
	return s;
}

/* Serves the invocations in order; the handles close at a bound. */
static void
run_request_invoke_all(struct run_request_state *st, struct engine *e,
    const struct execution_request *er, struct canned_host *h,
    const struct execution_host *eh)
{
	const struct request_file *rq = st->rq;
	enum execution_invoke_end end;
	const char *handle;
	char *req, *answer, num[32];
	size_t i;

	for (i = 0; i < json_array_size(rq->invocations); i++) {
		st->next = i;
		st->invoking = 1;
		req = request_file_invocation(
		    json_array_get(rq->invocations, i), &handle);
		answer = NULL;
		/* Answers to the last phase's calls must not meet this one's
		 * ids. */
		canned_host_flush(h);
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
			run_request_line(dispatch_error_envelope(
			    CM_TEXT_EXECUTION_TIMEOUT, num));
		} else if (engine_oom(e)) {
			st->invoking = 1;
			run_request_on_oom(st);
		} else
			run_request_line(dispatch_error_envelope(
			    CM_TEXT_INTERNAL, "the invocation broke off"));
		run_request_closed(rq, i + 1);
		return;
	}
}

int
run_request_run(const struct request_file *rq, FILE *trace)
{
	struct run_request_state *st = &run_request_state;
	struct execution_request er;
	struct execution_host eh;
	struct canned_host h;
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
	if (canned_host_init(&h, rq, trace) != 0) {
		engine_destroy(e);
		fprintf(stderr, "codemode-run: out of memory\n");
		return 3;
	}
	canned_host_bind(&h, &eh);
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
	canned_host_clear(&h);
	engine_destroy(e);
	return st->status;
}

int
run_request_main(const char *path, int trace)
{
	struct request_file rq;
	char err[512], *src;
	size_t len;
	int rc;

	if ((src = file_read(path, &len)) == NULL) {
		fprintf(
		    stderr, "codemode-run: %s: %s\n", path, strerror(errno));
		return 2;
	}
	rc = request_file_parse(src, len, &rq, err, sizeof(err));
	free(src);
	if (rc != 0) {
		fprintf(stderr, "codemode-run: %s: %s\n", path, err);
		return 2;
	}
	rc = run_request_run(&rq, trace ? stderr : NULL);
	request_file_clear(&rq);
	return rc;
}
