/*
 * The readiness interface (cm_connect_start, cm_client_watch,
 * cm_client_process) and the libevent binding built on it
 * (cm_connect_base). Every client runs its sessions on a private libevent
 * base; a host that runs its own loop sees that base through one epoll
 * descriptor this file keeps in step with it: every socket the base
 * waits on is registered there with the same events, so the descriptor
 * is readable exactly when the base has something to do, and the
 * nearest timer of the base is the timeout the host arms. One descriptor
 * for the client's whole life, whatever sessions come and go (rotation,
 * reconnects), is what libpq's PQsocket gives and what every loop can
 * watch. Above client.c (it calls the connect code there).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/time.h>
#include <unistd.h>

#include "client_int.h"

/* The descriptors the epoll set holds, as the base wants them. */
struct client_want {
	struct client_watch_fd *v;
	size_t n, cap;
	struct timeval next; /* the nearest timer, 0/0 when none */
	int has_next;
	int oom;
};

static int
client_want_add(struct client_want *w, int fd, int mask)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->v[i].fd == fd) {
			w->v[i].mask |= mask;
			return 0;
		}
	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 8;
		struct client_watch_fd *nv = realloc(w->v, cap * sizeof(*nv));

		if (nv == NULL)
			return -1;
		w->v = nv;
		w->cap = cap;
	}
	w->v[w->n].fd = fd;
	w->v[w->n].mask = mask;
	w->n++;
	return 0;
}

/* event_base_foreach_event callback: reads, never touches the base. */
static int
client_want_event(
    const struct event_base *b, const struct event *cev, void *arg)
{
	struct client_want *w = arg;
	struct event *ev = (struct event *)cev;
	struct timeval tv;
	int fd = event_get_fd(ev), mask = 0;
	short what;

	(void)b;
	what = event_pending(ev, EV_READ | EV_WRITE | EV_TIMEOUT, &tv);
	if (fd >= 0) {
		if (what & EV_READ)
			mask |= EPOLLIN;
		if (what & EV_WRITE)
			mask |= EPOLLOUT;
		if (mask && client_want_add(w, fd, mask) != 0)
			w->oom = 1;
	}
	if ((what & EV_TIMEOUT) && (tv.tv_sec || tv.tv_usec) &&
	    (!w->has_next || timercmp(&tv, &w->next, <))) {
		w->next = tv;
		w->has_next = 1;
	}
	return 0;
}

/* Drops `fd` from the set before its socket closes (a reused number would
 * otherwise look registered while epoll already forgot it). */
void
client_watch_forget(struct cm_client *c, int fd)
{
	size_t i;

	for (i = 0; i < c->nwatched; i++)
		if (c->watched[i].fd == fd) {
			(void)epoll_ctl(c->epfd, EPOLL_CTL_DEL, fd, NULL);
			c->watched[i] = c->watched[--c->nwatched];
			return;
		}
}

