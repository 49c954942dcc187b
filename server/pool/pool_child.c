/*
 * The pool's children: one forked engine process and its socket each.
 *
 * A child is tied to two events, the zygote (or, for an orphan, the
 * daemon) reporting its exit and its socket reaching EOF; it is freed only
 * after both (tmux's job lifecycle). Every frame it sends is untrusted:
 * frame_decode() checks it, ipc/ipcmsg.h's strict decoder checks every
 * field of its payload, and one that fails, arrives out of turn or names
 * another execution kills that child (the log says which rule it broke),
 * never the daemon; its run ends as WORKER_CRASHED.
 */
#include <sys/socket.h>
#include <sys/uio.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "pool_int.h"

static void pool_child_gone(struct pool_child *);

/*
 * Whether the child's frames wait for its tenant's pause to lift. Only a
 * run (or a retained run's invocations) sends what goes to the tenant's
 * connection. An idle, resetting or rehearsing child is read whatever its
 * tenant's pause: its HELLO may be what another connection of the
 * principal waits for (pool_exec_pick_child), and holding it would stall
 * that connection behind this one's reader.
 */
static int
pool_child_held(const struct pool_child *c)
{
	return (c->state == CHILD_BUSY || c->state == CHILD_RETAINED) &&
	    pool_tenant_paused(c->pool, c->tenant);
}

/* Takes the child out of the count of its state, before it changes state. */
static void
pool_child_uncount(struct pool_child *c)
{
	struct pool *p = c->pool;

	if (c->state == CHILD_SPARE)
		p->spares--;
	else if (c->state == CHILD_STARTING)
		p->starting--;
	else if (c->state == CHILD_KEPT)
		pool_kept_leave(c);
	else if (c->state == CHILD_RESETTING || c->state == CHILD_WARMING)
		p->resetting--;
}

/* Frees a child once its exit was reported and its socket closed. */
static void
pool_child_gone(struct pool_child *c)
{
	struct pool *p = c->pool;

	if (!c->reaped || !c->eof)
		return;
	pool_child_uncount(c);
	c->state = CHILD_CLOSING;
	if (c->exec)
		pool_exec_abort(
		    c->exec, c->lost ? POOL_INTERNAL : POOL_CRASHED);
	TAILQ_REMOVE(&p->children, c, entry);
	if (c->orphan != 0)
		p->norphans--;
	pool_child_close(c);
	if (c->ev_timer)
		event_free(c->ev_timer);
	if (p->reading == c)
		p->reading = NULL;
	free(c);
	pool_refill(p);
	pool_dispatch(p);
	pool_check_done(p);
}

/* A child broke, or must stop: kill it and fail what it was running. */
void
pool_child_kill(struct pool_child *c, int crashed)
{
	struct pool *p = c->pool;

	if (crashed) {
		p->crashed++;
		pool_emit(p, POOL_EV_WORKER_CRASH, c->exec, c->pid,
		    c->why != NULL ? c->why
			: c->state == CHILD_STARTING
			? "child never started"
			: "child crashed or broke the frame protocol");
		/* A child that cannot start fails a waiting run rather than
		 * hang it. */
		if (c->state == CHILD_STARTING && TAILQ_FIRST(&p->queue) &&
		    !p->shutting_down)
			pool_exec_settle(
			    TAILQ_FIRST(&p->queue), POOL_CRASHED, NULL, 0);
	}
	pool_child_uncount(c);
	c->state = CHILD_CLOSING;
	if (c->exec)
		pool_exec_abort(
		    c->exec, c->lost ? POOL_INTERNAL : POOL_CRASHED);
	if (!c->reaped)
		kill(c->pid, SIGKILL);
	/* Stop reading; EOF is implied once the process is gone. */
	pool_child_close(c);
	c->eof = 1;
	pool_child_gone(c);
}

void
pool_child_lose(struct pool_child *c, const char *why)
{
	pool_emit(c->pool, POOL_EV_WORKER_LOST, c->exec, c->pid, why);
	c->lost = 1;
	pool_child_kill(c, 0);
}

