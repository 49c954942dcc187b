/*
 * Cap'n Web (capnweb 0.12.0 wire format) session layer, shared by the daemon
 * and the client library. No I/O and no clock: the transport hands in one
 * complete text message at a time and drains the messages queued for it.
 *
 * Application values are jansson values. JSON kinds map to themselves
 * (arrays are plain json arrays; the session adds and removes the wire
 * escaping). Kinds JSON lacks are "marker" objects, recognised by the
 * reserved key "$capnweb" naming the kind:
 *
 *   {"$capnweb":"undefined"}
 *   {"$capnweb":"inf"} {"$capnweb":"-inf"} {"$capnweb":"nan"}
 *   {"$capnweb":"bigint","value":"<string as sent, validated>"}
 *   {"$capnweb":"date","ms":<integer>|null}          null = Invalid Date
 *   {"$capnweb":"bytes","base64":"<unpadded>","type":"Int16Array"}
 *                                                   type absent = Uint8Array
 *   {"$capnweb":"error","name":..,"message":..[,"stack":..][,"props":{..}]}
 *                                                   props values are values
 *   {"$capnweb":"url","href":..}
 *   {"$capnweb":"stub","id":<import id>}   a peer object (callback) received;
 *                                          capnweb_session_stub() turns it
 *                                          into a reference; sent back as
 *                                          ["import",id]
 *   {"$capnweb":"target","n":<n>}          "export my local target n here":
 *                                          each occurrence sent gets a fresh
 *                                          negative export id
 *
 * A received object never carries the key "$capnweb" (it is dropped like
 * the Object.prototype member names JS drops), so every marker in a decoded
 * value was made by this module. Numbers arrive as json integers when
 * integral and within 2^53, as json reals otherwise. Strings may hold NUL
 * (use json_string_length).
 *
 * Policy: results of calls the peer made go out when the peer pulls them
 * (as a JS callee does), at completion if the pull came first; with
 * eager_resolve set, at completion always. Promise
 * pipelining, map(), streams and promises inside values are not supported:
 * a call using them is rejected (its id still counts), stream/pipe abort.
 * Not thread-safe: one thread (the owner's event loop) drives a session.
 */
#ifndef CAPNWEB_H
#define CAPNWEB_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define CAPNWEB_MARKER "$capnweb"
#define CAPNWEB_MAX_DEPTH 256 /* JS receiver limit */
#define CAPNWEB_MAX_MESSAGE (32u << 20) /* JS: 32 Mi UTF-16 units */
#define CAPNWEB_MAX_BIGINT 16384 /* digits */
#define CAPNWEB_CLOSE_CODE 3000 /* close code after an abort */
#define CAPNWEB_REASON_MAX 123 /* close reason bytes */

/*
 * Return codes (negative) of the functions below: the session ended (see
 * capnweb_session_end_reason); a value could not be serialized or an
 * argument is bad; out of memory.
 */
#define CAPNWEB_ENDED (-1)
#define CAPNWEB_EINVAL (-2)
#define CAPNWEB_ENOMEM (-3)
#define CAPNWEB_E2BIG (-4) /* a call's message is past cfg.max_send */

/* How a call the owner made settled (capnweb_settle_fn status). */
#define CAPNWEB_RESOLVED 0 /* value: the result */
#define CAPNWEB_REJECTED 1 /* value: what the peer rejected with */
#define CAPNWEB_BROKEN                                                         \
	2 /* session ended first; value: an error                              \
	     marker whose message is the reason */

struct capnweb_session;
struct capnweb_call; /* a call the peer made; the owner completes it */
struct capnweb_stub; /* a reference to an object the peer exported */

/*
 * A call arrived for a local target. The owner now owns `call` and must
 * complete it exactly once (capnweb_call_resolve/_reject), at any later
 * time, even after the session ended (then completing only frees it).
 */
typedef void (*capnweb_call_fn)(void *udata, struct capnweb_call *call);

/*
 * A call the owner made settled. `value` is borrowed for the duration of
 * the callback (json_incref to keep it); stubs inside it are released after
 * the callback unless taken with capnweb_session_stub(). Called exactly
 * once per call that was accepted, never after capnweb_session_free.
 */
typedef void (*capnweb_settle_fn)(void *udata, int status, json_t *value);

/* Receives one outgoing message; must only copy it (no calls back in). */
typedef void (*capnweb_send_fn)(void *udata, const char *msg, size_t len);

