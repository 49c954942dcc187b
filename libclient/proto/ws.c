/* RFC 6455 framing: decode, reassemble, encode, and the close handshake. */
#include <stdlib.h>
#include <string.h>

#include <openssl/rand.h>

#include "utf8.h"
#include "ws.h"

/* Keep this many bytes of fragment buffer between messages; free the rest. */
#define WS_KEEP_BUFFER 65536

const char *
ws_strerror(int err)
{
	switch (err) {
	case WS_E_RSV:
		return "reserved bit set in a frame header";
	case WS_E_OPCODE:
		return "reserved opcode";
	case WS_E_CONTROL_LENGTH:
		return "control frame payload longer than 125 bytes";
	case WS_E_CONTROL_FRAGMENTED:
		return "fragmented control frame";
	case WS_E_MASK_MISSING:
		return "client frame is not masked";
	case WS_E_MASK_UNEXPECTED:
		return "server frame is masked";
	case WS_E_LENGTH_NOT_MINIMAL:
		return "payload length not in its shortest form";
	case WS_E_LENGTH_MSB:
		return "64-bit payload length has its top bit set";
	case WS_E_TOO_BIG:
		return "message larger than the limit";
	case WS_E_CONT_UNEXPECTED:
		return "continuation frame with no message in progress";
	case WS_E_CONT_EXPECTED:
		return "new message before the fragmented one finished";
	case WS_E_UTF8:
		return "text message is not valid UTF-8";
	case WS_E_CLOSE_PAYLOAD:
		return "close frame payload of one byte";
	case WS_E_CLOSE_CODE:
		return "close code not allowed on the wire";
	case WS_E_CLOSE_REASON:
		return "close reason is not valid UTF-8";
	case WS_E_NOMEM:
		return "out of memory assembling a message";
	case WS_E_BUFFER:
		return "output buffer too small";
	case WS_E_ARG:
		return "invalid frame parameters";
	case WS_E_RANDOM:
		return "no random bytes for the frame mask";
	}
	return "unknown WebSocket error";
}

int
ws_error_close_code(int err)
{
	switch (err) {
	case WS_E_TOO_BIG:
		return WS_CLOSE_TOO_BIG;
	case WS_E_UTF8:
	case WS_E_CLOSE_REASON:
		return WS_CLOSE_INVALID_DATA;
	case WS_E_NOMEM:
	case WS_E_BUFFER:
	case WS_E_ARG:
	case WS_E_RANDOM:
		return WS_CLOSE_INTERNAL;
	}
	return WS_CLOSE_PROTOCOL;
}

int
ws_close_code_valid(int code)
{
	return (code >= 1000 && code <= 1003) ||
	    (code >= 1007 && code <= 1011) || (code >= 3000 && code <= 4999);
}

long
ws_frame_header(enum ws_role role, const uint8_t *buf, size_t len,
    uint64_t max_payload, struct ws_frame *f)
{
	size_t hlen = 2;
	uint64_t plen;
	unsigned len7;
	int i;

	if (len < 2)
		return 0;
	f->fin = (buf[0] & 0x80) != 0;
	f->opcode = buf[0] & 0x0F;
	f->masked = (buf[1] & 0x80) != 0;
	f->payload = NULL;
	len7 = buf[1] & 0x7F;
	if (buf[0] & 0x70)
		return WS_E_RSV;
	switch (f->opcode) {
	case WS_OP_CONT:
	case WS_OP_TEXT:
	case WS_OP_BINARY:
		break;
	case WS_OP_CLOSE:
	case WS_OP_PING:
	case WS_OP_PONG:
		if (!f->fin)
			return WS_E_CONTROL_FRAGMENTED;
		if (len7 > WS_MAX_CONTROL_PAYLOAD)
			return WS_E_CONTROL_LENGTH;
		break;
	default:
		return WS_E_OPCODE;
	}
	if (role == WS_ROLE_SERVER && !f->masked)
		return WS_E_MASK_MISSING;
	if (role == WS_ROLE_CLIENT && f->masked)
		return WS_E_MASK_UNEXPECTED;
	if (len7 == 126) {
		if (len < 4)
			return 0;
		plen = (uint64_t)buf[2] << 8 | buf[3];
		if (plen < 126)
			return WS_E_LENGTH_NOT_MINIMAL;
		hlen = 4;
	} else if (len7 == 127) {
		if (len < 10)
			return 0;
		if (buf[2] & 0x80)
			return WS_E_LENGTH_MSB;
		plen = 0;
		for (i = 0; i < 8; i++)
			plen = plen << 8 | buf[2 + i];
		if (plen <= 0xFFFF)
			return WS_E_LENGTH_NOT_MINIMAL;
		hlen = 10;
	} else
		plen = len7;
	if (plen > max_payload)
		return WS_E_TOO_BIG;
	if (f->masked) {
		if (len < hlen + 4)
			return 0;
		memcpy(f->mask, buf + hlen, 4);
		hlen += 4;
	} else
		memset(f->mask, 0, 4);
	f->header_len = hlen;
	f->payload_len = plen;
	return (long)hlen;
}

