/*
 * The worker pool. See pool.h for the model; this file keeps three kinds of
 * object, each in a <sys/queue.h> list:
 *
 *   zygote  a warmed engine process; the current one forks, older ones are
 *           retiring and exit once their children have;
 *   child   one forked engine process with its socket. It is tied to two
 *           events, the zygote reporting its exit and its socket reaching
 *           EOF, and it is freed only after both (tmux's job lifecycle);
 *   exec    one execution: queued, then running on a child, then settled.
 *
 * Every frame from a child is untrusted: frame_decode() checks it, and one
 * that fails, or that names another execution, kills that child.
 */
#include <sys/queue.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "frame.h"
#include "pool.h"

/* What a child is doing. Transitions happen only in the functions named. */
enum child_state {
	CHILD_STARTING,  /* forked; waiting for HELLO (child_on_frame) */
	CHILD_SPARE,     /* ready, idle (pool_dispatch takes it) */
	CHILD_BUSY,      /* running `exec` (exec_settle releases it) */
	CHILD_CLOSING    /* done or killed; waiting for exit and EOF (child_gone) */
};

struct pool_zygote {
	TAILQ_ENTRY(pool_zygote) entry;
	struct pool *pool;
	pid_t pid;
	int ctl_fd;
	struct event *ev_ctl;
	unsigned forks;
	unsigned children;      /* spawned and not yet reported exited */
	unsigned pending;       /* SPAWN requests not yet answered */
	int spawned_any;
	int retiring;
	int reaped;
};

struct pool_child {
	TAILQ_ENTRY(pool_child) entry;
	struct pool *pool;
	struct pool_zygote *zygote;
	pid_t pid;
	struct bufferevent *bev;
	struct event *ev_timer; /* start and exit deadlines */
	enum child_state state;
	struct pool_exec *exec;
	int reaped;
	int eof;
};

struct pool_exec {
	TAILQ_ENTRY(pool_exec) entry;
	struct pool *pool;
	uint32_t id;
	uint8_t *request;
	size_t len;
	uint32_t timeout_ms, grace_ms;
	int count_host_waits;
	struct pool_exec_callbacks cb;
	void *udata;
	struct pool_child *child;
	struct event *ev_deadline;
	double budget_ms;       /* run clock left before the kill */
	double running_since;   /* when the clock last started */
	int waiting;            /* the clock is stopped on a host wait */
	double submitted;
};

TAILQ_HEAD(pool_zygote_list, pool_zygote);
TAILQ_HEAD(pool_child_list, pool_child);
TAILQ_HEAD(pool_exec_list, pool_exec);

struct pool {
	struct event_base *base;
	struct pool_options opt;
	struct pool_zygote_list zygotes;  /* first = current */
	struct pool_child_list children;
	struct pool_exec_list queue;
	struct event *ev_sigchld;
	struct event *ev_restart;         /* backoff before a new zygote */
	struct event *ev_drain;
	struct event *ev_tick;            /* ends a drain early once all settled */
	unsigned restart_backoff_ms;
	uint32_t next_exec_id;
	unsigned queued, running, spares, starting, pending_spawns;
	unsigned long spawned, crashed, retired;
	int shutting_down;               /* 1 draining, 2 terminating */
	unsigned grace_ms;
	void (*done)(void *);
	void *done_arg;
};

static void pool_dispatch(struct pool *);
static void pool_refill(struct pool *);
static void pool_check_done(struct pool *);
static int pool_zygote_start(struct pool *);
static void child_kill(struct pool_child *, int);
static void exec_settle(struct pool_exec *, enum pool_outcome,
    const uint8_t *, size_t);

static double
pool_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static struct timeval
pool_tv(double ms)
{
	struct timeval tv;

	if (ms < 0)
		ms = 0;
	tv.tv_sec = (time_t)(ms / 1000);
	tv.tv_usec = (suseconds_t)((ms - tv.tv_sec * 1000.0) * 1000);
	return tv;
}

static void
pool_emit(struct pool *p, enum pool_event_type type, struct pool_exec *e,
    pid_t pid, const char *reason)
{
	struct pool_event ev;

	if (p->opt.on_event == NULL)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.type = type;
	ev.exec_id = e ? e->id : 0;
	ev.pid = pid;
	ev.reason = reason;
	ev.queue_depth = p->queued;
	if (e)
		ev.duration_ms = pool_now_ms() - e->submitted;
	p->opt.on_event(&ev, p->opt.event_arg);
}