struct capnweb_config {
	size_t max_message; /* 0: CAPNWEB_MAX_MESSAGE */
	int max_depth; /* 0: CAPNWEB_MAX_DEPTH */
	size_t max_entries; /* table size bound, 0: 1 << 20 */
	capnweb_call_fn main; /* export 0; NULL: no main object */
	void *main_udata;
	capnweb_send_fn send; /* NULL: queue for take_outgoing */
	void *send_udata;
	int eager_resolve; /* send results at completion, not
			      on pull (F8: JS accepts both) */
	size_t max_send; /* 0: unbounded; else a call whose push message
			    would be longer is refused (CAPNWEB_E2BIG)
			    before it is numbered or sent, so the session
			    goes on as if it had never been made, and an
			    answer that would be longer is sent as a
			    RangeError rejection of that call instead */
	/*
	 * The session ended on its own outside capnweb_session_receive (an
	 * allocation failed while it was sending, so the message is lost):
	 * the owner closes its transport, or the peer would wait on answers
	 * that cannot come. Called after pending calls settled; NULL: none.
	 */
	void (*on_broken)(void *udata);
	void *broken_udata;
};

/* --- Session --------------------------------------------------------- */

/* Returns a new session (caller frees with capnweb_session_free) or NULL. */
struct capnweb_session *capnweb_session_new(const struct capnweb_config *);

/*
 * Ends the session if it is live (pending calls settle CAPNWEB_BROKEN with
 * "RPC session was freed", from inside this call) and frees it. Calls and
 * stubs the owner still holds stay valid until completed/released. Never
 * call it from inside a session callback.
 */
void capnweb_session_free(struct capnweb_session *);

/*
 * Handles one complete text message. Returns 0, or CAPNWEB_ENDED when the
 * session has ended (now or before): the owner then sends what is queued
 * and closes the transport with CAPNWEB_CLOSE_CODE and
 * capnweb_session_end_reason().
 */
int capnweb_session_receive(struct capnweb_session *, const char *, size_t);

/*
 * Pops the oldest queued outgoing message; the caller frees it. Returns
 * NULL when the queue is empty. `len` may be NULL.
 */
char *capnweb_session_take_outgoing(struct capnweb_session *, size_t *len);

/*
 * Aborts: queues ["abort",["error","Error",reason]] and ends the session
 * (pending calls settle CAPNWEB_BROKEN with `reason`). Returns 0 or
 * CAPNWEB_ENDED if it had already ended.
 */
int capnweb_session_abort(struct capnweb_session *, const char *reason);

/*
 * The transport is gone (or the owner closes without a message): ends the
 * session, pending calls settle CAPNWEB_BROKEN with `reason`.
 */
void capnweb_session_close(struct capnweb_session *, const char *reason);

/* 1 once the session ended. */
int capnweb_session_ended(const struct capnweb_session *);

/*
 * Why it ended, cut to CAPNWEB_REASON_MAX bytes on a UTF-8 boundary (the
 * WebSocket close reason), or NULL while live. Owned by the session.
 */
const char *capnweb_session_end_reason(const struct capnweb_session *);

/*
 * Registers a local target (a callback the owner passes to the peer with
 * capnweb_value_target(n)). Returns n >= 1, or a negative code.
 */
int capnweb_session_add_target(
    struct capnweb_session *, capnweb_call_fn, void *udata);

/*
 * Stops routing calls to target n: later calls to any export of it are
 * rejected, and its handler is never called again.
 */
void capnweb_session_remove_target(struct capnweb_session *, int n);

/*
 * Calls the peer's main object: push ["pipeline",0,[method],args] + pull,
 * release after the answer. `args` is a json array of values, borrowed
 * (the caller keeps its reference); NULL means no arguments.
 * With on_settle NULL the call is fire-and-forget (push, release). Returns
 * the import id (> 0) or a negative code (then on_settle is never called).
 */
int64_t capnweb_session_call(struct capnweb_session *, const char *method,
    json_t *args, capnweb_settle_fn on_settle, void *udata);

/*
 * Table sizes, for tests and leak checks: exports (push results and
 * exported targets, export 0 excluded) and imports (pending calls, stubs,
 * promises, import 0 excluded).
 */
/* The length of the message the last CAPNWEB_E2BIG refused. */
size_t capnweb_session_refused_len(const struct capnweb_session *);

void capnweb_session_counts(
    const struct capnweb_session *, size_t *exports, size_t *imports);

/* --- Calls the peer made --------------------------------------------- */

/* Method name: path[0], or "" for a call on the target itself (path []). */
const char *capnweb_call_method(const struct capnweb_call *);

/* Decoded argument array (borrowed, valid until completion); NULL for a
 * property read (push without an argument list). */
