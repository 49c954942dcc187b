/*
 * The pool's executions: queued, then running on a child under the run
 * clock (pool_clock.c), then settled exactly once. A run that answers with its
 * isolate retained stays on its child for handle invocations, one at a time in
 * arrival order, each under a fresh bound, until its handles close.
 */
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "pool_int.h"

static void pool_exec_handles_closed(
    struct pool_exec *, const char *, enum pool_outcome);

/* Starts the run clock for the run or invocation now on the child. */
static void
pool_exec_clock_start(struct pool_exec *e)
{
	e->waiting = 0;
	pool_clock_start(e->clock, (double)e->timeout_ms + e->grace_ms);
}

/* ---- slot accounting: parked runs and their held answers ---- */

void
pool_exec_kick(struct pool *p)
{
	if (p->ev_dispatch != NULL &&
	    (p->queued > 0 || !TAILQ_EMPTY(&p->resume)))
		event_active(p->ev_dispatch, EV_TIMEOUT, 1);
}

/* Takes `e` out of the resume list and drops the answers it held. */
static void
pool_exec_unlist(struct pool_exec *e)
{
	struct pool_held *h;

	if (e->resuming) {
		TAILQ_REMOVE(&e->pool->resume, e, resume_entry);
		e->resuming = 0;
	}
	while ((h = TAILQ_FIRST(&e->held)) != NULL) {
		TAILQ_REMOVE(&e->held, h, entry);
		free(h);
	}
}

/*
 * Only an answer can wake the run, and every answer sent has been read:
 * it gives its slot back, keeping its child, and a queued or resuming run
 * may have the slot.
 */
static void
pool_exec_park(struct pool_exec *e)
{
	struct pool *p = e->pool;

	e->parked = 1;
	p->running--;
	p->parked++;
	pool_exec_kick(p);
}

/*
 * An answer is going to `e`'s child (called before the send, which may end
 * the child and free `e`). A child woken by an answer sends no HOST_WAIT(0)
 * (child/worker.c): the daemon ends the wait here instead, so a tool call
 * wakes the daemon once fewer. The clock resumes as the answer leaves, a
 * little before the child reads it, never after. `e` is not parked here
 * (pool_exec_reply holds a parked run's answers; pool_exec_flush runs
 * unparked), so this only resumes the clock.
 */
static void
pool_exec_answered(struct pool_exec *e)
{
	e->answers_sent++;
	if (e->waiting)
		(void)pool_exec_host_wait(e, 0, 0);
}

/*
 * Relays the answers held for `e`, now holding a slot. A send that fails
 * kills the child and frees `e`: p->flushing then no longer names it, the
 * rest is dropped, and -1 says so.
 */
static int
pool_exec_flush(struct pool_exec *e)
{
	struct pool *p = e->pool;
	struct pool_held_list l;
	struct pool_held *h;

	TAILQ_INIT(&l);
	TAILQ_CONCAT(&l, &e->held, entry);
	p->flushing = e;
	while ((h = TAILQ_FIRST(&l)) != NULL) {
		TAILQ_REMOVE(&l, h, entry);
		if (p->flushing == e && e->child != NULL) {
			pool_exec_answered(e);
			pool_child_send(e->child,
			    h->outbound ? FRAME_OUTBOUND_RESPONSE
					: FRAME_TOOL_RESULT,
			    0, e->id, h->call_id, h->payload, h->len);
		}
		free(h);
	}
	if (p->flushing != e)
		return -1;
	p->flushing = NULL;
	return 0;
}

/*
 * The parked run takes a slot again (pool_dispatch found one, or its child
 * spoke without an answer and is ending: it counts as running at once),
 * then gets what was held for it.
 */
int
pool_exec_unpark(struct pool_exec *e)
{
	struct pool *p = e->pool;

	if (!e->parked)
		return 0;
	e->parked = 0;
	p->parked--;
	p->running++;
	if (e->resuming) {
		TAILQ_REMOVE(&p->resume, e, resume_entry);
		e->resuming = 0;
	}
	return pool_exec_flush(e);
}