void
pool_options_default(struct pool_options *o)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	memset(o, 0, sizeof(*o));
	o->max_workers = n > 0 ? (unsigned)n : 1;
	o->executions_per_worker = 1;
	o->max_queue = 100;
	o->retire_after_executions = 50;
	o->worker_memory_limit = 536870912;
	o->termination_delay_ms = 5000;
	o->spares = 2;
	o->max_frame_payload = 64u << 20;
	o->program.sandbox = 1;
}

static unsigned
pool_capacity(const struct pool *p)
{
	return p->opt.max_workers * p->opt.executions_per_worker;
}

/* ---- children ---- */

/* Frees a child once its exit was reported and its socket closed. */
static void
child_gone(struct pool_child *c)
{
	struct pool *p = c->pool;

	if (!c->reaped || !c->eof)
		return;
	if (c->state == CHILD_SPARE)
		p->spares--;
	else if (c->state == CHILD_STARTING)
		p->starting--;
	if (c->exec)
		exec_settle(c->exec, POOL_CRASHED, NULL, 0);
	TAILQ_REMOVE(&p->children, c, entry);
	if (c->bev)
		bufferevent_free(c->bev);
	if (c->ev_timer)
		event_free(c->ev_timer);
	free(c);
	pool_refill(p);
	pool_dispatch(p);
	pool_check_done(p);
}

/* A child broke, or must stop: kill it and fail what it was running. */
static void
child_kill(struct pool_child *c, int crashed)
{
	struct pool *p = c->pool;

	if (crashed) {
		p->crashed++;
		pool_emit(p, POOL_EV_WORKER_CRASH, c->exec, c->pid,
		    c->state == CHILD_STARTING ? "child never started" :
		    "child crashed or broke the frame protocol");
		/* A child that cannot start fails a waiting run rather than hang it. */
		if (c->state == CHILD_STARTING && TAILQ_FIRST(&p->queue) &&
		    !p->shutting_down)
			exec_settle(TAILQ_FIRST(&p->queue), POOL_CRASHED, NULL, 0);
	}
	if (c->state == CHILD_SPARE)
		p->spares--;
	else if (c->state == CHILD_STARTING)
		p->starting--;
	c->state = CHILD_CLOSING;
	if (c->exec)
		exec_settle(c->exec, POOL_CRASHED, NULL, 0);
	if (!c->reaped)
		kill(c->pid, SIGKILL);
	/* Stop reading; EOF is implied once the process is gone. */
	if (c->bev) {
		bufferevent_free(c->bev);
		c->bev = NULL;
	}
	c->eof = 1;
	child_gone(c);
}

static void
child_send(struct pool_child *c, enum frame_type type, uint8_t flags,
    uint32_t exec_id, uint32_t call_id, const uint8_t *payload, size_t len)
{
	uint8_t hdr[FRAME_HEADER_SIZE];

	if (c->bev == NULL)
		return;
	frame_encode_header(hdr, type, flags, exec_id, call_id, (uint32_t)len);
	if (bufferevent_write(c->bev, hdr, sizeof(hdr)) != 0 ||
	    (len && bufferevent_write(c->bev, payload, len) != 0))
		child_kill(c, 1);
}

