/*
 * RFC 6455 WebSocket framing: frame decoder, message assembler, frame
 * encoder and the close-handshake state machine. No I/O: every decoder
 * takes (buf, len) and returns
 *     > 0  bytes consumed (exactly one frame),
 *       0  need more bytes,
 *     < 0  a WS_E_* error; ws_error_close_code() gives the close code
 *          to fail the connection with, ws_strerror() a message.
 */
#ifndef WS_H
#define WS_H

#include <stddef.h>
#include <stdint.h>

#include "utf8.h"

/*
 * The message limit both sides apply (MESSAGE_LIMIT in spec/protocol.json,
 * the Decision in spec/protocol.md): every message whose bounded parts keep
 * their bounds fits it, so nothing a conforming peer sends is refused.
 */
#if defined(__has_include)
#if __has_include("cm_spec.h")
#include "cm_spec.h"
#endif
#endif
#if defined(CM_MESSAGE_LIMIT)
#define WS_MAX_MESSAGE_DEFAULT ((size_t)CM_MESSAGE_LIMIT)
#elif defined(MESSAGE_LIMIT)
#define WS_MAX_MESSAGE_DEFAULT ((size_t)MESSAGE_LIMIT)
#endif

#define WS_MAX_CONTROL_PAYLOAD 125
#define WS_MAX_CLOSE_REASON 123
#define WS_MAX_HEADER 14 /* 2 + 8-byte length + 4-byte mask */

enum ws_role {
	WS_ROLE_SERVER, /* decodes masked frames, encodes unmasked ones */
	WS_ROLE_CLIENT /* decodes unmasked frames, encodes masked ones */
};

enum ws_opcode {
	WS_OP_CONT = 0x0,
	WS_OP_TEXT = 0x1,
	WS_OP_BINARY = 0x2,
	WS_OP_CLOSE = 0x8,
	WS_OP_PING = 0x9,
	WS_OP_PONG = 0xA
};

/* Close codes this module produces or inspects (RFC 6455 §7.4.1). */
enum ws_close_code {
	WS_CLOSE_NORMAL = 1000,
	WS_CLOSE_GOING_AWAY = 1001,
	WS_CLOSE_PROTOCOL = 1002,
	WS_CLOSE_UNSUPPORTED = 1003,
	WS_CLOSE_NO_STATUS = 1005, /* never on the wire */
	WS_CLOSE_ABNORMAL = 1006, /* never on the wire */
	WS_CLOSE_INVALID_DATA = 1007,
	WS_CLOSE_POLICY = 1008,
	WS_CLOSE_TOO_BIG = 1009,
	WS_CLOSE_EXTENSION = 1010,
	WS_CLOSE_INTERNAL = 1011,
	WS_CLOSE_TLS = 1015 /* never on the wire */
};

enum ws_error {
	WS_E_RSV = -1, /* 1002: a reserved bit set */
	WS_E_OPCODE = -2, /* 1002: reserved opcode */
	WS_E_CONTROL_LENGTH = -3, /* 1002: control payload > 125 */
	WS_E_CONTROL_FRAGMENTED = -4, /* 1002: control frame without FIN */
	WS_E_MASK_MISSING = -5, /* 1002: client frame not masked */
	WS_E_MASK_UNEXPECTED = -6, /* 1002: server frame masked */
	/* 1002: 16/64-bit form for a short length */
	WS_E_LENGTH_NOT_MINIMAL = -7,
	/* 1002: 64-bit length with the top bit set */
	WS_E_LENGTH_MSB = -8,
	WS_E_TOO_BIG = -9, /* 1009: message over the ceiling */
	/* 1002: continuation with no message open */
	WS_E_CONT_UNEXPECTED = -10,
	/* 1002: new message inside a fragmented one */
	WS_E_CONT_EXPECTED = -11,
	WS_E_UTF8 = -12, /* 1007: text not valid UTF-8 */
	WS_E_CLOSE_PAYLOAD = -13, /* 1002: close payload of one byte */
	/* 1002: close code not allowed on the wire */
	WS_E_CLOSE_CODE = -14,
	WS_E_CLOSE_REASON = -15, /* 1007: close reason not valid UTF-8 */
	/* 1011: cannot grow the message buffer */
	WS_E_NOMEM = -16,
	WS_E_BUFFER = -17, /* encoder: output buffer too small */
	WS_E_ARG = -18, /* encoder: bad opcode/code/length */
	WS_E_RANDOM = -19 /* encoder: no random mask available */
};

