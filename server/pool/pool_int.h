/*
 * The pool's internals, shared by pool.c (zygotes, refill, lifecycle),
 * pool_child.c (children and their frames), pool_exec.c (executions and
 * retained handles) and pool_clock.c (the run clock). Nothing here leaves
 * server/pool/.
 */
#ifndef POOL_INT_H
#define POOL_INT_H

#include <sys/queue.h>
#include <sys/time.h>

#include "ipc/frame.h"
#include "ipc/ipcmsg.h"
#include "pool.h"

struct bufferevent;
struct event;

/* What a child is doing. Transitions happen only in the functions named. */
enum child_state {
	CHILD_STARTING, /* forked; waiting for HELLO (pool_child_on_frame) */
	CHILD_SPARE, /* ready, idle (pool_dispatch takes it) */
	CHILD_BUSY, /* running `exec` (pool_exec_settle releases it), parked
		       or not */
	CHILD_RETAINED, /* holds a retained execution for handle invocations */
	CHILD_RESETTING, /* answered, told to stay: making its heap fresh until
			    HELLO */
	CHILD_KEPT, /* idle with a fresh heap; serves its tenant, or any
		       live connection of its principal (pool_dispatch) */
	CHILD_WARMING, /* a successor running its rehearsal (pool_kept.c);
			  RESULT makes it CHILD_RESETTING */
	CHILD_CLOSING /* done or killed; waiting for exit and EOF
			 (pool_child_gone) */
};

struct pool_zygote {
	TAILQ_ENTRY(pool_zygote) entry;
	struct pool *pool;
	pid_t pid;
	int ctl_fd;
	struct event *ev_ctl;
	int pidfd; /* embedded pools: readable once it exited, else -1 */
	struct event *ev_pid;
	unsigned forks;
	unsigned children; /* spawned and not yet reported exited */
	unsigned pending; /* SPAWN requests not yet answered */
	int spawned_any;
	int retiring;
	int reaped;
};

struct pool_child {
	TAILQ_ENTRY(pool_child) entry;
	struct pool *pool;
	struct pool_zygote *zygote;
	pid_t pid;
	/* Its socket: written through bev (pool_child_send, the backlog),
	 * read by ev_read into in (pool_child_on_readable); NULL once closed.
	 */
	struct bufferevent *bev;
	struct event *ev_read;
	int spinning; /* its last EXECUTE or answer carried FRAME_SPIN */
	int spin_ok; /* pool_spin_ok as its last call came */
	double called_at; /* ms: its last call came (host_late) */
	int host_late; /* the host answered it later than the spin budget */
	uint8_t *in; /* bytes read and not yet handled: in[in_off, in_len) */
	size_t in_off, in_len, in_cap;
	struct event *ev_timer; /* start and exit deadlines */
	enum child_state state;
	struct pool_exec *exec;
	uint64_t tenant; /* whose executions it has run (0: none yet) */
	/* the principal of those executions, set once (0: none, never
	 * shared): a child never serves another principal */
	uint64_t principal;
	unsigned runs; /* executions it has been given */
	int stay; /* told to reset and stay after the one it runs */
	size_t
	    kept_size; /* its private bytes when last measured (pool_kept.c) */
	unsigned measured_runs; /* `runs` at that measurement */
	unsigned long measured_faults; /* its page faults then (0: unknown) */
	TAILQ_ENTRY(pool_child) kept_entry; /* in kept_lru while CHILD_KEPT */
	int successor; /* prepared for its tenant, not yet given a run */
	/* tenant 0 and waiting for this principal's next connection
	 * (pool_release_tenant, pool_adopt); 0: not an orphan */
	uint64_t orphan;
	uint64_t former; /* the tenant an orphan was released by */
	int reaped;
	int eof;
	const char *why; /* the rule its last frame broke, for the log */
	/* The daemon, not the child, failed on its channel (out of memory):
	 * its run ends as POOL_INTERNAL. */
	int lost;
};

