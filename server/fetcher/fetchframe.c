/* Frames over a libevent buffer (fetchframe.h). */
#include "fetchframe.h"

long
fetchframe_next(struct evbuffer *in, enum frame_role role, uint32_t max_payload,
    struct frame *f)
{
	uint8_t hdr[FRAME_HEADER_SIZE];
	const uint8_t *b;
	size_t need;
	long rc;

	if (evbuffer_copyout(in, hdr, sizeof(hdr)) != (ev_ssize_t)sizeof(hdr))
		return FRAME_NEED_MORE;
	/* The header alone: a bad length is refused before it buffers. */
	if ((rc = frame_decode(hdr, sizeof(hdr), role, max_payload, f)) < 0)
		return rc;
	need = FRAME_HEADER_SIZE +
	    ((size_t)hdr[12] << 24 | (size_t)hdr[13] << 16 |
		(size_t)hdr[14] << 8 | hdr[15]);
	if (evbuffer_get_length(in) < need)
		return FRAME_NEED_MORE;
	if ((b = evbuffer_pullup(in, (ev_ssize_t)need)) == NULL)
		return FRAME_ERR_SIZE; /* out of memory making it contiguous */
	return frame_decode(b, need, role, max_payload, f);
}

int
fetchframe_add(struct evbuffer *out, enum frame_type type, uint32_t exec_id,
    uint32_t call_id, const void *payload, size_t len)
{
	uint8_t hdr[FRAME_HEADER_SIZE];

	if (len > UINT32_MAX)
		return -1;
	frame_encode_header(hdr, type, 0, exec_id, call_id, (uint32_t)len);
	/* Both parts or neither: a half-written frame would break the link. */
	if (evbuffer_expand(out, sizeof(hdr) + len) != 0 ||
	    evbuffer_add(out, hdr, sizeof(hdr)) != 0)
		return -1;
	if (len > 0 && evbuffer_add(out, payload, len) != 0)
		return -1;
	return 0;
}