/*
 * An answer for a parked run. With a slot free the run takes it now and
 * the answer goes at once (the common case: no deferral, no extra turn of
 * the loop, which a host driving an embedded pool would not be told to
 * make). Else it waits here, the run in the resume list, which
 * pool_dispatch serves first when a slot frees (pool_exec_kick from a park
 * or a settle).
 */
static int
pool_exec_hold(struct pool_exec *e, uint32_t call_id, int outbound,
    const uint8_t *payload, size_t len)
{
	struct pool *p = e->pool;
	struct pool_held *h;

	if ((h = malloc(sizeof(*h) + (len ? len : 1))) == NULL) {
		/* As a send that fails: the run ends INTERNAL, not waiting. */
		pool_child_lose(e->child, "out of memory holding an answer");
		return 0;
	}
	h->call_id = call_id;
	h->outbound = outbound;
	h->len = len;
	memcpy(h->payload, payload, len);
	TAILQ_INSERT_TAIL(&e->held, h, entry);
	if (p->running < pool_capacity(p) &&
	    !pool_tenant_paused(p, e->tenant)) {
		(void)pool_exec_unpark(e);
		return 0;
	}
	if (!e->resuming) {
		TAILQ_INSERT_TAIL(&p->resume, e, resume_entry);
		e->resuming = 1;
	}
	return 0;
}

/* The first resuming run whose tenant is not paused. */
static struct pool_exec *
pool_exec_next_resume(struct pool *p)
{
	struct pool_exec *e;

	TAILQ_FOREACH(e, &p->resume, resume_entry)
	if (!pool_tenant_paused(p, e->tenant))
		return e;
	return NULL;
}

int
pool_exec_host_wait(struct pool_exec *e, uint8_t flags, uint32_t read)
{
	struct pool_invocation *inv = TAILQ_FIRST(&e->invocations);
	struct pool_child *c = e->child;
	int waiting = (flags & FRAME_HOST_WAIT_WAITING) != 0;
	int clocked;

	/*
	 * An answer sent after the last one the child had read when it said
	 * so will wake it at once: it does not wait (and says no edge back:
	 * pool_exec_answered), so the clock keeps running.
	 */
	if (waiting && read < e->answers_sent)
		return 0;
	if (waiting == e->waiting)
		return 0;
	e->waiting = waiting;
	/* The clock runs for the run itself, or for an invocation sent. */
	clocked = c != NULL &&
	    (c->state == CHILD_BUSY || (inv != NULL && inv->request == NULL));
	if (!e->count_host_waits && clocked) {
		if (waiting)
			pool_clock_pause(e->clock);
		else
			pool_clock_resume(e->clock);
	}
	/*
	 * The run (not an invocation of retained handles, which keep their
	 * slot) gives its slot back when only an answer can wake it and no
	 * answer is on its way to it. Waking without one, it ends (its
	 * deadline under countHostWaits): it takes the slot back at once.
	 */
	if (waiting && (flags & FRAME_HOST_WAIT_ANSWER_ONLY) && c != NULL &&
	    c->state == CHILD_BUSY && !e->parked && read == e->answers_sent)
		pool_exec_park(e);
	else if (!waiting && e->parked && pool_exec_unpark(e) != 0)
		return -1;
	if (e->cb.on_host_wait)
		e->cb.on_host_wait(e, waiting, e->udata);
	return 0;
}

/*
 * Whether the run (or the invocation in flight) on `e`'s child has spent
 * its timeout on the run clock: the grace is all that is left of it.
 */
static int
pool_exec_past_bound(const struct pool_exec *e)
{
	struct pool_invocation *inv = TAILQ_FIRST(&e->invocations);
	int clocked = e->child != NULL &&
	    (!e->settled || (inv != NULL && inv->request == NULL));

	return clocked && pool_clock_left(e->clock) <= (double)e->grace_ms;
}

