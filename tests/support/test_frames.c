/* See test_frames.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

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

/*
 * A JSON string of s, written by hand: a sandboxed child may not open
 * /dev/urandom, which jansson's first object would (its hash seed).
 */
static char *
test_frame_quote(const char *s)
{
	size_t n = strlen(s), i, j = 0;
	char *out = malloc(n * 6 + 3);

	if (out == NULL)
		return NULL;
	out[j++] = '"';
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\') {
			out[j++] = '\\';
			out[j++] = (char)c;
		} else if (c < 0x20) {
			snprintf(out + j, 7, "\\u%04x", c);
			j += 6;
		} else
			out[j++] = (char)c;
	}
	out[j++] = '"';
	out[j] = '\0';
	return out;
}

/* Sends head + quoted(text) + tail. */
static int
test_frame_send_text(int fd, enum frame_type type, uint8_t flags,
    uint32_t exec_id, uint32_t call_id, const char *head, const char *text,
    const char *tail)
{
	char *q = test_frame_quote(text), *m;
	int rc = -1;

	if (q != NULL &&
	    (m = malloc(strlen(head) + strlen(q) + strlen(tail) + 1)) != NULL) {
		strcpy(m, head);
		strcat(m, q);
		strcat(m, tail);
		rc = test_frame_send(fd, type, flags, exec_id, call_id, m);
		free(m);
	}
	free(q);
	return rc;
}

int
test_frame_send_result(int fd, uint32_t exec_id, const char *json_text)
{
	return test_frame_send_text(fd, FRAME_RESULT, 0, exec_id, 0,
	    "{\"resultJson\":", json_text, ",\"logs\":[]}");
}

int
test_frame_send_grant(int fd, uint32_t exec_id)
{
	return test_frame_send(fd, FRAME_RESULT, 1, exec_id, 0,
	    "{\"handles\":[\"fetch\"],\"logs\":[]}");
}

int
test_frame_send_handle_error(
    int fd, uint32_t exec_id, uint32_t call_id, const char *text)
{
	return test_frame_send_text(fd, FRAME_HANDLE_RESULT, 0, exec_id,
	    call_id, "{\"error\":", text, "}");
}

int
test_frame_send_handle_last(
    int fd, uint32_t exec_id, uint32_t call_id, const char *text)
{
	return test_frame_send_text(fd, FRAME_HANDLE_RESULT,
	    FRAME_HANDLE_RESULT_LAST, exec_id, call_id, "{\"error\":", text,
	    "}");
}

void
test_frame_unwrap(const uint8_t *p, size_t len, char *out, size_t cap)
{
	json_t *m = p ? json_loadb((const char *)p, len, 0, NULL) : NULL;
	json_t *v = json_object_get(m, "resultJson");
	const char *s;
	size_t n;

	if (v == NULL)
		v = json_object_get(m, "error");
	if (json_is_string(v)) {
		s = json_string_value(v);
		n = json_string_length(v);
	} else {
		s = p ? (const char *)p : "";
		n = p ? len : 0;
	}
	if (n >= cap)
		n = cap - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	json_decref(m);
}
