/*
 * The run clock (pool_int.h): a budget of milliseconds spent only while the
 * clock runs, and a deadline when it is spent. Its fields are private to
 * this file; pool_exec.c starts, pauses and resumes it.
 */
#include <stdlib.h>

#include <event2/event.h>

#include "pool_int.h"

struct pool_clock {
	struct event_base *base;
	struct event *ev; /* the deadline, while the clock runs */
	double budget_ms; /* left before the deadline */
	double running_since; /* when it last started running */
	int running;
	void (*expired)(void *);
	void *arg;
};

/*
 * libevent may wake a little before the time asked (a coarse clock, a
 * timeval rounded down): measured here on the precise monotonic clock,
 * such a wake waits out the rest, so a bound never ends early.
 */
static void
pool_clock_on_timer(evutil_socket_t fd, short what, void *arg)
{
	struct pool_clock *k = arg;
	double left = k->running_since + k->budget_ms - pool_now_ms();
	struct timeval tv;

	(void)fd;
	(void)what;
	if (left > 0) {
		tv = pool_tv(left);
		if (tv.tv_sec == 0 && tv.tv_usec == 0)
			tv.tv_usec = 1;
		evtimer_add(k->ev, &tv);
		return;
	}
	k->running = 0;
	k->budget_ms = 0;
	k->expired(k->arg);
}

struct pool_clock *
pool_clock_new(struct event_base *base, void (*expired)(void *), void *arg)
{
	struct pool_clock *k;

	if ((k = calloc(1, sizeof(*k))) == NULL)
		return NULL;
	if ((k->ev = evtimer_new(base, pool_clock_on_timer, k)) == NULL) {
		free(k);
		return NULL;
	}
	k->base = base;
	k->expired = expired;
	k->arg = arg;
	return k;
}

void
pool_clock_free(struct pool_clock *k)
{
	if (k == NULL)
		return;
	event_free(k->ev);
	free(k);
}

void
pool_clock_start(struct pool_clock *k, double budget_ms)
{
	k->budget_ms = budget_ms;
	k->running = 0;
	pool_clock_resume(k);
}

/*
 * The deadline is what is left of the budget, from now. libevent measures
 * a timer from the time it cached when its loop last woke, a little in the
 * past by now: refreshed, the deadline is not set early.
 */
void
pool_clock_resume(struct pool_clock *k)
{
	struct timeval tv;

	if (k->running)
		return;
	event_base_update_cache_time(k->base);
	k->running_since = pool_now_ms();
	k->running = 1;
	tv = pool_tv(k->budget_ms);
	evtimer_add(k->ev, &tv);
}

void
pool_clock_pause(struct pool_clock *k)
{
	if (!k->running)
		return;
	k->budget_ms -= pool_now_ms() - k->running_since;
	k->running = 0;
	evtimer_del(k->ev);
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
	k->running = 0;
	evtimer_del(k->ev);
}