json_t *capnweb_call_args(const struct capnweb_call *);

/* The target the call is for: 0 = main, n = capnweb_session_add_target. */
int capnweb_call_target(const struct capnweb_call *);

/* The session, or NULL once it ended. */
struct capnweb_session *capnweb_call_session(const struct capnweb_call *);

/*
 * Complete the call and free it. The value (error for reject) is stolen.
 * The result is sent when the peer pulls (at once if it already did).
 * Returns 0, or CAPNWEB_ENDED when nobody will see the answer.
 */
int capnweb_call_resolve(struct capnweb_call *, json_t *value);
int capnweb_call_reject(struct capnweb_call *, json_t *error);

/*
 * The peer released a resolved call's result after the resolve was sent:
 * it read the answer (a capnweb receiver releases a push's export as soon
 * as its resolve arrives). The session is live; the callback may call in.
 */
typedef void (*capnweb_ack_fn)(void *udata);

/*
 * As capnweb_call_resolve, and `fn` is called once when the peer releases
 * the result after the resolve went out. It is never called if this
 * returns CAPNWEB_ENDED, if the peer releases the call before its resolve
 * was sent (it never read it), or once the session has ended (closed,
 * aborted or freed): the owner learns of the end by its own path and must
 * treat a pending acknowledgement as never coming.
 */
int capnweb_call_resolve_acked(
    struct capnweb_call *, json_t *value, capnweb_ack_fn fn, void *udata);

/* Rejects with TypeError "'<method>' is not a function." (JS's shape). */
int capnweb_call_reject_unknown(struct capnweb_call *);

/* --- Stubs (peer objects) -------------------------------------------- */

/*
 * Returns a new reference to the stub a {"$capnweb":"stub"} marker names,
 * or NULL if it is not one or the stub was already released.
 */
struct capnweb_stub *capnweb_session_stub(
    struct capnweb_session *, const json_t *marker);

/* Adds a reference; returns the stub. */
struct capnweb_stub *capnweb_stub_dup(struct capnweb_stub *);

/*
 * Drops a reference. The last one sends ["release",id,introduced] once
 * (if the session is live) and frees the stub.
 */
void capnweb_stub_release(struct capnweb_stub *);

/* The import id (negative). */
int64_t capnweb_stub_id(const struct capnweb_stub *);

/*
 * Calls the stub: ["pipeline",id,[method]|[],args] + pull, then release of
 * the push id. method NULL calls the stub itself (a callback). Same
 * contract as capnweb_session_call.
 */
int64_t capnweb_stub_call(struct capnweb_stub *, const char *method,
    json_t *args, capnweb_settle_fn on_settle, void *udata);

/* --- Values ---------------------------------------------------------- */

/* Constructors return a new reference or NULL on allocation failure. */
json_t *capnweb_value_undefined(void);
json_t *capnweb_value_double(double); /* finite: json real; else marker */
json_t *capnweb_value_bigint(const char *decimal);
json_t *capnweb_value_date(double ms); /* NaN/out of range: Invalid Date */
json_t *capnweb_value_bytes(const void *, size_t, const char *type);
json_t *capnweb_value_target(int n);
json_t *capnweb_error_new(const char *name, const char *message);

/* Sets props[key] = value on an error marker (value stolen). 0 or -1. */
int capnweb_error_set_prop(json_t *error, const char *key, json_t *value);

/* The marker kind ("undefined", "bytes", ...) or NULL for JSON values. */
const char *capnweb_value_kind(const json_t *);

/* Error accessors: NULL when absent or not an error marker. Borrowed. */
const char *capnweb_error_name(const json_t *);
const char *capnweb_error_message(const json_t *);
json_t *capnweb_error_prop(const json_t *, const char *key);

/*
 * Decodes a bytes marker into a new buffer (caller frees; non-NULL even
 * for 0 bytes). Returns 0, or -1 if not a bytes marker or out of memory.
 */
int capnweb_value_get_bytes(const json_t *, uint8_t **out, size_t *len);

/* --- Standalone codec (no session: stub forms are refused) ------------ */

/*
 * Decodes one wire expression. Returns a new value, or NULL with *err set
 * to a malloc'd message (caller frees).
 */
json_t *capnweb_expr_decode(json_t *wire, int max_depth, char **err);

/*
 * Encodes a value as expression text (arrays escaped, JS number and string
 * formatting). Returns a malloc'd string or NULL with *err as above.
 */
char *capnweb_expr_encode(json_t *value, int max_depth, char **err);

#endif
