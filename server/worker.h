/*
 * The program of an engine child (the zygote's child_main): one execution
 * per process. Frame payloads, all JSON:
 *
 *   EXECUTE (parent -> child)
 *     {"code", "providers", "modules", "timeout", "grace", "memoryLimit",
 *      "countHostWaits", "outboundMode", "retainHandles"}
 *   TOOL_CALL (child -> parent)    {"provider", "tool", "args"}
 *   TOOL_RESULT (parent -> child)  the envelope JSON text
 *   RESULT (child -> parent)       the ExecuteResultMessage:
 *     {"resultJson"?: text, "error"?: text, "logs": [{level, text}]}
 */
#ifndef WORKER_H
#define WORKER_H

/* zygote_program.warm: runs once in the zygote. */
int worker_warm(void *arg);

/* zygote_program.child_main: serves one execution on `fd`. */
int worker_child_main(int fd, void *arg);

#endif
