/*
 * The worker pool: supervises engine children and moves messages between
 * each execution and its caller. Guest code never runs in the daemon.
 *
 * Model. A zygote (child/zygote_proc.h) warms the engine once; an execution
 * runs in a child forked from it, and the pool keeps `spares` children forked
 * ahead of demand so no fork sits on a request's path. A child that answered
 * may stay for its tenant's next execution (reuse_runs): it puts its heap back
 * to the zygote's image (engine_reset), so every execution still starts on a
 * fresh heap, and the next one skips the fork and its page faults. Only one
 * principal's executions share a process (the peer uid or the token
 * behind the connections): an idle staying child serves whichever live
 * tenant of its principal runs next, the one back last first (pool_execute),
 * and a tenant that is gone may hand its children to the next tenant of the
 * same principal (pool_release_tenant, pool_adopt), never to anyone else; a
 * tenant without a principal keeps its children to itself. Staying
 * children are bounded by
 * their measured private memory (kept_memory), the least recently used
 * leaving first, and each one's successor rehearses before it is needed
 * (pool_kept.c). PoolOptions of the
 * protocol map onto it like this:
 *   max_workers * executions_per_worker  CPU slots: children that may run
 *                                         guest code at once (a retained
 *                                         execution keeps its child and
 *                                         counts against it);
 *   max_executions (ours)                 executions that may exist at once,
 *                                         running or waiting on the host;
 *   max_queue                             executions wait beyond that, then
 *                                         QUEUE_OVERFLOW;
 *   retire_after_executions, worker_memory_limit
 *                                         apply to the zygote: it is replaced
 *                                         after that many forks, or once its
 *                                         RSS passes the limit;
 *   termination_delay_ms                  the longest a hung child outlives
 *                                         timeout + grace (we kill at once).
 *
 * A run whose only work in flight is a host call (the child's HOST_WAIT
 * with FRAME_HOST_WAIT_ANSWER_ONLY: a tool call or the caller's outbound
 * function, no timer of its own) gives its slot back: it is parked, keeping
 * its child. An answer for a parked run is held until a slot is free, and
 * the run takes the slot before the answer is relayed, so a child never
 * runs guest code without one; parked runs get free slots before queued
 * runs start. The run clock is not touched by this: a parked run waits on
 * the host until its answer reaches the child, however long a slot takes.
 *
 * Callbacks run on the pool's event base. Each execution gets exactly one
 * on_settle, after which the pool frees it: the owner forgets the pointer
 * there. No callback of an execution runs after pool_free().
 */
#ifndef POOL_H
#define POOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "zygote.h"

struct event_base;
struct pool;
struct pool_exec;

/* How an execution ended, as the pool saw it. */
enum pool_outcome {
	POOL_RESULT, /* the child answered: payload is its result frame */
	POOL_TIMEOUT, /* timeout + grace passed on the run clock; child killed
		       */
	POOL_CRASHED, /* the child died or broke the frame protocol */
	POOL_SHUTDOWN, /* the pool shut down under it */
	POOL_CANCELLED, /* its owner withdrew it (pool_exec_cancel) */
	/* the daemon failed on the child's channel (out of memory); the
	 * child did not crash */
	POOL_INTERNAL
};

struct pool_exec_callbacks {
	/* A tool call (TOOL_CALL frame payload); answer with pool_exec_reply().
	 */
	void (*on_tool_call)(struct pool_exec *, uint32_t call_id,
	    const uint8_t *payload, size_t len, void *udata);
	/* An outbound request; answer with pool_exec_reply(). */
	void (*on_outbound)(struct pool_exec *, uint32_t call_id,
	    const uint8_t *payload, size_t len, void *udata);
	/* The run clock's host-wait edge (1: waiting on the host, 0: running).
	 */
	void (*on_host_wait)(struct pool_exec *, int waiting, void *udata);
	/*
	 * Exactly once. payload is the child's RESULT frame for POOL_RESULT.
	 * The pool frees the execution after it returns, unless
	 * pool_exec_retained() says the run kept its isolate.
	 */
	void (*on_settle)(struct pool_exec *, enum pool_outcome,
	    const uint8_t *payload, size_t len, void *udata);
	/*
	 * Retained executions only, exactly once: the handles closed. reason
	 * is "closed", "idle", "bound", "crash" or "shutdown". The pool frees
	 * the execution after it returns.
	 */
	void (*on_handles_closed)(
	    struct pool_exec *, const char *reason, void *udata);
};

