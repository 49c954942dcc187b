/*
 * The in-process executor (since 0.3.0): the seed's IsolateExecutor in C.
 * It runs executions with no daemon between the host and the run: a pool
 * of sandboxed children, forked beside the calling process from the same
 * sandbox image the daemon execs (codemode-sandbox: the same seccomp
 * filter, rlimits and frame protocol), and the pool code is the daemon's.
 *
 * It hands out a struct cm_client, so every call of client.h works on it
 * unchanged: cm_execute / cm_execute_async, cm_invoke_handle(_async),
 * cm_close_handles(_async), cm_cancel, deadlines, cm_client_watch /
 * cm_client_process, and cm_client_free, which is dispose(). A host
 * switches between remote and in-process by changing the constructor:
 *
 *   cm_connect(url, &copts, &client, &err)        blocking, remote
 *   cm_executor_new(&xopts, &client, &err)        blocking, in-process
 *   cm_connect_start / cm_executor_start          any loop (readiness)
 *   cm_connect_base / cm_executor_base            a libevent base
 *
 * Constructing spawns nothing. The first execution starts the pool (the
 * zygote, then its children); cm_client_free ends every child and the
 * zygote, and calls still in flight complete with CONNECTION_BROKEN.
 *
 * Options are IsolateExecutorOptions: timeout, count_host_waits, modules
 * and outbound are construction-time defaults that the same request
 * fields override; memory_limit_mb and the pool options are fixed at
 * construction and no request moves them. Every run gets the protocol's
 * DEFAULT_GRACE (1000 ms) after its bound; there is no option for it.
 * Native outbound (outbound absent or CM_OUTBOUND_ABSENT on both) runs
 * under the daemon's outbound policy (http and https only, bounded
 * redirects and body, capped by the run's bound) in codemode-fetcher, the
 * program beside the sandbox image, which the first native fetch starts
 * as a child: libcurl never runs in the host. Should it die, the fetches
 * it held fail with FETCH_FAILED and the next fetch starts another.
 *
 * What the executor leaves alone in the host: it installs no signal
 * handler and changes no disposition (SIGPIPE raised by a write to a dead
 * child is blocked on the calling thread for the turn and taken back);
 * it never waits for a pid it did not start (a pidfd per zygote, no
 * waitpid(-1), not a subreaper); its processes close every descriptor but
 * their control socket on exec. The zygote is tied to the thread that ran
 * the first execution, the fetcher to the one that made the first native
 * fetch (PR_SET_PDEATHSIG): run the executor on a thread that outlives
 * it. Thread safety is the client's: one thread at a time.
 */
#ifndef CODEMODE_EXECUTOR_H
#define CODEMODE_EXECUTOR_H

#include <stddef.h>
#include <stdint.h>

#include <codemode/client.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The pool's telemetry: the seed's PoolEvents, one type per event. */
enum cm_pool_event_type {
	CM_POOL_EXECUTION_START = 1,
	CM_POOL_EXECUTION_SETTLE,
	CM_POOL_EXECUTION_REJECT, /* refused before it ran: reason says why */
	CM_POOL_WORKER_SPAWN,
	CM_POOL_WORKER_CRASH,
	CM_POOL_WORKER_RETIRE,
	CM_POOL_HANDLES_CLOSE,
	CM_POOL_QUEUE_DEPTH
};

struct cm_pool_event {
	enum cm_pool_event_type type;
	uint32_t execution; /* the pool's number for it; 0 when none */
	int pid; /* the process concerned; 0 when none */
	/* SETTLE: "result", "timeout", "crashed", "shutdown", "cancelled" */
	const char *outcome;
	/* REJECT: "queue full" | "shutting down"; RETIRE: "count" |
	 * "memory" | "shutdown"; CRASH: what happened; HANDLES_CLOSE:
	 * "closed" | "idle" | "bound" | "crash" | "shutdown"; else NULL */
	const char *reason;
	unsigned queue_depth;
	double duration_ms; /* START and SETTLE: since submission */
};

