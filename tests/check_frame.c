/* The pool's frame codec: layout, bounds, direction, partial input. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/frame.h"

static size_t
make_frame(uint8_t *out, enum frame_type type, uint8_t flags, uint32_t exec,
    uint32_t call, const char *payload)
{
	size_t n = payload ? strlen(payload) : 0;

	frame_encode_header(out, type, flags, exec, call, (uint32_t)n);
	if (n)
		memcpy(out + FRAME_HEADER_SIZE, payload, n);
	return FRAME_HEADER_SIZE + n;
}

START_TEST(test_header_layout)
{
	uint8_t h[FRAME_HEADER_SIZE];
	static const uint8_t want[FRAME_HEADER_SIZE] = { 1, FRAME_TOOL_CALL, 0,
		0, 0, 0, 0x01, 0x02, 0xa0, 0xb0, 0xc0, 0xd0, 0, 0, 0x01, 0x00 };

	frame_encode_header(h, FRAME_TOOL_CALL, 0, 0x102, 0xa0b0c0d0, 256);
	ck_assert_mem_eq(h, want, sizeof(want));
}
END_TEST

START_TEST(test_roundtrip)
{
	uint8_t buf[256];
	struct frame f;
	size_t n = make_frame(
	    buf, FRAME_TOOL_CALL, 0, 7, 9, "{\"provider\":\"store\"}");
	long r = frame_decode(buf, n, FRAME_ROLE_PARENT, 1024, &f);

	ck_assert_int_eq(r, (long)n);
	ck_assert_int_eq(f.type, FRAME_TOOL_CALL);
	ck_assert_uint_eq(f.exec_id, 7);
	ck_assert_uint_eq(f.call_id, 9);
	ck_assert_uint_eq(f.len, n - FRAME_HEADER_SIZE);
	ck_assert_mem_eq(f.payload, "{\"provider\":\"store\"}", f.len);
}
END_TEST

START_TEST(test_need_more_at_every_split)
{
	uint8_t buf[64];
	struct frame f;
	size_t n = make_frame(buf, FRAME_RESULT, 0, 1, 0, "{\"result\":42}");
	size_t cut;

	for (cut = 0; cut < n; cut++)
		ck_assert_int_eq(
		    frame_decode(buf, cut, FRAME_ROLE_PARENT, 1024, &f),
		    FRAME_NEED_MORE);
	ck_assert_int_eq(
	    frame_decode(buf, n, FRAME_ROLE_PARENT, 1024, &f), (long)n);
}
END_TEST

START_TEST(test_two_frames_in_one_buffer)
{
	uint8_t buf[128];
	struct frame f;
	size_t a = make_frame(buf, FRAME_HOST_WAIT, 1, 3, 0, NULL);
	size_t b = make_frame(buf + a, FRAME_RESULT, 0, 3, 0, "{}");
	long r;

	r = frame_decode(buf, a + b, FRAME_ROLE_PARENT, 1024, &f);
	ck_assert_int_eq(r, (long)a);
	ck_assert_int_eq(f.type, FRAME_HOST_WAIT);
	ck_assert_uint_eq(f.flags, 1);
	r = frame_decode(buf + a, b, FRAME_ROLE_PARENT, 1024, &f);
	ck_assert_int_eq(r, (long)b);
	ck_assert_int_eq(f.type, FRAME_RESULT);
}
END_TEST

START_TEST(test_hostile_headers)
{
	uint8_t buf[64];
	struct frame f;

	make_frame(buf, FRAME_RESULT, 0, 1, 0, "{}");
	buf[0] = 2;
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_VERSION);
	make_frame(buf, FRAME_RESULT, 0, 1, 0, "{}");
	buf[1] = 0;
	ck_assert_int_eq(
	    frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f), FRAME_ERR_TYPE);
	buf[1] = FRAME_TYPE_MAX;
	ck_assert_int_eq(
	    frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f), FRAME_ERR_TYPE);
	make_frame(buf, FRAME_RESULT, 0, 1, 0, "{}");
	buf[3] = 1;
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_RESERVED);
	/* RESULT takes bit 0 only, HOST_WAIT bits 0 and 1; TOOL_CALL none. */
	make_frame(buf, FRAME_RESULT, 1, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f), 18);
	ck_assert_uint_eq(f.flags, 1);
	make_frame(buf, FRAME_RESULT, 2, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_RESERVED);
	make_frame(buf, FRAME_TOOL_CALL, 1, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_RESERVED);
	make_frame(buf, FRAME_HOST_WAIT,
	    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY, 1, 0, NULL);
	ck_assert_int_eq(frame_decode(buf, 16, FRAME_ROLE_PARENT, 64, &f), 16);
	ck_assert_uint_eq(f.flags, 3);
	make_frame(buf, FRAME_HOST_WAIT, 4, 1, 0, NULL);
	ck_assert_int_eq(frame_decode(buf, 16, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_RESERVED);
	/* EXECUTE takes FRAME_EXECUTE_STAY, _YIELD and FRAME_SPIN and
	 * nothing else. */
	make_frame(buf, FRAME_EXECUTE, FRAME_EXECUTE_STAY, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f), 18);
	ck_assert_uint_eq(f.flags, FRAME_EXECUTE_STAY);
	make_frame(buf, FRAME_EXECUTE,
	    FRAME_EXECUTE_STAY | FRAME_EXECUTE_YIELD | FRAME_SPIN, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f), 18);
	ck_assert_uint_eq(
	    f.flags, FRAME_EXECUTE_STAY | FRAME_EXECUTE_YIELD | FRAME_SPIN);
	make_frame(buf, FRAME_EXECUTE, 8, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_RESERVED);
	/* The answers take FRAME_SPIN alone. */
	make_frame(buf, FRAME_TOOL_RESULT, FRAME_SPIN, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f), 18);
	ck_assert_uint_eq(f.flags, FRAME_SPIN);
	make_frame(buf, FRAME_OUTBOUND_RESPONSE, FRAME_SPIN, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f), 18);
	make_frame(buf, FRAME_TOOL_RESULT, 1, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_RESERVED);
	make_frame(buf, FRAME_OUTBOUND_RESPONSE, FRAME_SPIN | 1, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_RESERVED);
	/* Nothing else takes it. */
	make_frame(buf, FRAME_INVOKE_HANDLE, FRAME_SPIN, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, 18, FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_RESERVED);
}
END_TEST

