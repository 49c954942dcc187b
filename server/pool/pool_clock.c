/*
 * The run clocks (pool_int.h): each a budget of milliseconds spent only
 * while it runs, and a deadline when it is spent. Their fields are private
 * to this file; pool_exec.c starts, pauses and resumes them.
 *
 * Every clock of a pool shares one timerfd (struct pool_clocks), armed at
 * an absolute CLOCK_MONOTONIC time no later than the earliest running
 * deadline. Arming is lazy: a pause leaves it as it is and a resume arms it
 * only when the new deadline comes before it, so a tool call (a pause and
 * a resume) costs no system call for the clock. A wake that finds no
 * deadline reached re-arms at the earliest one. The descriptor is the
 * pool's own rather than a libevent timer because a precise libevent base
 * (EVENT_BASE_FLAG_PRECISE_TIMER) re-arms its timerfd before every wait,
 * twice per tool call, while a base on the coarse clock may end a bound a
 * tick late.
 */
#include <sys/queue.h>
#include <sys/timerfd.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include <event2/event.h>

#include "pool_int.h"

struct pool_clock {
	struct pool_clocks *set;
	TAILQ_ENTRY(pool_clock) entry; /* in set->running while running */
	double budget_ms; /* left before the deadline */
	double running_since; /* when it last started running */
	int running;
	void (*expired)(void *);
	void *arg;
};

TAILQ_HEAD(pool_clock_list, pool_clock);

struct pool_clocks {
	struct event *ev; /* the timerfd readable: some deadline may be due */
	int fd;
	double armed_at; /* pool_now_ms() it fires at; 0 while disarmed */
	struct pool_clock_list running;
};

/* Arms the timerfd at `at` (pool_now_ms), rounded up to the nanosecond. */
static void
pool_clocks_arm(struct pool_clocks *s, double at)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	double ns = at * 1e6;
	uint64_t n = (uint64_t)ns;

	if ((double)n < ns)
		n++;
	if (n == 0)
		n = 1; /* {0, 0} would disarm it */
	its.it_value.tv_sec = (time_t)(n / 1000000000u);
	its.it_value.tv_nsec = (long)(n % 1000000000u);
	if (timerfd_settime(s->fd, TFD_TIMER_ABSTIME, &its, NULL) == 0) {
		s->armed_at = at;
		return;
	}
	/* Cannot fail with a valid time; if it did, the next resume tries. */
	s->armed_at = 0;
}

/* A clock that starts running with deadline `at` needs the fd by then. */
static void
pool_clocks_need(struct pool_clocks *s, double at)
{
	if (s->armed_at == 0 || at < s->armed_at)
		pool_clocks_arm(s, at);
}

/*
 * The fd fired: every clock whose deadline passed expires, each removed
 * before its callback runs (which may stop, free or start clocks, so the
 * walk starts over after each); then the fd is armed at the earliest
 * deadline left, if any.
 */
static void
pool_clocks_on_fire(evutil_socket_t fd, short what, void *arg)
{
	struct pool_clocks *s = arg;
	struct pool_clock *k, *first;
	uint64_t ticks;
	double now;

	(void)what;
	while (read(fd, &ticks, sizeof(ticks)) < 0 && errno == EINTR)
		;
	s->armed_at = 0;
	for (;;) {
		now = pool_now_ms();
		first = NULL;
		TAILQ_FOREACH(k, &s->running, entry)
		{
			if (k->running_since + k->budget_ms <= now)
				break;
			if (first == NULL ||
			    k->running_since + k->budget_ms <
				first->running_since + first->budget_ms)
				first = k;
		}
		if (k == NULL)
			break;
		TAILQ_REMOVE(&s->running, k, entry);
		k->running = 0;
		k->budget_ms = 0;
		k->expired(k->arg);
	}
	if (first != NULL)
		pool_clocks_need(s, first->running_since + first->budget_ms);
}

struct pool_clocks *
pool_clocks_new(struct event_base *base)
{
	struct pool_clocks *s;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	TAILQ_INIT(&s->running);
	if ((s->fd = timerfd_create(
		 CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)) < 0) {
		free(s);
		return NULL;
	}
	if ((s->ev = event_new(base, s->fd, EV_READ | EV_PERSIST,
		 pool_clocks_on_fire, s)) == NULL ||
	    event_add(s->ev, NULL) != 0) {
		if (s->ev)
			event_free(s->ev);
		close(s->fd);
		free(s);
		return NULL;
	}
	return s;
}

/* The pool frees its clocks first: none may be running any more. */
void
pool_clocks_free(struct pool_clocks *s)
{
	struct pool_clock *k;

	if (s == NULL)
		return;
	while ((k = TAILQ_FIRST(&s->running)) != NULL) {
		TAILQ_REMOVE(&s->running, k, entry);
		k->running = 0;
		k->set = NULL;
	}
	event_free(s->ev);
	close(s->fd);
	free(s);
}

struct pool_clock *
pool_clock_new(struct pool_clocks *s, void (*expired)(void *), void *arg)
{
	struct pool_clock *k;

	if ((k = calloc(1, sizeof(*k))) == NULL)
		return NULL;
	k->set = s;
	k->expired = expired;
	k->arg = arg;
	return k;
}

void
pool_clock_free(struct pool_clock *k)
{
	if (k == NULL)
		return;
	pool_clock_stop(k);
	free(k);
}

void
pool_clock_start(struct pool_clock *k, double budget_ms)
{
	pool_clock_stop(k);
	k->budget_ms = budget_ms;
	pool_clock_resume(k);
}

void
pool_clock_resume(struct pool_clock *k)
{
	if (k->running || k->set == NULL)
		return;
	k->running_since = pool_now_ms();
	k->running = 1;
	TAILQ_INSERT_TAIL(&k->set->running, k, entry);
	pool_clocks_need(k->set, k->running_since + k->budget_ms);
}

/* The fd stays armed: a wake before any deadline only re-arms it. */
void
pool_clock_pause(struct pool_clock *k)
{
	if (!k->running)
		return;
	k->budget_ms -= pool_now_ms() - k->running_since;
	k->running = 0;
	TAILQ_REMOVE(&k->set->running, k, entry);
}

double
pool_clock_left(const struct pool_clock *k)
{
	if (!k->running)
		return k->budget_ms;
	return k->budget_ms - (pool_now_ms() - k->running_since);
}

void
pool_clock_stop(struct pool_clock *k)
{
	if (!k->running)
		return;
	k->running = 0;
	TAILQ_REMOVE(&k->set->running, k, entry);
}
