/*
 * Waiting on the wire: the runner pumps its connection until a call it made
 * settles (or a pause passes), firing on the way the scripted answers that
 * run_exec.c held back for delayMs. Below run.c and run_exec.c, which both
 * call through here; it calls neither.
 */
#include <stdlib.h>
#include <string.h>

#include "run_int.h"
#include "wire.h"

/* Answers the timer's call and frees it. */
static void
run_timer_fire(struct run_timer *t)
{
	if (t->reject)
		capnweb_call_reject(t->call, t->value);
	else
		capnweb_call_resolve(t->call, t->value);
	free(t);
}

/* Answers every held call now (the case is over). */
void
run_timers_flush(struct run_ctx *x)
{
	struct run_timer *t;

	while ((t = x->timers) != NULL) {
		x->timers = t->next;
		run_timer_fire(t);
	}
}

/* The settle callback of a call the runner made: fills the run_answer
 * `udata` points to. */
void
run_on_settle(void *udata, int status, json_t *value)
{
	struct run_answer *a = udata;

	a->done = 1;
	a->status = status;
	a->value = json_incref(value);
	a->settled_ms = wire_now_ms();
}

void
run_answer_clear(struct run_answer *a)
{
	json_decref(a->value);
	memset(a, 0, sizeof(*a));
}

/* Fires the delayed answers that are due; returns ms to the next one. */
static int
run_timers(struct run_ctx *x)
{
	double now = wire_now_ms(), next = -1;
	struct run_timer **tp = &x->timers, *t;

	while ((t = *tp) != NULL) {
		if (t->due <= now) {
			*tp = t->next;
			run_timer_fire(t);
			continue;
		}
		if (next < 0 || t->due < next)
			next = t->due;
		tp = &t->next;
	}
	return next < 0 ? 50 : (int)(next - now) + 1;
}

/*
 * Pumps the connection until *flag is set (NULL: until `ms` pass), the
 * case deadline passes, or the connection dies. Returns 0 when the flag
 * was set (or the time passed), -1 otherwise.
 */
int
run_pump(struct run_ctx *x, const int *flag, double ms)
{
	double until = ms >= 0 ? wire_now_ms() + ms : x->deadline;

	if (until > x->deadline)
		until = x->deadline;
	for (;;) {
		int wait = run_timers(x);
		double left;

		if (flag && *flag)
			return 0;
		left = until - wire_now_ms();
		if (left <= 0)
			return flag ? -1 : 0;
		if (wait > left)
			wait = (int)left + 1;
		if (wait > 50)
			wait = 50;
		if (wire_pump(x->conn, wait) != 0)
			return flag && *flag ? 0 : -1;
	}
}

void
run_abandon(struct run_ctx *x, const char *why)
{
	if (x->conn == NULL)
		return;
	expect_buf_printf(
	    x->diff, "the runner ended the connection: %s\n", why);
	/* Held answers first: their calls belong to this session. */
	run_timers_flush(x);
	wire_close(x->conn);
	x->conn = NULL;
	/* The kept outbound target died with the session. */
	x->kept_target = 0;
}

/* Calls `method` (args borrowed) and waits for its answer. 0 or -1. */
int
run_call(
    struct run_ctx *x, const char *method, json_t *args, struct run_answer *a)
{
	memset(a, 0, sizeof(*a));
	a->started_ms = wire_now_ms();
	if (wire_call(x->conn, method, args, run_on_settle, a) <= 0) {
		expect_buf_printf(x->diff,
		    "%s: the call could not be sent: "
		    "%s\n",
		    method,
		    wire_end_reason(x->conn) ? wire_end_reason(x->conn)
					     : "bad arguments");
		return -1;
	}
	if (run_pump(x, &a->done, -1) != 0 || a->status == CAPNWEB_BROKEN) {
		expect_buf_printf(x->diff, "%s: no answer: %s\n", method,
		    !wire_alive(x->conn) ? wire_end_reason(x->conn)
			: a->done	 ? capnweb_error_message(a->value)
					 : "the case's time ran out");
		/* `a` is the caller's and goes away with it: the call must
		 * not outlive it. */
		if (!a->done)
			run_abandon(x, "a call outlived the case's time");
		return -1;
	}
	return 0;
}
