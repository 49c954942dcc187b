/*
 * The program of an engine child (the zygote's child_main): one execution
 * per process. Frame payloads, all JSON:
 *
 *   EXECUTE (parent -> child)
 *     {"code", "providers", "modules", "timeout", "grace", "memoryLimit",
 *      "countHostWaits", "outboundMode", "retainHandles", "language"?}
 *   TOOL_CALL (child -> parent)    {"provider", "tool", "args"}; call_id
 *   TOOL_RESULT (parent -> child)  the envelope JSON text; same call_id
 *   OUTBOUND_REQUEST (child -> parent)
 *     {"method", "url", "headers": [[n, v]...], "body": base64 | null}
 *   OUTBOUND_RESPONSE (parent -> child)
 *     {"status", "statusText", "headers", "body": base64} or {"error"}
 *   HOST_WAIT (child -> parent)    flags bit 0 set while the run waits on
 *     a tool call or the caller's outbound function only (no payload)
 *   RESULT (child -> parent)       the ExecuteResultMessage:
 *     {"resultJson"?: text, "error"?: text, "logs": [{level, text}]}
 *
 * engine/host/execution.h runs the execution; this file only moves its frames.
 */
#ifndef WORKER_H
#define WORKER_H

#include <stdint.h>

/* zygote_program.warm: runs once in the zygote. */
int worker_warm(void *arg);

struct engine;

/*
 * The heap a zygote forks its children from, as worker_warm makes it:
 * every lazy group loaded, the host's side installed, and room reserved at
 * the top of malloc's heap for a child's allocations (prewarm_reserve).
 * The caller owns it (engine_destroy); NULL when the engine failed.
 */
struct engine *worker_warm_heap(void);

/* zygote_program.child_main: serves one execution on `fd`. */
int worker_child_main(int fd, void *arg);

/*
 * A host that answers each tool call at once with `answer` (borrowed, it
 * must outlive the run): the zygote's rehearsal run and the benchmarks.
 * Fills *host around *w.
 */
struct execution_host;
struct worker_answering {
	const char *answer;
	uint32_t call_id;
	int pending;
};
void worker_answering_host(struct worker_answering *w, const char *answer,
    struct execution_host *host);

/*
 * zygote_program.prepare: in each child, before its sandbox, turns on the
 * warming of its pages while it waits as a spare (prewarm.h); worker_warm
 * has listed them once for all children.
 */
void worker_prepare(void *arg);

#endif