void
ws_mask(uint8_t *p, size_t len, const uint8_t mask[4], size_t offset)
{
	size_t i = 0;

	/* A word at a time once aligned: payloads can be megabytes. */
	while (i < len && (offset + i) % 4 != 0) {
		p[i] ^= mask[(offset + i) % 4];
		i++;
	}
	if (len - i >= 8) {
		uint64_t k, w;
		uint32_t k32;

		memcpy(&k32, mask, 4);
		k = (uint64_t)k32 << 32 | k32;
		for (; i + 8 <= len; i += 8) {
			memcpy(&w, p + i, 8);
			w ^= k;
			memcpy(p + i, &w, 8);
		}
	}
	for (; i < len; i++)
		p[i] ^= mask[(offset + i) % 4];
}

long
ws_frame_decode(enum ws_role role, uint8_t *buf, size_t len,
    uint64_t max_payload, struct ws_frame *f)
{
	long h;

	f->header_len = 0;
	f->payload_len = 0;
	if ((h = ws_frame_header(role, buf, len, max_payload, f)) <= 0)
		return h;
	/* In 64 bits: a declared length may exceed what size_t holds. */
	if ((uint64_t)(len - f->header_len) < f->payload_len)
		return 0;
	f->payload = buf + f->header_len;
	if (f->masked)
		ws_mask(f->payload, (size_t)f->payload_len, f->mask, 0);
	return (long)(f->header_len + f->payload_len);
}

int
ws_close_parse(const uint8_t *p, size_t len, int *code, const uint8_t **reason,
    size_t *reason_len)
{
	*reason = p;
	*reason_len = 0;
	if (len == 0) {
		*code = WS_CLOSE_NO_STATUS;
		return 0;
	}
	if (len == 1)
		return WS_E_CLOSE_PAYLOAD;
	*code = p[0] << 8 | p[1];
	if (!ws_close_code_valid(*code))
		return WS_E_CLOSE_CODE;
	if (!utf8_valid(p + 2, len - 2))
		return WS_E_CLOSE_REASON;
	*reason = p + 2;
	*reason_len = len - 2;
	return 0;
}

void
ws_assembler_init(struct ws_assembler *a, enum ws_role role, size_t max_message)
{
	memset(a, 0, sizeof(*a));
	a->role = role;
	a->max_message = max_message;
	utf8_init(&a->utf8);
}

void
ws_assembler_free(struct ws_assembler *a)
{
	free(a->buf);
	a->buf = NULL;
	a->len = a->cap = 0;
	a->in_message = 0;
}

/* Appends to the fragment buffer, growing it by doubling up to the ceiling. */
static int
ws_assembler_append(struct ws_assembler *a, const uint8_t *p, size_t n)
{
	if (n > a->cap - a->len) {
		size_t ncap = a->cap ? a->cap : 4096;
		uint8_t *nbuf;

		while (ncap - a->len < n)
			ncap =
			    ncap > a->max_message / 2 ? a->len + n : ncap * 2;
		if ((nbuf = realloc(a->buf, ncap)) == NULL)
			return WS_E_NOMEM;
		a->buf = nbuf;
		a->cap = ncap;
	}
	if (n > 0)
		memcpy(a->buf + a->len, p, n);
	a->len += n;
	return 0;
}

/* Between messages: a large fragment buffer is not kept for the next one. */
static void
ws_assembler_reset(struct ws_assembler *a)
{
	a->len = 0;
	if (a->cap > WS_KEEP_BUFFER) {
		free(a->buf);
		a->buf = NULL;
		a->cap = 0;
	}
}

long
ws_assembler_feed(
    struct ws_assembler *a, uint8_t *buf, size_t len, struct ws_event *ev)
{
	struct ws_frame f;
	uint64_t budget;
	long n;
	int rc;