/* An answer held for a parked execution until it has a slot again. */
struct pool_held {
	TAILQ_ENTRY(pool_held) entry;
	uint32_t call_id;
	int outbound;
	size_t len;
	uint8_t payload[];
};
TAILQ_HEAD(pool_held_list, pool_held);

/* One handle invocation of a retained execution. */
struct pool_invocation {
	TAILQ_ENTRY(pool_invocation) entry;
	uint8_t *request;
	size_t len;
	uint32_t call_id;
	pool_invoke_fn done;
	void *arg;
};
TAILQ_HEAD(pool_invocation_list, pool_invocation);

struct pool_exec {
	TAILQ_ENTRY(pool_exec) entry;
	struct pool *pool;
	uint32_t id;
	uint8_t *request;
	size_t len;
	uint32_t timeout_ms, grace_ms;
	int count_host_waits;
	uint64_t tenant; /* 0: never shares a child with another execution */
	uint64_t principal; /* 0: shares only its tenant's own children */
	struct pool_exec_callbacks cb;
	void *udata;
	struct pool_child *child;
	struct pool_clock *clock; /* the run's bound (pool_clock.c) */
	int waiting; /* the child said it waits on the host (HOST_WAIT) */
	/*
	 * Slot accounting (pool_exec.c): parked, the run gave its CPU slot
	 * back while only an answer can wake it; held, the answers that came
	 * meanwhile; resuming, it is in the pool's resume list (an answer is
	 * held, it waits for a slot). answers_sent counts the answers sent to
	 * the child in this execution, against the count its HOST_WAIT says
	 * it read.
	 */
	int parked, resuming;
	uint32_t answers_sent;
	struct pool_held_list held;
	TAILQ_ENTRY(pool_exec) resume_entry;
	double submitted;
	int settled; /* on_settle ran */
	int retained; /* the isolate stays for invocations */
	int in_settle; /* on_settle is running (pool_exec_settle frees it) */
	int closed; /* its handles closed (inside on_settle) */
	struct pool_invocation_list invocations; /* first = in flight */
	uint32_t next_call_id;
	struct event *ev_idle; /* handlesIdleTimeout */
};

TAILQ_HEAD(pool_zygote_list, pool_zygote);
TAILQ_HEAD(pool_child_list, pool_child);
TAILQ_HEAD(pool_exec_list, pool_exec);

/* The checked payload of the frame in hand (pool.h: pool_checked_*). */
struct pool_checked {
	int type; /* enum frame_type; 0 when no frame is in hand */
	union {
		struct ipcmsg_result r;
		struct ipcmsg_tool_call t;
		struct ipcmsg_outbound o;
		struct ipcmsg_handle_result h;
	} m;
};