static void
pool_exec_on_deadline(void *arg)
{
	struct pool_exec *e = arg;
	struct pool_child *c = e->child;
	struct pool_invocation *inv;

	if (e->retained) {
		/* An invocation outlived its bound: it fails, and the handles
		 * close. */
		inv = TAILQ_FIRST(&e->invocations);
		TAILQ_REMOVE(&e->invocations, inv, entry);
		inv->done(inv->arg, POOL_TIMEOUT, NULL, 0);
		free(inv->request);
		free(inv);
		e->pool->retained_idle++;
		pool_exec_handles_closed(e, "bound", POOL_SHUTDOWN);
		if (c)
			pool_child_kill(c, 0);
		return;
	}
	/* Report first, then kill: the caller hears the timeout at the bound.
	 */
	c->exec = NULL;
	pool_exec_settle(e, POOL_TIMEOUT, NULL, 0);
	pool_child_kill(c, 0);
}

void
pool_exec_free(struct pool_exec *e)
{
	struct pool_invocation *inv;

	while ((inv = TAILQ_FIRST(&e->invocations)) != NULL) {
		TAILQ_REMOVE(&e->invocations, inv, entry);
		free(inv->request);
		free(inv);
	}
	pool_exec_unlist(e);
	if (e->pool != NULL && e->pool->flushing == e)
		e->pool->flushing = NULL;
	pool_clock_free(e->clock);
	if (e->ev_idle)
		event_free(e->ev_idle);
	free(e->request);
	free(e);
}

static void
pool_exec_on_idle(evutil_socket_t fd, short what, void *arg)
{
	struct pool_exec *e = arg;
	struct pool_child *c = e->child;

	(void)fd;
	(void)what;
	pool_exec_handles_closed(e, "idle", POOL_SHUTDOWN);
	if (c)
		pool_child_kill(c, 0);
}

static void
pool_exec_idle_arm(struct pool_exec *e)
{
	struct timeval tv;

	if (e->pool->opt.handles_idle_timeout_ms == 0)
		return;
	tv = pool_tv(e->pool->opt.handles_idle_timeout_ms);
	evtimer_add(e->ev_idle, &tv);
}

/* Sends the first queued invocation to the child. */
static void
pool_exec_invocation_start(struct pool_exec *e)
{
	struct pool_invocation *inv = TAILQ_FIRST(&e->invocations);

	if (inv == NULL || e->child == NULL)
		return;
	evtimer_del(e->ev_idle);
	e->pool->retained_idle--;
	pool_exec_clock_start(e);
	pool_child_send(e->child, FRAME_INVOKE_HANDLE, 0, e->id, inv->call_id,
	    inv->request, inv->len);
	free(inv->request);
	inv->request = NULL;
}

/*
 * The handles are gone: every invocation still waiting fails with
 * `pending`, the owner hears `reason`, and the slot is free again.
 */
static void
pool_exec_handles_closed(
    struct pool_exec *e, const char *reason, enum pool_outcome pending)
{
	struct pool *p = e->pool;
	struct pool_invocation *inv;

	if (e->child) {
		e->child->exec = NULL;
		e->child = NULL;
	}
	pool_clock_stop(e->clock);
	evtimer_del(e->ev_idle);
	if (TAILQ_EMPTY(&e->invocations) ||
	    TAILQ_FIRST(&e->invocations)->request)
		p->retained_idle--; /* nothing was in flight */
	while ((inv = TAILQ_FIRST(&e->invocations)) != NULL) {
		TAILQ_REMOVE(&e->invocations, inv, entry);
		inv->done(inv->arg, pending, NULL, 0);
		free(inv->request);
		free(inv);
	}
	p->running--;
	pool_emit(p, POOL_EV_HANDLES_CLOSE, e, 0, reason);
	if (e->cb.on_handles_closed)
		e->cb.on_handles_closed(e, reason, e->udata);
	/* Inside on_settle, pool_exec_settle still uses it, and frees it. */
	e->closed = 1;
	if (!e->in_settle)
		pool_exec_free(e);
	pool_dispatch(p);
}

