/*
 * codemode-run --request FILE: one ExecuteRequest read from a JSON file,
 * run through execution_run() on a fresh engine with a canned host in
 * place of the daemon. The file:
 *
 *   {"code": "...",                       the only member it must have
 *    "providers": [descriptor...],        as on the wire
 *    "modules": [[name, source]...]       the wire pairs, or the map
 *             | {"name": source, ...},    form (normalized as the client does)
 *    "timeout": ms | null,                DEFAULT_TIMEOUT; null:
 * MAX_SUPPORTED_TIMEOUT "memoryLimit": MB, DEFAULT_MEMORY_LIMIT
 *    "countHostWaits": bool, "retainHandles": bool,
 *    "language": "javascript" | "typescript",  options.language
 *    "outboundMode": "disabled" | "stub" | "native",   native
 *    "toolAnswers": [{"provider"?, "tool"?, "answer", "delayMs"?,
 * "repeat"?}...], "outboundAnswers": [{"method"?, "url"?, "answer", "delayMs"?,
 * "repeat"?}...], "invocations": [request | {"handle": name, "request":
 * request}...], "comment": "..."}                    ignored: what the case is
 * about
 *
 * Any other member, or a member of the wrong type, refuses the file.
 * A call takes the first unused entry that matches it (a missing matcher
 * matches anything; a "repeat" entry is never used up). A tool answer that
 * is a string is the answer's JSON text itself; any other value is sent as
 * JSON.stringify writes it. A call no entry matches gets the not-found
 * envelope, as a request without a dispatch does. An outbound answer is a
 * serialized response {"status", "statusText"?, "headers"?, "body"?} or
 * {"error": text} (the outbound function threw). A body, in an answer and
 * in an invocation's request, is null, a string (its UTF-8 bytes) or a
 * tagged binary value.
 *
 * Output: the ExecuteResultMessage (with executionId RUN_REQUEST_EXECUTION_ID
 * on a grant), then one line per invocation: the handler's answer
 * {"response": {..., "body": base64}} or {"error": text}, the bound's text
 * that closed the handles, or {"error": text, "code": "HANDLES_CLOSED"}.
 *
 * codemode-run has no network of its own: "native" runs as the daemon runs
 * it when its operator vetoed native fetches, with no network at all.
 */
#ifndef RUN_REQUEST_H
#define RUN_REQUEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "host/execution.h"

/* The executionId a granted run reports (the daemon's are random). */
#define RUN_REQUEST_EXECUTION_ID "codemode-run"

struct run_request {
	json_t *root; /* the parsed file; members below borrow from it */
	const char *code;
	json_t *providers; /* NULL: none */
	json_t *modules; /* wire pairs (own reference), or NULL */
	char *modules_error; /* a declared failure of the map form, or NULL */
	double timeout_ms;
	unsigned memory_limit_mb;
	int count_host_waits;
	int retain_handles;
	const char
	    *outbound_mode; /* as the file asked: native, stub or disabled */
	json_t *tool_answers; /* NULL: none */
	json_t *outbound_answers;
	json_t *invocations;
	int typescript; /* "language": "typescript" */
};

/*
 * Reads a request file's text. Returns 0, or -1 with a one-line reason in
 * `err` for a file that is not a request (or when memory ran out).
 * Release with run_request_clear().
 */
int run_request_parse(const char *text, size_t len, struct run_request *rq,
    char *err, size_t errlen);
void run_request_clear(struct run_request *rq);

/* One answer the canned host has scheduled. */
struct run_request_queued {
	uint32_t call_id;
	char *payload;
	double due; /* engine_now_ms() at which it arrives */
};

/* The canned host: answers from the request, in call order and time. */
struct run_request_host {
	const struct run_request *rq;
	unsigned char *tool_used; /* one flag per toolAnswers entry */
	unsigned char *outbound_used;
	struct run_request_queued *queue;
	size_t nqueue, capqueue;
	FILE *trace; /* each call as one JSON line, or NULL */
};

int run_request_host_init(
    struct run_request_host *h, const struct run_request *rq, FILE *trace);
void run_request_host_clear(struct run_request_host *h);

/* Fills `eh` with the hooks that serve `h`. */
void run_request_host_bind(
    struct run_request_host *h, struct execution_host *eh);

/*
 * The answer to one tool call ({"provider","tool","args"} text), malloc'd,
 * with the entry's delay in *delay_ms; NULL when out of memory.
 */
char *run_request_tool_answer(
    struct run_request_host *h, const char *call, size_t len, double *delay_ms);

/* The same for one outbound request in stub mode. */
char *run_request_outbound_answer(struct run_request_host *h,
    const char *request, size_t len, double *delay_ms);

/*
 * An invocation's request as execution_invoke() reads it (malloc'd JSON
 * text, body as base64) and its handle name in *handle; NULL when out of
 * memory. `inv` is one member of "invocations", already validated.
 */
char *run_request_invocation(const json_t *inv, const char **handle);

/*
 * Runs the request file at `path` (`trace`: report calls on stderr):
 * prints the ExecuteResultMessage, then one line per invocation, on
 * stdout. Returns the exit status: 0 when the run has a result, 1 when it
 * ended in an error, 2 for a file that is not a request, 3 when the
 * engine itself failed.
 */
int run_request_main(const char *path, int trace);

#endif
