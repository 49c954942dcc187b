/*
 * The protocol helpers: what the seed's protocol package
 * (@supolka/codemode-executor-protocol) exports for whoever handles tool
 * calls or implements the contract, in C. Each section below names the
 * seed exports it stands for. The client API is codemode/client.h; both
 * are exported by libcodemode.so and nothing else is (libclient/exports.map,
 * checked by tests/abi.test.sh). The daemon and the sandbox child link the
 * same code, with more of it: the internals (texts_, payload_, modules_,
 * ws_, capnweb_ ...) live in libclient/proto/ and are never exported.
 *
 * Values are jansson trees. A binary value inside a tree is the tagged
 * object itself, {"__executor_binary_v1__":"Uint8Array","data":"<base64>"};
 * cm_binary_new builds one and cm_binary_bytes reads its bytes back.
 *
 * Ownership, everywhere below: `const` arguments are borrowed and never
 * kept. A returned `char *` is malloc'd and the caller frees it; a returned
 * `json_t *` is a new reference the caller json_decref()s. Functions that
 * can fail for lack of memory say so; none of them aborts or exits. An
 * out-pointer (`char **text`, `struct cm_... *out`) must not be NULL unless
 * its declaration says so; a NULL input is allowed only where the
 * declaration gives its meaning. Since 0.2.0 a NULL out-pointer (or a NULL
 * list with a non-zero count) where none is allowed makes an int-returning
 * function return -1 having written nothing through it, never crash; the
 * void ones and the *_clear functions take NULL as a no-op. Threads: any
 * function may run on any thread, concurrently with others on other values (no
 * mutable global state; the one lazy initialisation goes through pthread_once).
 *
 * Every text these functions compose comes from spec/protocol.json through
 * the generated tables; spec/texts.md lists them.
 */
#ifndef CODEMODE_PROTOCOL_H
#define CODEMODE_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ---- Failures: ExecutorErrorCode, ExecutorError, rehydrateExecutorError,
 * assertProtocolCompatible, assertOutboundFetch, OutboundMode (errors.c) ----
 */

/*
 * ExecutorErrorCode: the codes a thrown failure can carry; same order as
 * spec/protocol.json. Then, from CM_ERROR_LOCAL_FIRST on, the faults this
 * library raises itself without anything crossing the wire (since 0.2.0):
 * they never arrive from a server, carry no `thrown` value and have the
 * class "ClientError", so a host tells them apart from what the executor
 * or user code threw.
 */
enum cm_error_code {
	CM_ERROR_NONE = 0, /* no code, or one outside the taxonomy */
	CM_ERROR_QUEUE_OVERFLOW,
	CM_ERROR_WORKER_CRASHED,
	CM_ERROR_PROTOCOL_MISMATCH,
	CM_ERROR_CONNECTION_REJECTED,
	CM_ERROR_CONNECTION_BROKEN,
	CM_ERROR_RESPONSE_TOO_LARGE,
	CM_ERROR_HANDLES_CLOSED,
	CM_ERROR_INTERNAL,
	/* local: a NULL or malformed argument (nothing was sent) */
	CM_ERROR_ARGUMENT = 64,
	CM_ERROR_USAGE, /* local: not allowed now (inside a callback, wrong
			   style of client, client being disposed) */
	CM_ERROR_TOO_LARGE, /* local: the request is past the server's message
			       limit, refused before it was sent */
	CM_ERROR_TIMED_OUT, /* local: the call's deadline passed first */
	CM_ERROR_CANCELLED /* local: cm_cancel ended the call */
};
#define CM_ERROR_LOCAL_FIRST CM_ERROR_ARGUMENT

/* "QUEUE_OVERFLOW", ..., and for the local codes "ARGUMENT", "USAGE",
 * "TOO_LARGE", "TIMED_OUT", "CANCELLED" (static); NULL for CM_ERROR_NONE or
 * a value outside the enum. */
const char *cm_error_code_name(enum cm_error_code code);

/* The taxonomy code named `name` (exact, case-sensitive), or CM_ERROR_NONE
 * (NULL `name` included). Local code names map to CM_ERROR_NONE: a server
 * that throws {"code":"TIMED_OUT"} is passing an unknown code through. */
enum cm_error_code cm_error_code_from_name(const char *name);

/* 1 when a caller may submit the same work again (queue overflow, crash). */
int cm_error_code_retryable(enum cm_error_code code);

/* Class a code rehydrates to (static): "QueueOverflowError", ...,
 * "ExecutorError"; "ClientError" for the local codes. */