int
pool_exec_retained(const struct pool_exec *e)
{
	return e->retained;
}

int
pool_exec_invoke(struct pool_exec *e, const uint8_t *request, size_t len,
    pool_invoke_fn done, void *arg)
{
	struct pool_invocation *inv;
	int first;

	if (!e->retained || e->child == NULL || e->pool->shutting_down == 2)
		return -1;
	if ((inv = calloc(1, sizeof(*inv))) == NULL ||
	    (inv->request = malloc(len ? len : 1)) == NULL) {
		free(inv);
		return -1;
	}
	memcpy(inv->request, request, len);
	inv->len = len;
	inv->call_id = ++e->next_call_id;
	inv->done = done;
	inv->arg = arg;
	first = TAILQ_EMPTY(&e->invocations);
	TAILQ_INSERT_TAIL(&e->invocations, inv, entry);
	if (first)
		pool_exec_invocation_start(e);
	return 0;
}

void
pool_exec_invocation_done(struct pool_exec *e, const struct frame *f)
{
	struct pool_invocation *inv = TAILQ_FIRST(&e->invocations);

	TAILQ_REMOVE(&e->invocations, inv, entry);
	pool_clock_stop(e->clock);
	e->pool->retained_idle++;
	inv->done(inv->arg, POOL_RESULT, f->payload, f->len);
	free(inv);
	/* The owner may have closed the handles from inside done. */
	if (e->child == NULL)
		return;
	/*
	 * The answer was the isolate's last (FRAME_HANDLE_RESULT_LAST: its
	 * memory bound): the handles close now, at the bound, before the
	 * child's exit is seen, so what waits or comes next hears
	 * HANDLES_CLOSED rather than a crash.
	 */
	if (f->flags & FRAME_HANDLE_RESULT_LAST) {
		pool_exec_handles_closed(e, "bound", POOL_SHUTDOWN);
		return;
	}
	if (!TAILQ_EMPTY(&e->invocations))
		pool_exec_invocation_start(e);
	else
		pool_exec_idle_arm(e);
}

void
pool_exec_close(struct pool_exec *e)
{
	struct pool_child *c = e->child;

	pool_exec_handles_closed(e, "closed", POOL_SHUTDOWN);
	if (c)
		pool_child_kill(c, 0);
}

void
pool_exec_cancel(struct pool_exec *e)
{
	struct pool_child *c = e->child;
	struct pool *p = e->pool;

	if (e->settled) {
		pool_exec_close(e);
		return;
	}
	if (c == NULL) {
		/* Still queued: it leaves the queue and never starts (the
		 * settle frees it). */
		pool_exec_settle(e, POOL_CANCELLED, NULL, 0);
		pool_emit(p, POOL_EV_QUEUE_DEPTH, NULL, 0, NULL);
		return;
	}
	/* Running: nobody waits for its answer; its slot is free at once. */
	c->exec = NULL;
	pool_exec_settle(e, POOL_CANCELLED, NULL, 0);
	pool_child_kill(c, 0);
}

/*
 * The child under `e` is gone, or the pool is stopping: end what it held.
 * A child that dies after its run spent the run's own bound was past the
 * point where the engine ends the run (a long native call, an envelope
 * that could not be written in time): the run ended at its bound, and
 * says so, rather than reading as a crash a retry could fix.
 */
void
pool_exec_abort(struct pool_exec *e, enum pool_outcome outcome)
{
	if (outcome == POOL_CRASHED && pool_exec_past_bound(e))
		outcome = POOL_TIMEOUT;
	if (!e->settled)
		pool_exec_settle(e, outcome, NULL, 0);
	else
		pool_exec_handles_closed(e,
		    outcome == POOL_SHUTDOWN	   ? "shutdown"
			: outcome == POOL_TIMEOUT  ? "bound"
			: outcome == POOL_INTERNAL ? "internal"
						   : "crash",
		    outcome);
}

