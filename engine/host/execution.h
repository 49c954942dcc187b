/*
 * One execution's entry contract on an engine: the import lift, the
 * generated entry module (entry scope, provider proxies, preludes), the
 * module map, the event loop with host waits and the run clock, and the
 * result envelope (the ExecuteResultMessage). The I/O belongs to the
 * caller: it sends calls and waits for answers through execution_host.
 *
 * (Named execution, not sandbox: server/child/sandbox.h already names the
 * process sandbox, and both directories are on the include path.)
 */
#ifndef EXECUTION_H
#define EXECUTION_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "engine.h"

enum execution_call {
	EXECUTION_TOOL_CALL, /* {"provider","tool","args"} */
	EXECUTION_OUTBOUND /* {"method","url","headers","body"} */
};

struct execution_host {
	/*
	 * Sends call `call_id` (json borrowed, composed by execution.c); 0,
	 * -1 when the channel is gone, or -2 when the message breaks a bound
	 * of the channel (the call then fails inside the run).
	 */
	int (*send)(void *arg, enum execution_call kind, const char *json,
	    size_t len, uint32_t call_id);
	/*
	 * Waits up to ms (< 0: without bound) for one answer. Returns 1 with
	 * *call_id and *payload (malloc'd, NUL-terminated, the caller of the
	 * hook frees it), 0 when the time passed, -1 when the channel is gone.
	 */
	int (*wait)(void *arg, double ms, uint32_t *call_id, char **payload,
	    size_t *len);
	/*
	 * The run clock's edge: waiting nonzero while only the caller's work
	 * is open, 0 when the run goes on. waiting is 2 when, besides, no
	 * timer of the run is pending: only an answer (or the run's own
	 * deadline, which ends it) wakes it, so its host may let another
	 * run have the CPU meanwhile; 1 when a timer may wake it first.
	 */
	void (*host_wait)(void *arg, int waiting);
	void *arg;
};

struct execution_request {
	const char *code;
	const json_t *providers; /* array of descriptors, or NULL */
	const json_t *modules; /* wire [name, source] pairs, or NULL */
	double timeout_ms; /* > 0 */
	int count_host_waits;
	const char *outbound_mode; /* "native", "stub" or "disabled" */
	unsigned memory_limit_mb; /* for the memory text */
	int retain_handles; /* keep the isolate for a fetch handler */
	int typescript; /* the entry code is TypeScript (options.language) */
};

/*
 * Runs one execution on a fresh engine `e` (created by the caller, its
 * deadline not yet armed). Returns the ExecuteResultMessage JSON text,
 * composed in C from what the run handed over (never by the guest's heap)
 * (malloc'd; the caller frees it), or NULL when memory ran out or the
 * channel broke. A timeout and every declared failure are in the message.
 * *retained is set when the run resolved to a fetch handler under
 * retain_handles: the message is then {"handles": ["fetch"], "logs"} and
 * the engine serves execution_invoke() until the caller drops it.
 */
char *execution_run(struct engine *e, const struct execution_request *req,
    const struct execution_host *host, int *retained);

/*
 * Installs the host's side of the runtime on `e` ahead of its run: what
 * execution_run would do first, with nothing of a request in it. A zygote
 * calls it on its warm heap so no child does it on a request's path.
 * Optional; returns 0, or -1 when the heap refused (e is then unchanged
 * for execution_run, which installs again).
 */
int execution_prepare(struct engine *e);

/*
 * How many compiles of this process found their source's lowering kept
 * from an earlier one (execution.c keeps the last few): for tests.
 */
size_t execution_lower_cache_hits(void);

enum execution_invoke_end {
	EXECUTION_INVOKE_ANSWERED, /* the answer says response or error */
	EXECUTION_INVOKE_TIMEOUT, /* the bound passed: the handles must close */
	EXECUTION_INVOKE_FAILED /* memory ran out or the channel broke */
};

/*
 * One invocation of a retained handler, under a fresh bound of
 * req->timeout_ms with the run clock's rules. `request_json` is
 * {"method","url","headers","body": base64 | null, "executionId"?}.
 * Returns the end and, when answered, *answer (malloc'd JSON text):
 * {"response": {"status","statusText","headers","body": base64}} or
 * {"error": text}. The invocation's console output is dropped.
 */
enum execution_invoke_end execution_invoke(struct engine *e,
    const struct execution_request *req, const struct execution_host *host,
    const char *handle, const char *request_json, char **answer);

#endif
