/*
 * Frames (ipc/frame.h) over a libevent buffer, for the two ends of the
 * fetcher's link: the daemon (daemon/fetchlink.c) and the fetcher
 * (fetcher.c).
 */
#ifndef FETCHFRAME_H
#define FETCHFRAME_H

#include <stddef.h>
#include <stdint.h>

#include <event2/buffer.h>

#include "ipc/frame.h"

/*
 * The next whole frame in `in` as `role` decodes it: *f's payload points
 * into `in` (made contiguous) until the caller drains the returned count.
 * FRAME_NEED_MORE (0) for an incomplete frame, a negative enum
 * frame_status for a frame that breaks its rules (judged on the header
 * alone, before its payload is waited for).
 */
long fetchframe_next(struct evbuffer *in, enum frame_role role,
    uint32_t max_payload, struct frame *f);

/* Appends one frame to `out`; 0, or -1 when out of memory. */
int fetchframe_add(struct evbuffer *out, enum frame_type type, uint32_t exec_id,
    uint32_t call_id, const void *payload, size_t len);

#endif