/* Settles once: tells the owner, frees the execution, frees the slot. */
void
pool_exec_settle(struct pool_exec *e, enum pool_outcome outcome,
    const uint8_t *payload, size_t len)
{
	struct pool *p = e->pool;
	struct pool_child *c = e->child;
	struct pool_event ev;
	int keep = e->retained && outcome == POOL_RESULT && c != NULL;

	e->settled = 1;
	if (keep) {
		/* The isolate stays: the child and its slot now belong to the
		 * handles. */
		p->retained_idle++;
	} else if (c) {
		c->exec = NULL;
		e->child = NULL;
		/* A parked run holds no slot, only its place among the
		 * executions; either is free now. */
		if (e->parked) {
			e->parked = 0;
			p->parked--;
			pool_exec_unlist(e);
		} else
			p->running--;
		pool_exec_kick(p);
	} else {
		TAILQ_REMOVE(&p->queue, e, entry);
		p->queued--;
	}
	pool_clock_stop(e->clock);
	if (p->opt.on_event) {
		memset(&ev, 0, sizeof(ev));
		ev.type = POOL_EV_EXEC_SETTLE;
		ev.exec_id = e->id;
		ev.pid = c ? c->pid : 0;
		ev.outcome = outcome;
		ev.queue_depth = p->queued;
		ev.duration_ms = pool_now_ms() - e->submitted;
		p->opt.on_event(&ev, p->opt.event_arg);
	}
	e->in_settle = 1;
	if (e->cb.on_settle)
		e->cb.on_settle(e, outcome, payload, len, e->udata);
	e->in_settle = 0;
	/* Also when the owner closed the handles from inside on_settle. */
	if (!keep || e->closed) {
		pool_exec_free(e);
		return;
	}
	pool_exec_idle_arm(e);
}

/*
 * The idle staying child that came back last (the hottest in the caches)
 * among those of `principal`'s live connections, the tenant's own
 * included; a prepared successor (only rehearsed, colder) only when no
 * other waits. Orphans (tenant 0) are not taken here: pool_adopt hands
 * them over first, with their successor.
 *
 * Why share: a run's cost grows with how many address spaces take turns
 * on the CPUs (spec/operations.md). With a child per connection, 64
 * connections kept 64 children hot in turn, each touching its own
 * pages; the most recently used child first keeps about as many hot as
 * runs go at once, and the others age out (kept_idle_ms, the budget's
 * LRU). A principal's connections may already inherit each other's
 * children (pool_adopt), so this reaches no one adoption did not.
 */
static struct pool_child *
pool_exec_pick_shared(struct pool *p, uint64_t principal)
{
	struct pool_child *c, *successor = NULL;

	TAILQ_FOREACH_REVERSE(c, &p->kept_lru, pool_child_list, kept_entry)
	{
		if (!pool_child_of_principal(c, principal))
			continue;
		if (!c->successor)
			return c;
		if (successor == NULL)
			successor = c;
	}
	return successor;
}

/*
 * The child to run `tenant`'s execution: with a `principal`, the one of
 * its connections' children used last (pool_exec_pick_shared); else its
 * staying child; else a spare. NULL while one of those children is still
 * resetting: that one is a tenth of a millisecond away, and a spare taken
 * now costs a fork to replace.
 */
static struct pool_child *
pool_exec_pick_child(struct pool *p, uint64_t tenant, uint64_t principal)
{
	struct pool_child *c, *spare = NULL;
	int resetting = 0;

	if (tenant != 0 && principal != 0 &&
	    (c = pool_exec_pick_shared(p, principal)) != NULL)
		return c;
	TAILQ_FOREACH(c, &p->children, entry)
	{
		if (tenant != 0 && c->tenant == tenant) {
			if (c->state == CHILD_KEPT)
				return c;
			resetting |= c->state == CHILD_RESETTING;
		} else if (tenant != 0 && pool_child_of_principal(c, principal))
			resetting |= c->state == CHILD_RESETTING;
		if (c->state == CHILD_SPARE && spare == NULL)
			spare = c;
	}
	return resetting ? NULL : spare;
}