const char *cm_error_code_class(enum cm_error_code code);

/*
 * ExecutorError in C: a failure rebuilt from what crossed the wire.
 * `thrown` keeps the value exactly as it arrived (message, code and any own
 * properties), so an error whose code is outside the taxonomy passes
 * through untouched.
 */
struct cm_error {
	enum cm_error_code code; /* CM_ERROR_NONE when not in the taxonomy */
	int retryable;
	const char *class_name; /* static; "Error" when passed through */
	char *message; /* owned; "" when the value had none */
	json_t *thrown; /* owned reference to the original value; NULL for
			   the local codes (nothing was thrown) */
};

/*
 * rehydrateExecutorError: rebuilds a typed error from a thrown value: an
 * object with "message" and "code" members, or any other JSON value (its
 * message is then its JSON text, or the string itself; NULL `thrown` reads
 * as null). Returns 0, or -1 when out of memory (`out` is then cleared).
 * Release with cm_error_clear, which takes NULL and leaves *err zeroed.
 */
int cm_error_rehydrate(const json_t *thrown, struct cm_error *out);
void cm_error_clear(struct cm_error *err);

/*
 * The wire shape of an ExecutorError, what a server throws:
 * {"message":<message>,"code":"<CODE>"}, the code left out for
 * CM_ERROR_NONE, NULL `message` read as "". NULL when out of memory.
 */
json_t *cm_error_to_json(enum cm_error_code code, const char *message);

/*
 * assertProtocolCompatible: 0 when the versions are equal; 1 and *text
 * (malloc'd PROTOCOL_MISMATCH text) when not; -1 when out of memory. *text
 * is always set (NULL unless 1). Pass cm_protocol_version() as `local`.
 */
int cm_check_protocol_version(long long remote, long long local, char **text);

enum cm_outbound_mode {
	CM_OUTBOUND_NATIVE,
	CM_OUTBOUND_STUB,
	CM_OUTBOUND_DISABLED
};

/*
 * assertOutboundFetch, with the OutboundMode parse it needs: reads a wire
 * outbound mode. `has_function` says whether the outbound function arrived
 * with it. Returns 0 and sets *mode; 1 and *text (the
 * PROTOCOL_MISMATCH text for an unknown or NULL mode, or for stub without
 * its function); -1 when out of memory.
 */
int cm_parse_outbound_mode(const char *name, int has_function,
    enum cm_outbound_mode *mode, char **text);

/* Wire name of a mode (static): "native", "stub" or "disabled"; NULL if out
 * of range. */
const char *cm_outbound_mode_name(enum cm_outbound_mode mode);

/*
 * ---- Constants and texts: PROTOCOL_VERSION, DEFAULT_TIMEOUT,
 * MAX_SUPPORTED_TIMEOUT, PAYLOAD_LIMIT, CONSOLE_CAPTURE_LIMIT,
 * TIMEOUT_MESSAGE, EXECUTION_COMPLETED_MESSAGE, CONSOLE_CAPTURE_MESSAGE,
 * ExecutionTimeoutError.matches and the texts "Error codes and texts"
 * lists (texts.c) ----
 *
 * Looked up in the library at run time rather than copied into macros: a
 * host that inlined one would keep a value no release of this library
 * updates (the seed's warning about inlining a constant).
 */

/*
 * Composes the text named `text_name` (a name from spec/protocol.json, e.g.
 * "TOOL_NOT_FOUND": what a responder throws for a tool it lacks) with
 * `values` (`nvalues` strings, none NULL) in the order of its params.
 * Returns a malloc'd string, or NULL for an unknown or NULL name, a wrong
 * value count, or no memory.
 */
char *cm_text_compose(
    const char *text_name, const char *const *values, size_t nvalues);

/*
 * ExecutionTimeoutError.matches: 1 when `text` (a result's error) opens
 * with the timeout text's whole first sentence, any decimal bound filled
 * in; 0 otherwise, NULL included.
 */
int cm_timeout_text_matches(const char *text);

/*
 * The integer constant `name`: 0 and *value, or -1 (and *value untouched)
 * for an unknown or NULL name. The seed's constants are PROTOCOL_VERSION,
 * DEFAULT_TIMEOUT, MAX_SUPPORTED_TIMEOUT, PAYLOAD_LIMIT and
 * CONSOLE_CAPTURE_LIMIT; every other integer of spec/protocol.json
 * ("POOL_MAX_QUEUE", ...) reads too, as this build's value, but is a
 * deployment default, not part of the contract. A constant whose value is
 * null (computed at run time) reads -1.
 */