/* Handles one decoded frame; returns -1 when the child was killed. */
static int
child_on_frame(struct pool_child *c, const struct frame *f)
{
	struct pool_exec *e = c->exec;

	if (f->type == FRAME_HELLO) {
		if (c->state != CHILD_STARTING)
			goto violation;
		c->state = CHILD_SPARE;
		c->pool->starting--;
		c->pool->spares++;
		evtimer_del(c->ev_timer);
		pool_dispatch(c->pool);
		return 0;
	}
	/* Everything else belongs to the execution the child runs. */
	if (c->state != CHILD_BUSY || e == NULL || f->exec_id != e->id)
		goto violation;
	switch (f->type) {
	case FRAME_TOOL_CALL:
		if (e->cb.on_tool_call)
			e->cb.on_tool_call(e, f->call_id, f->payload, f->len,
			    e->udata);
		return 0;
	case FRAME_OUTBOUND_REQUEST:
		if (e->cb.on_outbound)
			e->cb.on_outbound(e, f->call_id, f->payload, f->len,
			    e->udata);
		return 0;
	case FRAME_HOST_WAIT: {
		int waiting = f->flags & 1;

		if (waiting == e->waiting)
			return 0;
		e->waiting = waiting;
		if (!e->count_host_waits) {
			if (waiting) {
				e->budget_ms -= pool_now_ms() - e->running_since;
				evtimer_del(e->ev_deadline);
			} else {
				struct timeval tv = pool_tv(e->budget_ms);

				e->running_since = pool_now_ms();
				evtimer_add(e->ev_deadline, &tv);
			}
		}
		if (e->cb.on_host_wait)
			e->cb.on_host_wait(e, waiting, e->udata);
		return 0;
	}
	case FRAME_RESULT: {
		struct timeval tv = pool_tv(c->pool->opt.termination_delay_ms);

		/* One execution per child: it exits now; make sure it does. */
		c->state = CHILD_CLOSING;
		evtimer_add(c->ev_timer, &tv);
		exec_settle(e, POOL_RESULT, f->payload, f->len);
		return 0;
	}
	default:
		break;
	}
violation:
	child_kill(c, 1);
	return -1;
}

static void
child_on_read(struct bufferevent *bev, void *arg)
{
	struct pool_child *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);

	for (;;) {
		size_t avail = evbuffer_get_length(in), need;
		const uint8_t *p;
		struct frame f;
		long r;

		if (avail < FRAME_HEADER_SIZE)
			return;
		p = evbuffer_pullup(in, FRAME_HEADER_SIZE);
		r = frame_decode(p, FRAME_HEADER_SIZE, FRAME_ROLE_PARENT,
		    c->pool->opt.max_frame_payload, &f);
		if (r < 0) {
			child_kill(c, 1);
			return;
		}
		/* The header passed its size checks: wait for the whole frame. */
		need = FRAME_HEADER_SIZE + ((size_t)p[12] << 24 |
		    (size_t)p[13] << 16 | (size_t)p[14] << 8 | p[15]);
		if (avail < need)
			return;
		p = evbuffer_pullup(in, (ssize_t)need);
		if (frame_decode(p, need, FRAME_ROLE_PARENT,
		    c->pool->opt.max_frame_payload, &f) != (long)need) {
			child_kill(c, 1);
			return;
		}
		if (child_on_frame(c, &f) != 0)
			return;
		if (c->bev == NULL)
			return;
		evbuffer_drain(in, need);
	}
}

static void
child_on_event(struct bufferevent *bev, short what, void *arg)
{
	struct pool_child *c = arg;

	(void)bev;
	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	bufferevent_free(c->bev);
	c->bev = NULL;
	c->eof = 1;
	if (c->state == CHILD_BUSY || c->state == CHILD_STARTING ||
	    c->state == CHILD_SPARE) {
		/* A socket that closes early means the child died. */
		child_kill(c, 1);
		return;
	}
	child_gone(c);
}

/* A child that never said HELLO, or never exited after its result. */
static void
child_on_timer(evutil_socket_t fd, short what, void *arg)
{
	struct pool_child *c = arg;

	(void)fd;
	(void)what;
	child_kill(c, c->state == CHILD_STARTING);
}

static void
child_new(struct pool_zygote *z, pid_t pid, int fd)
{
	struct pool *p = z->pool;
	struct pool_child *c;
	struct timeval tv = pool_tv(p->opt.termination_delay_ms);

	if ((c = calloc(1, sizeof(*c))) == NULL) {
		kill(pid, SIGKILL);
		close(fd);
		return;
	}
	c->pool = p;
	c->zygote = z;
	c->pid = pid;
	c->state = CHILD_STARTING;
	c->bev = bufferevent_socket_new(p->base, fd, BEV_OPT_CLOSE_ON_FREE);
	c->ev_timer = evtimer_new(p->base, child_on_timer, c);
	if (c->bev == NULL || c->ev_timer == NULL) {
		if (c->bev)
			bufferevent_free(c->bev);
		else
			close(fd);
		if (c->ev_timer)
			event_free(c->ev_timer);
		kill(pid, SIGKILL);
		free(c);
		return;
	}
	evutil_make_socket_nonblocking(fd);
	bufferevent_setcb(c->bev, child_on_read, NULL, child_on_event, c);
	bufferevent_enable(c->bev, EV_READ);
	evtimer_add(c->ev_timer, &tv);
	TAILQ_INSERT_TAIL(&p->children, c, entry);
	p->starting++;
	p->spawned++;
	pool_emit(p, POOL_EV_WORKER_SPAWN, NULL, pid, NULL);
}