/*
 * Whether the child running `e` should stay for its tenant afterwards:
 * while it has runs left. Whether the staying children fit is settled when
 * it comes back (pool_kept_trim): the least recently used one leaves then,
 * not this one, which its tenant is the likeliest to need next.
 */
static int
pool_exec_child_stays(
    const struct pool *p, const struct pool_exec *e, const struct pool_child *c)
{
	return e->tenant != 0 && c->runs < p->opt.reuse_runs &&
	    !p->shutting_down;
}

/*
 * The queued execution to start next: the oldest whose tenant is not
 * paused. A paused tenant's runs wait in the queue without a worker, so a
 * caller that stopped reading holds no more workers than it already had.
 */
static struct pool_exec *
pool_exec_next_queued(struct pool *p)
{
	struct pool_exec *e;

	if (p->npaused == 0)
		return TAILQ_FIRST(&p->queue);
	TAILQ_FOREACH(e, &p->queue, entry)
	if (!pool_tenant_paused(p, e->tenant))
		return e;
	return NULL;
}

/*
 * Gives free slots to parked runs whose answer came, then starts queued
 * executions on children while capacity and the bound on executions allow.
 */
void
pool_dispatch(struct pool *p)
{
	struct pool_exec *e;
	struct pool_child *c;
	uint8_t *req;
	uint64_t tenant, principal;
	unsigned runs;
	uint8_t flags;

	while (p->running < pool_capacity(p) &&
	    (e = pool_exec_next_resume(p)) != NULL)
		pool_exec_unpark(e);
	while ((e = pool_exec_next_queued(p)) != NULL &&
	    p->running < pool_capacity(p) &&
	    p->running + p->parked < p->max_executions) {
		if ((c = pool_exec_pick_child(p, e->tenant, e->principal)) ==
		    NULL)
			break;
		TAILQ_REMOVE(&p->queue, e, entry);
		p->queued--;
		if (c->state == CHILD_KEPT) {
			pool_kept_leave(c);
			/* A prepared successor has not run anything yet. */
			if (c->runs > 0) {
				p->reused++;
				p->shared += c->tenant != e->tenant;
			}
			evtimer_del(c->ev_timer);
		} else {
			p->spares--;
			c->principal = e->principal;
		}
		p->running++;
		c->state = CHILD_BUSY;
		c->exec = e;
		/*
		 * Its tenant is this run's now: this connection's pause
		 * holds its frames, and the connection it served before
		 * can no longer pause, orphan or end it
		 * (pool_release_tenant) while it runs.
		 */
		c->tenant = e->tenant;
		pool_child_apply_pause(c);
		c->runs++;
		c->stay = pool_exec_child_stays(p, e, c);
		c->successor = 0;
		tenant = e->tenant;
		principal = e->principal;
		runs = c->runs;
		e->child = c;
		pool_exec_clock_start(e);
		pool_emit(p, POOL_EV_EXEC_START, e, c->pid, NULL);
		/*
		 * A send that fails (out of memory) kills the child and
		 * settles `e`, freeing it: nothing of `e` is touched after.
		 */
		req = e->request;
		e->request = NULL;
		/*
		 * Alone in the pool (one connection's runs one after
		 * another): the child yields to us after its RESULT
		 * (FRAME_EXECUTE_YIELD). With other runs about, the CPU has
		 * other work and a yield is only a switch more: measured,
		 * 64 connections lost a tenth of their runs per second.
		 */
		flags = c->stay ? FRAME_EXECUTE_STAY : 0;
		if (c->stay && p->running == 1 && p->queued == 0)
			flags |= FRAME_EXECUTE_YIELD;
		pool_child_send(c, FRAME_EXECUTE, flags, e->id, 0, req, e->len);
		free(req);
		/* Among its last runs: its successor warms up beside them. */
		pool_kept_prepare(p, tenant, principal, runs);
	}
	pool_refill(p);
}