/* Runs on the executor's thread, from inside the library; the event is
 * borrowed for the call. It must not free the executor. */
typedef void (*cm_pool_event_fn)(void *arg, const struct cm_pool_event *ev);

/*
 * IsolateExecutorOptions, and PoolOptions under it. Zero-initialise (or
 * CM_EXECUTOR_OPTIONS_INIT): zero is the seed's default everywhere.
 */
struct cm_executor_options {
	size_t size; /* sizeof(struct cm_executor_options), or 0: the
			layout up to outbound_deny (see Growing structs in
			client.h) */
	long long timeout; /* CM_TIMEOUT_ABSENT: 60000; ms; LIFTED */
	unsigned memory_limit_mb; /* 0: 128 */
	enum cm_flag count_host_waits; /* absent: false */
	const json_t *modules; /* ModuleMap object (copied); NULL: absent */
	enum cm_outbound_setting outbound; /* absent: native */
	cm_outbound_fn outbound_fn; /* with CM_OUTBOUND_FUNCTION: one of */
	cm_outbound_async_fn outbound_async;
	void *outbound_ctx;
	/* the pool (PoolOptions): 0 is the default */
	unsigned max_workers; /* online CPUs */
	unsigned executions_per_worker; /* 1 */
	unsigned max_queue; /* 100 */
	unsigned retire_after_executions; /* 50 */
	size_t worker_memory_limit; /* 536870912 bytes */
	unsigned termination_delay_ms; /* 5000 */
	unsigned handles_idle_timeout_ms; /* 300000 */
	/* the sandbox image (copied); NULL: $CODEMODE_SANDBOX_IMAGE, else
	 * the installed one (see libcodemode(3)). Checked at the first
	 * execution: it must answer --version as this build. */
	const char *sandbox_image;
	cm_pool_event_fn on_event; /* telemetry; NULL: none */
	void *event_arg;
	/*
	 * Native outbound's policy, in the daemon's grammar (its
	 * --outbound-allow and --outbound-deny, codemode-executord(8)): one
	 * rule or several separated by commas or white space (copied). NULL:
	 * no rule, so the closed ranges (loopback, link-local, private, ...)
	 * stay closed and every other address is open. A rule that does not
	 * parse fails the constructor with CM_ERROR_ARGUMENT.
	 */
	const char *outbound_allow;
	const char *outbound_deny;
	/*
	 * Read only when `size` covers it. Executions that may
	 * exist at once, running or parked on a host call (the daemon's
	 * --max-executions); past it, new runs queue (max_queue) and then
	 * QUEUE_OVERFLOW. 0: the memory this process may use over
	 * worker_memory_limit, at most 1024; a value below max_workers x
	 * executions_per_worker is raised to that.
	 */
	unsigned max_executions;
};

/* clang-format off */
#define CM_EXECUTOR_OPTIONS_INIT { .size = sizeof(struct cm_executor_options) }
/* clang-format on */

/*
 * The blocking style: *out is a client for cm_execute and the other
 * blocking calls, which run the pool on the calling thread until they
 * settle. Returns 0, or -1, *out NULL and *err (CM_ERROR_ARGUMENT for an
 * option out of range or a NULL `out`). `opts` NULL: every default.
 */
int cm_executor_new(const struct cm_executor_options *opts,
    struct cm_client **out, struct cm_error *err);

/* The readiness style: drive it with cm_client_watch/cm_client_process
 * as a client of cm_connect_start. NULL and *err on failure. */
struct cm_client *cm_executor_start(
    const struct cm_executor_options *opts, struct cm_error *err);

/* The libevent style: bound to `base` as cm_connect_base binds a client.
 */
struct cm_client *cm_executor_base(struct event_base *base,
    const struct cm_executor_options *opts, struct cm_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CODEMODE_EXECUTOR_H */
