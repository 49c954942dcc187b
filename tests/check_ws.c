/*
 * Check suite for libclient/proto/ws.c: RFC 6455 §5.7 examples, every error
 * with its close code, assembler, encoder, close handshake.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto/ws.h"

static const uint8_t rfc_hello[] = { 0x81, 0x05, 'H', 'e', 'l', 'l', 'o' };
static const uint8_t rfc_hello_masked[] = { 0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d,
	0x7f, 0x9f, 0x4d, 0x51, 0x58 };
static const uint8_t rfc_fragments[] = { 0x01, 0x03, 'H', 'e', 'l', 0x80, 0x02,
	'l', 'o' };
static const uint8_t rfc_ping[] = { 0x89, 0x05, 'H', 'e', 'l', 'l', 'o' };
static const uint8_t rfc_pong_masked[] = { 0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d,
	0x7f, 0x9f, 0x4d, 0x51, 0x58 };
static const uint8_t test_mask[4] = { 0x37, 0xfa, 0x21, 0x3d };

#define MAXMSG ((size_t)1 << 20)

/* Decodes a copy of frame (the decoder unmasks in place). */
static long
decode_copy(enum ws_role role, const uint8_t *frame, size_t len, uint8_t *copy,
    struct ws_frame *f)
{
	memcpy(copy, frame, len);
	return ws_frame_decode(role, copy, len, MAXMSG, f);
}

/* Feeds a copy of the whole stream to a fresh assembler, one frame per call. */
static long
assemble(enum ws_role role, size_t max, const uint8_t *in, size_t len,
    uint8_t *copy, struct ws_event *evs, int *nev)
{
	struct ws_assembler a;
	size_t off = 0;
	long n = 0;

	memcpy(copy, in, len);
	ws_assembler_init(&a, role, max);
	*nev = 0;
	while (off < len) {
		struct ws_event ev;

		n = ws_assembler_feed(&a, copy + off, len - off, &ev);
		if (n <= 0)
			break;
		off += (size_t)n;
		if (ev.type != WS_EV_NONE) {
			/* Copy out what the next feed may invalidate. */
			if (ev.data != NULL && ev.data >= a.buf &&
			    ev.data < a.buf + a.cap) {
				uint8_t *d = malloc(ev.len + 1);

				ck_assert_ptr_nonnull(d);
				memcpy(d, ev.data, ev.len);
				ev.data = d;
			}
			evs[(*nev)++] = ev;
		}
	}
	ws_assembler_free(&a);
	return n < 0 ? n : (long)off;
}

START_TEST(test_rfc_unmasked_hello)
{
	uint8_t buf[64];
	struct ws_frame f;

	ck_assert_int_eq(
	    decode_copy(WS_ROLE_CLIENT, rfc_hello, sizeof(rfc_hello), buf, &f),
	    7);
	ck_assert_int_eq(f.fin, 1);
	ck_assert_int_eq(f.opcode, WS_OP_TEXT);
	ck_assert_int_eq(f.masked, 0);
	ck_assert_uint_eq(f.payload_len, 5);
	ck_assert_mem_eq(f.payload, "Hello", 5);
	/* A server must refuse an unmasked client frame. */
	ck_assert_int_eq(
	    decode_copy(WS_ROLE_SERVER, rfc_hello, sizeof(rfc_hello), buf, &f),
	    WS_E_MASK_MISSING);
	ck_assert_int_eq(ws_error_close_code(WS_E_MASK_MISSING), 1002);
}
END_TEST

START_TEST(test_rfc_masked_hello)
{
	uint8_t buf[64];
	struct ws_frame f;

	ck_assert_int_eq(decode_copy(WS_ROLE_SERVER, rfc_hello_masked,
			     sizeof(rfc_hello_masked), buf, &f),
	    11);
	ck_assert_int_eq(f.masked, 1);
	ck_assert_mem_eq(f.mask, test_mask, 4);
	ck_assert_uint_eq(f.header_len, 6);
	ck_assert_mem_eq(f.payload, "Hello", 5);
	ck_assert_int_eq(decode_copy(WS_ROLE_CLIENT, rfc_hello_masked,
			     sizeof(rfc_hello_masked), buf, &f),
	    WS_E_MASK_UNEXPECTED);
	ck_assert_int_eq(ws_error_close_code(WS_E_MASK_UNEXPECTED), 1002);
}
END_TEST

START_TEST(test_rfc_fragmented)
{
	uint8_t buf[64];
	struct ws_event ev[4];
	int nev;

	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, MAXMSG, rfc_fragments,
			     sizeof(rfc_fragments), buf, ev, &nev),
	    9);
	ck_assert_int_eq(nev, 1);
	ck_assert_int_eq(ev[0].type, WS_EV_TEXT);
	ck_assert_uint_eq(ev[0].len, 5);
	ck_assert_mem_eq(ev[0].data, "Hello", 5);
	free((void *)ev[0].data);
}
END_TEST

START_TEST(test_rfc_ping_pong)
{
	uint8_t buf[64];
	struct ws_event ev[4];
	int nev;

	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, MAXMSG, rfc_ping,
			     sizeof(rfc_ping), buf, ev, &nev),
	    7);
	ck_assert_int_eq(nev, 1);
	ck_assert_int_eq(ev[0].type, WS_EV_PING);
	ck_assert_mem_eq(ev[0].data, "Hello", 5);
	ck_assert_int_eq(assemble(WS_ROLE_SERVER, MAXMSG, rfc_pong_masked,
			     sizeof(rfc_pong_masked), buf, ev, &nev),
	    11);
	ck_assert_int_eq(ev[0].type, WS_EV_PONG);
	ck_assert_uint_eq(ev[0].len, 5);
	ck_assert_mem_eq(ev[0].data, "Hello", 5);
}
END_TEST