int cm_spec_integer(const char *name, long long *value);

/*
 * The string constant `name` (static), or NULL for an unknown or NULL name:
 * TIMEOUT_MESSAGE, EXECUTION_COMPLETED_MESSAGE, CONSOLE_CAPTURE_MESSAGE
 * (already composed from CONSOLE_CAPTURE_LIMIT), BINARY_TAG, ...
 */
const char *cm_spec_string(const char *name);

/*
 * ---- The dispatch codec: stringifyForDispatch, parseForDispatch,
 * parseDispatchArguments, decodeDispatchValue, createEnvelopeDispatch,
 * ToolDispatchFn's envelopes (dispatch.c) ----
 */

enum cm_binary_kind {
	CM_BINARY_UINT8ARRAY, /* tag "Uint8Array" */
	CM_BINARY_ARRAYBUFFER, /* tag "ArrayBuffer" */
	CM_BINARY_VIEW /* tag "ArrayBufferView": any other view */
};

/*
 * stringifyForDispatch: JSON.stringify for a jansson tree, byte for byte:
 * no spaces, JavaScript's escaping, array-index keys first as JavaScript
 * enumerates them, numbers in JavaScript's shortest round-trip form.
 * Malloc'd. NULL `value` (undefined) or no memory gives NULL; a tree
 * deeper than 4096 levels (or cyclic) gives NULL.
 */
char *cm_dispatch_stringify(const json_t *value);

/*
 * parseForDispatch: JSON.parse for `len` bytes. Returns a new reference,
 * or NULL (NULL `json` included) with a message in `err` (`errlen` bytes;
 * `err` may be NULL with `errlen` 0). Integers too large for C arrive as
 * reals, as JavaScript would read them. Binary stays tagged: read it with
 * cm_binary_bytes.
 */
json_t *cm_dispatch_parse(
    const char *json, size_t len, char *err, size_t errlen);

/*
 * parseDispatchArguments: "" (or NULL) is the empty list, a JSON array is
 * the list, any other JSON value is a list of that one value. Returns a new
 * array reference, or NULL with `err` filled (as cm_dispatch_parse) for
 * text that is not JSON.
 */
json_t *cm_parse_dispatch_arguments(
    const char *args, size_t len, char *err, size_t errlen);

/* A tagged binary value holding a copy of `len` bytes (`bytes` may be NULL
 * when `len` is 0); NULL when out of memory. */
json_t *cm_binary_new(
    enum cm_binary_kind kind, const uint8_t *bytes, size_t len);

/*
 * 1 when `value` is a tagged binary value: an object of exactly the tag and
 * "data" members, the tag one of the three kinds, the data a string. 0
 * otherwise, NULL included.
 */
int cm_binary_is(const json_t *value);

/*
 * decodeDispatchValue for one value: decodes a tagged binary value of any
 * kind into *bytes (malloc'd, the caller frees; never NULL on success) and
 * *len. Returns 0, or -1 when the value is not tagged binary (NULL
 * included), its base64 is malformed, or memory ran out.
 */
int cm_binary_bytes(const json_t *value, uint8_t **bytes, size_t *len);

/* The envelopes a ToolDispatchFn returns, malloc'd, NULL when out of memory.
 * {"result":<value>}; `value` NULL is undefined and gives "{}" as JS does. */
char *cm_envelope_result(const json_t *value);

/* {"error":<text>}; NULL `text` is "". */
char *cm_envelope_error(const char *text);

/* The completed envelope: {"error":"<EXECUTION_COMPLETED_MESSAGE>"}. */
char *cm_envelope_completed(void);

/* The not-found envelope for a call naming a tool nobody implements (the
 * answer of a null dispatch); NULL `tool` is "". */
char *cm_envelope_tool_not_found(const char *tool);

enum cm_envelope_kind {
	CM_ENVELOPE_RESULT, /* the tool returned */
	CM_ENVELOPE_ERROR, /* the tool threw */
	CM_ENVELOPE_FAULT /* the answer was no envelope at all */
};

struct cm_envelope {
	enum cm_envelope_kind kind;
	json_t *value; /* owned; RESULT only, NULL for undefined */
	char *text; /* owned; ERROR: the thrown text, FAULT: the fault text */
};

/*
 * Reads a dispatch answer, the serving side's half of the envelope (NULL
 * `json` is unparseable text). A JSON object with an "error" member is ERROR
 * (a non-string error reads as its JSON text); any other object is RESULT;
 * anything else, unparseable text included, is FAULT carrying the pinned
 * envelope-fault text. Returns the kind, or -1 when out of memory. Release
 * with cm_envelope_clear (NULL is a no-op).
 */