	memset(ev, 0, sizeof(*ev));
	a->want = 0;
	if (!a->in_message)
		ws_assembler_reset(a);
	/* Only data frames count against the message; control ones have 125. */
	if ((n = ws_frame_header(a->role, buf, len, UINT64_MAX, &f)) <= 0)
		return n;
	budget = a->in_message ? a->max_message - a->len : a->max_message;
	if ((f.opcode & 0x8) == 0 && f.payload_len > budget)
		return WS_E_TOO_BIG;
	if ((n = ws_frame_decode(a->role, buf, len, UINT64_MAX, &f)) == 0)
		a->want = f.header_len + f.payload_len;
	if (n <= 0)
		return n;
	switch (f.opcode) {
	case WS_OP_PING:
	case WS_OP_PONG:
		ev->type = f.opcode == WS_OP_PING ? WS_EV_PING : WS_EV_PONG;
		ev->data = f.payload;
		ev->len = (size_t)f.payload_len;
		return n;
	case WS_OP_CLOSE:
		rc = ws_close_parse(f.payload, (size_t)f.payload_len,
		    &ev->close_code, &ev->reason, &ev->reason_len);
		if (rc < 0)
			return rc;
		ev->type = WS_EV_CLOSE;
		ev->data = f.payload;
		ev->len = (size_t)f.payload_len;
		return n;
	case WS_OP_CONT:
		if (!a->in_message)
			return WS_E_CONT_UNEXPECTED;
		break;
	default:
		if (a->in_message)
			return WS_E_CONT_EXPECTED;
		if (f.fin) {
			/* The common case, one frame per message: no copy. */
			if (f.opcode == WS_OP_TEXT &&
			    !utf8_valid(f.payload, (size_t)f.payload_len))
				return WS_E_UTF8;
			ev->type =
			    f.opcode == WS_OP_TEXT ? WS_EV_TEXT : WS_EV_BINARY;
			ev->data = f.payload;
			ev->len = (size_t)f.payload_len;
			return n;
		}
		a->in_message = 1;
		a->opcode = f.opcode;
		utf8_init(&a->utf8);
		break;
	}
	/* Validate each fragment as it comes, so bad text fails early. */
	if (a->opcode == WS_OP_TEXT &&
	    utf8_feed(&a->utf8, f.payload, (size_t)f.payload_len) < 0)
		return WS_E_UTF8;
	if ((rc = ws_assembler_append(a, f.payload, (size_t)f.payload_len)) < 0)
		return rc;
	if (!f.fin)
		return n;
	if (a->opcode == WS_OP_TEXT && utf8_finish(&a->utf8) < 0)
		return WS_E_UTF8;
	ev->type = a->opcode == WS_OP_TEXT ? WS_EV_TEXT : WS_EV_BINARY;
	ev->data = a->buf;
	ev->len = a->len;
	/* The data stays valid until the next feed, which resets first. */
	a->in_message = 0;
	return n;
}

size_t
ws_frame_size(uint64_t payload_len, int masked)
{
	size_t h = 2;

	if (payload_len > 0xFFFF)
		h += 8;
	else if (payload_len > 125)
		h += 2;
	if (masked)
		h += 4;
	return h + (size_t)payload_len;
}

long
ws_frame_write_header(uint8_t *out, size_t cap, int fin, int opcode,
    uint64_t payload_len, const uint8_t *mask)
{
	size_t h = 2;
	int i;

	if (opcode & ~0xF || (opcode >= 3 && opcode <= 7) || opcode > 0xA)
		return WS_E_ARG;
	if ((opcode & 0x8) && (!fin || payload_len > WS_MAX_CONTROL_PAYLOAD))
		return WS_E_ARG;
	if (payload_len >> 63)
		return WS_E_ARG;
	if (cap < ws_frame_size(0, mask != NULL) +
		(payload_len > 0xFFFF	    ? 8
			: payload_len > 125 ? 2
					    : 0))
		return WS_E_BUFFER;
	out[0] = (uint8_t)((fin ? 0x80 : 0) | opcode);
	if (payload_len <= 125)
		out[1] = (uint8_t)payload_len;
	else if (payload_len <= 0xFFFF) {
		out[1] = 126;
		out[2] = (uint8_t)(payload_len >> 8);
		out[3] = (uint8_t)payload_len;
		h = 4;
	} else {
		out[1] = 127;
		for (i = 0; i < 8; i++)
			out[2 + i] = (uint8_t)(payload_len >> (56 - 8 * i));
		h = 10;
	}
	if (mask != NULL) {
		out[1] |= 0x80;
		memcpy(out + h, mask, 4);
		h += 4;
	}
	return (long)h;
}

long
ws_frame_write(uint8_t *out, size_t cap, int fin, int opcode,
    const uint8_t *payload, size_t len, const uint8_t *mask)
{
	long h;

	if ((h = ws_frame_write_header(out, cap, fin, opcode, len, mask)) < 0)
		return h;
	if (cap - (size_t)h < len)
		return WS_E_BUFFER;
	if (len > 0)
		memcpy(out + h, payload, len);
	if (mask != NULL)
		ws_mask(out + h, len, mask, 0);
	return h + (long)len;
}