void
pool_child_close(struct pool_child *c)
{
	struct pool *p = c->pool;

	if (c->ev_read != NULL) {
		event_free(c->ev_read);
		c->ev_read = NULL;
	}
	if (c->bev != NULL) {
		bufferevent_free(c->bev);
		c->bev = NULL;
	}
	/* A frame of it may be in its callback: its bytes outlive that. */
	if (p->reading == c && c->in != NULL) {
		free(p->reading_orphan);
		p->reading_orphan = c->in;
	} else
		free(c->in);
	c->in = NULL;
	c->in_off = c->in_len = c->in_cap = 0;
}

/*
 * FRAME_SPIN on a frame after which `c` soon waits on the host again, when
 * pool_spin_ok allows it: an EXECUTE is judged as it leaves, an answer as
 * its call came. An answer that carries it has the loop spin too, for the
 * child's next frame (pool_spin_left).
 */
static uint8_t
pool_child_spin(struct pool_child *c, enum frame_type type)
{
	struct pool *p = c->pool;
	double now, budget_ms = p->opt.program.spin_us / 1e3;

	switch (type) {
	case FRAME_EXECUTE:
		c->spinning = pool_spin_ok(p, c, 0);
		break;
	case FRAME_TOOL_RESULT:
	case FRAME_OUTBOUND_RESPONSE:
		now = pool_now_ms();
		c->host_late = now - c->called_at > budget_ms;
		c->spinning = c->spin_ok;
		if (c->spinning)
			p->spin_until = now + budget_ms / 4;
		break;
	default:
		return 0;
	}
	return c->spinning ? FRAME_SPIN : 0;
}

void
pool_child_send(struct pool_child *c, enum frame_type type, uint8_t flags,
    uint32_t exec_id, uint32_t call_id, const uint8_t *payload, size_t len)
{
	uint8_t hdr[FRAME_HEADER_SIZE];
	struct evbuffer *out;
	struct iovec iov[2];
	struct msghdr mh;
	ssize_t w = 0;
	size_t skip;

	if (c->bev == NULL)
		return;
	flags |= pool_child_spin(c, type);
	frame_encode_header(hdr, type, flags, exec_id, call_id, (uint32_t)len);
	out = bufferevent_get_output(c->bev);
	/*
	 * Nothing queued before it: the frame goes out now in one call, and
	 * the socket's write event is left alone (arming and disarming it per
	 * frame cost two epoll_ctl calls and a wake-up). Only what the kernel
	 * does not take is queued, with the write event on until it drains
	 * (pool_child_on_write); a failed write queues it all, and the
	 * bufferevent reports the error on its usual path. Enabling is checked:
	 * libevent 2.1's bufferevent_socket_new ignores a failure to install
	 * the output buffer's hook, so the enable here is what adds the write
	 * event, and a refusal must end the run INTERNAL, not at its clock.
	 */
	if (evbuffer_get_length(out) == 0) {
		iov[0].iov_base = hdr;
		iov[0].iov_len = sizeof(hdr);
		iov[1].iov_base = (void *)payload;
		iov[1].iov_len = len;
		memset(&mh, 0, sizeof(mh));
		mh.msg_iov = iov;
		mh.msg_iovlen = len ? 2 : 1;
		do
			w = sendmsg(bufferevent_getfd(c->bev), &mh,
			    MSG_NOSIGNAL | MSG_DONTWAIT);
		while (w < 0 && errno == EINTR);
		if (w < 0)
			w = 0;
		if ((size_t)w == sizeof(hdr) + len)
			return;
	}
	skip = (size_t)w;
	if ((skip < sizeof(hdr) &&
		bufferevent_write(c->bev, hdr + skip, sizeof(hdr) - skip) !=
		    0) ||
	    (len &&
		bufferevent_write(c->bev,
		    payload + (skip > sizeof(hdr) ? skip - sizeof(hdr) : 0),
		    len - (skip > sizeof(hdr) ? skip - sizeof(hdr) : 0)) !=
		    0) ||
	    bufferevent_enable(c->bev, EV_WRITE) != 0)
		pool_child_lose(c, "out of memory writing a frame");
}

/* The backlog toward a child drained: writes go straight out again. */
static void
pool_child_on_write(struct bufferevent *bev, void *arg)
{
	(void)arg;
	if (evbuffer_get_length(bufferevent_get_output(bev)) == 0)
		bufferevent_disable(bev, EV_WRITE);
}

