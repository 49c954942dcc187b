/*
 * Children staying for their tenant (pool.h: kept_memory, max_kept). What
 * bounds them is memory, not a count: an idle staying child costs only the
 * pages it made its own (the rest it shares with its zygote), so the pool
 * measures that private size and keeps children while their sum fits the
 * budget, retiring the least recently used one when it does not. A count
 * bound made every connection past a small number pay a fork on each run.
 *
 * The size is read from /proc/<pid>/smaps_rollup (Private_Clean +
 * Private_Dirty: what the child alone holds) when a child first comes back
 * to stay and then at growing intervals (pool_kept_measure_due), not on
 * every run: the read walks the child's page tables (0.2-0.9 ms on the
 * daemon's loop, each one a run in the trivial run's tail), and a reset
 * child's size barely moves between runs. At a due point the walk is made
 * only if the child took a page fault since the last one (/proc/<pid>/stat,
 * counters the kernel keeps, no walk): its private pages grow only through
 * its own faults (a page first touched, a copy on write), since its zygote,
 * which holds every page it shares, lives as long as its children (pool.c).
 * The pages a zygote writes after a fork are the exception, a few of them.
 * Children are not dumpable (child/sandbox.c), so a daemon without
 * CAP_SYS_PTRACE (systemd's DynamicUser) may not read their smaps; it then
 * counts /proc/<pid>/statm's resident minus file-backed pages, which also
 * counts the anonymous pages still shared with the zygote: larger than the
 * truth, so the budget errs toward fewer staying children, never more.
 *
 * A staying child is replaced after reuse_runs executions. Its successor is
 * chosen a few runs before its last (pool_kept_prepare): a spare, prewarmed
 * while it waited, runs a rehearsal (its first run, the dearest a process
 * runs), resets and waits as its tenant's staying child, and the fork that
 * refills the spares runs beside the predecessor's last runs. The tenant's
 * next run after the last then finds a child as warm as the one it had,
 * instead of taking whatever spare is left, or waiting for a fork when many
 * connections reach their last run together.
 *
 * A tenant that leaves (its connection closed) may leave its staying
 * children as orphans marked with its principal (pool_release_tenant in
 * pool_exec.c): still CHILD_KEPT (or resetting, or rehearsing), still in
 * kept_lru and kept_bytes, so the budget and the LRU retirement treat them
 * like any staying child, with tenant 0 so no execution picks them, and on a
 * timer of orphan_ms instead of kept_idle_ms. pool_adopt gives them to the
 * principal's next tenant: clients rotate their session every hundred runs,
 * and without this every rotation paid a fork, a prewarm and first-touch
 * faults (tens of milliseconds of CPU) for a child identical to the one just
 * dropped.
 *
 * While a principal's connections are open, their staying children are
 * shared (pool_exec_pick_shared in pool_exec.c): the most recently back in
 * kept_lru serves the next run of any of them, so kept_lru's tail is what
 * runs and its head what the budget and kept_idle_ms end. A child's tenant
 * is the connection it last ran for; that connection's release orphans or
 * ends it only while it is idle (or resetting) under that tenant.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "cm_spec.h"
#include "pool_int.h"

/*
 * Runs of a staying child between two measurements of its size: at least
 * POOL_KEPT_MEASURE_EVERY, then as many as it had run at the last one, up
 * to POOL_KEPT_MEASURE_MAX (runs 1, 17, 34, 68, 136, 272, 528, ...). The
 * size settles within a child's first runs (its first reset makes the
 * image's pages its own; later runs reuse them), while a read of
 * smaps_rollup was 8-14% of the daemon's CPU on trivial runs at every 16.
 */
#define POOL_KEPT_MEASURE_EVERY 16
#define POOL_KEPT_MEASURE_MAX 256

/* Whether `c`, back to stay, is due for a measurement of its size. */
static int
pool_kept_measure_due(const struct pool_child *c)
{
	unsigned every = c->measured_runs;

	if (every < POOL_KEPT_MEASURE_EVERY)
		every = POOL_KEPT_MEASURE_EVERY;
	if (every > POOL_KEPT_MEASURE_MAX)
		every = POOL_KEPT_MEASURE_MAX;
	return c->kept_size == 0 || c->runs - c->measured_runs >= every;
}

