/*
 * The program of an engine child (the zygote's child_main): the serve loop
 * of the executions its parent sends. Frame payloads, all JSON; what the
 * child sends is composed in C (engine/host/execution.c), never by the
 * guest's heap, and checked by ipc/ipcmsg.h on both sides: exactly these
 * keys, each of its type and within its bound, strings as UTF-8 (a lone
 * surrogate becomes U+FFFD, NUL crosses as \u0000). The parent's EXECUTE
 * and INVOKE_HANDLE are written and read through ipc/ipcmsg.h too
 * (ipcmsg_execute_*, ipcmsg_invoke_*), and so are TOOL_RESULT and
 * OUTBOUND_RESPONSE (ipcmsg_tool_result_*, ipcmsg_outbound_response_*):
 * the child decodes each and hands the engine the checked text; one that
 * fails ends the run with the INTERNAL text naming the rule:
 *
 *   HELLO (child -> parent)        {}: ready for an EXECUTE
 *   EXECUTE (parent -> child)
 *     {"code", "providers", "modules", "timeout", "grace", "memoryLimit",
 *      "countHostWaits", "outboundMode", "retainHandles", "language"?}:
 *     all but language required; providers and modules arrays; timeout
 *     1..MAX_SUPPORTED_TIMEOUT, grace 0..MAX_SUPPORTED_TIMEOUT, memoryLimit
 *     1..1048576 (MB); outboundMode native, stub or disabled; language
 *     only "typescript". A malformed one is answered with a RESULT of the
 *     INTERNAL text naming the rule, and not run
 *   TOOL_CALL (child -> parent)    {"provider", "tool", "args"}: strings,
 *     args the arguments' JSON text or ""; call_id
 *   TOOL_RESULT (parent -> child)  the caller's envelope text as it came,
 *     possibly empty (the dispatch answered '') or not JSON (the engine
 *     reads that as the seed says): UTF-8 within 3 * PAYLOAD_LIMIT + 1024
 *     bytes, not parsed; same call_id
 *   OUTBOUND_REQUEST (child -> parent)
 *     {"method", "url", "headers": [[n, v]...], "body": base64 | null}
 *   OUTBOUND_RESPONSE (parent -> child)
 *     {"status": 0..999, "statusText", "headers": [[n, v]...] strings,
 *      "body": padded base64 within PAYLOAD_LIMIT's} or {"error": text},
 *     exactly those keys
 *   HOST_WAIT (child -> parent)    flags bit 0 set while the run waits on
 *     a tool call or the caller's outbound function only (no payload)
 *   RESULT (child -> parent)       the ExecuteResultMessage without its
 *     executionId (the daemon mints it): {"resultJson"?: JSON text,
 *     "error"?: text, "handles"?: [names], "logs": [{level, text}]} with at
 *     most one of resultJson, error and handles; level is log, warn or
 *     error; handles present exactly when flags bit 0 (isolate retained)
 *   INVOKE_HANDLE (parent -> child), once a RESULT said handles stay
 *     {"executionId" (<= 64 bytes), "handle", "request": object}; call_id.
 *     A malformed one is answered with {"error": the INTERNAL text}
 *   HANDLE_RESULT (child -> parent)
 *     {"response": {"status", "statusText", "headers", "body": base64}} or
 *     {"error": text}; same call_id. FRAME_HANDLE_RESULT_LAST (flags bit
 *     0): the invocation hit the memory bound, the answer is the memory
 *     text, the child exits and the handles close with this answer
 *   CLOSE_HANDLES, SHUTDOWN (parent -> child): the child exits
 *
 * EXECUTE, TOOL_RESULT and OUTBOUND_RESPONSE may carry FRAME_SPIN: the
 * child's next wait on the host polls for up to its budget before it
 * sleeps (worker_spin_setup, child/spin.h).
 *
 * engine/host/execution.h runs the execution; this file only moves its frames.
 */
#ifndef WORKER_H
#define WORKER_H

#include <stdint.h>

/*
 * zygote_program.child_main: serves executions on `fd` until the parent
 * lets it go. A child stays for its connection when asked (EXECUTE's stay
 * flag): between executions it resets its heap to the zygote's image
 * (warm.h), so each one starts as fresh as in a new child.
 */
int worker_child_main(int fd, void *arg);

/*
 * How long (µs) a child polls for the host's answer before it blocks, when
 * the parent's last frame allowed it (spin.h, FRAME_SPIN; 0: never). Set
 * in the zygote, before it forks.
 */
void worker_spin_setup(uint32_t budget_us);

#endif