/* The encoder reproduces the RFC's bytes exactly. */
START_TEST(test_rfc_encode)
{
	uint8_t out[64];

	ck_assert_int_eq(ws_frame_encode(WS_ROLE_SERVER, WS_OP_TEXT,
			     (const uint8_t *)"Hello", 5, out, sizeof(out)),
	    7);
	ck_assert_mem_eq(out, rfc_hello, 7);
	ck_assert_int_eq(ws_frame_write(out, sizeof(out), 1, WS_OP_TEXT,
			     (const uint8_t *)"Hello", 5, test_mask),
	    11);
	ck_assert_mem_eq(out, rfc_hello_masked, 11);
	ck_assert_int_eq(ws_frame_write(out, sizeof(out), 0, WS_OP_TEXT,
			     (const uint8_t *)"Hel", 3, NULL),
	    5);
	ck_assert_int_eq(ws_frame_write(out + 5, sizeof(out) - 5, 1, WS_OP_CONT,
			     (const uint8_t *)"lo", 2, NULL),
	    4);
	ck_assert_mem_eq(out, rfc_fragments, 9);
	ck_assert_int_eq(ws_frame_write(out, sizeof(out), 1, WS_OP_PING,
			     (const uint8_t *)"Hello", 5, NULL),
	    7);
	ck_assert_mem_eq(out, rfc_ping, 7);
	ck_assert_int_eq(ws_frame_write(out, sizeof(out), 1, WS_OP_PONG,
			     (const uint8_t *)"Hello", 5, test_mask),
	    11);
	ck_assert_mem_eq(out, rfc_pong_masked, 11);
}
END_TEST

/* §5.7: 256 bytes take the 16-bit form, 64 KiB the 64-bit form. */
START_TEST(test_rfc_length_forms)
{
	static const uint8_t h256[] = { 0x82, 0x7E, 0x01, 0x00 };
	static const uint8_t h64k[] = { 0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0 };
	size_t sizes[] = { 256, 65536 };
	const uint8_t *heads[] = { h256, h64k };
	size_t hlens[] = { 4, 10 }, k, i;
	uint8_t *pay, *out;
	struct ws_frame f;
	long n;

	pay = malloc(65536);
	out = malloc(65536 + 14);
	ck_assert(pay != NULL && out != NULL);
	for (i = 0; i < 65536; i++)
		pay[i] = (uint8_t)(i * 7);
	for (k = 0; k < 2; k++) {
		n = ws_frame_encode(WS_ROLE_SERVER, WS_OP_BINARY, pay, sizes[k],
		    out, 65536 + 14);
		ck_assert_int_eq(n, (long)(hlens[k] + sizes[k]));
		ck_assert_mem_eq(out, heads[k], hlens[k]);
		ck_assert_uint_eq(ws_frame_size(sizes[k], 0), (size_t)n);
		/* One byte short: incomplete; the header says how much. */
		ck_assert_int_eq(ws_frame_decode(WS_ROLE_CLIENT, out,
				     (size_t)n - 1, MAXMSG, &f),
		    0);
		ck_assert_uint_eq(f.header_len, hlens[k]);
		ck_assert_uint_eq(f.payload_len, sizes[k]);
		ck_assert_int_eq(
		    ws_frame_decode(WS_ROLE_CLIENT, out, (size_t)n, MAXMSG, &f),
		    n);
		ck_assert_int_eq(f.opcode, WS_OP_BINARY);
		/* The assembler says how many bytes the frame needs in all. */
		{
			struct ws_assembler a;
			struct ws_event ev;

			ws_assembler_init(&a, WS_ROLE_CLIENT, MAXMSG);
			ck_assert_int_eq(ws_assembler_feed(&a, out, 1, &ev), 0);
			ck_assert_uint_eq(a.want, 0);
			ck_assert_int_eq(
			    ws_assembler_feed(&a, out, hlens[k] + 1, &ev), 0);
			ck_assert_uint_eq(a.want, (size_t)n);
			ws_assembler_free(&a);
		}
		ck_assert_mem_eq(f.payload, pay, sizes[k]);
		/* Masked by a client, unmasked by the server. */
		n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_BINARY, pay, sizes[k],
		    out, 65536 + 14);
		ck_assert_int_eq(n, (long)(hlens[k] + 4 + sizes[k]));
		ck_assert_int_eq(out[1] & 0x80, 0x80);
		ck_assert_int_eq(
		    ws_frame_decode(WS_ROLE_SERVER, out, (size_t)n, MAXMSG, &f),
		    n);
		ck_assert_mem_eq(f.payload, pay, sizes[k]);
	}
	free(pay);
	free(out);
}
END_TEST

