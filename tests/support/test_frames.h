/* Blocking frame I/O for the scripted engine children of pool and API tests. */
#ifndef TEST_FRAMES_H
#define TEST_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "ipc/frame.h"

/* Writes one frame (payload may be NULL); 0, or -1 when the write failed. */
int test_frame_send(int fd, enum frame_type type, uint8_t flags,
    uint32_t exec_id, uint32_t call_id, const char *payload);

/*
 * Reads one frame into buf (payload NUL-terminated, f->payload points into
 * buf); 0, or -1 at EOF or on a frame that does not fit or decode.
 */
int test_frame_recv(int fd, struct frame *f, uint8_t *buf, size_t cap);

/*
 * Payloads a well-behaved child writes (ipc/ipcmsg.h): a RESULT whose
 * resultJson is `json_text` (a JSON text), a RESULT that keeps its isolate
 * (flag set, handles ["fetch"]), and a HANDLE_RESULT's {"error": text}.
 */
int test_frame_send_result(int fd, uint32_t exec_id, const char *json_text);
int test_frame_send_grant(int fd, uint32_t exec_id);
int test_frame_send_handle_error(
    int fd, uint32_t exec_id, uint32_t call_id, const char *text);
/* The same, flagged FRAME_HANDLE_RESULT_LAST: the isolate is spent. */
int test_frame_send_handle_last(
    int fd, uint32_t exec_id, uint32_t call_id, const char *text);

/*
 * What a pool test reads of a child's payload: the resultJson of a RESULT,
 * the error of a RESULT or HANDLE_RESULT, else the payload itself; copied
 * into out (cap bytes, NUL-terminated).
 */
void test_frame_unwrap(const uint8_t *p, size_t len, char *out, size_t cap);

#endif
