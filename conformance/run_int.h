/* Internals shared by run.c, run_exec.c and run_check.c. */
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
};

struct run_script;

/* Removes the kept outbound target and frees its script (case end). */
void run_release_kept(struct run_ctx *);

void run_answer_clear(struct run_answer *);
int run_pump(struct run_ctx *, const int *flag, double ms);
int run_call(
    struct run_ctx *, const char *method, json_t *args, struct run_answer *);

/* Answers the timer's call and frees it. */
void run_timer_fire(struct run_timer *);
/* Answers every held call now (the case is over). */
void run_timers_flush(struct run_ctx *);

/* Steps; each returns 0 (held), 1 (an expectation failed), -1 (could not run).
 */
int run_execute_step(struct run_ctx *, const json_t *req, const json_t *expect);
int run_burst_step(struct run_ctx *, const json_t *st);
int run_invoke_step(struct run_ctx *, const json_t *st);
int run_close_step(struct run_ctx *, const json_t *st);

/*
 * Checks an answer against the fault / rejection / result expectations
 * that apply to any call (run_check.c); `recorded` holds what the scripted
 * functions saw ({"calls": [...], "outboundRequests": [...]}), NULL when
 * none were exported.
 */
/* expect_expand_tree with the case's variables; errors go to the diff. */
json_t *run_expand(struct run_ctx *, const json_t *);

int run_check_answer(
    struct run_ctx *, const struct run_answer *, const json_t *expect);
int run_check_execute(struct run_ctx *, const struct run_answer *,
    const json_t *expect, const json_t *recorded);

#endif