/* Every proper prefix of every example is "need more". */
START_TEST(test_partial_every_split)
{
	const uint8_t *frames[] = { rfc_hello, rfc_hello_masked, rfc_fragments,
		rfc_ping, rfc_pong_masked };
	size_t lens[] = { sizeof(rfc_hello), sizeof(rfc_hello_masked), 5,
		sizeof(rfc_ping), sizeof(rfc_pong_masked) };
	enum ws_role roles[] = { WS_ROLE_CLIENT, WS_ROLE_SERVER, WS_ROLE_CLIENT,
		WS_ROLE_CLIENT, WS_ROLE_SERVER };
	uint8_t buf[64];
	struct ws_frame f;
	struct ws_assembler a;
	struct ws_event ev;
	size_t k, cut;

	for (k = 0; k < 5; k++) {
		for (cut = 0; cut < lens[k]; cut++) {
			memcpy(buf, frames[k], lens[k]);
			ck_assert_int_eq(
			    ws_frame_decode(roles[k], buf, cut, MAXMSG, &f), 0);
			ws_assembler_init(&a, roles[k], MAXMSG);
			ck_assert_int_eq(
			    ws_assembler_feed(&a, buf, cut, &ev), 0);
			ws_assembler_free(&a);
			/* Nothing was unmasked: the bytes are untouched. */
			ck_assert_mem_eq(buf, frames[k], lens[k]);
		}
	}
	/* Large headers too: 16-bit and 64-bit lengths cut mid-length. */
	{
		static const uint8_t h[] = { 0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0,
			0 };

		for (cut = 0; cut < sizeof(h); cut++)
			ck_assert_int_eq(
			    ws_frame_header(WS_ROLE_CLIENT, h, cut, MAXMSG, &f),
			    0);
		ck_assert_int_eq(
		    ws_frame_header(WS_ROLE_CLIENT, h, sizeof(h), MAXMSG, &f),
		    10);
	}
}
END_TEST

/* Frame-level errors and their close codes (Autobahn 3.x, 4.x, 2.x, 5.x). */
START_TEST(test_frame_errors)
{
	static const struct {
		uint8_t b[12];
		size_t len;
		enum ws_role role;
		int err;
		int code;
	} c[] = {
		{ { 0xC1, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_RSV, 1002 },
		{ { 0xA1, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_RSV, 1002 },
		{ { 0x91, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_RSV, 1002 },
		{ { 0xF9, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_RSV, 1002 },
		{ { 0x83, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_OPCODE, 1002 },
		{ { 0x87, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_OPCODE, 1002 },
		{ { 0x8B, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_OPCODE, 1002 },
		{ { 0x8F, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_OPCODE, 1002 },
		{ { 0x09, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_CONTROL_FRAGMENTED,
		    1002 },
		{ { 0x08, 0x00 }, 2, WS_ROLE_CLIENT, WS_E_CONTROL_FRAGMENTED,
		    1002 },
		{ { 0x89, 0x7E, 0x00, 0x7E }, 4, WS_ROLE_CLIENT,
		    WS_E_CONTROL_LENGTH, 1002 },
		{ { 0x88, 0x7E }, 2, WS_ROLE_CLIENT, WS_E_CONTROL_LENGTH,
		    1002 },
		{ { 0x81, 0x7E, 0x00, 0x7D }, 4, WS_ROLE_CLIENT,
		    WS_E_LENGTH_NOT_MINIMAL, 1002 },
		{ { 0x81, 0x7F, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF }, 10,
		    WS_ROLE_CLIENT, WS_E_LENGTH_NOT_MINIMAL, 1002 },
		{ { 0x81, 0x7F, 0, 0, 0, 0, 0, 0, 0, 5 }, 10, WS_ROLE_CLIENT,
		    WS_E_LENGTH_NOT_MINIMAL, 1002 },
		{ { 0x81, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0 }, 10, WS_ROLE_CLIENT,
		    WS_E_LENGTH_MSB, 1002 },
		{ { 0x81, 0x05 }, 2, WS_ROLE_SERVER, WS_E_MASK_MISSING, 1002 },
		{ { 0x81, 0x85 }, 2, WS_ROLE_CLIENT, WS_E_MASK_UNEXPECTED,
		    1002 },
		/* Declared larger than MAXMSG: refused before any payload. */
		{ { 0x82, 0x7F, 0, 0, 0, 0, 0, 0x10, 0, 1 }, 10, WS_ROLE_CLIENT,
		    WS_E_TOO_BIG, 1009 },
		{ { 0x82, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		      0xFF },
		    10, WS_ROLE_SERVER, WS_E_TOO_BIG, 1009 },
	};
	uint8_t buf[16];
	struct ws_frame f;
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		long n;

		memcpy(buf, c[i].b, c[i].len);
		n = ws_frame_decode(c[i].role, buf, c[i].len, MAXMSG, &f);
		ck_assert_msg(
		    n == c[i].err, "case %zu: got %ld want %d", i, n, c[i].err);
		ck_assert_int_eq(ws_error_close_code((int)n), c[i].code);
		ck_assert_str_ne(
		    ws_strerror((int)n), "unknown WebSocket error");
	}
}
END_TEST

/* The exact bounds: 125-byte control frames and the message ceiling. */
START_TEST(test_limits_exact)
{
	uint8_t pay[200], out[256], copy[256];
	struct ws_event ev[4];
	int nev;
	long n;

	memset(pay, 'p', sizeof(pay));
	n = ws_frame_write(out, sizeof(out), 1, WS_OP_PING, pay, 125, NULL);
	ck_assert_int_eq(n, 127);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 10, out, (size_t)n, copy, ev, &nev), 127);
	ck_assert_int_eq(ev[0].type, WS_EV_PING);
	ck_assert_uint_eq(ev[0].len, 125);
	ck_assert_int_eq(
	    ws_frame_write(out, sizeof(out), 1, WS_OP_PING, pay, 126, NULL),
	    WS_E_ARG);
	ck_assert_int_eq(
	    ws_frame_write(out, sizeof(out), 0, WS_OP_PING, pay, 1, NULL),
	    WS_E_ARG);
	/* A single-frame message exactly at the ceiling, then one over. */
	n = ws_frame_write(out, sizeof(out), 1, WS_OP_TEXT, pay, 100, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, (size_t)n, copy, ev, &nev), n);
	ck_assert_int_eq(ev[0].type, WS_EV_TEXT);
	n = ws_frame_write(out, sizeof(out), 1, WS_OP_TEXT, pay, 101, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, (size_t)n, copy, ev, &nev),
	    WS_E_TOO_BIG);
	/* Only the header is needed to refuse it. */
	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, 4, copy, ev, &nev),
	    WS_E_TOO_BIG);
}
END_TEST

/* Fragments add up against the ceiling; control frames do not count. */
START_TEST(test_fragment_limits)
{
	uint8_t pay[64], out[256], copy[256];
	struct ws_event ev[4];
	size_t o;
	int nev;

	memset(pay, 'x', sizeof(pay));
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 0, WS_OP_TEXT, pay, 5, NULL);
	o += (size_t)ws_frame_write(
	    out + o, sizeof(out) - o, 1, WS_OP_PING, pay, 50, NULL);
	o += (size_t)ws_frame_write(
	    out + o, sizeof(out) - o, 1, WS_OP_CONT, pay, 5, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 10, out, o, copy, ev, &nev), (long)o);
	ck_assert_int_eq(nev, 2);
	ck_assert_int_eq(ev[0].type, WS_EV_PING);
	ck_assert_int_eq(ev[1].type, WS_EV_TEXT);
	ck_assert_uint_eq(ev[1].len, 10);
	free((void *)ev[1].data);
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 0, WS_OP_TEXT, pay, 5, NULL);
	o += (size_t)ws_frame_write(
	    out + o, sizeof(out) - o, 1, WS_OP_CONT, pay, 6, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 10, out, o, copy, ev, &nev), WS_E_TOO_BIG);
	ck_assert_int_eq(ws_error_close_code(WS_E_TOO_BIG), 1009);
}
END_TEST