/* Reads a small /proc file whole; its length, or -1. */
static ssize_t
pool_kept_read(const char *path, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	while (got < len - 1 && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';
	return (ssize_t)got;
}

/* The value in kB of the line `key` of a smaps text, summed over matches. */
static size_t
pool_kept_field(const char *text, const char *key)
{
	size_t klen = strlen(key), kb = 0;
	const char *s;

	for (s = text; (s = strstr(s, key)) != NULL; s += klen)
		if (s == text || s[-1] == '\n')
			kb += strtoul(s + klen, NULL, 10);
	return kb;
}

unsigned long
pool_kept_faults_in(const char *proc, pid_t pid)
{
	char path[PATH_MAX], buf[1024];
	unsigned long minflt, majflt;
	const char *s;

	snprintf(path, sizeof(path), "%s/%d/stat", proc, (int)pid);
	if (pool_kept_read(path, buf, sizeof(buf)) <= 0 ||
	    (s = strrchr(buf, ')')) == NULL)
		return 0;
	/* After the command's ")": fields 3 to 12, minflt the 10th. */
	if (sscanf(s + 1, " %*c %*d %*d %*d %*d %*d %*u %lu %*u %lu", &minflt,
		&majflt) != 2)
		return 0;
	return minflt + majflt;
}

size_t
pool_kept_measure(pid_t pid)
{
	return pool_kept_measure_in("/proc", pid);
}

size_t
pool_kept_measure_in(const char *proc, pid_t pid)
{
	char path[PATH_MAX], buf[2048];
	unsigned long size, resident, shared;
	long page = sysconf(_SC_PAGESIZE);

	snprintf(path, sizeof(path), "%s/%d/smaps_rollup", proc, (int)pid);
	if (pool_kept_read(path, buf, sizeof(buf)) > 0 &&
	    strstr(buf, "Private_Dirty:") != NULL)
		return (pool_kept_field(buf, "Private_Clean:") +
			   pool_kept_field(buf, "Private_Dirty:")) *
		    1024;
	snprintf(path, sizeof(path), "%s/%d/statm", proc, (int)pid);
	if (pool_kept_read(path, buf, sizeof(buf)) > 0 &&
	    sscanf(buf, "%lu %lu %lu", &size, &resident, &shared) == 3 &&
	    resident >= shared)
		return (size_t)(resident - shared) * (size_t)page;
	return 0;
}

size_t
pool_kept_memory_default(void)
{
	uint64_t mem = pool_memory() / 16;

	if (mem < POOL_KEPT_MEMORY_MIN)
		mem = POOL_KEPT_MEMORY_MIN;
	if (mem > POOL_KEPT_MEMORY_MAX)
		mem = POOL_KEPT_MEMORY_MAX;
	return (size_t)mem;
}

/* Counts `c`, now CHILD_KEPT, among the staying children. */
static void
pool_kept_count_in(struct pool_child *c)
{
	struct pool *p = c->pool;

	c->state = CHILD_KEPT;
	p->kept++;
	p->kept_bytes += c->kept_size;
	TAILQ_INSERT_TAIL(&p->kept_lru, c, kept_entry);
}

void
pool_kept_enter(struct pool_child *c)
{
	struct pool *p = c->pool;
	unsigned long faults;

	if (pool_kept_measure_due(c)) {
		faults = pool_kept_faults_in("/proc", c->pid);
		if (c->kept_size != 0 && faults != 0 &&
		    faults == c->measured_faults)
			p->kept_measures_skipped++;
		else {
			c->kept_size = pool_kept_measure(c->pid);
			c->measured_faults = faults;
			p->kept_measures++;
		}
		c->measured_runs = c->runs;
	}
	pool_kept_count_in(c);
}

void
pool_kept_leave(struct pool_child *c)
{
	struct pool *p = c->pool;

	p->kept--;
	p->kept_bytes -= c->kept_size;
	TAILQ_REMOVE(&p->kept_lru, c, kept_entry);
}

int
pool_kept_trim(struct pool *p, const struct pool_child *self)
{
	struct pool_child *lru;
	int self_gone = 0;

	while ((lru = TAILQ_FIRST(&p->kept_lru)) != NULL &&
	    (p->kept_bytes > p->opt.kept_memory ||
		(p->opt.max_kept != 0 && p->kept > p->opt.max_kept))) {
		self_gone |= lru == self;
		p->kept_retired++;
		pool_child_kill(lru, 0);
	}
	return self_gone;
}

/*
 * Runs of its own a child has left when its successor is chosen: enough for
 * the spare's rehearsal, its reset and the refill's fork to end before the
 * switch, on a child that serves at least POOL_KEPT_AHEAD_MIN_RUNS.
 */
#define POOL_KEPT_AHEAD 3
#define POOL_KEPT_AHEAD_MIN_RUNS 10

/* What a successor rehearses: nothing of its tenant's, no provider. */
#define POOL_KEPT_REHEARSAL "async () => 0"

/*
 * Whether `tenant` already has a successor prepared; with a `principal`,
 * whether any of its live connections has one (an orphan's is its former
 * connection's, given with it to one adopter: not counted). The children
 * of a principal's connections are shared (pool_exec_pick_shared), so
 * whichever connection a predecessor's last runs happened to serve, one
 * successor waits for all of them, not one per connection.
 */
static int
pool_kept_has_successor(
    const struct pool *p, uint64_t tenant, uint64_t principal)
{
	const struct pool_child *c;

	TAILQ_FOREACH(c, &p->children, entry)
	if (c->successor && c->state != CHILD_CLOSING &&
	    (c->tenant == tenant || pool_child_of_principal(c, principal)))
		return 1;
	return 0;
}

void
pool_kept_prepare(
    struct pool *p, uint64_t tenant, uint64_t principal, unsigned runs)
{
	struct pool_child *c, *spare = NULL;
	struct timeval tv = pool_tv(p->opt.termination_delay_ms);
	struct ipcmsg_execute x;
	unsigned at = p->opt.reuse_runs >= POOL_KEPT_AHEAD_MIN_RUNS
	    ? p->opt.reuse_runs - POOL_KEPT_AHEAD
	    : p->opt.reuse_runs;
	size_t len;
	char *req;

	/* Chosen once, ahead; again at the last run if that one was taken. */
	if (tenant == 0 || p->opt.reuse_runs <= 1 ||
	    (runs != at && runs < p->opt.reuse_runs) ||
	    pool_kept_has_successor(p, tenant, principal))
		return;
	/* Spares the queue is waiting for are not taken from it. */
	if (!p->shutting_down && p->spares > p->queued)
		TAILQ_FOREACH(c, &p->children, entry)
	if (c->state == CHILD_SPARE) {
		spare = c;
		break;
	}
	memset(&x, 0, sizeof(x));
	x.code.s = POOL_KEPT_REHEARSAL;
	x.code.len = strlen(POOL_KEPT_REHEARSAL);
	x.timeout =
	    p->opt.termination_delay_ms ? p->opt.termination_delay_ms : 1000;
	x.memory_limit = 64;
	x.outbound_mode = CM_OUTBOUND_MODE_DISABLED;
	if (spare == NULL || (req = ipcmsg_execute_encode(&x, &len)) == NULL) {
		p->replacements_missed++;
		return;
	}
	/*
	 * The rehearsal is the successor's first run, the dearest a process
	 * runs (its first lowering, compile and allocations), paid here
	 * beside its predecessor's last runs instead of on its tenant's; it
	 * then resets and says HELLO like any staying child, exec id 0 never
	 * naming an execution.
	 */
	p->spares--;
	p->resetting++;
	spare->state = CHILD_WARMING;
	spare->tenant = tenant;
	spare->principal = principal;
	spare->successor = 1;
	pool_child_apply_pause(spare);
	evtimer_del(spare->ev_timer);
	evtimer_add(spare->ev_timer, &tv);
	p->replacements_prepared++;
	pool_child_send(spare, FRAME_EXECUTE, FRAME_EXECUTE_STAY, 0, 0,
	    (const uint8_t *)req, len);
	free(req);
}

int
pool_kept_warming_frame(struct pool_child *c, const struct frame *f)
{
	struct timeval tv = pool_tv(c->pool->opt.termination_delay_ms);

	if (f->exec_id != 0)
		goto violation;
	switch (f->type) {
	case FRAME_HOST_WAIT:
		return 0;
	case FRAME_RESULT:
		if (f->flags & 1) /* a rehearsal retains nothing */
			goto violation;
		/* It resets its heap and says HELLO, in time. */
		c->state = CHILD_RESETTING;
		evtimer_del(c->ev_timer);
		evtimer_add(c->ev_timer, &tv);
		return 0;
	default:
		break;
	}
violation:
	pool_child_kill(c, 1);
	return -1;
}