/*
 * 0 when the payload of a data frame from the child passes its codec's
 * every rule, the decoded message then in p->checked for the callback the
 * frame runs; else -1 with c->why set.
 */
static int
pool_child_check(struct pool_child *c, const struct frame *f)
{
	struct pool_checked *k = &c->pool->checked;
	const char *why = NULL;
	int rc = 0;

	switch (f->type) {
	case FRAME_RESULT:
		rc = ipcmsg_result_decode(
		    f->payload, f->len, f->flags & 1, &k->m.r, &why);
		break;
	case FRAME_TOOL_CALL:
		rc = ipcmsg_tool_call_decode(f->payload, f->len, &k->m.t, &why);
		break;
	case FRAME_OUTBOUND_REQUEST:
		rc = ipcmsg_outbound_decode(f->payload, f->len, &k->m.o, &why);
		break;
	case FRAME_HANDLE_RESULT:
		rc = ipcmsg_handle_result_decode(
		    f->payload, f->len, &k->m.h, &why);
		break;
	default:
		return 0;
	}
	k->type = rc == 0 ? (int)f->type : 0;
	c->why = rc != 0 ? why : NULL;
	return rc;
}

/* Drops the checked message once its callback returned. */
static void
pool_child_checked_clear(struct pool *p)
{
	struct pool_checked *k = &p->checked;

	switch (k->type) {
	case FRAME_RESULT:
		ipcmsg_result_clear(&k->m.r);
		break;
	case FRAME_TOOL_CALL:
		ipcmsg_tool_call_clear(&k->m.t);
		break;
	case FRAME_OUTBOUND_REQUEST:
		ipcmsg_outbound_clear(&k->m.o);
		break;
	case FRAME_HANDLE_RESULT:
		ipcmsg_handle_result_clear(&k->m.h);
		break;
	default:
		break;
	}
	k->type = 0;
}

const struct ipcmsg_result *
pool_checked_result(const struct pool_exec *e)
{
	return e->pool->checked.type == FRAME_RESULT ? &e->pool->checked.m.r
						     : NULL;
}

const struct ipcmsg_tool_call *
pool_checked_tool_call(const struct pool_exec *e)
{
	return e->pool->checked.type == FRAME_TOOL_CALL ? &e->pool->checked.m.t
							: NULL;
}

const struct ipcmsg_outbound *
pool_checked_outbound(const struct pool_exec *e)
{
	return e->pool->checked.type == FRAME_OUTBOUND_REQUEST
	    ? &e->pool->checked.m.o
	    : NULL;
}

const struct ipcmsg_handle_result *
pool_checked_handle_result(const struct pool_exec *e)
{
	return e->pool->checked.type == FRAME_HANDLE_RESULT
	    ? &e->pool->checked.m.h
	    : NULL;
}

/* Handles one decoded frame; returns -1 when the child was killed. */
static int pool_child_dispatch(struct pool_child *, const struct frame *);

int
pool_child_on_frame(struct pool_child *c, const struct frame *f)
{
	struct pool *p = c->pool;
	int rc = pool_child_dispatch(c, f);

	/* The pool outlives its children: clear through it. */
	pool_child_checked_clear(p);
	return rc;
}