/* Autobahn 5.x: fragmentation rules. */
START_TEST(test_fragmentation_rules)
{
	uint8_t out[256], copy[256];
	struct ws_event ev[8];
	size_t o;
	int nev, i;

	/* 5.9: continuation with nothing open. */
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 1, WS_OP_CONT, (const uint8_t *)"x", 1, NULL);
	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
	    WS_E_CONT_UNEXPECTED);
	/* 5.15-ish: a finished message, then a stray continuation. */
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 0, WS_OP_TEXT, (const uint8_t *)"ab", 2, NULL);
	o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 1, WS_OP_CONT,
	    (const uint8_t *)"cd", 2, NULL);
	o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 1, WS_OP_CONT,
	    (const uint8_t *)"ef", 2, NULL);
	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
	    WS_E_CONT_UNEXPECTED);
	ck_assert_int_eq(nev, 1);
	ck_assert_mem_eq(ev[0].data, "abcd", 4);
	free((void *)ev[0].data);
	/* A new text frame inside a fragmented message. */
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 0, WS_OP_TEXT, (const uint8_t *)"ab", 2, NULL);
	o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 1, WS_OP_TEXT,
	    (const uint8_t *)"cd", 2, NULL);
	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
	    WS_E_CONT_EXPECTED);
	ck_assert_int_eq(ws_error_close_code(WS_E_CONT_EXPECTED), 1002);
	/* 5.19-ish: binary fragments with pings between, empty ones too. */
	o = (size_t)ws_frame_write(out, sizeof(out), 0, WS_OP_BINARY,
	    (const uint8_t *)"\x00\x01", 2, NULL);
	for (i = 0; i < 3; i++) {
		o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 1,
		    WS_OP_PING, (const uint8_t *)"p", 1, NULL);
		o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 0,
		    WS_OP_CONT, (const uint8_t *)"\xFF", (size_t)(i % 2), NULL);
	}
	o += (size_t)ws_frame_write(
	    out + o, sizeof(out) - o, 1, WS_OP_CONT, NULL, 0, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev), (long)o);
	ck_assert_int_eq(nev, 4);
	ck_assert_int_eq(ev[3].type, WS_EV_BINARY);
	ck_assert_uint_eq(ev[3].len, 3);
	ck_assert_mem_eq(ev[3].data, "\x00\x01\xFF", 3);
	free((void *)ev[3].data);
	/* Empty single-frame text and binary messages. */
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 1, WS_OP_TEXT, NULL, 0, NULL);
	o += (size_t)ws_frame_write(
	    out + o, sizeof(out) - o, 1, WS_OP_BINARY, NULL, 0, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev), 4);
	ck_assert_int_eq(nev, 2);
	ck_assert_int_eq(ev[0].type, WS_EV_TEXT);
	ck_assert_uint_eq(ev[0].len, 0);
	ck_assert_int_eq(ev[1].type, WS_EV_BINARY);
}
END_TEST