static struct pool_child *
child_find(struct pool *p, pid_t pid)
{
	struct pool_child *c;

	TAILQ_FOREACH(c, &p->children, entry)
		if (c->pid == pid)
			return c;
	return NULL;
}

/*
 * The child's process is gone. Its socket may still hold its last frames
 * (the exit report can overtake them), so the verdict waits for EOF.
 */
static void
child_on_exit(struct pool_child *c)
{
	c->reaped = 1;
	if (!c->eof)
		return;
	if (c->state != CHILD_CLOSING)
		child_kill(c, 1);
	else
		child_gone(c);
}

/* ---- executions ---- */

static void
exec_on_deadline(evutil_socket_t fd, short what, void *arg)
{
	struct pool_exec *e = arg;
	struct pool_child *c = e->child;

	(void)fd;
	(void)what;
	/* Report first, then kill: the caller hears the timeout at the bound. */
	c->exec = NULL;
	exec_settle(e, POOL_TIMEOUT, NULL, 0);
	child_kill(c, 0);
}

static void
exec_free(struct pool_exec *e)
{
	if (e->ev_deadline)
		event_free(e->ev_deadline);
	free(e->request);
	free(e);
}

/* Settles once: tells the owner, frees the execution, frees the slot. */
static void
exec_settle(struct pool_exec *e, enum pool_outcome outcome,
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
	exec_free(e);
}