/* How one handle invocation ended; payload is HANDLE_RESULT's for POOL_RESULT.
 */
typedef void (*pool_invoke_fn)(
    void *arg, enum pool_outcome, const uint8_t *payload, size_t len);

/* Telemetry, for metrics and logs. */
enum pool_event_type {
	POOL_EV_EXEC_START,
	POOL_EV_EXEC_SETTLE,
	POOL_EV_EXEC_REJECT, /* refused before it ran: queue full, shutting down
			      */
	POOL_EV_WORKER_SPAWN,
	POOL_EV_WORKER_CRASH,
	POOL_EV_WORKER_RETIRE,
	POOL_EV_QUEUE_DEPTH,
	POOL_EV_HANDLES_CLOSE, /* reason: closed, idle, bound, crash, shutdown
				*/
	/* the daemon failed on a child's channel (pool_child_lose): what */
	POOL_EV_WORKER_LOST
};

struct pool_event {
	enum pool_event_type type;
	uint32_t exec_id;
	pid_t pid;
	enum pool_outcome outcome; /* EXEC_SETTLE */
	const char *reason; /* RETIRE: "count" | "memory"; CRASH: what */
	unsigned queue_depth;
	double duration_ms; /* EXEC_SETTLE: submit to settle */
};

struct pool_options {
	unsigned max_workers;
	unsigned executions_per_worker;
	unsigned max_queue;
	unsigned retire_after_executions;
	size_t worker_memory_limit;
	unsigned termination_delay_ms;
	unsigned handles_idle_timeout_ms;
	unsigned spares; /* children kept forked ahead of demand */
	unsigned reuse_runs; /* executions a child may serve (<= 1: one) */
	unsigned kept_idle_ms; /* how long a staying child waits for work */
	/* how long an orphan waits for its principal (pool_release_tenant) */
	unsigned orphan_ms;
	/*
	 * Private bytes the idle staying children may hold together; past it
	 * the least recently used one is retired (0 at pool_new: the default,
	 * pool_kept_memory_default). max_kept, when nonzero, bounds their
	 * count too, the same way.
	 */
	size_t kept_memory;
	unsigned max_kept; /* staying children at most (0: no count bound) */
	/*
	 * Executions that may exist at once, running or parked on a host call
	 * (at least the capacity); 0: sized to memory (pool_max_executions).
	 */
	unsigned max_executions;
	uint32_t max_frame_payload; /* bound on a child's data frames */
	/*
	 * Where the machine's runnable tasks are counted before anyone spins
	 * (the format of /proc/loadavg; NULL: /proc/loadavg). Tests point it
	 * at a file of their own.
	 */
	const char *load_path;
	struct zygote_program program;
	/*
	 * 1: the pool lives inside a host's process (libcodemode's in-process
	 * executor), not a daemon of its own. It then installs no signal
	 * handler (no SIGCHLD event), does not become a subreaper, and waits
	 * only for the pids it started (a pidfd per zygote), so the host's
	 * own children, signals and dispositions stay the host's.
	 */
	int embedded;
	void (*on_event)(const struct pool_event *, void *);
	void *event_arg;
};

/* Fills `o` with the protocol's defaults (max_workers = online CPUs). */
void pool_options_default(struct pool_options *o);

/*
 * The default budget of staying children: a sixteenth of the machine's
 * memory (or of the cgroup's memory.max when smaller), within
 * POOL_KEPT_MEMORY_MIN..POOL_KEPT_MEMORY_MAX.
 */
#define POOL_KEPT_MEMORY_MIN ((size_t)64 << 20)
#define POOL_KEPT_MEMORY_MAX ((size_t)1 << 30)
size_t pool_kept_memory_default(void);

/*
 * The bound on executions at once that `o` gives: max_executions when set,
 * else the memory the process may use (physical memory, or the cgroup's
 * memory.max when lower) over worker_memory_limit, at most
 * POOL_MAX_EXECUTIONS_DEFAULT_CAP; never below the capacity.
 */
/*
 * The executions a child serves by default (--reuse-runs). What a reset
 * cannot undo reaches only the same principal's later runs (spec/
 * operations.md), so the bound is hygiene, and each replacement's fork,
 * prewarm and rehearsal is paid by the runs it serves.
 */
