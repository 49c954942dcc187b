/*
 * The program of an engine child (the zygote's child_main): the serve loop
 * of the executions its parent sends. Frame payloads, all JSON:
 *
 *   HELLO (child -> parent)        {}: ready for an EXECUTE
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
 *   INVOKE_HANDLE (parent -> child), once a RESULT said handles stay
 *     {"executionId", "handle", "request"}; call_id
 *   HANDLE_RESULT (child -> parent) {"response"} or {"error"}; same call_id
 *   CLOSE_HANDLES, SHUTDOWN (parent -> child): the child exits
 *
 * engine/host/execution.h runs the execution; this file only moves its frames.
 */
#ifndef WORKER_H
#define WORKER_H

/*
 * zygote_program.child_main: serves executions on `fd` until the parent
 * lets it go. A child stays for its connection when asked (EXECUTE's stay
 * flag): between executions it resets its heap to the zygote's image
 * (warm.h), so each one starts as fresh as in a new child.
 */
int worker_child_main(int fd, void *arg);

#endif