/* Text split into two fragments at every byte position. */
START_TEST(test_utf8_split_every_position)
{
	static const char text[] =
	    "\xCE\xBA\xE1\xBD\xB9\xCF\x83\xCE\xBC"
	    "\xCE\xB5 \xE2\x82\xAC \xF0\x9F\x98\x80 done";
	size_t len = sizeof(text) - 1, cut, o;
	uint8_t out[256], copy[256];
	struct ws_event ev[4];
	int nev;

	for (cut = 0; cut <= len; cut++) {
		/* Masked client frames, as the daemon receives them. */
		o = (size_t)ws_frame_write(out, sizeof(out), 0, WS_OP_TEXT,
		    (const uint8_t *)text, cut, test_mask);
		o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 1,
		    WS_OP_CONT, (const uint8_t *)text + cut, len - cut,
		    test_mask);
		ck_assert_int_eq(
		    assemble(WS_ROLE_SERVER, 1000, out, o, copy, ev, &nev),
		    (long)o);
		ck_assert_int_eq(nev, 1);
		ck_assert_int_eq(ev[0].type, WS_EV_TEXT);
		ck_assert_uint_eq(ev[0].len, len);
		ck_assert_mem_eq(ev[0].data, text, len);
		free((void *)ev[0].data);
	}
}
END_TEST

/* Autobahn 6.x: invalid text fails with 1007, fragmented or not, early. */
START_TEST(test_utf8_invalid)
{
	static const char *const bad[] = {
		"\xCE\xBA\xE1\xBD\xB9\xCF\x83\xCE\xBC\xCE\xB5\xED\xA0\x80"
		"edited",
		"\xC0\xAF", "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xFF",
		"\xE2\x82", /* ends mid-character */
	};
	uint8_t out[256], copy[256];
	struct ws_event ev[4];
	size_t i, o, len, cut;
	int nev;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		len = strlen(bad[i]);
		o = (size_t)ws_frame_write(out, sizeof(out), 1, WS_OP_TEXT,
		    (const uint8_t *)bad[i], len, NULL);
		ck_assert_int_eq(
		    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
		    WS_E_UTF8);
		for (cut = 0; cut <= len; cut++) {
			o = (size_t)ws_frame_write(out, sizeof(out), 0,
			    WS_OP_TEXT, (const uint8_t *)bad[i], cut, NULL);
			o += (size_t)ws_frame_write(out + o, sizeof(out) - o, 1,
			    WS_OP_CONT, (const uint8_t *)bad[i] + cut,
			    len - cut, NULL);
			ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, o,
					     copy, ev, &nev),
			    WS_E_UTF8);
		}
	}
	ck_assert_int_eq(ws_error_close_code(WS_E_UTF8), 1007);
	/* Fail fast: a bad byte fails before the rest arrives. */
	{
		struct ws_assembler a;
		struct ws_event e;

		o = (size_t)ws_frame_write(out, sizeof(out), 0, WS_OP_TEXT,
		    (const uint8_t *)"ok\xFF", 3, NULL);
		ws_assembler_init(&a, WS_ROLE_CLIENT, 100);
		ck_assert_int_eq(ws_assembler_feed(&a, out, o, &e), WS_E_UTF8);
		ws_assembler_free(&a);
	}
	/* Binary is not text: the same bytes pass, reported as binary. */
	o = (size_t)ws_frame_write(out, sizeof(out), 1, WS_OP_BINARY,
	    (const uint8_t *)"\xFF\xFE", 2, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev), (long)o);
	ck_assert_int_eq(ev[0].type, WS_EV_BINARY);
}
END_TEST

/* Autobahn 7.x: close payloads. */
START_TEST(test_close_parse)
{
	static const int valid[] = { 1000, 1001, 1002, 1003, 1007, 1008, 1009,
		1010, 1011, 3000, 3999, 4000, 4999 };
	static const int invalid[] = { 0, 999, 1004, 1005, 1006, 1012, 1013,
		1014, 1015, 1016, 1100, 2000, 2999, 5000, 65535 };
	uint8_t p[130], out[256], copy[256];
	struct ws_event ev[4];
	size_t i, o;
	int nev;

	o = (size_t)ws_frame_write(
	    out, sizeof(out), 1, WS_OP_CLOSE, NULL, 0, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev), 2);
	ck_assert_int_eq(ev[0].type, WS_EV_CLOSE);
	ck_assert_int_eq(ev[0].close_code, 1005);
	ck_assert_uint_eq(ev[0].reason_len, 0);
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 1, WS_OP_CLOSE, (const uint8_t *)"\x03", 1, NULL);
	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
	    WS_E_CLOSE_PAYLOAD);
	ck_assert_int_eq(ws_error_close_code(WS_E_CLOSE_PAYLOAD), 1002);
	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		p[0] = (uint8_t)(valid[i] >> 8);
		p[1] = (uint8_t)valid[i];
		memcpy(p + 2, "why", 3);
		o = (size_t)ws_frame_write(
		    out, sizeof(out), 1, WS_OP_CLOSE, p, 5, test_mask);
		ck_assert_int_eq(
		    assemble(WS_ROLE_SERVER, 100, out, o, copy, ev, &nev),
		    (long)o);
		ck_assert_int_eq(ev[0].close_code, valid[i]);
		ck_assert_uint_eq(ev[0].reason_len, 3);
		ck_assert_mem_eq(ev[0].reason, "why", 3);
		ck_assert(ws_close_code_valid(valid[i]));
	}
	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		p[0] = (uint8_t)(invalid[i] >> 8);
		p[1] = (uint8_t)invalid[i];
		o = (size_t)ws_frame_write(
		    out, sizeof(out), 1, WS_OP_CLOSE, p, 2, NULL);
		ck_assert_int_eq(
		    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
		    WS_E_CLOSE_CODE);
		ck_assert(!ws_close_code_valid(invalid[i]));
	}
	ck_assert_int_eq(ws_error_close_code(WS_E_CLOSE_CODE), 1002);
	/* 7.5.1: a reason that is not UTF-8 is a 1007. */
	memcpy(p, "\x03\xE8\xCE\xBA\xE1\xBD\xB9\xED\xA0\x80", 10);
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 1, WS_OP_CLOSE, p, 10, NULL);
	ck_assert_int_eq(assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev),
	    WS_E_CLOSE_REASON);
	ck_assert_int_eq(ws_error_close_code(WS_E_CLOSE_REASON), 1007);
	/* 7.3.5/7.3.6: 123-byte reason fits, 124 makes a 126-byte payload. */
	p[0] = 0x03;
	p[1] = 0xE8;
	memset(p + 2, 'r', 124);
	o = (size_t)ws_frame_write(
	    out, sizeof(out), 1, WS_OP_CLOSE, p, 125, NULL);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, o, copy, ev, &nev), (long)o);
	ck_assert_uint_eq(ev[0].reason_len, 123);
	out[0] = 0x88;
	out[1] = 0x7E;
	out[2] = 0;
	out[3] = 126;
	memcpy(out + 4, p, 126);
	ck_assert_int_eq(
	    assemble(WS_ROLE_CLIENT, 100, out, 130, copy, ev, &nev),
	    WS_E_CONTROL_LENGTH);
}
END_TEST