#define POOL_REUSE_RUNS_DEFAULT 1000
#define POOL_MAX_EXECUTIONS_DEFAULT_CAP 1024
unsigned pool_max_executions(const struct pool_options *o);

/*
 * The spin of a child waiting on the host (zygote_program.spin_us): long
 * enough for a tool's round trip through the daemon and a quick host. The
 * daemon spins a quarter of it after it relays an answer to a child
 * (pool_spin_left).
 */
#define POOL_SPIN_US_DEFAULT 400

/*
 * Microseconds the owner's loop should keep polling instead of sleeping:
 * a child was just sent its host's answer and will most likely send its
 * next frame within tens of microseconds, and a CPU is free to wait on
 * (pool_spin_ok, the same test that lets the child spin). Sleeping and
 * being woken again costs a virtual CPU about as much. Any child's frame
 * ends it; 0: sleep as usual.
 */
double pool_spin_left(const struct pool *p);

/*
 * An event base for a pool. Its own timers may run on the coarse monotonic
 * clock (a tick late at worst): the run clocks, which keep a run's bound to
 * the millisecond, have a timerfd of their own (pool_clock.c), so the base
 * needs no EVENT_BASE_FLAG_PRECISE_TIMER, which would re-arm its timerfd
 * before every wait. NULL when libevent fails.
 */
struct event_base *pool_base_new(void);

/*
 * Creates a pool on `base` (pool_base_new) and starts its zygote. Returns NULL
 * with `err` filled on failure. The caller owns the pool and frees it with
 * pool_free().
 */
struct pool *pool_new(struct event_base *base, const struct pool_options *o,
    char *err, size_t errlen);

/*
 * Submits an execution: `request` (copied) goes to a child as the EXECUTE
 * payload. timeout_ms and grace_ms bound it on the run clock; with
 * count_host_waits the clock never stops. Executions of one nonzero
 * `tenant` (a connection) may run one after another in the same child,
 * each on a reset heap; tenant 0 gets a child of its own. With a nonzero
 * `principal` (the peer uid or token behind the tenant; the same for every
 * execution of one tenant) the execution first adopts an orphan of that
 * principal (pool_adopt), then runs on the idle staying child of any live
 * tenant of that principal that came back last, its own included; with
 * principal 0 it shares only its tenant's own children. Returns the execution
 * (owned by the pool until on_settle), or NULL when the queue is full (*full =
 * 1) or the pool is shutting down (*full = 0); no callback runs then.
 */
struct pool_exec *pool_execute(struct pool *, const uint8_t *request,
    size_t len, uint32_t timeout_ms, uint32_t grace_ms, int count_host_waits,
    uint64_t tenant, uint64_t principal, const struct pool_exec_callbacks *cb,
    void *udata, int *full);

/* The tenant is gone (its connection closed): its staying children exit. */
void pool_forget_tenant(struct pool *, uint64_t tenant);

/*
 * The tenant is gone, but its principal (`principal`, nonzero: one peer
 * uid, or every caller presenting the token) may come back at once on a
 * new connection, as clients that rotate their session every N runs do: its
 * idle staying child (or the one still resetting) waits orphan_ms as an
 * orphan marked with `principal` instead of exiting, and
 * pool_adopt() gives it to that principal's next connection. Principal 0
 * is pool_forget_tenant(). An orphan is still a staying child: it counts
 * against kept_memory and retires least recently used first.
 */
void pool_release_tenant(struct pool *, uint64_t tenant, uint64_t principal);

/*
 * Before `tenant` runs: when it has no child of its own and an orphan of
 * `principal` (nonzero) waits, that orphan becomes `tenant`'s staying
 * child, keeping its run count (it still retires after reuse_runs) and
 * taking `tenant`'s pause state. An orphan never goes to another principal.
 * Returns 1 when one was adopted.
 */
int pool_adopt(struct pool *, uint64_t tenant, uint64_t principal);

/*
 * Back-pressure from the tenant's connection: while paused, the frames of
 * the children running the tenant's executions are not read (what was
 * already read waits in their buffers), so those runs stop at their next
 * message to the daemon; unpaused, reading resumes from the next loop turn.
 * A child dispatched while its tenant is paused starts paused. Run clocks
 * are not touched. 0, or -1 when out of memory (nothing paused).
 */
