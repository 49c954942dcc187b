/*
 * The worker pool. See pool.h for the model. Three kinds of object, each in
 * a <sys/queue.h> list; this file keeps the zygotes, the refill of spare
 * children and the pool's lifecycle, pool_child.c the children and
 * pool_exec.c the executions:
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
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "child/spin.h"
#include "cm_spec.h"
#include "pool_int.h"

static int pool_zygote_start(struct pool *);
static void pool_zygote_on_pidfd(evutil_socket_t, short, void *);

double
pool_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

struct timeval
pool_tv(double ms)
{
	struct timeval tv;

	if (ms < 0)
		ms = 0;
	tv.tv_sec = (time_t)(ms / 1000);
	tv.tv_usec = (suseconds_t)((ms - tv.tv_sec * 1000.0) * 1000);
	return tv;
}

void
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
	/* The protocol's PoolOptions defaults, from spec/protocol.json. */
	o->executions_per_worker = CM_POOL_EXECUTIONS_PER_WORKER;
	o->max_queue = CM_POOL_MAX_QUEUE;
	o->retire_after_executions = CM_POOL_RETIRE_AFTER_EXECUTIONS;
	o->worker_memory_limit = CM_POOL_WORKER_MEMORY_LIMIT;
	o->termination_delay_ms = CM_POOL_TERMINATION_DELAY;
	o->handles_idle_timeout_ms = CM_POOL_HANDLES_IDLE_TIMEOUT;
	o->spares = 2;
	/*
	 * A replacement (fork, prewarm, rehearsal) costs tens of runs' CPU:
	 * at 100 it took 14% off a connection's trivial-run latency and a
	 * fifth of the throughput at 8 connections (spec/operations.md).
	 */
	o->reuse_runs = POOL_REUSE_RUNS_DEFAULT;
	o->kept_idle_ms = 10000;
	/*
	 * A client rotating its session reconnects within milliseconds; a
	 * principal that does not come back within this gives the memory back.
	 */
	o->orphan_ms = 2000;
	o->kept_memory = pool_kept_memory_default();
	o->max_frame_payload = 64u << 20;
	o->program.sandbox = 1;
	o->program.prewarm = 1;
	o->program.spin_us = POOL_SPIN_US_DEFAULT;
}

int
pool_spin_ok(struct pool *p, const struct pool_child *c, int at_call)
{
	double now;
	long r;

	/* As many of our runs hold slots as there are CPUs: no pread. */
	if (p->opt.program.spin_us == 0 || p->cpus < 2 ||
	    (long)p->running >= p->cpus)
		return 0;
	/*
	 * Read at most once a millisecond for each of the two moments (an
	 * EXECUTE leaving, a call coming): a run's calls come every few tens
	 * of microseconds, and the read is one of the daemon's costliest
	 * system calls on a call's path.
	 */
	now = pool_now_ms();
	if (now - p->load_at[at_call] < POOL_LOAD_FRESH_MS &&
	    p->load_at[at_call] > 0)
		r = p->load_runnable[at_call];
	else {
		r = spin_runnable(p->load_fd);
		p->load_runnable[at_call] = r;
		p->load_at[at_call] = now;
	}
	if (r < 0)
		return 0;
	/* Others: all runnable tasks but us and a child already spinning. */
	r -= 1 + (c->spinning ? 1 : 0);
	return r <= p->cpus - 2;
}

double
pool_spin_left(const struct pool *p)
{
	double left;

	if (p->spin_until == 0)
		return 0;
	left = (p->spin_until - pool_now_ms()) * 1e3;
	return left > 0 ? left : 0;
}

unsigned
pool_capacity(const struct pool *p)
{
	return p->opt.max_workers * p->opt.executions_per_worker;
}

/*
 * The memory this process may use: physical memory, or the cgroup's (v2)
 * memory.max when that is lower; 0 when neither can be read.
 */