int cm_envelope_read(const char *json, size_t len, struct cm_envelope *out);
void cm_envelope_clear(struct cm_envelope *env);

/*
 * A host's tool responder. On return 0 it sets *result to an owned
 * reference (left NULL for undefined); on any other return it threw, and
 * *error is the malloc'd message (NULL reads as "").
 */
typedef int (*cm_respond_fn)(void *ctx, const char *provider, const char *tool,
    const char *args_json, size_t args_len, json_t **result, char **error);

/*
 * createEnvelopeDispatch. The state is the caller's, usually on its stack,
 * and is never NULL; clear `active` (cm_envelope_dispatch_finish) when the
 * run is over, and every later call answers the completed envelope without
 * calling the responder.
 */
struct cm_envelope_dispatch {
	int active;
	cm_respond_fn respond;
	void *ctx;
};

void cm_envelope_dispatch_init(
    struct cm_envelope_dispatch *d, cm_respond_fn respond, void *ctx);
void cm_envelope_dispatch_finish(struct cm_envelope_dispatch *d);

/* Answers one call with its envelope JSON (malloc'd); NULL when out of memory.
 */
char *cm_envelope_dispatch_call(struct cm_envelope_dispatch *d,
    const char *provider, const char *tool, const char *args_json,
    size_t args_len);

/*
 * ---- Provider names: validateProviders, RESERVED_PROVIDER_NAMES,
 * JAVASCRIPT_RESERVED_WORDS, PROVIDER_NAME_PATTERN (providers.c) ----
 *
 * The sets and the pattern are tests here, not tables: a host that builds
 * names out of user data asks these. NULL reads as a name none of them
 * matches.
 */

/* PROVIDER_NAME_PATTERN: 1 when `name` matches ^[A-Za-z_$][A-Za-z0-9_$]*$. */
int cm_provider_name_matches_pattern(const char *name);

/* RESERVED_PROVIDER_NAMES: 1 when the entry scope reserves `name`; fetch and
 * Response are not reserved. */
int cm_provider_name_reserved(const char *name);

/* JAVASCRIPT_RESERVED_WORDS: 1 when `name` is an ECMAScript reserved word a
 * binding cannot take. */
int cm_is_reserved_word(const char *name);

/*
 * validateProviders over bare names: each name in order against the
 * pattern, the reserved set, the reserved words, then the names before it.
 * Returns 0 when all pass (n 0 included); 1 with *text (malloc'd, the text
 * validateProviders returns) for the first failure; -1 when out of memory.
 */
int cm_validate_provider_names(const char *const *names, size_t n, char **text);

/* validateProviders over a JSON array of ProviderDescriptors ({"name": ...});
 * a missing or non-string name fails the pattern as "". A non-array (NULL
 * included) is -1. */
int cm_validate_providers(const json_t *descriptors, char **text);

/* ---- The entry's imports: separateImports (imports.c) ---- */

struct cm_imports {
	char *imports; /* owned, NUL-terminated; "" when none */
	size_t imports_len;
	char *body; /* owned, NUL-terminated */
	size_t body_len;
};

/*
 * separateImports: lifts the leading import block off an entry, a line at
 * a time; the line an import ends on goes with it whole. spec/protocol.md
 * states the rules. Returns 0, or -1 when out of memory. NULL `code` with
 * `len` 0 is the empty entry. Release with cm_imports_clear (NULL is a
 * no-op).
 */
int cm_separate_imports(const char *code, size_t len, struct cm_imports *out);
void cm_imports_clear(struct cm_imports *imp);

/* ---- Module maps: renderJsonModule, listModuleEntries (modules.c) ---- */

/* renderJsonModule: "export default <json>;" (malloc'd). NULL when out of
 * memory or `value` is NULL. */
char *cm_render_json_module(const json_t *value);

/*
 * listModuleEntries: a map (a JSON object of name -> source) becomes the
 * wire array of [name, source] pairs, names normalized, json sources
 * rendered to js. Returns 0 and *entries; 1 and *text for a collision or an
 * unsupported kind; -1 when `map` is not an object (NULL included) or
 * memory ran out. *entries is a new reference; *text is malloc'd.
 */
int cm_module_entries(const json_t *map, json_t **entries, char **text);

#ifdef __cplusplus
}
#endif

#endif /* CODEMODE_PROTOCOL_H */