static int
pool_child_dispatch(struct pool_child *c, const struct frame *f)
{
	struct pool_exec *e = c->exec;
	struct pool_invocation *inv;

	/*
	 * The machine as the call leaves, before the caller's client wakes:
	 * what the answer will tell the child (pool_child_send). While a CPU
	 * is free the loop also polls for the host's answer, unless the last
	 * one came later than the budget (a slow tool, a model call).
	 */
	if (f->type == FRAME_TOOL_CALL || f->type == FRAME_OUTBOUND_REQUEST) {
		c->spin_ok = pool_spin_ok(c->pool, c, 1);
		c->called_at = pool_now_ms();
		if (c->spin_ok && !c->host_late)
			c->pool->spin_until =
			    c->called_at + c->pool->opt.program.spin_us / 1e3;
	}
	if (f->type == FRAME_HELLO) {
		if (c->state == CHILD_RESETTING) {
			/* Fresh again: it waits for its tenant, for a while. */
			struct timeval tv = pool_tv(c->pool->opt.kept_idle_ms);

			if (c->tenant == 0 && c->orphan == 0) {
				/* The tenant left meanwhile, for good. */
				pool_child_kill(c, 0);
				return -1;
			}
			/* An orphan waits for its principal, more briefly. */
			if (c->tenant == 0)
				tv = pool_tv(c->pool->opt.orphan_ms);
			c->pool->resetting--;
			pool_kept_enter(c);
			evtimer_del(c->ev_timer);
			evtimer_add(c->ev_timer, &tv);
			/* Past the budget, the least recently used leave. */
			if (pool_kept_trim(c->pool, c))
				return -1;
			pool_dispatch(c->pool);
			return 0;
		}
		if (c->state != CHILD_STARTING)
			goto violation;
		c->state = CHILD_SPARE;
		c->pool->starting--;
		c->pool->spares++;
		evtimer_del(c->ev_timer);
		pool_dispatch(c->pool);
		return 0;
	}
	/* A successor's rehearsal (pool_kept.c) belongs to no execution. */
	if (c->state == CHILD_WARMING)
		return pool_kept_warming_frame(c, f);
	/* Everything else belongs to the execution the child runs or holds. */
	if ((c->state != CHILD_BUSY && c->state != CHILD_RETAINED) ||
	    e == NULL || f->exec_id != e->id)
		goto violation;
	inv = TAILQ_FIRST(&e->invocations);
	if (pool_child_check(c, f) != 0) {
		if (c->why == IPCMSG_NOMEM) {
			/* Not the child's fault: the daemon's decoding did. */
			pool_child_lose(c, "out of memory decoding a frame");
			return -1;
		}
		goto violation;
	}
	/* A parked run that speaks runs: it holds a slot again. */
	if (e->parked && f->type != FRAME_HOST_WAIT && pool_exec_unpark(e) != 0)
		return -1;
	switch (f->type) {
	case FRAME_TOOL_CALL:
		/* A handler's tool calls are answered inside the child. */
		if (c->state != CHILD_BUSY)
			goto violation;
		if (e->cb.on_tool_call)
			e->cb.on_tool_call(
			    e, f->call_id, f->payload, f->len, e->udata);
		return 0;
	case FRAME_OUTBOUND_REQUEST:
		if (e->cb.on_outbound)
			e->cb.on_outbound(
			    e, f->call_id, f->payload, f->len, e->udata);
		return 0;
	case FRAME_HOST_WAIT:
		return pool_exec_host_wait(e, f->flags, f->call_id);
	case FRAME_RESULT: {
		struct timeval tv = pool_tv(c->pool->opt.termination_delay_ms);

		if (c->state != CHILD_BUSY)
			goto violation;
		if (f->flags & 1) {
			/* The isolate stays for handle invocations. */
			c->state = CHILD_RETAINED;
			e->retained = 1;
		} else if (c->stay) {
			/* It resets its heap and says HELLO, or exits: either
			 * in time. */
			c->state = CHILD_RESETTING;
			c->pool->resetting++;
			evtimer_add(c->ev_timer, &tv);
		} else {
			/* One execution per child: it exits now; make sure it
			 * does. */
			c->state = CHILD_CLOSING;
			evtimer_add(c->ev_timer, &tv);
		}
		pool_exec_settle(e, POOL_RESULT, f->payload, f->len);
		return 0;
	}
	case FRAME_HANDLE_RESULT:
		if (c->state != CHILD_RETAINED || inv == NULL ||
		    inv->request != NULL || f->call_id != inv->call_id)
			goto violation;
		if (f->flags & FRAME_HANDLE_RESULT_LAST) {
			struct timeval tv =
			    pool_tv(c->pool->opt.termination_delay_ms);

			/* Its isolate is spent: it exits now; make sure it
			 * does. */
			c->state = CHILD_CLOSING;
			evtimer_add(c->ev_timer, &tv);
		}
		pool_exec_invocation_done(e, f);
		return 0;
	default:
		break;
	}
violation:
	pool_child_kill(c, 1);
	return -1;
}

/*
 * Hands out every whole frame in c->in. 0 when it stopped for want of
 * bytes or for its tenant's pause; -1 when the child is gone or no longer
 * read (c may be freed then).
 */