struct pool {
	struct event_base *base;
	struct pool_clocks *clocks; /* the run clocks' timer (pool_clock.c) */
	struct pool_checked checked;
	/* The child whose frames pool_child_on_readable is handing out, and
	 * its read buffer if the child closed meanwhile: a frame's payload
	 * points into it until its callback returns. */
	struct pool_child *reading;
	uint8_t *reading_orphan;
	struct pool_options opt;
	struct pool_zygote_list zygotes; /* first = current */
	struct pool_child_list children;
	struct pool_exec_list queue;
	struct pool_exec_list resume; /* parked runs whose answer is held */
	struct event *ev_dispatch; /* pool_dispatch from the loop */
	struct pool_exec *flushing; /* pool_exec_flush's run while alive */
	unsigned max_executions; /* pool_max_executions, resolved */
	struct event *ev_sigchld;
	struct event *ev_restart; /* backoff before a new zygote */
	struct event *ev_drain;
	struct event *ev_tick; /* ends a drain early once all settled */
	unsigned restart_backoff_ms;
	double spawn_lost_at; /* ms: a child's socket was lost for want of a
				 descriptor (spawning waits a moment) */
	int restart_due; /* the backoff timer fired: start a zygote now */
	uint32_t next_exec_id;
	unsigned queued, running, spares, starting, pending_spawns;
	unsigned parked; /* executions parked on a host call, no slot */
	long cpus; /* the CPUs the daemon may run on (spin_cpus) */
	int load_fd; /* opt.load_path, for pool_spin_ok; -1: never spin */
	/* pool_spin_ok's last reads, [0] as an EXECUTE left, [1] as a call
	 * came: the runnable count and when (ms; 0: never). */
	long load_runnable[2];
	double load_at[2];
	double spin_until; /* ms: the loop polls until then (pool_spin_left) */
	unsigned kept, resetting; /* children staying for their tenant */
	struct pool_child_list kept_lru; /* the CHILD_KEPT ones, least recently
					    used first (pool_kept.c) */
	size_t kept_bytes; /* their private sizes summed */
	unsigned long kept_retired; /* staying children retired to fit */
	unsigned long kept_measures; /* reads of a child's private size */
	unsigned long kept_measures_skipped; /* due, but no page fault since */
	unsigned long replacements_prepared, replacements_missed;
	unsigned retained_idle; /* retained, no invocation in flight */
	unsigned long spawned, crashed, retired;
	unsigned long reused; /* executions run by a staying child */
	/* of those, run by a child another live connection of the same
	 * principal had used last (pool_exec_pick_shared) */
	unsigned long shared;
	unsigned long adopted, orphans_expired; /* pool_adopt, orphans' end */
	/* children marked orphan: pool_adopt, run before every execution,
	 * walks the children only when some wait */
	unsigned norphans;
	uint64_t *paused; /* tenants under back-pressure (pool_tenant_pause) */
	unsigned npaused, paused_cap;
	int shutting_down; /* 1 draining, 2 terminating */
	unsigned grace_ms;
	void (*done)(void *);
	void *done_arg;
};

/* pool.c */
double pool_now_ms(void);
struct timeval pool_tv(double ms);
void pool_emit(struct pool *, enum pool_event_type, struct pool_exec *, pid_t,
    const char *);
unsigned pool_capacity(const struct pool *);
uint64_t pool_memory(void); /* physical memory, or the cgroup's bound */
void pool_refill(struct pool *);
void pool_check_done(struct pool *);

/* pool_child.c */
void pool_child_new(struct pool_zygote *, pid_t, int);
struct pool_child *pool_child_find(struct pool *, pid_t);
void pool_child_kill(struct pool_child *, int crashed);
/*
 * The daemon could not carry the child's frames (an allocation of its own
 * failed): the channel is out of step, so the child goes, but it did not
 * crash; its run ends as POOL_INTERNAL, `why` in the log.
 */
void pool_child_lose(struct pool_child *, const char *why);
/* Closes its socket and stops reading it (bev and ev_read go NULL). */
void pool_child_close(struct pool_child *);
void pool_child_on_exit(struct pool_child *);
void pool_child_send(struct pool_child *, enum frame_type, uint8_t, uint32_t,
    uint32_t, const uint8_t *, size_t);
int pool_child_on_frame(struct pool_child *, const struct frame *);
/*
 * Reads or stops reading the child's frames as its tenant's pause says,
 * while it runs (CHILD_BUSY, CHILD_RETAINED); any other child is read.
 */
void pool_child_apply_pause(struct pool_child *);
/* 1 while `tenant` (nonzero) is paused (pool_tenant_pause). */
int pool_tenant_paused(const struct pool *, uint64_t tenant);
/*
 * 1 when `c` belongs to one of `principal`'s open connections (nonzero
 * principal; orphans, tenant 0, wait for pool_adopt instead): shared among
 * them (pool_exec_pick_shared).
 */
static inline int
pool_child_of_principal(const struct pool_child *c, uint64_t principal)
{
	return principal != 0 && c->tenant != 0 && c->principal == principal;
}

