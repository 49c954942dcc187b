/*
 * The frame protocol between the daemon and the processes it starts: the
 * worker pool's engine children, and the fetcher (the process that runs
 * native fetches, server/fetcher/).
 *
 * One socketpair joins the daemon to each of them. Both ends speak
 * length-prefixed frames: a fixed 16-byte header in network byte order,
 * then `len` payload bytes. Neither end trusts the other: every frame is
 * checked against its type's size bounds (as httpd's IMSG_SIZE_CHECK does)
 * before anything reads the payload, and a frame that fails is a protocol
 * violation that ends the child, never the daemon.
 *
 * The codec does no I/O: frame_decode() takes (buf, len) and answers with
 * the bytes one frame consumed, FRAME_NEED_MORE, or FRAME_ERR_*.
 */
#ifndef FRAME_H
#define FRAME_H

#include <stddef.h>
#include <stdint.h>

#define FRAME_HEADER_SIZE 16
#define FRAME_VERSION 1

/*
 * Frame types. "P->C" is parent to child, "C->P" child to parent. Payloads
 * are JSON text unless stated; ipcmsg.h checks the shapes of the child's.
 */
enum frame_type {
	FRAME_HELLO = 1, /* C->P: the child is ready (payload: JSON {}) */
	FRAME_EXECUTE, /* P->C: a request (JSON); FRAME_EXECUTE_STAY */
	FRAME_TOOL_CALL, /* C->P: a tool call (JSON {provider, tool, args}) */
	FRAME_TOOL_RESULT, /* P->C: the envelope JSON answering call_id */
	FRAME_OUTBOUND_REQUEST, /* C->P: a fetch (JSON head; body base64) */
	FRAME_OUTBOUND_RESPONSE, /* P->C: the answer to call_id */
	FRAME_HOST_WAIT, /* C->P: run-clock edge; FRAME_HOST_WAIT_* flags */
	FRAME_RESULT, /* C->P: the result of exec_id; flags bit 0 = isolate
			 retained */
	FRAME_INVOKE_HANDLE, /* P->C: invoke a retained handle (JSON) */
	FRAME_HANDLE_RESULT, /* C->P: the serialized response of call_id;
				FRAME_HANDLE_RESULT_LAST */
	FRAME_CLOSE_HANDLES, /* P->C: release a retained execution */
	FRAME_SHUTDOWN, /* P->C: finish and exit */
	/*
	 * The fetcher's link ("D" the daemon, "F" the fetcher). call_id names
	 * one fetch for its whole life; exec_id is its owner, whose fetches
	 * share the bounds per execution.
	 */
	FRAME_FETCH_START, /* D->F: JSON {"timeoutMs", "request"} */
	FRAME_FETCH_CANCEL, /* D->F: abandon call_id; no answer follows */
	FRAME_FETCH_DONE, /* F->D: the OUTBOUND_RESPONSE payload of call_id */
	FRAME_FETCH_EVENT, /* F->D: a fetch counter moved; call_id = which */
	FRAME_TYPE_MAX
};

/*
 * EXECUTE: after its RESULT the child resets its heap to the zygote's image
 * and says HELLO again, to run its tenant's next execution.
 */
#define FRAME_EXECUTE_STAY 1
/*
 * EXECUTE: nothing else runs in the pool, so the parent is the next process
 * that needs a CPU once the RESULT is written; a staying child lets it run
 * (sched_yield) before its reset. The RESULT's wake-up places the parent on
 * the child's CPU, as if the child were about to sleep, and the reset (tens
 * of microseconds) then held the answer back from the caller.
 */
#define FRAME_EXECUTE_YIELD 2

/*
 * EXECUTE, TOOL_RESULT, OUTBOUND_RESPONSE: the machine has a CPU nobody
 * else wants (the daemon looked as it sent this frame), so the child may
 * poll for the answer to its next host call a moment before it sleeps
 * (child/spin.h). Without it the child sleeps at once: a spinner would
 * hold a CPU another process is waiting for.
 */
#define FRAME_SPIN 4

/*
 * HANDLE_RESULT: the invocation spent the isolate (its memory bound: the
 * answer is the memory text) and the child exits after this frame. The
 * handles close with this answer, so an invocation that arrives before the
 * child's exit is seen is told HANDLES_CLOSED, not that a child crashed.
 */
#define FRAME_HANDLE_RESULT_LAST 1

/*
 * HOST_WAIT: bit 0 set while the run waits on the host (the run clock's
 * edge); call_id counts the answers (TOOL_RESULT and OUTBOUND_RESPONSE) the
 * child has read in this execution. An edge with WAITING whose count is
 * below the answers the parent sent is no wait (one is on its way and wakes
 * the run at once). ANSWER_ONLY (with WAITING): nothing but an answer to one
 * of its calls can wake the run (no timer of its own is pending), so it may
 * give its CPU slot back; the parent takes the slot back only when it has
 * sent no more answers than that count, so no answer already on its way can
 * wake the run without a slot. The edge back (flags 0) comes only from a
 * wait that no answer ended (a timer, the deadline): the parent ends a wait
 * itself as it sends the answer, so a tool call costs no wake-up for it.
 */
#define FRAME_HOST_WAIT_WAITING 1
#define FRAME_HOST_WAIT_ANSWER_ONLY 2

/* Decoder results besides a positive byte count. */
enum frame_status {
	FRAME_NEED_MORE = 0, /* not a whole frame yet: read more */
	FRAME_ERR_VERSION = -1, /* header names another protocol version */
	FRAME_ERR_TYPE = -2, /* unknown frame type */
	FRAME_ERR_SIZE = -3, /* payload outside its type's bounds */
	FRAME_ERR_DIRECTION = -4, /* a type the receiving side never accepts */
	FRAME_ERR_RESERVED = -5 /* reserved header bits set */
};

/* Which end is decoding: each accepts only the other end's types. */
enum frame_role {
	FRAME_ROLE_PARENT, /* decodes C->P frames */
	FRAME_ROLE_CHILD, /* decodes P->C frames */
	FRAME_ROLE_FETCH_PARENT, /* decodes F->D frames */
	FRAME_ROLE_FETCHER /* decodes D->F frames */
};

struct frame {
	enum frame_type type;
	uint8_t flags;
	uint32_t exec_id; /* the execution the frame belongs to; 0 for none */
	uint32_t call_id; /* pairs a request with its answer; 0 for none */
	const uint8_t *payload; /* points into the caller's buffer */
	uint32_t len;
};

/*
 * Decodes one frame from (buf, len) as `role` sees it. On success fills *f
 * (payload borrowed from buf) and returns the bytes consumed (> 0); else
 * FRAME_NEED_MORE or a negative enum frame_status. `max_payload` bounds
 * the payloads sized by data (execute, tool traffic, results).
 */
long frame_decode(const uint8_t *buf, size_t len, enum frame_role role,
    uint32_t max_payload, struct frame *f);

/* Writes the 16-byte header for a frame of `payload_len` bytes into out. */
void frame_encode_header(uint8_t out[FRAME_HEADER_SIZE], enum frame_type,
    uint8_t flags, uint32_t exec_id, uint32_t call_id, uint32_t payload_len);

/* A short description of a decoder error, for logs. */
const char *frame_strerror(long status);

/* The name of a frame type, for logs ("TOOL_CALL"); "?" when unknown. */
const char *frame_type_name(enum frame_type);

#endif