START_TEST(test_close_encode)
{
	static const uint8_t bye[] = { 0x88, 0x05, 0x03, 0xE8, 'b', 'y', 'e' };
	char reason[200];
	uint8_t out[256], p[130];
	struct ws_frame f;

	ck_assert_int_eq(
	    ws_close_encode(WS_ROLE_SERVER, 1000, "bye", 3, out, sizeof(out)),
	    7);
	ck_assert_mem_eq(out, bye, 7);
	ck_assert_int_eq(
	    ws_close_encode(WS_ROLE_SERVER, 1005, "x", 1, out, sizeof(out)), 2);
	ck_assert_mem_eq(out, "\x88\x00", 2);
	ck_assert_int_eq(
	    ws_close_encode(WS_ROLE_SERVER, 1006, NULL, 0, out, sizeof(out)),
	    WS_E_ARG);
	ck_assert_int_eq(
	    ws_close_encode(WS_ROLE_SERVER, 1015, NULL, 0, out, sizeof(out)),
	    WS_E_ARG);
	/* capnweb's 3000 close, sent masked by a client. */
	ck_assert_int_eq(
	    ws_close_encode(WS_ROLE_CLIENT, 3000, "abort", 5, out, sizeof(out)),
	    2 + 4 + 7);
	ck_assert_int_eq(
	    ws_frame_decode(WS_ROLE_SERVER, out, 13, MAXMSG, &f), 13);
	ck_assert_mem_eq(f.payload,
	    "\x0B\xB8"
	    "abort",
	    7);
	/* Long reasons stop at 123 bytes, never inside a character. */
	memset(reason, 'a', sizeof(reason));
	ck_assert_int_eq(ws_close_payload(p, 1000, reason, 200), 125);
	memcpy(reason + 122, "\xC3\xA9", 2);
	ck_assert_int_eq(ws_close_payload(p, 1000, reason, 124), 2 + 122);
	memset(reason, 'a', sizeof(reason));
	memcpy(reason + 121, "\xE2\x82\xAC", 3);
	ck_assert_int_eq(ws_close_payload(p, 1000, reason, 124), 2 + 121);
	memcpy(reason + 120, "\xE2\x82\xAC", 3);
	ck_assert_int_eq(ws_close_payload(p, 1000, reason, 123), 2 + 123);
	ck_assert_mem_eq(p + 2 + 120, "\xE2\x82\xAC", 3);
	memset(reason, 'a', sizeof(reason));
	memcpy(reason + 119, "\xF0\x9F\x98\x80", 4);
	ck_assert_int_eq(ws_close_payload(p, 1000, reason, 200), 2 + 123);
	memset(reason, 'a', sizeof(reason));
	memcpy(reason + 120, "\xF0\x9F\x98\x80", 4);
	ck_assert_int_eq(ws_close_payload(p, 1000, reason, 200), 2 + 120);
	/* An invalid reason is cut before its first bad byte. */
	ck_assert_int_eq(ws_close_payload(p, 1000, "ok\xFFno", 5), 4);
}
END_TEST

