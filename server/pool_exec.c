/*
 * The pool's executions: queued, then running on a child under the run
 * clock, then settled exactly once.
 */
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "pool_int.h"

static void
pool_exec_on_deadline(evutil_socket_t fd, short what, void *arg)
{
	struct pool_exec *e = arg;
	struct pool_child *c = e->child;

	(void)fd;
	(void)what;
	/* Report first, then kill: the caller hears the timeout at the bound. */
	c->exec = NULL;
	pool_exec_settle(e, POOL_TIMEOUT, NULL, 0);
	pool_child_kill(c, 0);
}

void
pool_exec_free(struct pool_exec *e)
{
	if (e->ev_deadline)
		event_free(e->ev_deadline);
	free(e->request);
	free(e);
}

/* Settles once: tells the owner, frees the execution, frees the slot. */
void
pool_exec_settle(struct pool_exec *e, enum pool_outcome outcome,
    const uint8_t *payload, size_t len)
{
	struct pool *p = e->pool;
	struct pool_child *c = e->child;
	struct pool_event ev;

	if (c) {
		c->exec = NULL;
		p->running--;
	} else {
		TAILQ_REMOVE(&p->queue, e, entry);
		p->queued--;
	}
	evtimer_del(e->ev_deadline);
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
	if (e->cb.on_settle)
		e->cb.on_settle(e, outcome, payload, len, e->udata);
	pool_exec_free(e);
}

/* Starts queued executions on spare children while capacity allows. */
void
pool_dispatch(struct pool *p)
{
	struct pool_exec *e;
	struct pool_child *c;

	while ((e = TAILQ_FIRST(&p->queue)) != NULL &&
	    p->running < pool_capacity(p) && p->spares > 0) {
		TAILQ_FOREACH(c, &p->children, entry)
			if (c->state == CHILD_SPARE)
				break;
		if (c == NULL)
			break;
		TAILQ_REMOVE(&p->queue, e, entry);
		p->queued--;
		p->spares--;
		p->running++;
		c->state = CHILD_BUSY;
		c->exec = e;
		e->child = c;
		e->running_since = pool_now_ms();
		{
			struct timeval tv = pool_tv(e->budget_ms);

			evtimer_add(e->ev_deadline, &tv);
		}
		pool_emit(p, POOL_EV_EXEC_START, e, c->pid, NULL);
		pool_child_send(c, FRAME_EXECUTE, 0, e->id, 0, e->request, e->len);
		free(e->request);
		e->request = NULL;
	}
	pool_refill(p);
}

struct pool_exec *
pool_execute(struct pool *p, const uint8_t *request, size_t len,
    uint32_t timeout_ms, uint32_t grace_ms, int count_host_waits,
    const struct pool_exec_callbacks *cb, void *udata, int *full)
{
	struct pool_exec *e;

	*full = 0;
	if (p->shutting_down) {
		pool_emit(p, POOL_EV_EXEC_REJECT, NULL, 0, "shutting down");
		return NULL;
	}
	/* Waiting work beyond maxQueue is refused, never dropped later. */
	if (p->queued >= p->opt.max_queue &&
	    !(p->running < pool_capacity(p) && p->spares > 0)) {
		*full = 1;
		pool_emit(p, POOL_EV_EXEC_REJECT, NULL, 0, "queue full");
		return NULL;
	}
	if ((e = calloc(1, sizeof(*e))) == NULL)
		return NULL;
	if ((e->request = malloc(len ? len : 1)) == NULL ||
	    (e->ev_deadline = evtimer_new(p->base, pool_exec_on_deadline, e)) ==
	    NULL) {
		pool_exec_free(e);
		return NULL;
	}
	memcpy(e->request, request, len);
	e->len = len;
	e->pool = p;
	e->id = ++p->next_exec_id;
	e->timeout_ms = timeout_ms;
	e->grace_ms = grace_ms;
	e->budget_ms = (double)timeout_ms + grace_ms;
	e->count_host_waits = count_host_waits;
	e->cb = *cb;
	e->udata = udata;
	e->submitted = pool_now_ms();
	TAILQ_INSERT_TAIL(&p->queue, e, entry);
	p->queued++;
	pool_dispatch(p);
	pool_emit(p, POOL_EV_QUEUE_DEPTH, NULL, 0, NULL);
	return e;
}

int
pool_exec_reply(struct pool_exec *e, uint32_t call_id, int outbound,
    const uint8_t *payload, size_t len)
{
	if (e->child == NULL || e->child->state != CHILD_BUSY)
		return -1;
	pool_child_send(e->child, outbound ? FRAME_OUTBOUND_RESPONSE :
	    FRAME_TOOL_RESULT, 0, e->id, call_id, payload, len);
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