uint64_t
pool_memory(void)
{
	char buf[64];
	uint64_t cg = 0, mem;
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
	FILE *f = fopen("/sys/fs/cgroup/memory.max", "re");

	mem = pages > 0 && psize > 0 ? (uint64_t)pages * (uint64_t)psize : 0;
	if (f != NULL) {
		if (fgets(buf, sizeof(buf), f) != NULL && buf[0] >= '0' &&
		    buf[0] <= '9')
			cg = strtoull(buf, NULL, 10);
		fclose(f);
	}
	if (cg > 0 && (mem == 0 || cg < mem))
		mem = cg;
	return mem;
}

/*
 * Each execution may grow its child to about the worker memory limit, so
 * the memory this process may use over that limit is how many executions
 * fit at once; a parked run keeps its child and its heap.
 */
unsigned
pool_max_executions(const struct pool_options *o)
{
	unsigned w = o->max_workers ? o->max_workers : 1;
	unsigned epw = o->executions_per_worker ? o->executions_per_worker : 1;
	unsigned cap = w * epw;
	uint64_t mem = pool_memory(), n;
	size_t per = o->worker_memory_limit ? o->worker_memory_limit
					    : CM_POOL_WORKER_MEMORY_LIMIT;

	if (o->max_executions)
		return o->max_executions > cap ? o->max_executions : cap;
	n = mem / per;
	if (n > POOL_MAX_EXECUTIONS_DEFAULT_CAP)
		n = POOL_MAX_EXECUTIONS_DEFAULT_CAP;
	return n > cap ? (unsigned)n : cap;
}

/* A slot came free (pool_exec_kick): resume or start what waits. */
static void
pool_on_dispatch(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	pool_dispatch(arg);
}

/* ---- children ---- */

/* ---- executions ---- */

/* ---- zygotes ---- */

static void
pool_zygote_retire(struct pool_zygote *z, const char *reason)
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
pool_zygote_free(struct pool_zygote *z)
{
	struct pool *p = z->pool;

	if (z->ev_ctl)
		event_free(z->ev_ctl);
	if (z->ctl_fd >= 0)
		close(z->ctl_fd);
	if (z->ev_pid)
		event_free(z->ev_pid);
	if (z->pidfd >= 0)
		close(z->pidfd);
	TAILQ_REMOVE(&p->zygotes, z, entry);
	free(z);
}

/* The zygote's control socket is gone: it died, or is about to. */
static void
pool_zygote_lost(struct pool_zygote *z)
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
		pool_emit(
		    p, POOL_EV_WORKER_CRASH, NULL, z->pid, "zygote exited");
	}
}

static void
pool_zygote_on_ctl(evutil_socket_t fd, short what, void *arg)
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
			if (child_fd < 0) {
				/*
				 * Its socket was lost for want of a descriptor
				 * here (zygote_recv): the child ends, and its
				 * exit is reported like any other.
				 */
				kill(m.pid, SIGKILL);
				p->spawn_lost_at = pool_now_ms();
				break;
			}
			pool_child_new(z, m.pid, child_fd);
			if (z->forks >= p->opt.retire_after_executions)
				pool_zygote_retire(z, "count");
			else if ((size_t)m.rss_kb * 1024 >
			    p->opt.worker_memory_limit)
				pool_zygote_retire(z, "memory");
			break;
		case ZYGOTE_EXITED:
			z->children--;
			if ((c = pool_child_find(p, m.pid)) != NULL)
				pool_child_on_exit(c);
			break;
		}
	}
	if (broken || r == 0 || r == -2 || (r == -1 && errno != EAGAIN)) {
		/* A zygote that says what it should not is killed like a child.
		 */
		if (r != 0)
			kill(z->pid, SIGKILL);
		pool_zygote_lost(z);
	}
	pool_refill(p);
	pool_dispatch(p);
}

/* How long spawning waits after a child's socket was lost for want of a
 * descriptor. */
#define POOL_SPAWN_LOST_WAIT_MS 100

static void
pool_on_restart(evutil_socket_t fd, short what, void *arg)
{
	struct pool *p = arg;

	(void)fd;
	(void)what;
	p->restart_due = 1;
	pool_refill(p);
}

/*
 * An embedded pool learns of its zygote's exit from a pidfd; without
 * pidfd_open (a kernel before 5.3, valgrind) it looks with waitpid on that
 * pid alone, every 100 ms.
 */