START_TEST(test_encode_errors)
{
	uint8_t out[16], pay[200];
	int i, distinct = 0;
	uint8_t first[4];

	memset(pay, 0, sizeof(pay));
	ck_assert_int_eq(
	    ws_frame_write(out, 6, 1, WS_OP_TEXT, pay, 5, NULL), WS_E_BUFFER);
	ck_assert_int_eq(
	    ws_frame_write(out, 7, 1, WS_OP_TEXT, pay, 5, NULL), 7);
	ck_assert_int_eq(
	    ws_frame_write_header(out, 3, 1, WS_OP_TEXT, 126, NULL),
	    WS_E_BUFFER);
	ck_assert_int_eq(
	    ws_frame_write_header(out, 4, 1, WS_OP_TEXT, 126, NULL), 4);
	ck_assert_int_eq(ws_frame_write_header(out, 14, 1, WS_OP_TEXT,
			     (uint64_t)1 << 40, test_mask),
	    14);
	ck_assert_mem_eq(out, "\x81\xFF\x00\x00\x01\x00\x00\x00\x00\x00", 10);
	ck_assert_mem_eq(out + 10, test_mask, 4);
	ck_assert_int_eq(
	    ws_frame_write_header(out, 14, 1, 3, 0, NULL), WS_E_ARG);
	ck_assert_int_eq(
	    ws_frame_write_header(out, 14, 1, 0xB, 0, NULL), WS_E_ARG);
	ck_assert_int_eq(
	    ws_frame_write_header(out, 14, 1, 16, 0, NULL), WS_E_ARG);
	ck_assert_int_eq(ws_frame_write_header(
			     out, 14, 1, WS_OP_BINARY, (uint64_t)1 << 63, NULL),
	    WS_E_ARG);
	/* Client masks come from the CSPRNG: four frames, not one key. */
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT,
				     pay, 1, out, sizeof(out)),
		    7);
		if (i == 0)
			memcpy(first, out + 2, 4);
		else if (memcmp(first, out + 2, 4) != 0)
			distinct++;
	}
	ck_assert_int_gt(distinct, 0);
}
END_TEST

/* Masking in pieces at any offset equals masking at once. */
START_TEST(test_mask_offsets)
{
	uint8_t a[100], b[100];
	size_t i, cut;

	for (cut = 0; cut <= sizeof(a); cut++) {
		for (i = 0; i < sizeof(a); i++)
			a[i] = b[i] = (uint8_t)(i * 13 + 1);
		ws_mask(a, sizeof(a), test_mask, 0);
		ws_mask(b, cut, test_mask, 0);
		ws_mask(b + cut, sizeof(b) - cut, test_mask, cut);
		ck_assert_mem_eq(a, b, sizeof(a));
		for (i = 0; i < sizeof(a); i++)
			ck_assert_uint_eq(
			    a[i], (uint8_t)(i * 13 + 1) ^ test_mask[i % 4]);
	}
}
END_TEST

/* Autobahn 1.x: round trips at every length boundary, both directions. */
START_TEST(test_round_trip_lengths)
{
	static const size_t lens[] = { 0, 1, 125, 126, 127, 128, 65535, 65536,
		65537 };
	uint8_t *pay, *out;
	struct ws_assembler a;
	struct ws_event ev;
	size_t i, k;
	long n;

	pay = malloc(65537);
	out = malloc(65537 + 14);
	ck_assert(pay != NULL && out != NULL);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		for (k = 0; k < lens[i]; k++)
			pay[k] = (uint8_t)('a' + k % 26);
		n = ws_frame_encode(
		    WS_ROLE_CLIENT, WS_OP_TEXT, pay, lens[i], out, 65537 + 14);
		ck_assert_uint_eq((size_t)n, ws_frame_size(lens[i], 1));
		ws_assembler_init(&a, WS_ROLE_SERVER, 65537);
		ck_assert_int_eq(ws_assembler_feed(&a, out, (size_t)n, &ev), n);
		ck_assert_int_eq(ev.type, WS_EV_TEXT);
		ck_assert_uint_eq(ev.len, lens[i]);
		ck_assert(lens[i] == 0 || memcmp(ev.data, pay, lens[i]) == 0);
		/* Single frames are not copied: the event is in the input. */
		ck_assert(ev.data == out + n - (long)lens[i]);
		ws_assembler_free(&a);
		n = ws_frame_encode(
		    WS_ROLE_SERVER, WS_OP_TEXT, pay, lens[i], out, 65537 + 14);
		ck_assert_uint_eq((size_t)n, ws_frame_size(lens[i], 0));
		ws_assembler_init(&a, WS_ROLE_CLIENT, 65537);
		ck_assert_int_eq(ws_assembler_feed(&a, out, (size_t)n, &ev), n);
		ck_assert_uint_eq(ev.len, lens[i]);
		ws_assembler_free(&a);
	}
	free(pay);
	free(out);
}
END_TEST

/* A large fragmented message, then a small one reusing the assembler. */
START_TEST(test_large_fragmented)
{
	size_t total = 300000, chunk = 7000, o = 0, off, sent = 0;
	uint8_t *pay, *out;
	struct ws_assembler a;
	struct ws_event ev;
	long n;
	int msgs = 0;

	pay = malloc(total);
	out = malloc(total + 1000);
	ck_assert(pay != NULL && out != NULL);
	memset(pay, 'z', total);
	while (sent < total) {
		size_t c = total - sent < chunk ? total - sent : chunk;

		o += (size_t)ws_frame_write(out + o, total + 1000 - o,
		    sent + c == total, sent == 0 ? WS_OP_TEXT : WS_OP_CONT,
		    pay + sent, c, NULL);
		sent += c;
	}
	o += (size_t)ws_frame_write(out + o, total + 1000 - o, 1, WS_OP_TEXT,
	    (const uint8_t *)"hi", 2, NULL);
	ws_assembler_init(&a, WS_ROLE_CLIENT, total);
	for (off = 0; off < o; off += (size_t)n) {
		n = ws_assembler_feed(&a, out + off, o - off, &ev);
		ck_assert_int_gt(n, 0);
		if (ev.type == WS_EV_TEXT) {
			ck_assert_uint_eq(ev.len, msgs == 0 ? total : 2);
			ck_assert(memcmp(ev.data,
				      msgs == 0 ? pay : (const uint8_t *)"hi",
				      ev.len) == 0);
			msgs++;
		}
	}
	ck_assert_int_eq(msgs, 2);
	ws_assembler_free(&a);
	free(pay);
	free(out);
}
END_TEST