static int
pool_child_frames(struct pool_child *c)
{
	struct pool *p = c->pool;

	for (;;) {
		size_t avail = c->in_len - c->in_off, need;
		const uint8_t *b = c->in + c->in_off;
		struct frame f;
		int rc;

		if (avail < FRAME_HEADER_SIZE)
			return 0;
		/* Its tenant's connection is backed up: the rest waits. */
		if (pool_child_held(c))
			return 0;
		if (frame_decode(b, FRAME_HEADER_SIZE, FRAME_ROLE_PARENT,
			p->opt.max_frame_payload, &f) < 0) {
			pool_child_kill(c, 1);
			return -1;
		}
		/* The header passed its size checks: wait for the whole frame.
		 */
		need = FRAME_HEADER_SIZE +
		    ((size_t)b[12] << 24 | (size_t)b[13] << 16 |
			(size_t)b[14] << 8 | b[15]);
		if (avail < need)
			return 0;
		if (frame_decode(b, need, FRAME_ROLE_PARENT,
			p->opt.max_frame_payload, &f) != (long)need) {
			pool_child_kill(c, 1);
			return -1;
		}
		p->reading = c;
		rc = pool_child_on_frame(c, &f);
		if (p->reading_orphan != NULL) {
			free(p->reading_orphan);
			p->reading_orphan = NULL;
		}
		if (p->reading != c) /* freed */
			return -1;
		p->reading = NULL;
		if (rc != 0 || c->ev_read == NULL)
			return -1;
		c->in_off += need;
	}
}

static void pool_child_on_eof(struct pool_child *, int nomem);

/* The least room a read asks for; the buffer grows past it for a frame. */
#define POOL_CHILD_READ_MIN 4096
#define POOL_CHILD_READ_KEEP 65536

/*
 * Makes room for a read: what was handed out leaves the front, and the
 * buffer grows to hold the frame whose header is in (one read then takes
 * the rest of it) or POOL_CHILD_READ_MIN more. -1 when out of memory.
 */
static int
pool_child_room(struct pool_child *c)
{
	size_t left = c->in_len - c->in_off, want, cap;
	uint8_t *n;

	if (c->in_off > 0) {
		if (left > 0)
			memmove(c->in, c->in + c->in_off, left);
		c->in_len = left;
		c->in_off = 0;
	}
	want = left + POOL_CHILD_READ_MIN;
	if (left >= FRAME_HEADER_SIZE) {
		size_t need = FRAME_HEADER_SIZE +
		    ((size_t)c->in[12] << 24 | (size_t)c->in[13] << 16 |
			(size_t)c->in[14] << 8 | c->in[15]);

		if (need > want)
			want = need;
	}
	if (want <= c->in_cap)
		return 0;
	cap =
	    c->in_cap < POOL_CHILD_READ_KEEP ? POOL_CHILD_READ_KEEP : c->in_cap;
	while (cap < want)
		cap *= 2;
	if ((n = realloc(c->in, cap)) == NULL)
		return -1;
	c->in = n;
	c->in_cap = cap;
	return 0;
}

/*
 * The child's socket is readable (or, from pool_child_apply_pause, frames
 * wait in c->in): one read() takes what fits, with no FIONREAD to size it
 * first (a bufferevent asks, one more system call per wake), and the
 * whole frames go out in order.
 */
static void
pool_child_on_readable(evutil_socket_t fd, short what, void *arg)
{
	struct pool_child *c = arg;
	ssize_t n;
	int eof = 0;

	c->pool->spin_until = 0;
	if (what & EV_READ) {
		if (pool_child_room(c) != 0) {
			pool_child_lose(c, "out of memory reading a frame");
			return;
		}
		do
			n = read(fd, c->in + c->in_len, c->in_cap - c->in_len);
		while (n < 0 && errno == EINTR);
		if (n > 0)
			c->in_len += (size_t)n;
		else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
			eof = 1;
	}
	if (pool_child_frames(c) != 0)
		return;
	if (eof) {
		pool_child_on_eof(c, 0);
		return;
	}
	/* Drained: a large frame's room goes back. */
	if (c->in_off == c->in_len && c->in_cap > POOL_CHILD_READ_KEEP) {
		free(c->in);
		c->in = NULL;
		c->in_off = c->in_len = c->in_cap = 0;
	}
}

