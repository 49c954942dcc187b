/* See test_frames.h. */
#include <string.h>
#include <unistd.h>

#include "test_frames.h"

static int
test_frames_read(int fd, uint8_t *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);

		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

static int
test_frames_write(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int
test_frame_send(int fd, enum frame_type type, uint8_t flags, uint32_t exec_id,
    uint32_t call_id, const char *payload)
{
	uint8_t hdr[FRAME_HEADER_SIZE];
	size_t n = payload ? strlen(payload) : 0;

	frame_encode_header(hdr, type, flags, exec_id, call_id, (uint32_t)n);
	if (test_frames_write(fd, hdr, sizeof(hdr)) != 0)
		return -1;
	return n ? test_frames_write(fd, (const uint8_t *)payload, n) : 0;
}

int
test_frame_recv(int fd, struct frame *f, uint8_t *buf, size_t cap)
{
	uint32_t len;

	if (cap < FRAME_HEADER_SIZE + 1 ||
	    test_frames_read(fd, buf, FRAME_HEADER_SIZE) != 0)
		return -1;
	len = (uint32_t)buf[12] << 24 | (uint32_t)buf[13] << 16 |
	    (uint32_t)buf[14] << 8 | buf[15];
	if ((size_t)len + FRAME_HEADER_SIZE + 1 > cap ||
	    test_frames_read(fd, buf + FRAME_HEADER_SIZE, len) != 0)
		return -1;
	if (frame_decode(buf, FRAME_HEADER_SIZE + len, FRAME_ROLE_CHILD,
		(uint32_t)cap, f) <= 0)
		return -1;
	buf[FRAME_HEADER_SIZE + len] = '\0';
	return 0;
}