int pool_tenant_pause(struct pool *, uint64_t tenant, int paused);

/*
 * Answers a tool call or outbound request of a running execution. The
 * payload is copied. Returns 0, or -1 when the execution no longer runs
 * (the answer is dropped).
 */
int pool_exec_reply(struct pool_exec *, uint32_t call_id, int outbound,
    const uint8_t *payload, size_t len);

/*
 * Inside on_settle: 1 when the child answered with its isolate retained
 * (the RESULT frame's flag). The execution then stays valid, holding its
 * child and a slot of capacity, until on_handles_closed.
 */
int pool_exec_retained(const struct pool_exec *);

/*
 * Calls a handle of a retained execution with `request` (copied), under a
 * fresh run-clock bound of the execution's timeout and grace. Invocations
 * run one at a time, in arrival order; `done` runs exactly once. A timeout
 * or a crash closes the handles too. Returns 0, or -1 when the handles
 * are closed (done is then never called).
 */
int pool_exec_invoke(struct pool_exec *, const uint8_t *request, size_t len,
    pool_invoke_fn done, void *arg);

/* Closes the handles of a retained execution (reason "closed"). */
void pool_exec_close(struct pool_exec *);

/*
 * The checked payload of the child's frame the pool is handing over: valid
 * only inside the callback that frame runs (on_tool_call, on_outbound,
 * on_settle with POOL_RESULT, an invocation's done with POOL_RESULT), else
 * NULL. The pool decoded it with ipc/ipcmsg.h before the callback, so the
 * owner reads the fields without decoding the payload again.
 */
struct ipcmsg_result;
struct ipcmsg_tool_call;
struct ipcmsg_outbound;
struct ipcmsg_handle_result;
const struct ipcmsg_result *pool_checked_result(const struct pool_exec *);
const struct ipcmsg_tool_call *pool_checked_tool_call(const struct pool_exec *);
const struct ipcmsg_outbound *pool_checked_outbound(const struct pool_exec *);
const struct ipcmsg_handle_result *pool_checked_handle_result(
    const struct pool_exec *);

/*
 * The owner withdraws the execution (its caller's connection closed): a
 * queued one is dropped and never starts, a running one ends at once with
 * its child killed; either settles now with POOL_CANCELLED. A retained
 * execution's handles close (reason "closed").
 */
void pool_exec_cancel(struct pool_exec *);

/* The execution's id (unique per pool) and its child's pid (0 if queued). */
uint32_t pool_exec_id(const struct pool_exec *);
pid_t pool_exec_pid(const struct pool_exec *);

/*
 * Counts for readiness and metrics. running: executions holding a CPU slot
 * (retained ones included); parked: executions waiting on the host without
 * one; max_executions: the bound on running + parked.
 */
struct pool_stats {
	unsigned running, queued, spares, children, retained, kept;
	unsigned parked, max_executions;
	unsigned long spawned, crashed, retired_zygotes;
	unsigned long reused; /* executions a staying child ran */
	/* of those, by a child another live tenant of the same principal had
	 * used last */
	unsigned long shared;
	/* staying children handed over to their principal's next connection,
	 * and orphans that ended unadopted (pool_release_tenant) */
	unsigned long adopted, orphans_expired;
	size_t kept_bytes; /* private bytes of the idle staying children */
	unsigned long kept_retired; /* staying children retired to fit */
	unsigned long kept_measures; /* reads of a staying child's size */
	/* measurements due but skipped: no page fault since the last one */
	unsigned long kept_measures_skipped;
	/*
	 * Children reaching their last run (reuse_runs) whose successor was
	 * ready before that run ended: a spare made the tenant's staying
	 * child; or not, for want of a free spare.
	 */
	unsigned long replacements_prepared, replacements_missed;
};
void pool_stats(const struct pool *, struct pool_stats *);

/*
 * Stops accepting and drains: running and queued executions get drain_ms
 * to settle, then children get SIGTERM and, grace_ms later, SIGKILL;
 * executions still open settle with POOL_SHUTDOWN. `done` runs once every
 * child and zygote has been reaped.
 */
void pool_shutdown(struct pool *, unsigned drain_ms, unsigned grace_ms,
    void (*done)(void *), void *arg);

/* Frees the pool at once: kills and reaps every process it started. */
void pool_free(struct pool *);

#endif