/* Static message for a WS_E_* code. */
const char *ws_strerror(int err);

/* Close code to fail with after error err: 1002, 1007, 1009 or 1011. */
int ws_error_close_code(int err);

/* Whether a close frame may carry code: 1000-1003, 1007-1011, 3000-4999. */
int ws_close_code_valid(int code);

/* One decoded frame. payload points into the caller's buffer, unmasked. */
struct ws_frame {
	int fin;
	int opcode;
	int masked;
	uint8_t mask[4];
	size_t header_len;
	uint64_t payload_len;
	uint8_t *payload;
};

/*
 * Decodes the header of the frame at buf. Returns the header length, 0
 * when the header is incomplete, or an error. max_payload bounds the
 * declared length (WS_E_TOO_BIG), so a hostile length fails before any byte
 * of its payload is buffered. Does not touch the payload; f->payload is
 * NULL. Borrows buf.
 */
long ws_frame_header(enum ws_role role, const uint8_t *buf, size_t len,
    uint64_t max_payload, struct ws_frame *f);

/*
 * Decodes one whole frame at buf and unmasks its payload in place.
 * Returns header + payload length, 0 when the frame is incomplete (then,
 * once the header is complete, f->header_len and f->payload_len say how
 * many bytes the frame needs), or an error. Frame-level checks only: see
 * ws_assembler for fragmentation, UTF-8 and close payloads. f->payload
 * points into buf (the caller keeps ownership).
 */
long ws_frame_decode(enum ws_role role, uint8_t *buf, size_t len,
    uint64_t max_payload, struct ws_frame *f);

/* XORs p[0..len) with the mask, starting at mask byte offset % 4. */
void ws_mask(uint8_t *p, size_t len, const uint8_t mask[4], size_t offset);

/*
 * Parses a close frame's payload. An empty one gives WS_CLOSE_NO_STATUS and
 * no reason. *reason points into p. Returns 0 or WS_E_CLOSE_*.
 */
int ws_close_parse(const uint8_t *p, size_t len, int *code,
    const uint8_t **reason, size_t *reason_len);

enum ws_event_type {
	WS_EV_NONE, /* a frame was consumed, nothing to report yet */
	WS_EV_TEXT, /* a complete, UTF-8-valid text message */
	WS_EV_BINARY, /* a complete binary message (capnweb cannot use it) */
	WS_EV_PING,
	WS_EV_PONG,
	WS_EV_CLOSE /* close_code (1005 when absent) and reason are set */
};

/*
 * What one ws_assembler_feed produced. data points either into the caller's
 * buffer (a single-frame message: no copy) or into the assembler's own
 * buffer (a fragmented one); either way it is valid until the next feed
 * and until the caller discards the consumed input.
 */
struct ws_event {
	enum ws_event_type type;
	const uint8_t *data;
	size_t len;
	int close_code;
	const uint8_t *reason;
	size_t reason_len;
};

/* Reassembles messages from frames; one per connection and direction. */
struct ws_assembler {
	enum ws_role role;
	size_t max_message;
	int in_message; /* a fragmented message is open */
	int opcode; /* its opcode, text or binary */
	uint8_t *buf; /* owned: the fragments received so far */
	size_t len;
	size_t cap;
	struct utf8_state utf8;
	/*
	 * After feed returned 0: the size of the whole next frame once its
	 * header is in (else 0), so a caller can wait for that many bytes
	 * before it makes the input contiguous again.
	 */
	uint64_t want;
};

/* max_message bounds one message's payload (WS_MAX_MESSAGE_DEFAULT if set). */
void ws_assembler_init(
    struct ws_assembler *a, enum ws_role role, size_t max_message);

/* Frees the fragment buffer; the assembler may be initialised again. */
void ws_assembler_free(struct ws_assembler *a);