/* Brings the epoll set in line with the base. 0, or -1 when out of memory. */
static int
client_watch_sync(struct cm_client *c, struct client_want *w)
{
	struct epoll_event ee;
	size_t i, j;

	memset(w, 0, sizeof(*w));
	event_base_foreach_event(c->base, client_want_event, w);
	if (w->oom)
		return -1;
	/*
	 * Gone first, then kept, then new. A kept number is set again even
	 * when its events did not change: the base's owner may have closed
	 * it and opened another under the same number since the last look
	 * (the executor's pool does, a child's socket for the next child's),
	 * without client_watch_forget. epoll dropped the closed one, and the
	 * MOD names the open file behind the number now, so it fails ENOENT
	 * for a new file and the ADD registers it.
	 */
	for (i = 0; i < c->nwatched;) {
		for (j = 0; j < w->n && w->v[j].fd != c->watched[i].fd; j++)
			;
		if (j == w->n) {
			(void)epoll_ctl(
			    c->epfd, EPOLL_CTL_DEL, c->watched[i].fd, NULL);
			c->watched[i] = c->watched[--c->nwatched];
			continue;
		}
		memset(&ee, 0, sizeof(ee));
		ee.events = (uint32_t)w->v[j].mask;
		ee.data.fd = w->v[j].fd;
		if (epoll_ctl(c->epfd, EPOLL_CTL_MOD, w->v[j].fd, &ee) != 0 &&
		    errno == ENOENT)
			(void)epoll_ctl(
			    c->epfd, EPOLL_CTL_ADD, w->v[j].fd, &ee);
		c->watched[i].mask = w->v[j].mask;
		i++;
	}
	for (j = 0; j < w->n; j++) {
		for (i = 0; i < c->nwatched && c->watched[i].fd != w->v[j].fd;
		     i++)
			;
		if (i < c->nwatched)
			continue;
		if (c->nwatched == c->watchcap) {
			size_t cap = c->watchcap ? 2 * c->watchcap : 8;
			struct client_watch_fd *nv =
			    realloc(c->watched, cap * sizeof(*nv));

			if (nv == NULL)
				return -1;
			c->watched = nv;
			c->watchcap = cap;
		}
		memset(&ee, 0, sizeof(ee));
		ee.events = (uint32_t)w->v[j].mask;
		ee.data.fd = w->v[j].fd;
		if (epoll_ctl(c->epfd, EPOLL_CTL_ADD, w->v[j].fd, &ee) != 0 &&
		    errno != EEXIST)
			continue;
		c->watched[c->nwatched++] = w->v[j];
	}
	return 0;
}

int
cm_client_watch(
    struct cm_client *c, int *events, int *timeout_ms, struct cm_error *err)
{
	struct client_want w;
	struct timeval now, d;
	long long ms;
	int to = -1;

	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_client_watch was given a NULL client. Pass the client "
		    "cm_connect_start returned.");
	if (c->epfd < 0 && (c->epfd = epoll_create1(EPOLL_CLOEXEC)) < 0)
		return client_local(err, CM_ERROR_USAGE,
		    "The client could not make the descriptor to watch "
		    "(epoll_create1: %s). Free some descriptors and ask "
		    "again.",
		    strerror(errno));
	if (client_watch_sync(c, &w) != 0) {
		free(w.v);
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	}
	free(w.v);
	if (event_base_get_num_events(c->base, EVENT_BASE_COUNT_ACTIVE) > 0)
		to = 0;
	else if (w.has_next) {
		gettimeofday(&now, NULL);
		if (!timercmp(&w.next, &now, >))
			to = 0;
		else {
			timersub(&w.next, &now, &d);
			/* Rounded up: waking early only loops once more. */
			ms = (long long)d.tv_sec * 1000 +
			    (d.tv_usec + 999) / 1000;
			to = ms > INT_MAX ? INT_MAX : (int)ms;
		}
	}
	if (events)
		*events = CM_WATCH_READ;
	if (timeout_ms)
		*timeout_ms = to;
	return c->epfd;
}

/* One non-blocking pass of the private base, and the passes the events it
 * activated need (a kick queues a send, a reap frees a session). */
static void
client_run_ready(struct cm_client *c)
{
	struct client_sigpipe sp;
	int i;

	client_sigpipe_hold(c, &sp);
	client_enter(c);
	for (i = 0; i < 8 && !c->freeing && !c->free_pending; i++) {
		(void)event_base_loop(c->base, EVLOOP_NONBLOCK);
		if (event_base_get_num_events(
			c->base, EVENT_BASE_COUNT_ACTIVE) == 0)
			break;
	}
	client_leave(c); /* may free the client */
	client_sigpipe_release(&sp);
}

void
client_sigpipe_hold(struct cm_client *c, struct client_sigpipe *s)
{
	sigset_t pipe, pending;

	memset(s, 0, sizeof(*s));
	if (c->backend == NULL)
		return; /* sessions write with MSG_NOSIGNAL */
	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	sigpending(&pending);
	s->was_pending = sigismember(&pending, SIGPIPE);
	if (pthread_sigmask(SIG_BLOCK, &pipe, &s->old) == 0)
		s->held = 1;
}

