/*
 * The api module's private state (api.c, api_calls.c, api_handles.c,
 * api_value.c): one struct api_exec per execute call. Nothing here leaves
 * server/daemon/api*.c.
 */
#ifndef API_INT_H
#define API_INT_H

#include <sys/queue.h>

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "api.h"
#include "handles.h"
#include "pool/pool.h"

struct capnweb_call;
struct capnweb_stub;
struct fetchlink_req;

/*
 * One execute call: the capnweb call to answer, the caller's stubs, and
 * the pool execution. Freed once the execution settled and no tool call it
 * started is still out (`refs`), so a late tool answer never touches freed
 * memory.
 */
struct api_exec {
	struct handles_entry handle; /* in d->retained while it holds handles */
	int running; /* the run has not settled */
	int retain; /* the request asked for retainHandles */
	/*
	 * A grant went out and the caller has not released it yet: the run
	 * stays on its connection's list (and holds a ref) until the
	 * release proves delivery, so a close before it closes the handles.
	 */
	int awaiting_ack;
	struct api_peer *peer; /* the caller's connection until settled */
	TAILQ_ENTRY(api_exec) peer_entry; /* in peer->execs */
	struct api_peer *origin; /* the caller, only inside pool_execute */
	/* The connection the grant went to, while both it and the handles
	 * last: --max-handles-per-connection counts these. */
	struct api_peer *holder;
	TAILQ_ENTRY(api_exec) holder_entry; /* in holder->held */
	const char *broken; /* why its connection went (static text) */
	struct daemon *d;
	struct capnweb_call *call; /* answered exactly once */
	struct capnweb_stub *dispatch; /* NULL: every tool is not found */
	struct capnweb_stub *outbound; /* stub mode only */
	struct pool_exec *pe; /* NULL once the pool freed it */
	uint32_t timeout_ms;
	double started;
	int refs; /* 1 for the execution + tool calls out */
	enum cm_outbound_mode mode; /* after the operator's veto */
	TAILQ_HEAD(, api_native) natives; /* native fetches in flight */
};

/* A native fetch the daemon has the fetcher perform for the run. */
struct api_native {
	TAILQ_ENTRY(api_native) entry;
	struct api_exec *ae;
	uint32_t call_id;
	struct fetchlink_req *req;
};

/* api.c: an execution's lifetime. */
double api_now(void);
void api_exec_unref(struct api_exec *);
/* Takes the execution off its connection's list (settled, or the peer left). */
void api_exec_unlink(struct api_exec *);
/* --max-handles-per-connection: 1 when one more retaining run is refused. */
int api_handles_full(const struct api_peer *);
/* Counts a grant against the connection it went to, until the handles
 * close (api_unhold) or the connection does (api_peer_closed). */
void api_hold(struct api_exec *, struct api_peer *holder);
void api_unhold(struct api_exec *);
/* Abandons the run's native fetches: nobody is left to answer. */
void api_cancel_natives(struct api_exec *);

/* api_calls.c: the run's calls out (pool_exec_callbacks). */
void api_on_tool_call(
    struct pool_exec *, uint32_t call_id, const uint8_t *, size_t, void *);
void api_on_outbound(
    struct pool_exec *, uint32_t call_id, const uint8_t *, size_t, void *);

/* api_handles.c: retained handles. */
void api_grant_handles(struct api_exec *, const uint8_t *payload, size_t len);
void api_invoke_handle(struct api_peer *, struct capnweb_call *, json_t *args);
void api_close_handles(struct api_peer *, struct capnweb_call *, json_t *args);
void api_on_handles_closed(struct pool_exec *, const char *reason, void *);
/* The connection closed before the caller released its grant. */
void api_grant_undelivered(struct api_exec *);

/* api_value.c: values between the child's JSON and capnweb. */
struct ipcmsg_result;
/*
 * The ExecuteResultMessage the caller gets, composed by the daemon from
 * a checked RESULT: resultJson or error, logs, and (a grant) the
 * executionId the daemon minted with the handle names.
 */
json_t *api_value_result(
    const struct ipcmsg_result *r, const char *execution_id);
/* Rejects `call` with a fault: an Error carrying the taxonomy `code`. */
void api_reject_fault(struct capnweb_call *call, enum cm_spec_text id,
    const char *const *values, size_t n);
/*
 * Rejects `call` with RESPONSE_TOO_LARGE naming `part` when `len` passes
 * the operator's --response-limit; 1 when it did, 0 when len is within it.
 */
int api_reject_oversized(const struct daemon *d, struct capnweb_call *call,
    const char *part, size_t len);
void api_reject_type(struct capnweb_call *call, const char *message);
/* Resolves with {error, logs: []}: a declared failure in the envelope. */
void api_resolve_error(struct capnweb_call *call, const char *text);
/* The envelope a tool call gets when the caller's dispatch cannot be reached.
 */
char *api_tool_unreachable(const char *reason);
/*
 * What the child reads for a settled call to the caller: a tool call's
 * envelope, or (outbound) the response with its body as base64.
 */
char *api_value_answer(int outbound, int status, json_t *value);
/* The OUTBOUND_RESPONSE {"error": text} and the TOOL_RESULT of a text,
 * each through its ipcmsg encoder; NULL when the encoder refuses. */
char *api_value_outbound_error(const char *text);
char *api_value_tool_answer(const char *text, size_t len);
/* The child's request with its body as bytes, as the caller's function takes
 * it. */
json_t *api_value_outbound_request(json_t *req);
/* A checked HANDLE_RESULT's response as the caller gets it (its body as
 * bytes); NULL when out of memory or the base64 is bad. Also the in-process
 * executor's (libclient/executor/). */
struct ipcmsg_handle_result;
json_t *api_value_handle_response(const struct ipcmsg_handle_result *h);

/* The INTERNAL detail of a run whose child channel the daemon lost
 * (POOL_INTERNAL): its own allocation failed, the child did not crash. */
#define API_LOST_DETAIL                                                        \
	"the executor ran out of memory on its channel to the child (the "     \
	"child did not crash)"

#endif