/* Starts queued executions on spare children while capacity allows. */
static void
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
		child_send(c, FRAME_EXECUTE, 0, e->id, 0, e->request, e->len);
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
	    (e->ev_deadline = evtimer_new(p->base, exec_on_deadline, e)) ==
	    NULL) {
		exec_free(e);
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
	child_send(e->child, outbound ? FRAME_OUTBOUND_RESPONSE :
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

/* ---- zygotes ---- */

static void
zygote_retire(struct pool_zygote *z, const char *reason)
{
	if (z->retiring)
		return;
	z->retiring = 1;
	z->pool->retired++;
	zygote_send(z->ctl_fd, ZYGOTE_RETIRE);
	pool_emit(z->pool, POOL_EV_WORKER_RETIRE, NULL, z->pid, reason);
}

static struct pool_zygote *
pool_current_zygote(struct pool *p)
{
	struct pool_zygote *z = TAILQ_FIRST(&p->zygotes);

	return z && !z->retiring ? z : NULL;
}

static void
zygote_free(struct pool_zygote *z)
{
	struct pool *p = z->pool;

	if (z->ev_ctl)
		event_free(z->ev_ctl);
	if (z->ctl_fd >= 0)
		close(z->ctl_fd);
	TAILQ_REMOVE(&p->zygotes, z, entry);
	free(z);
}

/* The zygote's control socket is gone: it died, or is about to. */
static void
zygote_lost(struct pool_zygote *z)
{
	struct pool *p = z->pool;

	if (z->ev_ctl) {
		event_free(z->ev_ctl);
		z->ev_ctl = NULL;
	}
	if (z->ctl_fd >= 0) {
		close(z->ctl_fd);
		z->ctl_fd = -1;
	}
	/* Its unanswered SPAWN requests will never be answered. */
	p->pending_spawns -= z->pending;
	z->pending = 0;
	if (!z->retiring && !p->shutting_down) {
		z->retiring = 1;
		p->crashed++;
		pool_emit(p, POOL_EV_WORKER_CRASH, NULL, z->pid,
		    "zygote exited");
	}
}

static void
zygote_on_ctl(evutil_socket_t fd, short what, void *arg)
{
	struct pool_zygote *z = arg;
	struct pool *p = z->pool;
	struct pool_child *c;
	struct zygote_msg m;
	int child_fd, r, broken = 0;

	(void)fd;
	(void)what;
	while (!broken && (r = zygote_recv(z->ctl_fd, &m, &child_fd)) == 1) {
		switch (m.type) {
		case ZYGOTE_SPAWNED:
		case ZYGOTE_FAILED:
			/* An answer nobody asked for is a broken zygote. */
			if (z->pending == 0) {
				if (child_fd >= 0)
					close(child_fd);
				broken = 1;
				break;
			}
			z->pending--;
			p->pending_spawns--;
			if (m.type == ZYGOTE_FAILED)
				break;
			z->forks++;
			z->children++;
			z->spawned_any = 1;
			p->restart_backoff_ms = 0;
			child_new(z, m.pid, child_fd);
			if (z->forks >= p->opt.retire_after_executions)
				zygote_retire(z, "count");
			else if ((size_t)m.rss_kb * 1024 >
			    p->opt.worker_memory_limit)
				zygote_retire(z, "memory");
			break;
		case ZYGOTE_EXITED:
			z->children--;
			if ((c = child_find(p, m.pid)) != NULL)
				child_on_exit(c);
			break;
		}
	}
	if (broken || r == 0 || r == -2 || (r == -1 && errno != EAGAIN)) {
		/* A zygote that says what it should not is killed like a child. */
		if (r != 0)
			kill(z->pid, SIGKILL);
		zygote_lost(z);
	}
	pool_refill(p);
	pool_dispatch(p);
}

static void
pool_on_restart(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	pool_refill(arg);
}

static int
pool_zygote_start(struct pool *p)
{
	struct pool_zygote *z;
	int ctl;
	pid_t pid;

	if ((z = calloc(1, sizeof(*z))) == NULL)
		return -1;
	if ((pid = zygote_start(&p->opt.program, &ctl)) < 0) {
		free(z);
		return -1;
	}
	z->pool = p;
	z->pid = pid;
	z->ctl_fd = ctl;
	z->ev_ctl = event_new(p->base, ctl, EV_READ | EV_PERSIST,
	    zygote_on_ctl, z);
	if (z->ev_ctl == NULL || event_add(z->ev_ctl, NULL) != 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		if (z->ev_ctl)
			event_free(z->ev_ctl);
		close(ctl);
		free(z);
		return -1;
	}
	TAILQ_INSERT_HEAD(&p->zygotes, z, entry);
	return 0;
}

/* Keeps `spares` children forked ahead of demand, within capacity. */
static void
pool_refill(struct pool *p)
{
	struct pool_zygote *z;
	unsigned want, have;

	if (p->shutting_down)
		return;
	want = p->opt.spares ? p->opt.spares : 1;
	if (p->queued > want)
		want = p->queued;
	if (want > pool_capacity(p) - (p->running < pool_capacity(p) ?
	    p->running : pool_capacity(p)))
		want = pool_capacity(p) - p->running;
	have = p->spares + p->starting + p->pending_spawns;
	if (have >= want)
		return;
	if ((z = pool_current_zygote(p)) == NULL) {
		struct timeval tv;

		if (evtimer_pending(p->ev_restart, NULL))
			return;
		/* A zygote that dies before its first fork backs off. */
		if (p->restart_backoff_ms > 0) {
			tv = pool_tv(p->restart_backoff_ms);
			p->restart_backoff_ms = p->restart_backoff_ms * 2 > 5000 ?
			    5000 : p->restart_backoff_ms * 2;
			evtimer_add(p->ev_restart, &tv);
			if (TAILQ_FIRST(&p->zygotes) &&
			    !TAILQ_FIRST(&p->zygotes)->spawned_any) {
				struct pool_exec *e;

				/* Nothing can start: fail what waits instead of hanging. */
				while ((e = TAILQ_FIRST(&p->queue)) != NULL)
					exec_settle(e, POOL_CRASHED, NULL, 0);
			}
			return;
		}
		p->restart_backoff_ms = 50;
		if (pool_zygote_start(p) != 0)
			return;
		z = TAILQ_FIRST(&p->zygotes);
	}
	while (have < want) {
		if (zygote_send(z->ctl_fd, ZYGOTE_SPAWN) != 0)
			break;
		p->pending_spawns++;
		z->pending++;
		have++;
	}
}

/* Reaps zygotes, and children orphaned to us when their zygote died. */
static void
pool_on_sigchld(evutil_socket_t fd, short what, void *arg)
{
	struct pool *p = arg;
	struct pool_zygote *z, *zt;
	struct pool_child *c;
	int status;
	pid_t pid;

	(void)fd;
	(void)what;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (z = TAILQ_FIRST(&p->zygotes); z != NULL; z = zt) {
			zt = TAILQ_NEXT(z, entry);
			if (z->pid != pid)
				continue;
			z->reaped = 1;
			zygote_lost(z);
			TAILQ_FOREACH(c, &p->children, entry)
				if (c->zygote == z)
					c->zygote = NULL;
			/* Its children died with it (PDEATHSIG) or were orphaned to us. */
			zygote_free(z);
			break;
		}
		if ((c = child_find(p, pid)) != NULL)
			child_on_exit(c);
	}
	/* Children of a dead zygote that no one will report: treat them as reaped. */
	TAILQ_FOREACH(c, &p->children, entry) {
		if (c->zygote == NULL && !c->reaped && kill(c->pid, 0) != 0 &&
		    errno == ESRCH) {
			child_on_exit(c);
			break;  /* the list may have changed */
		}
	}
	pool_refill(p);
	pool_check_done(p);
}

struct pool *
pool_new(struct event_base *base, const struct pool_options *o, char *err,
    size_t errlen)
{
	struct pool *p;

	if ((p = calloc(1, sizeof(*p))) == NULL) {
		snprintf(err, errlen, "pool: out of memory");
		return NULL;
	}
	p->base = base;
	p->opt = *o;
	if (p->opt.max_workers == 0)
		p->opt.max_workers = 1;
	if (p->opt.executions_per_worker == 0)
		p->opt.executions_per_worker = 1;
	if (p->opt.retire_after_executions == 0)
		p->opt.retire_after_executions = 1;
	TAILQ_INIT(&p->zygotes);
	TAILQ_INIT(&p->children);
	TAILQ_INIT(&p->queue);
	/* Grandchildren orphaned by a dying zygote come to us to be reaped. */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	p->ev_sigchld = evsignal_new(base, SIGCHLD, pool_on_sigchld, p);
	p->ev_restart = evtimer_new(base, pool_on_restart, p);
	p->ev_drain = evtimer_new(base, NULL, NULL);
	if (p->ev_sigchld == NULL || p->ev_restart == NULL ||
	    p->ev_drain == NULL || evsignal_add(p->ev_sigchld, NULL) != 0) {
		snprintf(err, errlen, "pool: cannot set up events");
		pool_free(p);
		return NULL;
	}
	if (pool_zygote_start(p) != 0) {
		snprintf(err, errlen, "pool: cannot start the zygote: %s",
		    strerror(errno));
		pool_free(p);
		return NULL;
	}
	pool_refill(p);
	return p;
}

void
pool_stats(const struct pool *p, struct pool_stats *s)
{
	struct pool_child *c;

	memset(s, 0, sizeof(*s));
	s->running = p->running;
	s->queued = p->queued;
	s->spares = p->spares;
	TAILQ_FOREACH(c, &p->children, entry)
		s->children++;
	s->spawned = p->spawned;
	s->crashed = p->crashed;
	s->retired_zygotes = p->retired;
}

/* ---- shutdown ---- */

static void
pool_check_done(struct pool *p)
{
	void (*done)(void *);

	if (p->shutting_down != 2 || !TAILQ_EMPTY(&p->children) ||
	    !TAILQ_EMPTY(&p->zygotes) || p->done == NULL)
		return;
	done = p->done;
	p->done = NULL;
	done(p->done_arg);
}

static void
pool_on_kill(evutil_socket_t fd, short what, void *arg)
{
	struct pool *p = arg;
	struct pool_child *c;
	struct pool_zygote *z;

	(void)fd;
	(void)what;
	TAILQ_FOREACH(c, &p->children, entry)
		if (!c->reaped)
			kill(c->pid, SIGKILL);
	TAILQ_FOREACH(z, &p->zygotes, entry)
		if (!z->reaped)
			kill(z->pid, SIGKILL);
}

/* Drain over: terminate every child, settle what is left. */
static void
pool_on_drained(evutil_socket_t fd, short what, void *arg)
{
	struct pool *p = arg;
	struct pool_exec *e;
	struct pool_child *c;
	struct pool_zygote *z;
	struct timeval tv = pool_tv(p->grace_ms);

	(void)fd;
	(void)what;
	p->shutting_down = 2;
	if (p->ev_tick)
		event_del(p->ev_tick);
	while ((e = TAILQ_FIRST(&p->queue)) != NULL)
		exec_settle(e, POOL_SHUTDOWN, NULL, 0);
	TAILQ_FOREACH(c, &p->children, entry) {
		if (c->exec)
			exec_settle(c->exec, POOL_SHUTDOWN, NULL, 0);
		if (!c->reaped)
			kill(c->pid, SIGTERM);
	}
	TAILQ_FOREACH(z, &p->zygotes, entry)
		if (!z->retiring)
			zygote_retire(z, "shutdown");
	event_free(p->ev_drain);
	p->ev_drain = evtimer_new(p->base, pool_on_kill, p);
	if (p->ev_drain)
		evtimer_add(p->ev_drain, &tv);
	pool_check_done(p);
}

static void
pool_on_drain_tick(evutil_socket_t fd, short what, void *arg)
{
	struct pool *p = arg;

	(void)fd;
	(void)what;
	if (p->running == 0 && p->queued == 0)
		pool_on_drained(-1, 0, p);
}

void
pool_shutdown(struct pool *p, unsigned drain_ms, unsigned grace_ms,
    void (*done)(void *), void *arg)
{
	struct timeval tv = pool_tv(drain_ms);

	if (p->shutting_down)
		return;
	p->shutting_down = 1;
	p->grace_ms = grace_ms;
	p->done = done;
	p->done_arg = arg;
	if (p->running == 0 && p->queued == 0) {
		pool_on_drained(-1, 0, p);
		return;
	}
	/* The drain deadline, and a tick that ends it early once all settled. */
	event_free(p->ev_drain);
	p->ev_drain = evtimer_new(p->base, pool_on_drained, p);
	if (p->ev_drain == NULL) {
		pool_on_drained(-1, 0, p);
		return;
	}
	evtimer_add(p->ev_drain, &tv);
	p->ev_tick = event_new(p->base, -1, EV_PERSIST, pool_on_drain_tick, p);
	if (p->ev_tick) {
		struct timeval ttv = pool_tv(10);

		event_add(p->ev_tick, &ttv);
	}
}

void
pool_free(struct pool *p)
{
	struct pool_exec *e;
	struct pool_child *c;
	struct pool_zygote *z;
	int i;

	if (p == NULL)
		return;
	/* Free the queue and children without calling anyone back. */
	while ((e = TAILQ_FIRST(&p->queue)) != NULL) {
		TAILQ_REMOVE(&p->queue, e, entry);
		exec_free(e);
	}
	while ((c = TAILQ_FIRST(&p->children)) != NULL) {
		TAILQ_REMOVE(&p->children, c, entry);
		if (c->exec)
			exec_free(c->exec);
		kill(c->pid, SIGKILL);
		if (c->bev)
			bufferevent_free(c->bev);
		if (c->ev_timer)
			event_free(c->ev_timer);
		free(c);
	}
	while ((z = TAILQ_FIRST(&p->zygotes)) != NULL) {
		if (!z->reaped) {
			kill(z->pid, SIGKILL);
			waitpid(z->pid, NULL, 0);
		}
		zygote_free(z);
	}
	/* Orphans of the killed zygotes come to us: reap them, bounded. */
	for (i = 0; i < 100; i++) {
		pid_t pid = waitpid(-1, NULL, WNOHANG);

		if (pid < 0)
			break;
		if (pid == 0)
			usleep(1000);
	}
	if (p->ev_sigchld)
		event_free(p->ev_sigchld);
	if (p->ev_restart)
		event_free(p->ev_restart);
	if (p->ev_drain)
		event_free(p->ev_drain);
	if (p->ev_tick)
		event_free(p->ev_tick);
	free(p);
}
