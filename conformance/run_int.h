/*
 * Internals shared by the runner's files, in one direction: run.c (a case)
 * calls run_exec.c (its steps), which calls run_check.c (matching answers)
 * and run_call.c (waiting on the wire); run.c also waits and matches.
 */
#ifndef RUN_INT_H
#define RUN_INT_H

#include <jansson.h>

#include "proto/capnweb.h"
#include "expect.h"
#include "run.h"

/* The answer to one call the runner made. */
struct run_answer {
	int done;
	int status; /* CAPNWEB_RESOLVED / _REJECTED / _BROKEN */
	json_t *value; /* owned */
	double started_ms;
	double settled_ms;
};

/* A scripted answer held back for delayMs. */
struct run_timer {
	struct run_timer *next;
	double due;
	struct capnweb_call *call; /* owned until fired */
	json_t *value; /* owned: what to answer */
	int reject; /* reject with value instead */
};

struct run_ctx {
	const struct run_target *target;
	struct wire_conn *conn;
	struct expect_buf *diff;
	double deadline; /* the case's time runs out */
	struct run_timer *timers;
	char *execution_id; /* owned: the last one granted */
	struct run_script *kept; /* owned: the script of a granted run,
				    whose outbound target handles may
				    still call; freed at the case's end */
	int kept_target;
	json_t *granted; /* owned: executionIds granted and not yet
			    closed, closed at the case's end */
};

struct run_script;

/* run_call.c: waiting on the wire (calls no run_ file). */
/* capnweb settle callback filling the struct run_answer `udata` points to. */
void run_on_settle(void *udata, int status, json_t *value);
void run_answer_clear(struct run_answer *);
int run_pump(struct run_ctx *, const int *flag, double ms);
int run_call(
    struct run_ctx *, const char *method, json_t *args, struct run_answer *);
/* Answers every held call now (the case is over). */
void run_timers_flush(struct run_ctx *);

/*
 * Ends the case's connection: every call still pending on it settles
 * CAPNWEB_BROKEN from inside this call (into answers that are still
 * alive), the targets it exported die with the session, and x->conn
 * becomes NULL. A call that timed out leaves its answer struct to nobody,
 * so nothing can settle into a later case. The steps after it do not run.
 */
void run_abandon(struct run_ctx *, const char *why);

/* run_exec.c: the steps (calls run_call.c and run_check.c). */

/* Removes the kept outbound target and frees its script (case end). */
void run_release_kept(struct run_ctx *);

/* How long the case's end waits for each closeHandles of its own. */
#define RUN_CLOSE_TIMEOUT 5000

/* Closes the executions the case was granted and did not close (end). */
void run_close_granted(struct run_ctx *);

/* Steps; each returns 0 (held), 1 (an expectation failed), -1 (could not run).
 */
int run_execute_step(struct run_ctx *, const json_t *req, const json_t *expect);
int run_burst_step(struct run_ctx *, const json_t *st);
int run_invoke_step(struct run_ctx *, const json_t *st);
int run_close_step(struct run_ctx *, const json_t *st);

/* run_check.c: matching answers against expectations (calls no run_ file). */

/* expect_expand_tree with the case's variables; errors go to the diff. */
json_t *run_expand(struct run_ctx *, const json_t *);

/*
 * Checks an answer against the fault / rejection / result expectations
 * that apply to any call; `recorded` holds what the scripted functions saw
 * ({"calls": [...], "outboundRequests": [...]}), NULL when none were
 * exported.
 */
int run_check_answer(
    struct run_ctx *, const struct run_answer *, const json_t *expect);
int run_check_execute(struct run_ctx *, const struct run_answer *,
    const json_t *expect, const json_t *recorded);

#endif