START_TEST(test_direction)
{
	uint8_t buf[64];
	struct frame f;
	size_t n = make_frame(buf, FRAME_EXECUTE, 0, 1, 0, "{}");

	/* A child never sends EXECUTE; a parent never sends RESULT. */
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_DIRECTION);
	ck_assert_int_eq(
	    frame_decode(buf, n, FRAME_ROLE_CHILD, 64, &f), (long)n);
	n = make_frame(buf, FRAME_RESULT, 0, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_DIRECTION);
	/* The fetcher's link is its own: no frame crosses between the two. */
	n = make_frame(buf, FRAME_FETCH_START, 0, 1, 1, "{}");
	ck_assert_int_eq(
	    frame_decode(buf, n, FRAME_ROLE_FETCHER, 64, &f), (long)n);
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_DIRECTION);
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_FETCH_PARENT, 64, &f),
	    FRAME_ERR_DIRECTION);
	n = make_frame(buf, FRAME_FETCH_DONE, 0, 1, 1, "{}");
	ck_assert_int_eq(
	    frame_decode(buf, n, FRAME_ROLE_FETCH_PARENT, 64, &f), (long)n);
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_DIRECTION);
	n = make_frame(buf, FRAME_RESULT, 0, 1, 0, "{}");
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_FETCH_PARENT, 64, &f),
	    FRAME_ERR_DIRECTION);
	/* CANCEL and EVENT carry no payload. */
	n = make_frame(buf, FRAME_FETCH_EVENT, 0, 0, 3, "{}");
	ck_assert_int_eq(frame_decode(buf, n, FRAME_ROLE_FETCH_PARENT, 64, &f),
	    FRAME_ERR_SIZE);
	n = make_frame(buf, FRAME_FETCH_CANCEL, 0, 0, 3, NULL);
	ck_assert_int_eq(
	    frame_decode(buf, n, FRAME_ROLE_FETCHER, 64, &f), (long)n);
}
END_TEST