struct pool_exec *
pool_execute(struct pool *p, const uint8_t *request, size_t len,
    uint32_t timeout_ms, uint32_t grace_ms, int count_host_waits,
    uint64_t tenant, uint64_t principal, const struct pool_exec_callbacks *cb,
    void *udata, int *full)
{
	struct pool_exec *e;

	*full = 0;
	if (p->shutting_down) {
		pool_emit(p, POOL_EV_EXEC_REJECT, NULL, 0, "shutting down");
		return NULL;
	}
	/* Without a tenant there is nothing to share, principal or not. */
	if (tenant == 0)
		principal = 0;
	/* A child the principal's last connection left may serve it. */
	if (principal != 0)
		(void)pool_adopt(p, tenant, principal);
	/*
	 * Waiting work beyond maxQueue is refused, never dropped later: the
	 * queue is what waits for a slot and for room among the executions.
	 */
	if (p->queued >= p->opt.max_queue &&
	    !(p->running < pool_capacity(p) &&
		p->running + p->parked < p->max_executions &&
		TAILQ_EMPTY(&p->resume) &&
		pool_exec_pick_child(p, tenant, principal) != NULL)) {
		*full = 1;
		pool_emit(p, POOL_EV_EXEC_REJECT, NULL, 0, "queue full");
		return NULL;
	}
	if ((e = calloc(1, sizeof(*e))) == NULL)
		return NULL;
	TAILQ_INIT(&e->invocations);
	TAILQ_INIT(&e->held);
	if ((e->request = malloc(len ? len : 1)) == NULL ||
	    (e->clock = pool_clock_new(p->clocks, pool_exec_on_deadline, e)) ==
		NULL ||
	    (e->ev_idle = evtimer_new(p->base, pool_exec_on_idle, e)) == NULL) {
		pool_exec_free(e);
		return NULL;
	}
	memcpy(e->request, request, len);
	e->len = len;
	e->pool = p;
	e->id = ++p->next_exec_id;
	e->timeout_ms = timeout_ms;
	e->grace_ms = grace_ms;
	e->count_host_waits = count_host_waits;
	e->tenant = tenant;
	e->principal = principal;
	e->cb = *cb;
	e->udata = udata;
	e->submitted = pool_now_ms();
	TAILQ_INSERT_TAIL(&p->queue, e, entry);
	p->queued++;
	pool_dispatch(p);
	pool_emit(p, POOL_EV_QUEUE_DEPTH, NULL, 0, NULL);
	return e;
}

void
pool_forget_tenant(struct pool *p, uint64_t tenant)
{
	pool_release_tenant(p, tenant, 0);
}

void
pool_release_tenant(struct pool *p, uint64_t tenant, uint64_t principal)
{
	struct pool_child *c, *next;
	struct timeval tv = pool_tv(p->opt.orphan_ms);

	if (tenant == 0)
		return;
	if (p->shutting_down || p->opt.orphan_ms == 0)
		principal = 0;
	for (c = TAILQ_FIRST(&p->children); c != NULL; c = next) {
		next = TAILQ_NEXT(c, entry);
		if (c->tenant != tenant)
			continue;
		/* One still running answers, then ends instead of staying. */
		c->tenant = 0;
		pool_child_apply_pause(c);
		/*
		 * Idle, resetting or rehearsing, it ran nothing of the
		 * connection's that was cut: it may wait for the principal's
		 * next connection (a resetting one once its HELLO comes, in
		 * pool_child.c). A busy one's run ended with the connection.
		 */
		if (principal != 0 &&
		    (c->state == CHILD_KEPT || c->state == CHILD_RESETTING ||
			c->state == CHILD_WARMING)) {
			c->orphan = principal;
			p->norphans++;
			c->former = tenant;
			if (c->state == CHILD_KEPT) {
				evtimer_del(c->ev_timer);
				evtimer_add(c->ev_timer, &tv);
			}
		} else if (c->state == CHILD_KEPT)
			pool_child_kill(c, 0);
	}
}