START_TEST(test_close_handshake)
{
	enum ws_conn_state st;

	/* Peer closes first: echo, then the server drops TCP once flushed. */
	st = WS_STATE_OPEN;
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_DATA), WS_ACT_DELIVER);
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PING), WS_ACT_SEND_PONG);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PONG), 0);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PEER_CLOSE),
	    WS_ACT_SEND_CLOSE);
	ck_assert_int_eq(st, WS_STATE_CLOSE_RECEIVED);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_DATA), 0);
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_LOCAL_CLOSE), 0);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_CLOSE_FLUSHED),
	    WS_ACT_CLOSE_TRANSPORT);
	ck_assert_int_eq(st, WS_STATE_CLOSED);
	/* The same for a client: it waits for the server's EOF. */
	st = WS_STATE_OPEN;
	ws_conn_step(&st, WS_ROLE_CLIENT, WS_CE_PEER_CLOSE);
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_CLIENT, WS_CE_CLOSE_FLUSHED), 0);
	ck_assert_int_eq(st, WS_STATE_CLOSED);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_CLIENT, WS_CE_EOF),
	    WS_ACT_CLOSE_TRANSPORT);
	/* We close first (capnweb's abort: 3000). */
	st = WS_STATE_OPEN;
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_LOCAL_CLOSE),
	    WS_ACT_SEND_CLOSE);
	ck_assert_int_eq(st, WS_STATE_CLOSE_SENT);
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_LOCAL_CLOSE), 0);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_DATA), 0);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PING), 0);
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_CLOSE_FLUSHED), 0);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PEER_CLOSE),
	    WS_ACT_CLOSE_TRANSPORT);
	ck_assert_int_eq(st, WS_STATE_CLOSED);
	st = WS_STATE_CLOSE_SENT;
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_CLIENT, WS_CE_PEER_CLOSE), 0);
	st = WS_STATE_CLOSE_SENT;
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_CLIENT, WS_CE_TIMEOUT),
	    WS_ACT_CLOSE_TRANSPORT);
	ck_assert_int_eq(st, WS_STATE_CLOSED);
	/* Protocol error: say why, then drop. */
	st = WS_STATE_OPEN;
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PROTOCOL_ERROR),
	    WS_ACT_SEND_CLOSE | WS_ACT_CLOSE_TRANSPORT);
	ck_assert_int_eq(st, WS_STATE_CLOSED);
	st = WS_STATE_CLOSE_SENT;
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PROTOCOL_ERROR),
	    WS_ACT_CLOSE_TRANSPORT);
	/* EOF anywhere ends it; a timeout while open means nothing. */
	st = WS_STATE_OPEN;
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_TIMEOUT), 0);
	ck_assert_int_eq(st, WS_STATE_OPEN);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_EOF),
	    WS_ACT_CLOSE_TRANSPORT);
	ck_assert_int_eq(st, WS_STATE_CLOSED);
	ck_assert_int_eq(ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_DATA), 0);
	ck_assert_int_eq(
	    ws_conn_step(&st, WS_ROLE_SERVER, WS_CE_PEER_CLOSE), 0);
}
END_TEST

START_TEST(test_default_ceiling)
{
#if defined(WS_MAX_MESSAGE_DEFAULT) && defined(CM_PAYLOAD_LIMIT)
	/* The Decision's rule (spec/protocol.md): 6 bytes per unit over a
	 * payload and a full console, plus the envelope; protocol.json's
	 * literal MESSAGE_LIMIT must stay equal to it. */
	ck_assert_uint_eq(WS_MAX_MESSAGE_DEFAULT, (size_t)CM_MESSAGE_LIMIT);
	ck_assert_uint_eq(WS_MAX_MESSAGE_DEFAULT,
	    6 * ((size_t)CM_PAYLOAD_LIMIT + CM_CONSOLE_CAPTURE_LIMIT) + 65536);
	ck_assert_uint_gt(WS_MAX_MESSAGE_DEFAULT, 6 * (size_t)CM_PAYLOAD_LIMIT);
#else
	ck_abort_msg("cm_spec.h did not provide PAYLOAD_LIMIT");
#endif
}
END_TEST

static Suite *
ws_suite(void)
{
	Suite *s = suite_create("ws");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_rfc_unmasked_hello);
	tcase_add_test(tc, test_rfc_masked_hello);
	tcase_add_test(tc, test_rfc_fragmented);
	tcase_add_test(tc, test_rfc_ping_pong);
	tcase_add_test(tc, test_rfc_encode);
	tcase_add_test(tc, test_rfc_length_forms);
	tcase_add_test(tc, test_partial_every_split);
	tcase_add_test(tc, test_frame_errors);
	tcase_add_test(tc, test_limits_exact);
	tcase_add_test(tc, test_fragment_limits);
	tcase_add_test(tc, test_fragmentation_rules);
	tcase_add_test(tc, test_utf8_split_every_position);
	tcase_add_test(tc, test_utf8_invalid);
	tcase_add_test(tc, test_close_parse);
	tcase_add_test(tc, test_close_encode);
	tcase_add_test(tc, test_encode_errors);
	tcase_add_test(tc, test_mask_offsets);
	tcase_add_test(tc, test_round_trip_lengths);
	tcase_add_test(tc, test_large_fragmented);
	tcase_add_test(tc, test_close_handshake);
	tcase_add_test(tc, test_default_ceiling);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ws_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