/*
 * §5.3: a masking key must be unpredictable, so it comes from the CSPRNG.
 * Drawn 64 keys at a time: OpenSSL's RAND_bytes asks the kernel for the
 * process id on every call (its fork check), a system call per frame. The
 * keys are as unpredictable in a batch; a process that forks with keys
 * left may use the same ones as its parent, which gives an observer of
 * one connection nothing about the payloads of the other. Per thread, so
 * clients on different threads share no state.
 */
#define WS_MASK_BATCH 64

static int
ws_mask_next(uint8_t mask[4])
{
	static _Thread_local uint8_t keys[4 * WS_MASK_BATCH];
	static _Thread_local unsigned left;

	if (left == 0) {
		if (RAND_bytes(keys, sizeof(keys)) != 1)
			return -1;
		left = WS_MASK_BATCH;
	}
	left--;
	memcpy(mask, keys + 4 * left, 4);
	return 0;
}

long
ws_frame_encode(enum ws_role role, int opcode, const uint8_t *payload,
    size_t len, uint8_t *out, size_t cap)
{
	uint8_t mask[4];

	if (role == WS_ROLE_SERVER)
		return ws_frame_write(out, cap, 1, opcode, payload, len, NULL);
	if (ws_mask_next(mask) != 0)
		return WS_E_RANDOM;
	return ws_frame_write(out, cap, 1, opcode, payload, len, mask);
}

long
ws_close_payload(uint8_t *out, int code, const char *reason, size_t reason_len)
{
	size_t n;

	if (code == WS_CLOSE_NO_STATUS)
		return 0;
	if (!ws_close_code_valid(code))
		return WS_E_ARG;
	out[0] = (uint8_t)(code >> 8);
	out[1] = (uint8_t)code;
	if (reason == NULL)
		reason_len = 0;
	n = reason_len < WS_MAX_CLOSE_REASON ? reason_len : WS_MAX_CLOSE_REASON;
	n = utf8_valid_prefix((const uint8_t *)reason, n);
	if (n > 0)
		memcpy(out + 2, reason, n);
	return (long)(2 + n);
}

long
ws_close_encode(enum ws_role role, int code, const char *reason,
    size_t reason_len, uint8_t *out, size_t cap)
{
	uint8_t p[WS_MAX_CONTROL_PAYLOAD];
	long n;

	if ((n = ws_close_payload(p, code, reason, reason_len)) < 0)
		return n;
	return ws_frame_encode(role, WS_OP_CLOSE, p, (size_t)n, out, cap);
}

int
ws_conn_step(enum ws_conn_state *st, enum ws_role role, enum ws_conn_event ev)
{
	/* Whoever owns the TCP close once the handshake is done (§7.1.1). */
	int done = role == WS_ROLE_SERVER ? WS_ACT_CLOSE_TRANSPORT : 0;

	if (ev == WS_CE_EOF || ev == WS_CE_TIMEOUT) {
		if (*st == WS_STATE_OPEN && ev == WS_CE_TIMEOUT)
			return 0;
		*st = WS_STATE_CLOSED;
		return WS_ACT_CLOSE_TRANSPORT;
	}
	switch (*st) {
	case WS_STATE_OPEN:
		switch (ev) {
		case WS_CE_DATA:
			return WS_ACT_DELIVER;
		case WS_CE_PING:
			return WS_ACT_SEND_PONG;
		case WS_CE_PEER_CLOSE:
			*st = WS_STATE_CLOSE_RECEIVED;
			return WS_ACT_SEND_CLOSE;
		case WS_CE_LOCAL_CLOSE:
			*st = WS_STATE_CLOSE_SENT;
			return WS_ACT_SEND_CLOSE;
		case WS_CE_PROTOCOL_ERROR:
			/* §7.1.7: say why, stop reading, drop the link. */
			*st = WS_STATE_CLOSED;
			return WS_ACT_SEND_CLOSE | WS_ACT_CLOSE_TRANSPORT;
		default:
			return 0;
		}
	case WS_STATE_CLOSE_SENT:
		switch (ev) {
		case WS_CE_PEER_CLOSE:
			*st = WS_STATE_CLOSED;
			return done;
		case WS_CE_PROTOCOL_ERROR:
			*st = WS_STATE_CLOSED;
			return WS_ACT_CLOSE_TRANSPORT;
		default:
			/* Data after our close is dropped; no second close. */
			return 0;
		}
	case WS_STATE_CLOSE_RECEIVED:
		switch (ev) {
		case WS_CE_CLOSE_FLUSHED:
			*st = WS_STATE_CLOSED;
			return done;
		case WS_CE_PROTOCOL_ERROR:
			*st = WS_STATE_CLOSED;
			return WS_ACT_CLOSE_TRANSPORT;
		default:
			/* The peer may send nothing after its close. */
			return 0;
		}
	case WS_STATE_CLOSED:
		break;
	}
	return 0;
}