static int
pool_zygote_watch(struct pool_zygote *z)
{
	struct pool *p = z->pool;
	struct timeval tv = pool_tv(100);

	z->pidfd = (int)syscall(SYS_pidfd_open, z->pid, 0);
	if (z->pidfd < 0 && errno != ENOSYS)
		return -1;
	z->ev_pid = event_new(p->base, z->pidfd,
	    z->pidfd >= 0 ? EV_READ | EV_PERSIST : EV_PERSIST,
	    pool_zygote_on_pidfd, z);
	if (z->ev_pid == NULL)
		return -1;
	return event_add(z->ev_pid, z->pidfd >= 0 ? NULL : &tv);
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
	z->pidfd = -1;
	z->ev_ctl = event_new(
	    p->base, ctl, EV_READ | EV_PERSIST, pool_zygote_on_ctl, z);
	if (p->opt.embedded && pool_zygote_watch(z) != 0)
		goto fail;
	if (z->ev_ctl == NULL || event_add(z->ev_ctl, NULL) != 0)
		goto fail;
	TAILQ_INSERT_HEAD(&p->zygotes, z, entry);
	return 0;
fail:
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (z->ev_ctl)
		event_free(z->ev_ctl);
	if (z->ev_pid)
		event_free(z->ev_pid);
	if (z->pidfd >= 0)
		close(z->pidfd);
	close(ctl);
	free(z);
	return -1;
}

