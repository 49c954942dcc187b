/*
 * The client API: what the seed's remote executor is (connect,
 * RemoteExecutor with execute, invokeHandle, closeHandles, dispose), in C.
 * It connects to an executor daemon (ExecutorApi over a WebSocket carrying
 * a capnweb session) and runs executions on it. The helpers both sides of
 * the wire share are codemode/protocol.h; libcodemode.so exports these two
 * headers' functions and nothing else (tests/abi.test.sh).
 *
 * Two styles share one connection object, struct cm_client:
 *
 *   blocking     cm_connect, cm_execute, cm_invoke_handle, cm_close_handles.
 *                The client owns a private libevent event_base and runs it
 *                inside each call until that call settles. Callbacks (tool
 *                dispatch, outbound) run on the calling thread from inside
 *                the call, and while one runs nothing else happens on this
 *                connection: a slow tool blocks the caller, which is the
 *                point of the blocking style.
 *
 *   event-driven cm_connect_base, cm_execute_async, cm_invoke_handle_async,
 *                cm_close_handles_async. The client plugs into the caller's
 *                event_base; any number of calls may be in flight on one
 *                connection; each completion callback runs from that base's
 *                loop. Tool and outbound calls may be answered later (the
 *                *_async callback kinds below), and the loop keeps serving
 *                the socket, other executions included, in the meantime.
 *
 * The *_async calls also work on a client from cm_connect: they then
 * progress only while a blocking call runs its private loop.
 *
 * Thread safety: none inside one client. A struct cm_client and everything
 * it hands out (tool calls, outbound calls) belong to one thread at a time:
 * the thread running its event_base (event-driven), or the thread calling
 * it (blocking). Distinct clients are independent, so the rule is one
 * connection per thread. The library keeps no global state.
 *
 * Faults: every function that can fail takes a struct cm_error *err
 * (protocol.h) and fills it on failure; the caller releases it with
 * cm_error_clear. A fault from the taxonomy carries its code and the text
 * the protocol composes; a value the server threw without a taxonomy code
 * (user code, a provider) passes through untouched in err->thrown with
 * code CM_ERROR_NONE. A declared failure of the run itself is not a fault:
 * it arrives in result->error.
 *
 * Ownership: every pointer an argument struct carries is borrowed for the
 * duration of the call that takes it (requests are copied on submission);
 * results are owned by the caller and released with their *_free/_clear.
 *
 * NULL: a pointer argument is never NULL unless its declaration says what
 * NULL means there. The *_free and *_clear functions all take NULL as a
 * no-op, and a NULL `opts` is every default.
 */
#ifndef CODEMODE_CLIENT_H
#define CODEMODE_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <codemode/protocol.h>

