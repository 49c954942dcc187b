/*
 * The client API: what the seed's remote executor is (connect,
 * RemoteExecutor with execute, invokeHandle, closeHandles, dispose), in C.
 * It connects to an executor daemon (ExecutorApi over a WebSocket carrying
 * a capnweb session) and runs executions on it. The helpers both sides of
 * the wire share are codemode/protocol.h; libcodemode.so exports these two
 * headers' functions and nothing else (tests/abi.test.sh).
 *
 * Three styles share one connection object, struct cm_client:
 *
 *   blocking     cm_connect, cm_execute, cm_invoke_handle, cm_close_handles.
 *                The client runs its private loop inside each call until
 *                that call settles. Callbacks (tool dispatch, outbound) run
 *                on the calling thread from inside the call, and while one
 *                runs nothing else happens on this connection: a slow tool
 *                blocks the caller, which is the point of the blocking
 *                style.
 *
 *   any loop     cm_connect_start, then cm_client_watch (what to wait for:
 *                one descriptor, the events, a timeout) and
 *                cm_client_process (call it when the descriptor is ready or
 *                the timeout passed), as libpq's PQsocket/PQconsumeInput or
 *                curl's multi_socket: poll(), libuv, GLib, epoll hosts.
 *                The *_async calls submit work; every callback runs from
 *                inside cm_client_process (or cm_cancel/cm_client_free).
 *
 *   libevent     cm_connect_base: the same client bound to the caller's
 *                event_base by this library (it watches the descriptor and
 *                arms the timeout of cm_client_watch on that base, and
 *                calls cm_client_process), so callbacks run from that
 *                base's loop.
 *
 * In the two event-driven styles any number of calls may be in flight on
 * one connection; tool and outbound calls may be answered later (the
 * *_async callback kinds below), and the socket keeps being served, other
 * executions included, in the meantime. The *_async calls also work on a
 * client from cm_connect: they then progress only while a blocking call
 * runs its private loop.
 *
 * Deadlines and cancellation (since 0.2.0): every call may carry a deadline
 * (cm_execute_request.deadline_ms, else the connection's default from
 * cm_connect_options.deadline_ms or cm_client_set_deadline), and
 * cm_cancel ends one call in flight. Either ends only that call, with
 * CM_ERROR_TIMED_OUT or CM_ERROR_CANCELLED; nothing is sent (the protocol
 * has no cancel), the executor may still finish the work, and its late
 * answer is dropped. The connection, and every other call on it, goes on.
 *
 * Thread safety: none inside one client. A struct cm_client and everything
 * it hands out (tool calls, outbound calls) belong to one thread at a time:
 * the thread running its event_base (event-driven), or the thread calling
 * it (blocking). Distinct clients are independent, so the rule is one
 * connection per thread. The library keeps no global state.
 *
 * Faults: every function that can fail takes a struct cm_error *err
 * (protocol.h) and fills it on failure; the caller releases it with
 * cm_error_clear. `err` may be NULL everywhere: the failure is then only
 * returned. A fault from the taxonomy carries its code and the text the
 * protocol composes; a value the server threw without a taxonomy code
 * (user code, a provider) passes through untouched in err->thrown with
 * code CM_ERROR_NONE. Faults this library raises without the wire have
 * the local codes (CM_ERROR_ARGUMENT: a NULL or malformed argument;
 * CM_ERROR_USAGE: a call not allowed now; CM_ERROR_TOO_LARGE,
 * CM_ERROR_TIMED_OUT, CM_ERROR_CANCELLED), class "ClientError" and no
 * thrown value. A declared failure of the run itself is not a fault: it
 * arrives in result->error.
 *
 * Message limit: the executor daemon refuses (WebSocket close 1009, which
 * ends the connection and every call on it) any message longer than
 * 6 x (PAYLOAD_LIMIT + CONSOLE_CAPTURE_LIMIT) + 65536 = 62980096 bytes,
 * CM_SERVER_MESSAGE_LIMIT below. The client measures each call's message
 * before it goes out and refuses a longer one locally with
 * CM_ERROR_TOO_LARGE: that call fails, nothing is sent, and the
 * connection and every other call on it go on.
 * (cm_connect_options.max_message sets another limit for another server.)
 * The same limit (MESSAGE_LIMIT in the protocol) bounds what the client
 * takes from the daemon. An answer of a dispatch or outbound callback past
 * PAYLOAD_LIMIT (the envelope text; the status text, headers and body) is
 * never sent: that one tool call or fetch fails in the run with the
 * PayloadTooLarge text, and the connection goes on.
 *
 * Growing structs (ABI, since 0.2.0): struct cm_execute_request and
 * struct cm_connect_options open with a `size` member. Set it to the
 * struct's sizeof (CM_EXECUTE_REQUEST_INIT, CM_CONNECT_OPTIONS_INIT), or
 * leave it 0, which reads as the 0.2.0 layout forever: code that only
 * zero-initialises keeps working with later libraries. A later release
 * adds members only at the end and reads them only when `size` covers
 * them; a size larger than this library knows is accepted when the bytes
 * it does not know are all zero (CM_ERROR_ARGUMENT otherwise). struct
 * cm_provider is frozen (it is an array element; its layout follows the
 * request's size). Results (struct cm_result, cm_outbound_response) are
 * never grown: new outputs come as new functions.

 *
 * Ownership: every pointer an argument struct carries is borrowed for the
 * duration of the call that takes it (requests are copied on submission);
 * results are owned by the caller and released with their *_free/_clear.
 *
 * NULL: a pointer argument is never NULL unless its declaration says what
 * NULL means there; a NULL where none is allowed is CM_ERROR_ARGUMENT
 * (never a crash) in every function that returns a fault. The *_free and
 * *_clear functions all take NULL as a no-op, a NULL `opts` is every
 * default, and a NULL `err` is allowed everywhere. A pointer and its count
 * (providers/nproviders, tools/ntools, headers/nheaders, body/body_len) may
 * be NULL only with a count of 0.
 */