/* Keeps `spares` children forked ahead of demand, within capacity. */
void
pool_refill(struct pool *p)
{
	struct pool_zygote *z;
	unsigned want, have;

	if (p->shutting_down == 2)
		return;
	/*
	 * During the drain the queue still gets children (an accepted run is
	 * finished, not refused for want of a process), but no spares.
	 */
	want = p->shutting_down ? 0 : p->opt.spares ? p->opt.spares : 1;
	if (p->queued > want)
		want = p->queued;
	/* running passes the capacity for a moment when a parked run ends
	 * (pool_exec_unpark): no spare then. */
	if (want > pool_capacity(p) -
		(p->running < pool_capacity(p) ? p->running : pool_capacity(p)))
		want = p->running < pool_capacity(p)
		    ? pool_capacity(p) - p->running
		    : 0;
	have = p->spares + p->starting + p->pending_spawns;
	if (have >= want)
		return;
	/* Out of descriptors a moment ago: try again shortly, not in a loop
	 * of forks whose sockets cannot be received. */
	if (p->spawn_lost_at > 0 &&
	    pool_now_ms() - p->spawn_lost_at < POOL_SPAWN_LOST_WAIT_MS) {
		if (!evtimer_pending(p->ev_restart, NULL)) {
			struct timeval tv = pool_tv(POOL_SPAWN_LOST_WAIT_MS);

			evtimer_add(p->ev_restart, &tv);
		}
		return;
	}
	if ((z = pool_current_zygote(p)) == NULL) {
		struct timeval tv;

		if (evtimer_pending(p->ev_restart, NULL))
			return;
		/*
		 * A zygote that dies before its first fork backs off, and so
		 * does one that could not start (out of descriptors): the
		 * backoff timer's firing is the next attempt.
		 */
		if (p->restart_backoff_ms > 0 && !p->restart_due) {
			tv = pool_tv(p->restart_backoff_ms);
			p->restart_backoff_ms = p->restart_backoff_ms * 2 > 5000
			    ? 5000
			    : p->restart_backoff_ms * 2;
			evtimer_add(p->ev_restart, &tv);
			if (TAILQ_FIRST(&p->zygotes) &&
			    !TAILQ_FIRST(&p->zygotes)->spawned_any) {
				struct pool_exec *e;

				/* Nothing can start: fail what waits instead of
				 * hanging. */
				while ((e = TAILQ_FIRST(&p->queue)) != NULL)
					pool_exec_settle(
					    e, POOL_CRASHED, NULL, 0);
			}
			return;
		}
		p->restart_due = 0;
		if (p->restart_backoff_ms == 0)
			p->restart_backoff_ms = 50;
		if (pool_zygote_start(p) != 0) {
			pool_refill(p); /* arms the backoff timer */
			return;
		}
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

/* `pid`, one of ours, was reaped: a zygote, or a child orphaned to us. */
static void
pool_reaped(struct pool *p, pid_t pid)
{
	struct pool_zygote *z, *zt;
	struct pool_child *c;

	for (z = TAILQ_FIRST(&p->zygotes); z != NULL; z = zt) {
		zt = TAILQ_NEXT(z, entry);
		if (z->pid != pid)
			continue;
		z->reaped = 1;
		pool_zygote_lost(z);
		TAILQ_FOREACH(c, &p->children, entry)
		if (c->zygote == z)
			c->zygote = NULL;
		/* Its children died with it (PDEATHSIG) or were
		 * orphaned to us. */
		pool_zygote_free(z);
		break;
	}
	if ((c = pool_child_find(p, pid)) != NULL)
		pool_child_on_exit(c);
}

/*
 * Children of a dead zygote that no one will report. A daemon (a
 * subreaper) reaps them itself and sees them gone; an embedded pool is
 * nobody's subreaper, and its children die with their zygote
 * (PDEATHSIG), so one whose zygote is gone counts as exited: its socket's
 * EOF then settles what it ran.
 */
static void
pool_orphans(struct pool *p)
{
	struct pool_child *c;
	int again = 1;

	while (again) {
		again = 0;
		TAILQ_FOREACH(c, &p->children, entry)
		{
			if (c->zygote != NULL || c->reaped)
				continue;
			if (p->opt.embedded ||
			    (kill(c->pid, 0) != 0 && errno == ESRCH)) {
				pool_child_on_exit(c);
				/* the list may have changed */
				again = p->opt.embedded;
				break;
			}
		}
	}
}

/* Reaps zygotes, and children orphaned to us when their zygote died. */
static void
pool_on_sigchld(evutil_socket_t fd, short what, void *arg)
{
	struct pool *p = arg;
	int status;
	pid_t pid;

	(void)fd;
	(void)what;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
		pool_reaped(p, pid);
	pool_orphans(p);
	pool_refill(p);
	pool_check_done(p);
}

/*
 * An embedded pool's zygote exited (its pidfd is readable): reap that pid
 * and no other, so the host's own children stay the host's to wait for.
 */
static void
pool_zygote_on_pidfd(evutil_socket_t fd, short what, void *arg)
{
	struct pool_zygote *z = arg;
	struct pool *p = z->pool;
	int status;

	(void)fd;
	(void)what;
	if (waitpid(z->pid, &status, WNOHANG) != z->pid)
		return; /* not yet waitable: the event persists */
	pool_reaped(p, z->pid);
	pool_orphans(p);
	pool_refill(p);
	pool_check_done(p);
}

struct event_base *
pool_base_new(void)
{
	return event_base_new();
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
	if (p->opt.kept_memory == 0)
		p->opt.kept_memory = pool_kept_memory_default();
	/* Said here, not as a zygote that dies at every start. */
	if (o->program.image != NULL && access(o->program.image, X_OK) != 0) {
		snprintf(err, errlen, "pool: the sandbox image %s: %s",
		    o->program.image, strerror(errno));
		free(p);
		return NULL;
	}
	if (o->program.image == NULL && o->program.run == NULL) {
		snprintf(err, errlen,
		    "pool: no sandbox image and no zygote body to fork");
		free(p);
		return NULL;
	}
	TAILQ_INIT(&p->zygotes);
	TAILQ_INIT(&p->children);
	TAILQ_INIT(&p->kept_lru);
	TAILQ_INIT(&p->queue);
	TAILQ_INIT(&p->resume);
	p->max_executions = pool_max_executions(&p->opt);
	p->cpus = spin_cpus();
	/* Unreadable (no /proc): the pool never spins (pool_spin_ok). */
	p->load_fd = open(p->opt.load_path ? p->opt.load_path : "/proc/loadavg",
	    O_RDONLY | O_CLOEXEC);
	/*
	 * Grandchildren orphaned by a dying zygote come to us to be reaped.
	 * Not in a host's process: the subreaper flag and a SIGCHLD handler
	 * are the host's to set, and its own children its own to reap.
	 */
	if (!p->opt.embedded) {
		prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
		p->ev_sigchld = evsignal_new(base, SIGCHLD, pool_on_sigchld, p);
	}
	p->ev_restart = evtimer_new(base, pool_on_restart, p);
	p->ev_drain = evtimer_new(base, NULL, NULL);
	p->ev_dispatch = event_new(base, -1, 0, pool_on_dispatch, p);
	p->clocks = pool_clocks_new(base);
	if ((!p->opt.embedded && p->ev_sigchld == NULL) || p->clocks == NULL ||
	    p->ev_restart == NULL || p->ev_drain == NULL ||
	    p->ev_dispatch == NULL ||
	    (p->ev_sigchld && evsignal_add(p->ev_sigchld, NULL) != 0)) {
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
	s->parked = p->parked;
	s->max_executions = p->max_executions;
	s->queued = p->queued;
	s->spares = p->spares;
	s->kept = p->kept;
	s->reused = p->reused;
	s->shared = p->shared;
	s->adopted = p->adopted;
	s->orphans_expired = p->orphans_expired;
	s->kept_bytes = p->kept_bytes;
	s->kept_retired = p->kept_retired;
	s->kept_measures = p->kept_measures;
	s->kept_measures_skipped = p->kept_measures_skipped;
	s->replacements_prepared = p->replacements_prepared;
	s->replacements_missed = p->replacements_missed;
	TAILQ_FOREACH(c, &p->children, entry)
	{
		s->children++;
		s->retained += c->state == CHILD_RETAINED;
	}
	s->spawned = p->spawned;
	s->crashed = p->crashed;
	s->retired_zygotes = p->retired;
}

/* ---- shutdown ---- */

void
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
		pool_exec_settle(e, POOL_SHUTDOWN, NULL, 0);
	TAILQ_FOREACH(c, &p->children, entry)
	{
		if (c->exec)
			pool_exec_abort(c->exec, POOL_SHUTDOWN);
		if (!c->reaped)
			kill(c->pid, SIGTERM);
	}
	TAILQ_FOREACH(z, &p->zygotes, entry)
	if (!z->retiring)
		pool_zygote_retire(z, "shutdown");
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
	/* Retained handles with nothing in flight do not hold the drain up;
	 * a parked run does. */
	if (p->running == p->retained_idle && p->queued == 0 && p->parked == 0)
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
	if (p->running == p->retained_idle && p->queued == 0 &&
	    p->parked == 0) {
		pool_on_drained(-1, 0, p);
		return;
	}
	/* The drain deadline, and a tick that ends it early once all settled.
	 */
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
	/* Queued runs start as capacity frees, each on a child forked now. */
	pool_dispatch(p);
}

/* At most this many 1 ms waits for the killed children's exits (pool_free). */
#define POOL_FREE_REAP_MS 2000

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
		pool_exec_free(e);
	}
	while ((c = TAILQ_FIRST(&p->children)) != NULL) {
		TAILQ_REMOVE(&p->children, c, entry);
		if (c->exec)
			pool_exec_free(c->exec);
		kill(c->pid, SIGKILL);
		pool_child_close(c);
		if (c->ev_timer)
			event_free(c->ev_timer);
		free(c);
	}
	while ((z = TAILQ_FIRST(&p->zygotes)) != NULL) {
		if (!z->reaped) {
			kill(z->pid, SIGKILL);
			waitpid(z->pid, NULL, 0);
		}
		pool_zygote_free(z);
	}
	/* Orphans of the killed zygotes come to us: reap them, bounded (a
	 * killed child's exit took longer than 100 ms under load, and
	 * check_pool_reuse found one still there). An embedded
	 * pool has none (it is no subreaper) and waits for no pid it did not
	 * start. */
	for (i = 0; !p->opt.embedded && i < POOL_FREE_REAP_MS; i++) {
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
	if (p->ev_dispatch)
		event_free(p->ev_dispatch);
	pool_clocks_free(p->clocks);
	if (p->load_fd >= 0)
		close(p->load_fd);
	free(p->reading_orphan);
	free(p->paused);
	free(p);
}
