/*
 * The request file of codemode-run --request FILE: one ExecuteRequest as
 * JSON, with the caller's answers canned (canned_host.h serves them, and
 * run_request.h runs the whole). The file:
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
 * Output: the ExecuteResultMessage (with executionId REQUEST_FILE_EXECUTION_ID
 * on a grant), then one line per invocation: the handler's answer
 * {"response": {..., "body": base64}} or {"error": text}, the bound's text
 * that closed the handles, or {"error": text, "code": "HANDLES_CLOSED"}.
 *
 * codemode-run has no network of its own: "native" runs as the daemon runs
 * it when its operator vetoed native fetches, with no network at all.
 */
#ifndef REQUEST_FILE_H
#define REQUEST_FILE_H

#include <stddef.h>

#include <jansson.h>

/* The executionId a granted run reports (the daemon's are random). */
#define REQUEST_FILE_EXECUTION_ID "codemode-run"

struct request_file {
	json_t *root; /* the parsed file; members below borrow from it */
	const char *code;
	json_t *providers; /* NULL: none */
	json_t *modules; /* wire pairs (own reference), or NULL */
	char *modules_error; /* a declared failure of the map form, or NULL */
	double timeout_ms;
	unsigned
	    memory_limit_mb; /* 0: no limit (only codemode-run's entry form) */
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
 * Release with request_file_clear().
 */
int request_file_parse(const char *text, size_t len, struct request_file *rq,
    char *err, size_t errlen);
void request_file_clear(struct request_file *rq);

/* A body: absent, null, a string (its UTF-8 bytes) or a tagged binary value. */
int request_file_body_ok(const json_t *body);

/* A body of the file as standard base64 (malloc'd; "" for none), or NULL. */
char *request_file_body_base64(const json_t *body);

/*
 * An invocation's request as execution_invoke() reads it (malloc'd JSON
 * text, body as base64) and its handle name in *handle; NULL when out of
 * memory. `inv` is one member of "invocations", already validated.
 */
char *request_file_invocation(const json_t *inv, const char **handle);

#endif
