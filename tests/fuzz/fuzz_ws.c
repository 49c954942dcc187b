/*
 * Fuzz harness for libclient/proto/ws.c and utf8.c: arbitrary bytes through the
 * frame decoder and the message assembler in both roles, checking that
 * nothing reads past the input, consumed never exceeds what was given,
 * every error maps to a close code, every text event is valid UTF-8, and
 * prefixes of a frame are "need more".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/utf8.h"
#include "proto/ws.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_ws: %s:%d: %s\n", __FILE__,      \
			    __LINE__, #c);                                     \
			abort();                                               \
		}                                                              \
	} while (0)

static void
fuzz_check_error(long n)
{
	int code = ws_error_close_code((int)n);

	FUZZ_CHECK(n >= WS_E_RANDOM && n <= WS_E_RSV);
	FUZZ_CHECK(
	    code == 1002 || code == 1007 || code == 1009 || code == 1011);
	FUZZ_CHECK(ws_strerror((int)n) != NULL);
}

/* One frame: the whole decodes to n, each prefix to 0 or the same error. */
static void
fuzz_frame(enum ws_role role, const uint8_t *data, size_t len)
{
	uint8_t *a, *b;
	struct ws_frame f;
	long n, m;
	size_t k;

	if ((a = malloc(len ? len : 1)) == NULL ||
	    (b = malloc(len ? len : 1)) == NULL) {
		free(a);
		return;
	}
	memcpy(a, data, len);
	n = ws_frame_decode(role, a, len, 1 << 16, &f);
	FUZZ_CHECK(n <= (long)len);
	if (n > 0) {
		FUZZ_CHECK(f.header_len >= 2 && f.header_len <= WS_MAX_HEADER);
		FUZZ_CHECK(f.header_len + f.payload_len == (uint64_t)n);
		FUZZ_CHECK(f.payload == a + f.header_len);
		FUZZ_CHECK(f.masked == (role == WS_ROLE_SERVER));
		FUZZ_CHECK(!(f.opcode & 0x8) ||
		    (f.fin && f.payload_len <= WS_MAX_CONTROL_PAYLOAD));
		/* Unmasking in place is an involution with the same key. */
		if (f.masked) {
			ws_mask(f.payload, (size_t)f.payload_len, f.mask, 0);
			FUZZ_CHECK(memcmp(f.payload, data + f.header_len,
				       (size_t)f.payload_len) == 0);
		}
	} else if (n < 0)
		fuzz_check_error(n);
	for (k = 0; k < len && k < 64 && (n <= 0 || k < (size_t)n); k++) {
		memcpy(b, data, len);
		m = ws_frame_decode(role, b, k, 1 << 16, &f);
		FUZZ_CHECK(m == 0 || (n < 0 && m == n));
		FUZZ_CHECK(memcmp(b, data, len) == 0);
	}
	free(a);
	free(b);
}

/* The whole input as a stream of frames through an assembler. */
static void
fuzz_assemble(enum ws_role role, size_t max, const uint8_t *data, size_t len)
{
	struct ws_assembler as;
	struct ws_event ev;
	uint8_t *buf;
	size_t off = 0;
	long n;

	if ((buf = malloc(len ? len : 1)) == NULL)
		return;
	memcpy(buf, data, len);
	ws_assembler_init(&as, role, max);
	while (off < len) {
		n = ws_assembler_feed(&as, buf + off, len - off, &ev);
		if (n <= 0) {
			if (n < 0)
				fuzz_check_error(n);
			break;
		}
		FUZZ_CHECK((size_t)n <= len - off);
		off += (size_t)n;
		switch (ev.type) {
		case WS_EV_TEXT:
			FUZZ_CHECK(ev.len <= max);
			FUZZ_CHECK(utf8_valid(ev.data, ev.len));
			break;
		case WS_EV_BINARY:
			FUZZ_CHECK(ev.len <= max);
			break;
		case WS_EV_PING:
		case WS_EV_PONG:
			FUZZ_CHECK(ev.len <= WS_MAX_CONTROL_PAYLOAD);
			break;
		case WS_EV_CLOSE:
			FUZZ_CHECK(ev.close_code == WS_CLOSE_NO_STATUS ||
			    ws_close_code_valid(ev.close_code));
			FUZZ_CHECK(utf8_valid(ev.reason, ev.reason_len));
			FUZZ_CHECK(ev.reason_len <= WS_MAX_CLOSE_REASON);
			break;
		case WS_EV_NONE:
			break;
		}
		/* Touch every byte: ASan flags an event that points nowhere. */
		if (ev.len > 0) {
			volatile uint8_t sink = 0;
			size_t i;

			for (i = 0; i < ev.len; i++)
				sink ^= ev.data[i];
			(void)sink;
		}
	}
	ws_assembler_free(&as);
	free(buf);
}