#ifndef CODEMODE_CLIENT_H
#define CODEMODE_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <codemode/protocol.h>
#include <codemode/version.h>

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

/* deadline_ms: 0 the connection's default, a positive value milliseconds
 * from submission, NONE no deadline even when the connection has one. */
#define CM_DEADLINE_NONE (-1)

/* The executor daemon's WebSocket message limit in bytes (see Message
 * limit above): 6 x (PAYLOAD_LIMIT + CONSOLE_CAPTURE_LIMIT) + 65536. */
#define CM_SERVER_MESSAGE_LIMIT ((size_t)62980096)

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
 * Fill helpers: copy the strings and bytes given. method NULL reads "GET",
 * url and status_text NULL read ""; headers may be NULL only with nheaders
 * 0, body only with body_len 0, no header name or value NULL. Return 0, or
 * -1 when out of memory or an argument breaks those rules (req/res NULL
 * included; the struct is then left zeroed). Release with the _clear
 * functions, which leave the struct zeroed.
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
 * answer could not be delivered (the connection is gone: nobody waits).
 * NULL `envelope_json` answers the out-of-memory error envelope; NULL
 * `call` returns -1. The accessors above return NULL (and *len 0) for a
 * NULL call; `len` may be NULL. */
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
/* Both free `call`; `res` is borrowed (NULL: fail with an out-of-memory
 * message), `message` may be NULL. 0 or -1 as cm_tool_call_answer. */
int cm_outbound_call_answer(
    struct cm_outbound_call *call, const struct cm_outbound_response *res);
int cm_outbound_call_fail(struct cm_outbound_call *call, const char *message);

/* ---- Requests and results: ExecuteRequest, ProviderDescriptor, LogLine,
 * ExecuteResult ---- */

/* A ProviderDescriptor; name never NULL, tools NULL only with ntools 0 and
 * no tool name NULL. Frozen layout (see Growing structs). */
struct cm_provider {
	const char *name;
	const char *const *tools;
	size_t ntools;
	int positional_args; /* sent only when non-zero */
	const char *prelude; /* NULL: absent */
	const char *proxy_source; /* NULL: absent */
};

/*
 * One execution, mirroring ExecuteRequest. Zero-initialise (or
 * CM_EXECUTE_REQUEST_INIT), then set what you need; only `code` is
 * required. NULL pointers mean absent, except that providers may be NULL
 * only with nproviders 0; set at most one of providers and providers_json.
 *
 * Tool calls: set at most one of respond (createEnvelopeDispatch: the
 * library builds the envelopes and answers the completed envelope once the
 * run is over), dispatch (envelope JSON at once) or dispatch_async. None
 * sends a null dispatch: every tool call then gets the not-found envelope.
 */