START_TEST(test_size_bounds)
{
	uint8_t buf[FRAME_HEADER_SIZE + 300];
	struct frame f;
	char big[300];

	/* Data-sized types: bounded by max_payload, checked before the payload
	 * arrives. */
	frame_encode_header(buf, FRAME_TOOL_CALL, 0, 1, 1, 65);
	ck_assert_int_eq(
	    frame_decode(buf, FRAME_HEADER_SIZE, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_SIZE);
	frame_encode_header(buf, FRAME_TOOL_CALL, 0, 1, 1, 64);
	ck_assert_int_eq(
	    frame_decode(buf, FRAME_HEADER_SIZE, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_NEED_MORE);
	frame_encode_header(buf, FRAME_TOOL_CALL, 0, 1, 1, 0xffffffffu);
	ck_assert_int_eq(
	    frame_decode(buf, FRAME_HEADER_SIZE, FRAME_ROLE_PARENT, 64, &f),
	    FRAME_ERR_SIZE);
	/* Fixed bounds: HELLO at most 256 bytes, at least 2. */
	memset(big, 'x', sizeof(big));
	big[257] = '\0';
	make_frame(buf, FRAME_HELLO, 0, 0, 0, big);
	ck_assert_int_eq(
	    frame_decode(buf, sizeof(buf), FRAME_ROLE_PARENT, 1 << 20, &f),
	    FRAME_ERR_SIZE);
	big[256] = '\0';
	make_frame(buf, FRAME_HELLO, 0, 0, 0, big);
	ck_assert_int_eq(
	    frame_decode(buf, sizeof(buf), FRAME_ROLE_PARENT, 1 << 20, &f),
	    FRAME_HEADER_SIZE + 256);
	make_frame(buf, FRAME_HELLO, 0, 0, 0, "x");
	ck_assert_int_eq(
	    frame_decode(buf, sizeof(buf), FRAME_ROLE_PARENT, 1 << 20, &f),
	    FRAME_ERR_SIZE);
	/* Header-only types carry nothing. */
	frame_encode_header(buf, FRAME_SHUTDOWN, 0, 0, 0, 1);
	ck_assert_int_eq(
	    frame_decode(buf, sizeof(buf), FRAME_ROLE_CHILD, 64, &f),
	    FRAME_ERR_SIZE);
	frame_encode_header(buf, FRAME_SHUTDOWN, 0, 0, 0, 0);
	ck_assert_int_eq(
	    frame_decode(buf, sizeof(buf), FRAME_ROLE_CHILD, 64, &f),
	    FRAME_HEADER_SIZE);
	/* A caller's dispatch may answer the empty string: the child reads
	 * it as the envelope fault, so the frame carries it. */
	frame_encode_header(buf, FRAME_TOOL_RESULT, 0, 1, 1, 0);
	ck_assert_int_eq(
	    frame_decode(buf, sizeof(buf), FRAME_ROLE_CHILD, 64, &f),
	    FRAME_HEADER_SIZE);
}
END_TEST

START_TEST(test_names)
{
	ck_assert_str_eq(
	    frame_type_name(FRAME_OUTBOUND_REQUEST), "OUTBOUND_REQUEST");
	ck_assert_str_eq(frame_type_name(FRAME_TYPE_MAX), "?");
	ck_assert_str_eq(frame_strerror(FRAME_ERR_DIRECTION),
	    "frame type sent in the wrong direction");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("frame");
	TCase *tc = tcase_create("codec");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_header_layout);
	tcase_add_test(tc, test_roundtrip);
	tcase_add_test(tc, test_need_more_at_every_split);
	tcase_add_test(tc, test_two_frames_in_one_buffer);
	tcase_add_test(tc, test_hostile_headers);
	tcase_add_test(tc, test_direction);
	tcase_add_test(tc, test_size_bounds);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
