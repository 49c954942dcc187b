/*
 * The payloads of the frames between the daemon and an engine child
 * (ipc/frame.h carries them), as one codec in the style of OpenSMTPD's
 * imsg: a typed struct per payload, an encoder that writes it, and a
 * strict decoder that accepts exactly what the encoder can write.
 *
 * The child's messages are untrusted: a child runs guest code, and a
 * child that broke out of its engine writes whatever it likes. So every
 * decoder checks every field: the keys are exactly the payload's (none
 * unknown, none twice), each value has its type, each text is valid UTF-8
 * within its bound, a log level is one of log/warn/error, resultJson is
 * JSON text, and a result carries at most one of resultJson, error and
 * handles. A payload that fails is the child breaking the frame protocol:
 * the pool kills it and says why (`why`). Nothing here decides an outcome;
 * in particular a child never names an executionId: the daemon mints it.
 *
 * The daemon's EXECUTE and INVOKE_HANDLE go through the same codec: the
 * daemon builds them with the encoders, the child reads them with the
 * decoders and answers one that fails with the INTERNAL text naming why
 * (worker.c). So do TOOL_RESULT and OUTBOUND_RESPONSE: the child decodes
 * them before the engine (engine/host, which may not include server/ipc)
 * sees their text, and a payload that fails is the parent breaking the
 * frame protocol: the run ends as broken rather than read a guess.
 *
 * Strings are (pointer, length) pairs: a text may hold NUL. Decoded
 * strings point into the decoded payload's tree, which the struct owns
 * until its _clear(). The codec does no I/O: (buf, len) in, 0 or -1 out.
 */
#ifndef IPCMSG_H
#define IPCMSG_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/*
 * Bounds, in bytes of UTF-8. The prelude bounds its texts in UTF-16 code
 * units (PAYLOAD_LIMIT, CONSOLE_CAPTURE_LIMIT), and a code unit takes at
 * most 3 bytes of UTF-8, so 3 * the unit bound holds every honest text.
 */
#define IPCMSG_TEXT_MAX(units) ((size_t)(units)*3u + 1024u)
/* One console line is charged at least 25 units ({"level":"log","text":""}),
 * so a whole capture holds at most this many lines, the stop line included. */
#define IPCMSG_LOGS_MAX(capture_units) ((size_t)(capture_units) / 25u + 1u)
#define IPCMSG_HANDLES_MAX 16
#define IPCMSG_HANDLE_NAME_MAX 64
/* EXECUTE's memoryLimit, in MB: the most an engine child is ever given. */
#define IPCMSG_MEMORY_MAX_MB (1u << 20)
/* INVOKE_HANDLE's executionId: the daemon's handle ids are 32 hex digits,
 * behind an instance id of at most 63 and a dot (daemon/handles.h). */
#define IPCMSG_EXECUTION_ID_MAX 96

struct ipcmsg_str {
	const char *s; /* NULL: absent (or JSON null where the field allows) */
	size_t len;
};

enum ipcmsg_level { IPCMSG_LOG, IPCMSG_WARN, IPCMSG_ERROR };

struct ipcmsg_log {
	enum ipcmsg_level level;
	struct ipcmsg_str text;
};

struct ipcmsg_header {
	struct ipcmsg_str name;
	struct ipcmsg_str value;
};

/* RESULT: {"resultJson"?, "error"?, "handles"?, "logs"}. */
struct ipcmsg_result {
	struct ipcmsg_str result_json; /* JSON text of the run's value */
	struct ipcmsg_str error;
	struct ipcmsg_str *handles; /* names a retained run serves */
	size_t nhandles;
	struct ipcmsg_log *logs;
	size_t nlogs;
	json_t *tree; /* the checked payload, owned: readers may use it */
};

/* TOOL_CALL: {"provider", "tool", "args"}, args a JSON text or "". */
struct ipcmsg_tool_call {
	struct ipcmsg_str provider, tool, args;
	json_t *tree; /* the checked payload, owned (NULL: read without one) */
	char *store; /* owned: the three strings when read without a tree */
};

/* OUTBOUND_REQUEST: {"method", "url", "headers": [[n, v]...], "body"}. */
struct ipcmsg_outbound {
	struct ipcmsg_str method, url;
	struct ipcmsg_header *headers;
	size_t nheaders;
	struct ipcmsg_str body; /* base64; s NULL for JSON null */
	json_t *tree; /* the checked payload, owned: readers may use it */
};

/* HANDLE_RESULT: {"response": {status, statusText, headers, body}} or
 * {"error"}. */
struct ipcmsg_handle_result {
	struct ipcmsg_str error; /* s set: the error form */
	int status;
	struct ipcmsg_str status_text;
	struct ipcmsg_header *headers;
	size_t nheaders;
	struct ipcmsg_str body; /* base64 */
	json_t *tree; /* the checked payload, owned: readers may use it */
};

/*
 * EXECUTE (daemon -> child): {"code", "providers", "modules", "timeout",
 * "grace", "memoryLimit", "countHostWaits", "outboundMode",
 * "retainHandles", "language"?}. The daemon's own message, checked anyway:
 * a child is the last place a bad request could still run, and the
 * decoder is the one written definition of what the child reads.
 */