/* pool_kept.c: staying children within the memory budget. */
/* A child's private bytes (USS), or an overestimate; 0 when unreadable. */
size_t pool_kept_measure(pid_t pid);
/* The same under another proc root (tests: a root without smaps_rollup). */
size_t pool_kept_measure_in(const char *proc, pid_t pid);
/* Page faults a process has taken (minor + major); 0 when unreadable. */
unsigned long pool_kept_faults_in(const char *proc, pid_t pid);
/* CHILD_RESETTING -> CHILD_KEPT: measures it when due, counts it in. */
void pool_kept_enter(struct pool_child *);
/* Leaving CHILD_KEPT (dispatched, killed, gone): counts it out. */
void pool_kept_leave(struct pool_child *);
/*
 * Retires the least recently used staying children until the rest fit the
 * budget (and max_kept when set). 1 when `self` was among them.
 */
int pool_kept_trim(struct pool *, const struct pool_child *self);
/*
 * `tenant`'s child was just given its `runs`-th run: when that is among
 * its last few, a spare becomes the tenant's successor
 * (replacements_prepared) and runs a rehearsal, unless no spare is free
 * (replacements_missed). With a `principal` (nonzero) the successor is
 * the principal's, as the children it replaces are shared: one waits
 * for all its connections at a time.
 */
void pool_kept_prepare(
    struct pool *, uint64_t tenant, uint64_t principal, unsigned runs);
/* Frames of a CHILD_WARMING child; -1 when it was killed. */
int pool_kept_warming_frame(struct pool_child *, const struct frame *);

/* pool_exec.c */
void pool_dispatch(struct pool *);
void pool_exec_settle(
    struct pool_exec *, enum pool_outcome, const uint8_t *, size_t);
void pool_exec_free(struct pool_exec *);
void pool_exec_abort(struct pool_exec *, enum pool_outcome);
void pool_exec_invocation_done(struct pool_exec *, const struct frame *);
/*
 * A HOST_WAIT edge (its frame flags and call_id): the clock stops on a host
 * wait unless it counts, and a run only an answer can wake gives its slot
 * back.
 */
int pool_exec_host_wait(struct pool_exec *, uint8_t flags, uint32_t read);
/*
 * A parked run takes its slot back and gets its held answers (from
 * pool_dispatch, or at once when its child spoke without an answer: the
 * deadline of a run counting host waits). These two return -1 when a
 * relay failed and the child, and the execution, are gone.
 */
int pool_exec_unpark(struct pool_exec *);
/*
 * Whether `c` may spin for its next answer, and the loop for its next frame
 * (FRAME_SPIN, pool_spin_left): a budget is set, the pool has two CPUs or
 * more, fewer of our runs hold a slot than there are CPUs, and nothing else
 * on the machine is runnable (spin_runnable, less this process and `c`
 * when it was told to spin): the child and the daemon will each hold a
 * CPU. at_call: 1 as a call comes, 0 as an EXECUTE leaves; the count read
 * at the same moment within POOL_LOAD_FRESH_MS serves again.
 */
int pool_spin_ok(struct pool *p, const struct pool_child *c, int at_call);
#define POOL_LOAD_FRESH_MS 1.0

/* Runs pool_dispatch from the loop, soon: a slot may be free. */
void pool_exec_kick(struct pool *);

/*
 * pool_clock.c: the run clock, spent only while it runs; `expired` runs
 * once the budget is spent, never before by the monotonic clock. The clocks
 * of one pool share one timer (struct pool_clocks), which outlives them.
 */
struct pool_clock;
struct pool_clocks;
struct pool_clocks *pool_clocks_new(struct event_base *);
void pool_clocks_free(struct pool_clocks *);
struct pool_clock *pool_clock_new(
    struct pool_clocks *, void (*expired)(void *), void *arg);
void pool_clock_free(struct pool_clock *);
/* Sets a fresh budget and runs. */
void pool_clock_start(struct pool_clock *, double budget_ms);
/* Stops, keeping what is left of the budget (no-op when stopped). */
void pool_clock_pause(struct pool_clock *);
/* Runs again on what is left (no-op when running). */
void pool_clock_resume(struct pool_clock *);
/* Stops for good: the deadline will not fire. */
void pool_clock_stop(struct pool_clock *);
/* What is left of the budget, in ms (<= 0 once spent). */
double pool_clock_left(const struct pool_clock *);

#endif