void
pool_child_apply_pause(struct pool_child *c)
{
	if (c->ev_read == NULL)
		return;
	if (pool_child_held(c)) {
		event_del(c->ev_read);
		return;
	}
	if (event_pending(c->ev_read, EV_READ, NULL))
		return;
	event_add(c->ev_read, NULL);
	/*
	 * Frames read before the pause wait in the buffer, and no new byte
	 * may arrive to call us for them: run the reader from the loop (never
	 * inside the caller that lifted the pause), without a read.
	 */
	if (c->in_len > c->in_off)
		event_active(c->ev_read, EV_TIMEOUT, 1);
}

/*
 * Its socket ended (EOF, or an error: a dead child's socket says
 * ECONNRESET). nomem: the daemon's own allocation failed on the channel,
 * not the child.
 */
static void
pool_child_on_eof(struct pool_child *c, int nomem)
{
	if (nomem && c->state != CHILD_CLOSING) {
		pool_child_lose(c, "out of memory reading from the child");
		return;
	}
	pool_child_close(c);
	c->eof = 1;
	/*
	 * Told to stay, a child may still end instead (its memory bound did);
	 * and at shutdown every idle child ends as it was told to.
	 */
	if (c->state == CHILD_RESETTING || c->state == CHILD_WARMING ||
	    (c->pool->shutting_down == 2 && c->exec == NULL &&
		c->state != CHILD_RETAINED)) {
		pool_child_uncount(c);
		c->state = CHILD_CLOSING;
	}
	if (c->state == CHILD_BUSY || c->state == CHILD_RETAINED ||
	    c->state == CHILD_STARTING || c->state == CHILD_KEPT ||
	    c->state == CHILD_SPARE) {
		/* A socket that closes early means the child died. */
		pool_child_kill(c, 1);
		return;
	}
	pool_child_gone(c);
}

/* The bufferevent writes only: it reports a failed write of the backlog. */
static void
pool_child_on_event(struct bufferevent *bev, short what, void *arg)
{
	(void)bev;
	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	/*
	 * libevent reports its own failure to make room as an error of the
	 * socket, with errno ENOMEM: the daemon failed, not the child.
	 */
	pool_child_on_eof(
	    arg, (what & BEV_EVENT_ERROR) && EVUTIL_SOCKET_ERROR() == ENOMEM);
}

/*
 * A child that never said HELLO, never exited after its result, or waited
 * as a staying child longer than kept_idle_ms.
 */
static void
pool_child_on_timer(evutil_socket_t fd, short what, void *arg)
{
	struct pool_child *c = arg;

	(void)fd;
	(void)what;
	if (c->state == CHILD_KEPT && c->orphan != 0)
		c->pool->orphans_expired++;
	pool_child_kill(c, c->state == CHILD_STARTING);
}

void
pool_child_new(struct pool_zygote *z, pid_t pid, int fd)
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
	c->ev_read = event_new(
	    p->base, fd, EV_READ | EV_PERSIST, pool_child_on_readable, c);
	c->ev_timer = evtimer_new(p->base, pool_child_on_timer, c);
	if (c->bev == NULL || c->ev_read == NULL || c->ev_timer == NULL ||
	    event_add(c->ev_read, NULL) != 0) {
		if (c->ev_read)
			event_free(c->ev_read);
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
	bufferevent_setcb(
	    c->bev, NULL, pool_child_on_write, pool_child_on_event, c);
	/* Writing is pool_child_send's until the kernel pushes back; reading
	 * is ev_read's (pool_child_on_readable). */
	bufferevent_disable(c->bev, EV_READ | EV_WRITE);
	evtimer_add(c->ev_timer, &tv);
	TAILQ_INSERT_TAIL(&p->children, c, entry);
	p->starting++;
	p->spawned++;
	pool_emit(p, POOL_EV_WORKER_SPAWN, NULL, pid, NULL);
}

struct pool_child *
pool_child_find(struct pool *p, pid_t pid)
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
void
pool_child_on_exit(struct pool_child *c)
{
	c->reaped = 1;
	if (!c->eof)
		return;
	if (c->state != CHILD_CLOSING)
		pool_child_kill(c, 1);
	else
		pool_child_gone(c);
}