#ifdef __cplusplus
extern "C" {
#endif

struct event_base;
struct cm_client;
struct cm_tool_call;
struct cm_outbound_call;

/* A field that may be absent: zero (the memset value) is always "absent". */
enum cm_flag { CM_FLAG_ABSENT = 0, CM_FLAG_FALSE, CM_FLAG_TRUE };

/* timeout: 0 is absent, a positive value is milliseconds, LIFTED is null. */
#define CM_TIMEOUT_ABSENT 0
#define CM_TIMEOUT_LIFTED (-1)

/* The outbound setting of ExecuteRequest (wire modes native/stub/disabled). */
enum cm_outbound_setting {
	CM_OUTBOUND_ABSENT = 0, /* the connection default, else native */
	CM_OUTBOUND_FUNCTION, /* stub: every request goes to the callback */
	CM_OUTBOUND_NULL /* disabled: no network at all */
};

struct cm_header {
	const char *name;
	const char *value;
};

/* ---- Outbound request and response: OutboundRequestMessage and
 * OutboundResponseMessage, plain data ---- */

struct cm_outbound_request {
	char *method;
	char *url;
	struct cm_header *headers; /* name/value strings owned by the struct */
	size_t nheaders;
	uint8_t *body; /* NULL with has_body 0: null body */
	size_t body_len;
	int has_body;
};

struct cm_outbound_response {
	int status;
	char *status_text;
	struct cm_header *headers;
	size_t nheaders;
	uint8_t *body;
	size_t body_len;
};

/*
 * Fill helpers: copy the strings and bytes given (any may be NULL/0).
 * Return 0, or -1 when out of memory. Release with the _clear functions,
 * which leave the struct zeroed.
 */
int cm_outbound_request_set(struct cm_outbound_request *req, const char *method,
    const char *url, const struct cm_header *headers, size_t nheaders,
    const void *body, size_t body_len, int has_body);
int cm_outbound_response_set(struct cm_outbound_response *res, int status,
    const char *status_text, const struct cm_header *headers, size_t nheaders,
    const void *body, size_t body_len);
void cm_outbound_request_clear(struct cm_outbound_request *req);
void cm_outbound_response_clear(struct cm_outbound_response *res);

/* ---- Callbacks: ToolDispatchFn and OutboundFetchFn ---- */

/*
 * Tool dispatch, answered at once: returns the envelope JSON (malloc'd,
 * the library frees it), e.g. from cm_envelope_result/cm_envelope_error.
 * NULL answers the error envelope with an out-of-memory text.
 */
typedef char *(*cm_dispatch_fn)(void *ctx, const char *provider,
    const char *tool, const char *args_json, size_t args_len);

/*
 * Tool dispatch, answered whenever the host likes: the library hands over
 * `call`; the host answers it exactly once with cm_tool_call_answer (from
 * the client's thread), even after the execution or connection ended.
 */
typedef void (*cm_dispatch_async_fn)(void *ctx, struct cm_tool_call *call);

const char *cm_tool_call_provider(const struct cm_tool_call *call);
const char *cm_tool_call_tool(const struct cm_tool_call *call);
const char *cm_tool_call_args(const struct cm_tool_call *call, size_t *len);

/* Answers with envelope JSON (borrowed) and frees `call`. 0, or -1 when the
 * answer could not be delivered (the connection is gone: nobody waits). */
int cm_tool_call_answer(struct cm_tool_call *call, const char *envelope_json);

/*
 * Outbound fetch, answered at once: fill *res (cm_outbound_response_set)
 * and return 0; any other return rejects the sandbox fetch with
 * *error_text (malloc'd, may be NULL).
 */
typedef int (*cm_outbound_fn)(void *ctx, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, char **error_text);

/*
 * Outbound fetch answered later with cm_outbound_call_answer/_fail. A run
 * that retained handles keeps fetching through the outbound callback after
 * it settled (handle invocations), so its ctx must stay valid until
 * closeHandles or the connection ends.
 */
typedef void (*cm_outbound_async_fn)(void *ctx, struct cm_outbound_call *call);

const struct cm_outbound_request *cm_outbound_call_request(
    const struct cm_outbound_call *call);
/* Both free `call`; `res` is borrowed. 0 or -1 as cm_tool_call_answer. */
int cm_outbound_call_answer(
    struct cm_outbound_call *call, const struct cm_outbound_response *res);
int cm_outbound_call_fail(struct cm_outbound_call *call, const char *message);

/* ---- Requests and results: ExecuteRequest, ProviderDescriptor, LogLine,
 * ExecuteResult ---- */

struct cm_provider {
	const char *name;
	const char *const *tools;
	size_t ntools;
	int positional_args; /* sent only when non-zero */
	const char *prelude; /* NULL: absent */
	const char *proxy_source; /* NULL: absent */
};

/*
 * One execution, mirroring ExecuteRequest. Zero-initialise, then set what
 * you need; only `code` is required.
 *
 * Tool calls: set at most one of respond (createEnvelopeDispatch: the
 * library builds the envelopes and answers the completed envelope once the
 * run is over), dispatch (envelope JSON at once) or dispatch_async. None
 * sends a null dispatch: every tool call then gets the not-found envelope.
 */
struct cm_execute_request {
	const char *code;
	const struct cm_provider *providers;
	size_t nproviders;
	const json_t *providers_json; /* alternative: a JSON descriptor array */
	const json_t *modules; /* ModuleMap object; NULL: absent */
	long long timeout; /* CM_TIMEOUT_ABSENT / ms / LIFTED */
	enum cm_flag count_host_waits;
	enum cm_outbound_setting outbound;
	cm_outbound_fn outbound_fn; /* with CM_OUTBOUND_FUNCTION: one of */
	cm_outbound_async_fn outbound_async;
	void *outbound_ctx;
	cm_respond_fn respond;
	cm_dispatch_fn dispatch;
	cm_dispatch_async_fn dispatch_async;
	void *dispatch_ctx;
	int retain_handles;
	/* options.language, our extension: NULL sends nothing (JavaScript, or
	 * the executor's --language); "typescript" (CM_LANGUAGE_TYPESCRIPT)
	 * has its erasable type syntax stripped before it runs */
	const char *language;
};

struct cm_log_line {
	char *level; /* "log", "warn" or "error" */
	char *text;
};

/* ExecuteResult. */
struct cm_result {
	char *result_json; /* the JSON text the run produced; NULL: undefined */
	json_t
	    *result; /* the same parsed (parseForDispatch); NULL: undefined */
	char *error; /* the declared failure text; NULL when none */
	struct cm_log_line *logs;
	size_t nlogs;
	char *execution_id; /* NULL unless handles were retained */
	char **handles;
	size_t nhandles;
};

/* Releases what a result holds and zeroes it. */
void cm_result_clear(struct cm_result *res);

/* {"result"?, "error"?, "logs", "executionId"?, "handles"?}; new reference. */
json_t *cm_result_to_json(const struct cm_result *res);

/* ---- Connecting: connect, ConnectOptions, dispose ---- */

#define CM_ROTATE_NEVER (-1)
#define CM_RECONNECT_DISABLED (-1)

/*
 * ConnectOptions. Zero-initialise; zero means the default everywhere.
 * The timeout .. outbound members are per-connection defaults that the
 * same request fields override.
 */
struct cm_connect_options {
	const struct cm_header *headers; /* extra handshake headers */
	size_t nheaders;
	int rotate_after_executions; /* 0: 100; CM_ROTATE_NEVER */
	int reconnect_retries; /* 0: 3; CM_RECONNECT_DISABLED */
	int reconnect_backoff_ms; /* 0: 250; attempt k waits k times it */
	int connect_timeout_ms; /* 0: 10000; socket + handshake */
	long long timeout;
	enum cm_flag count_host_waits;
	const json_t *modules;
	enum cm_outbound_setting outbound;
	cm_outbound_fn outbound_fn;
	cm_outbound_async_fn outbound_async;
	void *outbound_ctx;
};

/*
 * Blocking connect to "unix:///path/to.sock" or "ws://host:port/path":
 * socket, WebSocket handshake, then protocolVersion(), which must equal
 * this build's (PROTOCOL_MISMATCH otherwise). Socket and handshake
 * failures are CONNECTION_REJECTED. Returns 0 and *out (free with
 * cm_client_free), or -1 and *err.
 */
int cm_connect(const char *url, const struct cm_connect_options *opts,
    struct cm_client **out, struct cm_error *err);

/*
 * Event-driven connect on the caller's base. Returns the client at once
 * (NULL and *err for a bad URL or no memory); `cb` runs from the loop once
 * the handshake succeeded (err NULL) or failed (err set, borrowed; the
 * client may then be freed, from the callback too). Calls submitted before
 * that wait for it.
 */
typedef void (*cm_connect_cb)(
    struct cm_client *client, const struct cm_error *err, void *arg);

struct cm_client *cm_connect_base(struct event_base *base, const char *url,
    const struct cm_connect_options *opts, cm_connect_cb cb, void *arg,
    struct cm_error *err);

/*
 * dispose(): closes the connection; calls still in flight complete with
 * CONNECTION_BROKEN (their callbacks run from inside this call), then the
 * client is freed. Safe from inside any callback of the client (the free
 * is then deferred until the callback returns). NULL is a no-op.
 */
void cm_client_free(struct cm_client *client);

/* 1 while a session is open, past its handshake and not being rotated. */
int cm_client_connected(const struct cm_client *client);

/* ---- Calls: execute, invokeHandle, closeHandles; the daemon's health ---- */

/*
 * Runs one execution (blocking; needs a client from cm_connect). Returns 0
 * and fills *res (even when the run failed: res->error), or -1 and *err
 * for a fault.
 */
int cm_execute(struct cm_client *client, const struct cm_execute_request *req,
    struct cm_result *res, struct cm_error *err);

/*
 * Completion of an asynchronous execution: on success `res` (the callee
 * owns it: cm_result_clear when done; the struct itself is borrowed) and
 * err NULL; on a fault res NULL and err (borrowed).
 */
typedef void (*cm_execute_cb)(struct cm_client *client, struct cm_result *res,
    const struct cm_error *err, void *arg);

/* Submits an execution. 0, or -1 and *err (nothing will be called). */
int cm_execute_async(struct cm_client *client,
    const struct cm_execute_request *req, cm_execute_cb cb, void *arg,
    struct cm_error *err);

/* invokeHandle: *res owned by the caller (cm_outbound_response_clear). */
int cm_invoke_handle(struct cm_client *client, const char *execution_id,
    const char *handle_name, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, struct cm_error *err);

/* closeHandles. */
int cm_close_handles(
    struct cm_client *client, const char *execution_id, struct cm_error *err);

/* Completion of invokeHandle (res NULL for closeHandles and on faults). */
typedef void (*cm_handle_cb)(struct cm_client *client,
    struct cm_outbound_response *res, const struct cm_error *err, void *arg);

int cm_invoke_handle_async(struct cm_client *client, const char *execution_id,
    const char *handle_name, const struct cm_outbound_request *req,
    cm_handle_cb cb, void *arg, struct cm_error *err);
int cm_close_handles_async(struct cm_client *client, const char *execution_id,
    cm_handle_cb cb, void *arg, struct cm_error *err);

/*
 * GET /healthz on the daemon at `url` (blocking, one request, no
 * WebSocket). Returns 0 with *status and *body (malloc'd), or -1 and *err
 * (CONNECTION_REJECTED).
 */
int cm_health(const char *url, const struct cm_connect_options *opts,
    int *status, char **body, struct cm_error *err);

/* PROTOCOL_VERSION this library speaks (cm_check_protocol_version's local).
 */
int cm_protocol_version(void);

/* The library's version string ("0.1.0"), static. */
const char *cm_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CODEMODE_CLIENT_H */