/* Encoders: what the server writes, the client reads back unchanged. */
static void
fuzz_encode(const uint8_t *data, size_t len)
{
	uint8_t *out, p[WS_MAX_CONTROL_PAYLOAD];
	size_t cap = ws_frame_size(len, 1);
	struct ws_frame f;
	const uint8_t *reason;
	size_t rlen;
	long n;
	int code;

	if ((out = malloc(cap)) == NULL)
		return;
	n = ws_frame_encode(WS_ROLE_SERVER, WS_OP_BINARY, data, len, out, cap);
	FUZZ_CHECK(n == (long)ws_frame_size(len, 0));
	FUZZ_CHECK(
	    ws_frame_decode(WS_ROLE_CLIENT, out, (size_t)n, len, &f) == n);
	FUZZ_CHECK(len == 0 || memcmp(f.payload, data, len) == 0);
	n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_BINARY, data, len, out, cap);
	FUZZ_CHECK(n == (long)cap);
	FUZZ_CHECK(
	    ws_frame_decode(WS_ROLE_SERVER, out, (size_t)n, len, &f) == n);
	FUZZ_CHECK(len == 0 || memcmp(f.payload, data, len) == 0);
	free(out);
	if (len >= 2) {
		code = data[0] << 8 | data[1];
		n = ws_close_payload(p, code, (const char *)data + 2, len - 2);
		if (code == WS_CLOSE_NO_STATUS)
			FUZZ_CHECK(n == 0);
		else if (!ws_close_code_valid(code))
			FUZZ_CHECK(n == WS_E_ARG);
		else {
			FUZZ_CHECK(n >= 2 && n <= WS_MAX_CONTROL_PAYLOAD);
			FUZZ_CHECK(ws_close_parse(p, (size_t)n, &code, &reason,
				       &rlen) == 0);
			FUZZ_CHECK(memcmp(reason, data + 2, rlen) == 0);
		}
	}
}

/* UTF-8: incremental at a split point agrees with whole validation. */
static void
fuzz_utf8(const uint8_t *data, size_t len)
{
	struct utf8_state st;
	size_t cut = len ? data[0] % (len + 1) : 0, pre;
	int whole = utf8_valid(data, len), inc;

	utf8_init(&st);
	inc = utf8_feed(&st, data, cut) == 0 &&
	    utf8_feed(&st, data + cut, len - cut) == 0 && utf8_finish(&st) == 0;
	FUZZ_CHECK(whole == inc);
	pre = utf8_valid_prefix(data, len);
	FUZZ_CHECK(pre <= len && utf8_valid(data, pre));
	FUZZ_CHECK(!whole || pre == len);
	if (whole)
		FUZZ_CHECK(utf8_utf16_len(data, len) <= len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	fuzz_frame(WS_ROLE_SERVER, data, len);
	fuzz_frame(WS_ROLE_CLIENT, data, len);
	fuzz_assemble(WS_ROLE_SERVER, 1 << 16, data, len);
	fuzz_assemble(WS_ROLE_CLIENT, 1 << 16, data, len);
	fuzz_assemble(WS_ROLE_SERVER, 16, data, len);
	fuzz_assemble(WS_ROLE_CLIENT, 16, data, len);
	fuzz_encode(data, len);
	fuzz_utf8(data, len);
	return 0;
}