struct cm_execute_request {
	size_t size; /* sizeof(struct cm_execute_request), or 0: the 0.2.0
			layout (see Growing structs) */
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
	/* this call's deadline, local to the client (see CM_DEADLINE_NONE);
	 * unlike timeout it bounds the wait, not the run (0.2.0) */
	long long deadline_ms;
};

/* clang-format off */
#define CM_EXECUTE_REQUEST_INIT { .size = sizeof(struct cm_execute_request) }
/* clang-format on */

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

/* Releases what a result holds and zeroes it (NULL: no-op). */
void cm_result_clear(struct cm_result *res);

/* {"result"?, "error"?, "logs", "executionId"?, "handles"?}; new reference;
 * NULL for a NULL res or no memory. */
json_t *cm_result_to_json(const struct cm_result *res);

/* ---- Connecting: connect, ConnectOptions, dispose ---- */

#define CM_ROTATE_NEVER (-1)
#define CM_RECONNECT_DISABLED (-1)

/*
 * ConnectOptions. Zero-initialise (or CM_CONNECT_OPTIONS_INIT); zero
 * means the default everywhere. The timeout .. outbound members are
 * per-connection defaults that the same request fields override.
 */
struct cm_connect_options {
	size_t size; /* sizeof(struct cm_connect_options), or 0: the 0.2.0
			layout (see Growing structs) */
	const struct cm_header *headers; /* extra handshake headers; NULL
					    only with nheaders 0 */
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
	long long deadline_ms; /* every call's default deadline; 0: none */
	size_t max_message; /* 0: CM_SERVER_MESSAGE_LIMIT */
};

/* clang-format off */
#define CM_CONNECT_OPTIONS_INIT { .size = sizeof(struct cm_connect_options) }
/* clang-format on */

/*
 * Blocking connect to "unix:///path/to.sock" or "ws://host:port/path":
 * socket, WebSocket handshake, then protocolVersion(), which must equal
 * this build's (PROTOCOL_MISMATCH otherwise). Socket and handshake
 * failures are CONNECTION_REJECTED, and so is a malformed URL (the text
 * says what is wrong with it; wss:// is refused: TLS belongs to a
 * terminator in front of the daemon). `url` and `out` must not be NULL.
 * Returns 0 and *out (free with cm_client_free), or -1, *out NULL (when
 * `out` is not NULL) and *err.
 */
int cm_connect(const char *url, const struct cm_connect_options *opts,
    struct cm_client **out, struct cm_error *err);

/*
 * Event-driven connect on the caller's libevent base (not NULL). Returns
 * the client at once (NULL and *err for a bad URL or argument, or no
 * memory); `cb` (NULL: not told) runs from the loop once the handshake
 * succeeded (err NULL) or failed (err set, borrowed; the client may then
 * be freed, from the callback too). Calls submitted before that wait for
 * it. Built on the readiness interface below: the base watches
 * cm_client_watch's descriptor and timeout for the client.
 */
typedef void (*cm_connect_cb)(
    struct cm_client *client, const struct cm_error *err, void *arg);

struct cm_client *cm_connect_base(struct event_base *base, const char *url,
    const struct cm_connect_options *opts, cm_connect_cb cb, void *arg,
    struct cm_error *err);

/* ---- Any event loop: the readiness interface (0.2.0) ---- */

/*
 * Connect for a host that runs its own loop: as cm_connect_base without a
 * base. Nothing happens until the host drives the client: after every call
 * into the library (this one included) ask cm_client_watch what to wait
 * for, wait for it in the host's loop, then call cm_client_process.
 */
struct cm_client *cm_connect_start(const char *url,
    const struct cm_connect_options *opts, cm_connect_cb cb, void *arg,
    struct cm_error *err);

#define CM_WATCH_READ 1 /* POLLIN, uv's UV_READABLE, G_IO_IN */
#define CM_WATCH_WRITE 2 /* POLLOUT, UV_WRITABLE, G_IO_OUT */