/* How much `c` is worth adopting: a child that served, kept, first. */
static int
pool_adopt_rank(const struct pool_child *c)
{
	return (c->successor ? 0 : 2) + (c->state == CHILD_KEPT);
}

int
pool_adopt(struct pool *p, uint64_t tenant, uint64_t principal)
{
	struct pool_child *c, *best = NULL;
	struct timeval tv = pool_tv(p->opt.kept_idle_ms);
	uint64_t former;

	if (tenant == 0 || principal == 0 || p->norphans == 0)
		return 0;
	TAILQ_FOREACH(c, &p->children, entry)
	{
		if (c->state == CHILD_CLOSING)
			continue;
		/* It has a child of its own (staying, busy or its successor).
		 */
		if (c->tenant == tenant)
			return 0;
		if (c->tenant == 0 && c->orphan == principal &&
		    (best == NULL ||
			pool_adopt_rank(c) > pool_adopt_rank(best)))
			best = c;
	}
	if (best == NULL)
		return 0;
	/*
	 * What one former connection left, its staying child and the
	 * successor prepared for it, goes to one new connection together: the
	 * successor still takes over at the predecessor's last run.
	 */
	former = best->former;
	TAILQ_FOREACH(c, &p->children, entry)
	{
		if (c->state == CHILD_CLOSING || c->tenant != 0 ||
		    c->orphan != principal || c->former != former)
			continue;
		c->orphan = 0;
		p->norphans--;
		c->former = 0;
		c->tenant = tenant;
		c->principal = principal;
		pool_child_apply_pause(c);
		if (c->state == CHILD_KEPT) {
			evtimer_del(c->ev_timer);
			evtimer_add(c->ev_timer, &tv);
		}
		p->adopted++;
	}
	return 1;
}

int
pool_tenant_paused(const struct pool *p, uint64_t tenant)
{
	unsigned i;

	if (tenant == 0)
		return 0;
	for (i = 0; i < p->npaused; i++)
		if (p->paused[i] == tenant)
			return 1;
	return 0;
}

int
pool_tenant_pause(struct pool *p, uint64_t tenant, int paused)
{
	struct pool_child *c;
	unsigned i;

	if (tenant == 0 || pool_tenant_paused(p, tenant) == (paused != 0))
		return 0;
	if (paused) {
		if (p->npaused == p->paused_cap) {
			unsigned ncap = p->paused_cap ? 2 * p->paused_cap : 8;
			uint64_t *np = realloc(p->paused, ncap * sizeof(*np));

			if (np == NULL)
				return -1;
			p->paused = np;
			p->paused_cap = ncap;
		}
		p->paused[p->npaused++] = tenant;
	} else {
		for (i = 0; i < p->npaused; i++)
			if (p->paused[i] == tenant) {
				p->paused[i] = p->paused[--p->npaused];
				break;
			}
	}
	TAILQ_FOREACH(c, &p->children, entry)
	if (c->tenant == tenant)
		pool_child_apply_pause(c);
	/* Its queued runs may start now. */
	if (!paused)
		pool_dispatch(p);
	return 0;
}

int
pool_exec_reply(struct pool_exec *e, uint32_t call_id, int outbound,
    const uint8_t *payload, size_t len)
{
	if (e->child == NULL ||
	    (e->child->state != CHILD_BUSY &&
		e->child->state != CHILD_RETAINED))
		return -1;
	/* A parked run gets it once it has a slot again. */
	if (e->parked)
		return pool_exec_hold(e, call_id, outbound, payload, len);
	pool_exec_answered(e);
	pool_child_send(e->child,
	    outbound ? FRAME_OUTBOUND_RESPONSE : FRAME_TOOL_RESULT, 0, e->id,
	    call_id, payload, len);
	return 0;
}

uint32_t
pool_exec_id(const struct pool_exec *e)
{
	return e->id;
}

pid_t
pool_exec_pid(const struct pool_exec *e)
{
	return e->child ? e->child->pid : 0;
}