void
client_sigpipe_release(struct client_sigpipe *s)
{
	sigset_t pipe, pending;
	struct timespec zero = { 0, 0 };

	if (!s->held)
		return;
	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	/* Ours only if it was not pending before the turn (the host's own
	 * pending SIGPIPE stays pending). */
	if (!s->was_pending && sigpending(&pending) == 0 &&
	    sigismember(&pending, SIGPIPE))
		(void)sigtimedwait(&pipe, NULL, &zero);
	pthread_sigmask(SIG_SETMASK, &s->old, NULL);
}

int
cm_client_process(struct cm_client *c, struct cm_error *err)
{
	if (c == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_client_process was given a NULL client. Pass the "
		    "client cm_connect_start returned.");
	if (c->depth > 0)
		return client_local(err, CM_ERROR_USAGE,
		    "cm_client_process cannot run inside a callback of the "
		    "same client. Return from the callback; the loop calls it "
		    "again.");
	client_run_ready(c);
	return 0;
}

/* ---- the libevent binding ---- */

static void
client_bound_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	client_run_ready(arg);
}

/*
 * A bound client tells its host base what to wait for after everything
 * that may have changed it (client_leave at depth 0, a kick, a send).
 */
void
client_rearm(struct cm_client *c)
{
	struct timeval tv;
	int to;

	if (c->host_base == NULL || c->freeing || c->rearming)
		return;
	c->rearming = 1;
	if (cm_client_watch(c, NULL, &to, NULL) < 0)
		to = 10; /* no memory: look again soon */
	if (to >= 0) {
		tv.tv_sec = to / 1000;
		tv.tv_usec = (to % 1000) * 1000;
		evtimer_add(c->host_timer, &tv);
	} else
		evtimer_del(c->host_timer);
	c->rearming = 0;
}

struct cm_client *
cm_connect_base(struct event_base *base, const char *url,
    const struct cm_connect_options *opts, cm_connect_cb cb, void *arg,
    struct cm_error *err)
{
	struct cm_client *c;

	if (base == NULL) {
		client_local(err, CM_ERROR_ARGUMENT,
		    "cm_connect_base was given a NULL event_base. Pass the "
		    "base the client is to run on, or use cm_connect.");
		return NULL;
	}
	if ((c = cm_connect_start(url, opts, cb, arg, err)) == NULL)
		return NULL;
	if (client_bind_base(c, base, err) != 0) {
		c->connect_cb = NULL; /* never told: the caller gets NULL */
		cm_client_free(c);
		return NULL;
	}
	return c;
}

int
client_bind_base(
    struct cm_client *c, struct event_base *base, struct cm_error *err)
{
	struct cm_error e;

	if (cm_client_watch(c, NULL, NULL, &e) < 0) {
		client_error_give(err, &e);
		return -1;
	}
	c->host_ev =
	    event_new(base, c->epfd, EV_READ | EV_PERSIST, client_bound_cb, c);
	c->host_timer = evtimer_new(base, client_bound_cb, c);
	if (c->host_ev == NULL || c->host_timer == NULL ||
	    event_add(c->host_ev, NULL) != 0)
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	c->host_base = base;
	client_rearm(c);
	return 0;
}

/* Releases what the readiness interface holds (client_destroy). */
void
client_watch_free(struct cm_client *c)
{
	if (c->host_ev)
		event_free(c->host_ev);
	if (c->host_timer)
		event_free(c->host_timer);
	c->host_ev = c->host_timer = NULL;
	c->host_base = NULL;
	if (c->epfd >= 0)
		close(c->epfd);
	c->epfd = -1;
	free(c->watched);
	c->watched = NULL;
	c->nwatched = c->watchcap = 0;
}