/*
 * What the client waits for: returns the descriptor to watch (the same
 * one for the client's whole life, so a host registers it once), sets
 * *events to the CM_WATCH_ bits wanted on it and *timeout_ms to the
 * longest the host may wait before calling cm_client_process anyway (-1:
 * no timeout; 0: call it now). Either out-pointer may be NULL. Returns -1
 * and *err when `client` is NULL or no descriptor can be made. Call it
 * again after every call into the library: the answer changes as calls
 * are submitted and answered.
 */
int cm_client_watch(struct cm_client *client, int *events, int *timeout_ms,
    struct cm_error *err);

/*
 * Does whatever is ready (reads, writes, expired deadlines and timers) and
 * runs the callbacks that result, on the calling thread, then returns at
 * once: it never blocks. Call it when the descriptor is ready or the
 * timeout passed (spurious calls are harmless). 0, or -1 and *err
 * (CM_ERROR_ARGUMENT for NULL, CM_ERROR_USAGE from inside a callback of
 * the same client). A client of cm_connect_base needs no call: its base
 * makes them. A callback may free the client: it is gone when this
 * returns.
 */
int cm_client_process(struct cm_client *client, struct cm_error *err);

/*
 * dispose(): closes the connection; calls still in flight complete with
 * CONNECTION_BROKEN (their callbacks run from inside this call), then the
 * client is freed. Safe from inside any callback of the client (the free
 * is then deferred until the callback returns). NULL is a no-op.
 */
void cm_client_free(struct cm_client *client);

/* 1 while a session is open, past its handshake and not being rotated;
 * 0 for NULL. */
int cm_client_connected(const struct cm_client *client);

/* ---- Calls: execute, invokeHandle, closeHandles; the daemon's health ---- */

/*
 * Runs one execution (blocking; needs a client from cm_connect). `client`,
 * `req` and `res` must not be NULL. Returns 0 and fills *res (even when the
 * run failed: res->error), or -1 and *err for a fault; *res is zeroed then.
 * A callback that frees the client makes this return CONNECTION_BROKEN.
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

/* Submits an execution (`cb` NULL: the result is dropped). 0, or -1 and
 * *err (nothing will be called); cm_client_last_call then names it. */
int cm_execute_async(struct cm_client *client,
    const struct cm_execute_request *req, cm_execute_cb cb, void *arg,
    struct cm_error *err);

/* invokeHandle: *res owned by the caller (cm_outbound_response_clear).
 * None of the pointers may be NULL. The deadline is the connection's
 * (cm_client_set_deadline before the call sets one for it). */
int cm_invoke_handle(struct cm_client *client, const char *execution_id,
    const char *handle_name, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, struct cm_error *err);

/* closeHandles: `client` and `execution_id` must not be NULL. */
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

/* ---- Deadlines and cancellation (0.2.0) ---- */

/*
 * The number of the newest call this client accepted (any style; 1, 2,
 * ... in submission order), 0 before the first or for NULL: what to pass
 * to cm_cancel. From inside a blocking call's callback it names that call.
 */
uint64_t cm_client_last_call(const struct cm_client *client);

/*
 * Ends call `call` now with CM_ERROR_CANCELLED: its completion callback
 * runs from inside this function (a blocking call returns the fault), and
 * none of its execution's callbacks runs again. 0, or -1 and *err
 * (CM_ERROR_ARGUMENT) when no such call is in flight.
 */
int cm_cancel(struct cm_client *client, uint64_t call, struct cm_error *err);

/*
 * Sets the default deadline (ms, 0: none) of the calls submitted from now
 * on; a request's deadline_ms overrides it. 0, or -1 and *err.
 */
int cm_client_set_deadline(
    struct cm_client *client, long long deadline_ms, struct cm_error *err);

/*
 * GET /healthz on the daemon at `url` (blocking, one request, no
 * WebSocket). `url`, `status` and `body` must not be NULL. Returns 0 with
 * *status and *body (malloc'd), or -1 and *err (CONNECTION_REJECTED).
 */
int cm_health(const char *url, const struct cm_connect_options *opts,
    int *status, char **body, struct cm_error *err);

/* PROTOCOL_VERSION this library speaks (cm_check_protocol_version's local).
 */
int cm_protocol_version(void);

/* The library's version string ("0.3.0"), static: the version of the
 * library running, where CM_VERSION_STRING is the headers' version. */
const char *cm_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CODEMODE_CLIENT_H */