struct ipcmsg_execute {
	struct ipcmsg_str code;
	json_t *providers; /* array; borrowed (encode) or in tree (decode) */
	json_t *modules; /* array of [specifier, source] */
	int64_t timeout; /* ms, 1..CM_MAX_SUPPORTED_TIMEOUT */
	int64_t grace; /* ms, 0..CM_MAX_SUPPORTED_TIMEOUT */
	int64_t memory_limit; /* MB, 1..IPCMSG_MEMORY_MAX_MB */
	int count_host_waits, retain_handles;
	const char *outbound_mode; /* one of CM_OUTBOUND_MODE_* (static) */
	int typescript; /* "language": "typescript" present */
	json_t *tree; /* the checked payload, owned: readers may use it */
};

/* INVOKE_HANDLE (daemon -> child): {"executionId", "handle", "request"}. */
struct ipcmsg_invoke {
	struct ipcmsg_str execution_id, handle;
	json_t *request; /* object; borrowed (encode) or in tree (decode) */
	json_t *tree; /* the checked payload, owned: readers may use it */
};

/*
 * TOOL_RESULT (daemon -> child): the caller's dispatch answer, a text the
 * engine reads as the caller sent it (its envelope grammar, malformed
 * included, is the engine's to judge), so the rules are only: at most
 * IPCMSG_TEXT_MAX(PAYLOAD_LIMIT) bytes, valid UTF-8 (NUL allowed), possibly
 * empty. Decoded text points into the decoded buffer; no tree.
 */
struct ipcmsg_tool_result {
	struct ipcmsg_str text;
};

/* OUTBOUND_RESPONSE (daemon -> child): {"status" 0..999, "statusText",
 * "headers": [[n, v]...], "body": base64} or {"error": text}, nothing
 * else: the native fetch's response, the caller's outbound function's
 * answer made plain, or why there is none. */
struct ipcmsg_outbound_response {
	struct ipcmsg_str error; /* s set: the error form */
	int status;
	struct ipcmsg_str status_text;
	struct ipcmsg_header *headers;
	size_t nheaders;
	struct ipcmsg_str body; /* base64 */
	json_t *tree; /* the checked payload, owned: readers may use it */
};

/*
 * Encoders: the payload as JSON text (malloc'd, NUL-terminated, *len
 * set), or NULL when a field breaks the rules the decoder checks or
 * memory ran out. Every string must be valid UTF-8.
 */
char *ipcmsg_result_encode(const struct ipcmsg_result *, size_t *len);
char *ipcmsg_tool_call_encode(const struct ipcmsg_tool_call *, size_t *len);
char *ipcmsg_outbound_encode(const struct ipcmsg_outbound *, size_t *len);
char *ipcmsg_handle_result_encode(
    const struct ipcmsg_handle_result *, size_t *len);
char *ipcmsg_execute_encode(const struct ipcmsg_execute *, size_t *len);
char *ipcmsg_invoke_encode(const struct ipcmsg_invoke *, size_t *len);
char *ipcmsg_tool_result_encode(const struct ipcmsg_tool_result *, size_t *len);
char *ipcmsg_outbound_response_encode(
    const struct ipcmsg_outbound_response *, size_t *len);
/* The error form {"error": text}; *len set. */
char *ipcmsg_outbound_error_encode(const char *text, size_t *len);
/* The error form to answer with when even that found no memory. */
#define IPCMSG_OUTBOUND_NOMEM "{\"error\":\"out of memory\"}"

/*
 * A decoder's *why when the decoding process itself ran out of memory:
 * not a rule the payload broke (compare the pointer).
 */
extern const char ipcmsg_nomem[];
#define IPCMSG_NOMEM ipcmsg_nomem

/*
 * Decoders: 0 with *out filled (free it with the _clear), or -1 with
 * *why naming the first rule the payload broke (a static string) and
 * *out empty. `retained` is the RESULT frame's flag: a result names
 * handles exactly when it says its isolate stays.
 */
int ipcmsg_result_decode(const uint8_t *buf, size_t len, int retained,
    struct ipcmsg_result *out, const char **why);
int ipcmsg_tool_call_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_tool_call *out, const char **why);
int ipcmsg_outbound_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_outbound *out, const char **why);
int ipcmsg_handle_result_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_handle_result *out, const char **why);
int ipcmsg_execute_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_execute *out, const char **why);
int ipcmsg_invoke_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_invoke *out, const char **why);
int ipcmsg_tool_result_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_tool_result *out, const char **why);
int ipcmsg_outbound_response_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_outbound_response *out, const char **why);

void ipcmsg_result_clear(struct ipcmsg_result *);
void ipcmsg_tool_call_clear(struct ipcmsg_tool_call *);
void ipcmsg_outbound_clear(struct ipcmsg_outbound *);
void ipcmsg_handle_result_clear(struct ipcmsg_handle_result *);
void ipcmsg_execute_clear(struct ipcmsg_execute *);
void ipcmsg_invoke_clear(struct ipcmsg_invoke *);
void ipcmsg_outbound_response_clear(struct ipcmsg_outbound_response *);

/* The level's name ("log", "warn", "error"). */
const char *ipcmsg_level_name(enum ipcmsg_level);

/*
 * 1 when s[0..len) is one JSON text (RFC 8259: a value between optional
 * whitespace), else 0. Checks the grammar without building anything and
 * without recursion, so no depth is too deep; bytes of 0x80 and above
 * inside strings are taken as they are (the caller checked UTF-8). -1
 * when it ran out of memory (deep nesting keeps a byte per level) before
 * it could tell.
 */
int ipcmsg_json_valid(const char *s, size_t len);

#endif