/*
 * Decodes the next frame at buf (unmasking it in place) and folds it into
 * the message in progress. Returns bytes consumed (one frame; ev says what
 * it completed), 0 when the frame is incomplete, or an error after which
 * the connection must be failed with ws_error_close_code(). Control frames
 * may arrive between fragments; they do not disturb the message.
 */
long ws_assembler_feed(
    struct ws_assembler *a, uint8_t *buf, size_t len, struct ws_event *ev);

/* Bytes a frame with this payload length takes on the wire. */
size_t ws_frame_size(uint64_t payload_len, int masked);

/*
 * Writes a frame header into out (WS_MAX_HEADER bytes suffice). mask NULL
 * means unmasked; otherwise the payload must be masked with it by the
 * caller (ws_mask). Returns the header length or WS_E_BUFFER / WS_E_ARG.
 */
long ws_frame_write_header(uint8_t *out, size_t cap, int fin, int opcode,
    uint64_t payload_len, const uint8_t *mask);

/*
 * Writes a whole frame: header and payload, masked with mask unless it is
 * NULL. Returns the frame length or WS_E_BUFFER / WS_E_ARG. out and payload
 * must not overlap.
 */
long ws_frame_write(uint8_t *out, size_t cap, int fin, int opcode,
    const uint8_t *payload, size_t len, const uint8_t *mask);

/*
 * Writes a final frame as the role sends it: a server unmasked, a client
 * masked with a fresh random key (RAND_bytes). Returns the frame length
 * or an error.
 */
long ws_frame_encode(enum ws_role role, int opcode, const uint8_t *payload,
    size_t len, uint8_t *out, size_t cap);

/*
 * Writes a close payload into out (125 bytes suffice): code, then reason
 * cut to 123 bytes on a character boundary (and before any invalid
 * UTF-8). code WS_CLOSE_NO_STATUS writes an empty payload. Returns its
 * length or WS_E_ARG for a code not allowed on the wire.
 */
long ws_close_payload(
    uint8_t *out, int code, const char *reason, size_t reason_len);

/* ws_close_payload wrapped in a close frame for the role. */
long ws_close_encode(enum ws_role role, int code, const char *reason,
    size_t reason_len, uint8_t *out, size_t cap);

/* The close handshake of one connection (RFC 6455 §7). */
enum ws_conn_state {
	WS_STATE_OPEN,
	/* our close is out, the peer's is awaited */
	WS_STATE_CLOSE_SENT,
	/* the peer's close arrived, ours is going out */
	WS_STATE_CLOSE_RECEIVED,
	/* both sent, or the transport is gone */
	WS_STATE_CLOSED
};

enum ws_conn_event {
	WS_CE_DATA, /* a text or binary message arrived */
	WS_CE_PING,
	WS_CE_PONG,
	WS_CE_PEER_CLOSE, /* a valid close frame arrived */
	WS_CE_LOCAL_CLOSE, /* this side decides to close */
	WS_CE_CLOSE_FLUSHED, /* this side's close frame left the socket */
	WS_CE_PROTOCOL_ERROR, /* a decoder error: fail the connection */
	WS_CE_EOF, /* the transport closed or failed */
	WS_CE_TIMEOUT /* the closing handshake took too long */
};

/* Bits of what to do in reply, in this order. */
#define WS_ACT_DELIVER 0x1 /* hand the message to the session */
#define WS_ACT_SEND_PONG 0x2 /* pong with the ping's payload */
/* Send a close: the peer's code echoed (1005: empty), ours, or the error's. */
#define WS_ACT_SEND_CLOSE 0x4
/* Close the socket once the output is flushed. */
#define WS_ACT_CLOSE_TRANSPORT 0x8

/*
 * Advances *st over ev and returns the WS_ACT_* bits to perform. A server
 * closes the transport as soon as the handshake completes; a client waits
 * for the server's EOF (or its own timeout), as RFC 6455 §7.1.1 asks.
 */
int ws_conn_step(
    enum ws_conn_state *st, enum ws_role role, enum ws_conn_event ev);

#endif
