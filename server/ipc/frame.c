/*
 * The frame codec: header layout, per-type size bounds, direction.
 *
 * Header (network byte order):
 *   0  u8  version       FRAME_VERSION
 *   1  u8  type          enum frame_type
 *   2  u8  flags         type-specific bits
 *   3  u8  reserved      must be 0
 *   4  u32 exec_id
 *   8  u32 call_id
 *  12  u32 len           payload bytes that follow
 */
#include <string.h>

#include "frame.h"

/* Bounds of one type: who may send it and how large its payload may be. */
struct frame_rule {
	const char *name;
	enum frame_role sender_decoded_by; /* the role that accepts it */
	uint32_t min_len;
	uint32_t max_len; /* 0 = bounded by the decoder's max_payload */
	uint8_t allowed_flags;
};

static const struct frame_rule frame_rules[FRAME_TYPE_MAX] = {
	[FRAME_HELLO] = { "HELLO", FRAME_ROLE_PARENT, 2, 256, 0 },
	[FRAME_EXECUTE] = { "EXECUTE", FRAME_ROLE_CHILD, 2, 0,
	    FRAME_EXECUTE_STAY | FRAME_EXECUTE_YIELD | FRAME_SPIN },
	[FRAME_TOOL_CALL] = { "TOOL_CALL", FRAME_ROLE_PARENT, 2, 0, 0 },
	[FRAME_TOOL_RESULT] = { "TOOL_RESULT", FRAME_ROLE_CHILD, 0, 0,
	    FRAME_SPIN },
	[FRAME_OUTBOUND_REQUEST] = { "OUTBOUND_REQUEST", FRAME_ROLE_PARENT, 2,
	    0, 0 },
	[FRAME_OUTBOUND_RESPONSE] = { "OUTBOUND_RESPONSE", FRAME_ROLE_CHILD, 2,
	    0, FRAME_SPIN },
	[FRAME_HOST_WAIT] = { "HOST_WAIT", FRAME_ROLE_PARENT, 0, 0xffffffffu,
	    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY },
	[FRAME_RESULT] = { "RESULT", FRAME_ROLE_PARENT, 1, 0, 1 },
	[FRAME_INVOKE_HANDLE] = { "INVOKE_HANDLE", FRAME_ROLE_CHILD, 2, 0, 0 },
	[FRAME_HANDLE_RESULT] = { "HANDLE_RESULT", FRAME_ROLE_PARENT, 1, 0,
	    FRAME_HANDLE_RESULT_LAST },
	[FRAME_CLOSE_HANDLES] = { "CLOSE_HANDLES", FRAME_ROLE_CHILD, 0,
	    0xffffffffu, 0 },
	[FRAME_SHUTDOWN] = { "SHUTDOWN", FRAME_ROLE_CHILD, 0, 0xffffffffu, 0 },
	[FRAME_FETCH_START] = { "FETCH_START", FRAME_ROLE_FETCHER, 2, 0, 0 },
	[FRAME_FETCH_CANCEL] = { "FETCH_CANCEL", FRAME_ROLE_FETCHER, 0,
	    0xffffffffu, 0 },
	[FRAME_FETCH_DONE] = { "FETCH_DONE", FRAME_ROLE_FETCH_PARENT, 2, 0, 0 },
	[FRAME_FETCH_EVENT] = { "FETCH_EVENT", FRAME_ROLE_FETCH_PARENT, 0,
	    0xffffffffu, 0 },
};

static uint32_t
frame_get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static void
frame_put_u32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

long
frame_decode(const uint8_t *buf, size_t len, enum frame_role role,
    uint32_t max_payload, struct frame *f)
{
	const struct frame_rule *rule;
	uint32_t plen, max;
	uint8_t type;

	if (len < FRAME_HEADER_SIZE)
		return FRAME_NEED_MORE;
	if (buf[0] != FRAME_VERSION)
		return FRAME_ERR_VERSION;
	type = buf[1];
	if (type == 0 || type >= FRAME_TYPE_MAX)
		return FRAME_ERR_TYPE;
	rule = &frame_rules[type];
	if (rule->sender_decoded_by != role)
		return FRAME_ERR_DIRECTION;
	if (buf[3] != 0 || (buf[2] & ~rule->allowed_flags) != 0)
		return FRAME_ERR_RESERVED;
	plen = frame_get_u32(buf + 12);
	/* A max of 0xffffffff marks a header-only type: no payload at all. */
	max = rule->max_len == 0xffffffffu ? 0
	    : rule->max_len		   ? rule->max_len
					   : max_payload;
	/* Size checks come before waiting for the payload, so a hostile length
	 * never buffers. */
	if (plen < rule->min_len || plen > max)
		return FRAME_ERR_SIZE;
	if (len - FRAME_HEADER_SIZE < plen)
		return FRAME_NEED_MORE;
	f->type = type;
	f->flags = buf[2];
	f->exec_id = frame_get_u32(buf + 4);
	f->call_id = frame_get_u32(buf + 8);
	f->payload = buf + FRAME_HEADER_SIZE;
	f->len = plen;
	return (long)FRAME_HEADER_SIZE + plen;
}

void
frame_encode_header(uint8_t out[FRAME_HEADER_SIZE], enum frame_type type,
    uint8_t flags, uint32_t exec_id, uint32_t call_id, uint32_t payload_len)
{
	out[0] = FRAME_VERSION;
	out[1] = (uint8_t)type;
	out[2] = flags;
	out[3] = 0;
	frame_put_u32(out + 4, exec_id);
	frame_put_u32(out + 8, call_id);
	frame_put_u32(out + 12, payload_len);
}

const char *
frame_strerror(long status)
{
	switch (status) {
	case FRAME_NEED_MORE:
		return "incomplete frame";
	case FRAME_ERR_VERSION:
		return "frame of another protocol version";
	case FRAME_ERR_TYPE:
		return "unknown frame type";
	case FRAME_ERR_SIZE:
		return "frame payload outside its type's bounds";
	case FRAME_ERR_DIRECTION:
		return "frame type sent in the wrong direction";
	case FRAME_ERR_RESERVED:
		return "reserved frame header bits set";
	}
	return status > 0 ? "frame decoded" : "unknown frame error";
}

const char *
frame_type_name(enum frame_type type)
{
	if (type <= 0 || type >= FRAME_TYPE_MAX)
		return "?";
	return frame_rules[type].name;
}
