/*
 * Check suite for libclient/proto/http.c: head parsers at their limits,
 * builders, the RFC 6455 §4 handshake on both sides.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/base64.h"
#include "proto/http.h"

#define RFC_KEY "dGhlIHNhbXBsZSBub25jZQ=="
/* RFC 6455 §1.3 (the brief's "...9kGZmbcfusNxiXA=" is not what SHA-1 gives). */
#define RFC_ACCEPT "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

/* What undici sends (transcripts T:23), with the RFC's key. */
static const char upgrade_req[] =
    "GET / HTTP/1.1\r\n"
    "Host: localhost:8787\r\n"
    "Connection: upgrade\r\n"
    "Upgrade: websocket\r\n"
    "Sec-WebSocket-Key: " RFC_KEY "\r\n"
    "Sec-WebSocket-Version: 13\r\n"
    "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
    "\r\n";

static const char upgrade_res[] = "HTTP/1.1 101 Switching Protocols\r\n"
				  "Upgrade: websocket\r\n"
				  "Connection: Upgrade\r\n"
				  "Sec-WebSocket-Accept: " RFC_ACCEPT "\r\n"
				  "\r\n";

static struct http_header hdrs[HTTP_DEFAULT_MAX_HEADERS];

static long
parse_req(const char *buf, size_t len, struct http_request *req)
{
	memset(req, 0, sizeof(*req));
	req->headers = hdrs;
	req->headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	return http_parse_request(buf, len, req);
}

static long
parse_res(const char *buf, size_t len, struct http_response *res)
{
	memset(res, 0, sizeof(*res));
	res->headers = hdrs;
	res->headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	return http_parse_response(buf, len, res);
}

/* Parses s as a request and runs the upgrade check on it. */
static int
check_upgrade(const char *s, struct http_ws_upgrade *up)
{
	struct http_request req;
	long n = parse_req(s, strlen(s), &req);

	ck_assert_msg(n == (long)strlen(s), "parse gave %ld for %s", n, s);
	return http_ws_check_request(&req, up);
}

START_TEST(test_parse_upgrade_request)
{
	struct http_request req;
	const struct http_header *h;
	size_t len = sizeof(upgrade_req) - 1;

	ck_assert_int_eq(parse_req(upgrade_req, len, &req), (long)len);
	ck_assert_uint_eq(req.method_len, 3);
	ck_assert_mem_eq(req.method, "GET", 3);
	ck_assert_uint_eq(req.target_len, 1);
	ck_assert_mem_eq(req.target, "/", 1);
	ck_assert_int_eq(req.minor_version, 1);
	ck_assert_uint_eq(req.num_headers, 6);
	ck_assert_uint_eq(hdrs[0].name_len, 4);
	ck_assert_mem_eq(hdrs[0].name, "Host", 4);
	ck_assert_uint_eq(hdrs[0].value_len, 14);
	ck_assert_mem_eq(hdrs[0].value, "localhost:8787", 14);
	h = http_header_find(hdrs, req.num_headers, "sec-websocket-key");
	ck_assert_ptr_nonnull(h);
	ck_assert_uint_eq(h->value_len, 24);
	ck_assert_mem_eq(h->value, RFC_KEY, 24);
	ck_assert_ptr_null(http_header_find(hdrs, req.num_headers, "Origin"));
	ck_assert(http_header_has_token(
	    hdrs, req.num_headers, "CONNECTION", "Upgrade"));
	ck_assert(!http_header_has_token(
	    hdrs, req.num_headers, "Connection", "upgrad"));
}
END_TEST

/* Whatever follows the head (a first frame, a next request) stays put. */
START_TEST(test_pipelined_bytes)
{
	char buf[512];
	struct http_request req;
	struct http_response res;
	size_t hl = sizeof(upgrade_req) - 1;

	memcpy(buf, upgrade_req, hl);
	memcpy(buf + hl, "\x81\x85\x37\xfa\x21\x3d\x7f\x9f\x4d\x51\x58", 11);
	ck_assert_int_eq(parse_req(buf, hl + 11, &req), (long)hl);
	memcpy(buf + hl, "GET /next HTTP/1.1\r\n\r\n", 22);
	ck_assert_int_eq(parse_req(buf, hl + 22, &req), (long)hl);
	hl = sizeof(upgrade_res) - 1;
	memcpy(buf, upgrade_res, hl);
	memcpy(buf + hl, "\x81\x05Hello", 7);
	ck_assert_int_eq(parse_res(buf, hl + 7, &res), (long)hl);
	ck_assert_int_eq(res.status, 101);
	ck_assert_uint_eq(res.reason_len, 19);
	ck_assert_mem_eq(res.reason, "Switching Protocols", 19);
	ck_assert_uint_eq(res.num_headers, 3);
}
END_TEST

START_TEST(test_partial_every_split)
{
	struct http_request req;
	struct http_response res;
	size_t cut;

	for (cut = 0; cut < sizeof(upgrade_req) - 1; cut++)
		ck_assert_msg(parse_req(upgrade_req, cut, &req) == 0,
		    "request cut at %zu", cut);
	for (cut = 0; cut < sizeof(upgrade_res) - 1; cut++)
		ck_assert_msg(parse_res(upgrade_res, cut, &res) == 0,
		    "response cut at %zu", cut);
}
END_TEST

/* Writes a request head of exactly total bytes into buf; returns total. */
static size_t
head_of_size(char *buf, size_t total)
{
	static const char pre[] = "GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ";
	size_t pad = total - (sizeof(pre) - 1) - 4;

	memcpy(buf, pre, sizeof(pre) - 1);
	memset(buf + sizeof(pre) - 1, 'p', pad);
	memcpy(buf + sizeof(pre) - 1 + pad, "\r\n\r\n", 4);
	return total;
}

START_TEST(test_head_size_limit)
{
	static char buf[HTTP_DEFAULT_MAX_HEAD + 64];
	struct http_request req;
	size_t n;

	/* Exactly at the limit: accepted, even with bytes after it. */
	n = head_of_size(buf, HTTP_DEFAULT_MAX_HEAD);
	ck_assert_int_eq(parse_req(buf, n, &req), HTTP_DEFAULT_MAX_HEAD);
	memset(buf + n, 'z', 10);
	ck_assert_int_eq(parse_req(buf, n + 10, &req), HTTP_DEFAULT_MAX_HEAD);
	ck_assert_int_eq(parse_req(buf, n - 1, &req), 0);
	/* One over: 431 as soon as max_head bytes show no end of head. */
	n = head_of_size(buf, HTTP_DEFAULT_MAX_HEAD + 1);
	ck_assert_int_eq(parse_req(buf, n, &req), HTTP_E_HEAD_TOO_LARGE);
	ck_assert_int_eq(
	    parse_req(buf, HTTP_DEFAULT_MAX_HEAD, &req), HTTP_E_HEAD_TOO_LARGE);
	ck_assert_int_eq(parse_req(buf, HTTP_DEFAULT_MAX_HEAD - 1, &req), 0);
	ck_assert_int_eq(http_error_status(HTTP_E_HEAD_TOO_LARGE), 431);
	/* A configured limit is honoured the same way. */
	n = head_of_size(buf, 100);
	memset(&req, 0, sizeof(req));
	req.headers = hdrs;
	req.headers_cap = 8;
	req.max_head = 100;
	ck_assert_int_eq(http_parse_request(buf, n, &req), 100);
	req.max_head = 99;
	ck_assert_int_eq(
	    http_parse_request(buf, n, &req), HTTP_E_HEAD_TOO_LARGE);
	/* A response head under the same rule. */
	{
		struct http_response res;

		memcpy(buf, "HTTP/1.1 200 OK\r\nX: ", 20);
		memset(buf + 20, 'p', HTTP_DEFAULT_MAX_HEAD);
		ck_assert_int_eq(
		    parse_res(buf, HTTP_DEFAULT_MAX_HEAD + 20, &res),
		    HTTP_E_HEAD_TOO_LARGE);
	}
}
END_TEST

/* Writes a request with nfields header fields; returns its length. */
static size_t
head_with_fields(char *buf, size_t cap, int nfields)
{
	size_t o;
	int i;

	o = (size_t)snprintf(buf, cap, "GET / HTTP/1.1\r\n");
	for (i = 0; i < nfields; i++)
		o += (size_t)snprintf(buf + o, cap - o, "X-%d: v\r\n", i);
	o += (size_t)snprintf(buf + o, cap - o, "\r\n");
	return o;
}

START_TEST(test_header_count_limit)
{
	static char buf[4096];
	struct http_request req;
	size_t n;

	n = head_with_fields(buf, sizeof(buf), HTTP_DEFAULT_MAX_HEADERS);
	ck_assert_int_eq(parse_req(buf, n, &req), (long)n);
	ck_assert_uint_eq(req.num_headers, HTTP_DEFAULT_MAX_HEADERS);
	ck_assert_mem_eq(hdrs[63].name, "X-63", 4);
	n = head_with_fields(buf, sizeof(buf), HTTP_DEFAULT_MAX_HEADERS + 1);
	ck_assert_int_eq(parse_req(buf, n, &req), HTTP_E_TOO_MANY_HEADERS);
	ck_assert_int_eq(http_error_status(HTTP_E_TOO_MANY_HEADERS), 431);
	/* The 65th field fails before the head is complete. */
	ck_assert_int_eq(parse_req(buf, n - 2, &req), HTTP_E_TOO_MANY_HEADERS);
}
END_TEST

START_TEST(test_request_errors)
{
	static const struct {
		const char *s;
		int err;
	} c[] = {
		{ "GET / HTTP/1.1\r\nX: a\r\n  b\r\n\r\n", HTTP_E_FOLDING },
		{ "GET / HTTP/1.1\r\nX: a\r\n\tb\r\n\r\n", HTTP_E_FOLDING },
		{ "GET / HTTP/1.1\r\n X: a\r\n\r\n", HTTP_E_FOLDING },
		{ "GET / HTTP/1.1\nHost: x\n\n", HTTP_E_BARE_LF },
		{ "GET / HTTP/1.1\r\nHost: x\n\r\n", HTTP_E_BARE_LF },
		{ "GET / HTTP/1.1\r\nHost: x\r\n\n", HTTP_E_BARE_LF },
		{ "GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n", HTTP_E_BARE_LF },
		{ "GET / HTTP/1.1\r\nHost : x\r\n\r\n", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/1.1\r\n: x\r\n\r\n", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/1.1\r\nHost x\r\n\r\n", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/1.1\r\nX: a\x01z\r\n\r\n", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/1.1\r\nX: a\x7Fz\r\n\r\n", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/1.1\r\nX(: a\r\n\r\n", HTTP_E_BAD_HEADER },
		{ "GET /  HTTP/1.1\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "GET  / HTTP/1.1\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "GET /\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "GET / http/1.1\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "GET / HTTP/1.1 x\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "GET / HTTP/1.10\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "G(T / HTTP/1.1\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "\r\nGET / HTTP/1.1\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		{ "GET /\x80 HTTP/1.1\r\n\r\n", HTTP_E_BAD_REQUEST_LINE },
		/* Control bytes fail at once, before the head is complete. */
		{ "\x16\x03\x01\x02", HTTP_E_BAD_REQUEST_LINE },
		{ "GET / HTTP/1.1\r\nX: a\x1B", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/1.1\r\nX: a\x01z\r\n", HTTP_E_BAD_HEADER },
		{ "GET / HTTP/2.0\r\n\r\n", HTTP_E_VERSION },
		{ "GET / HTTP/0.9\r\n\r\n", HTTP_E_VERSION },
	};
	static const char vals[] = "GET / HTTP/1.1\r\nA: \t x y \t\r\nB:\r\n"
				   "C: \xC3\xA9\r\n\r\n";
	struct http_request req;
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		long n = parse_req(c[i].s, strlen(c[i].s), &req);

		ck_assert_msg(
		    n == c[i].err, "case %zu: got %ld want %d", i, n, c[i].err);
		ck_assert_int_eq(http_error_status(c[i].err),
		    c[i].err == HTTP_E_VERSION ? 505 : 400);
	}
	/* HTTP/1.0 parses; the upgrade check refuses it later. */
	ck_assert_int_eq(parse_req("GET / HTTP/1.0\r\n\r\n", 18, &req), 18);
	ck_assert_int_eq(req.minor_version, 0);
	/* Values keep inner spaces, lose the outer ones, may be empty. */
	ck_assert_int_eq(
	    parse_req(vals, sizeof(vals) - 1, &req), (long)sizeof(vals) - 1);
	ck_assert_uint_eq(hdrs[0].value_len, 3);
	ck_assert_mem_eq(hdrs[0].value, "x y", 3);
	ck_assert_uint_eq(hdrs[1].value_len, 0);
	ck_assert_uint_eq(hdrs[2].value_len, 2);
}
END_TEST

START_TEST(test_response_parse)
{
	static const struct {
		const char *s;
		long want;
		int status;
	} c[] = {
		{ "HTTP/1.1 101\r\n\r\n", 16, 101 },
		{ "HTTP/1.1 101 \r\n\r\n", 17, 101 },
		{ "HTTP/1.0 404 Not Found\r\n\r\n", 26, 404 },
		{ "HTTP/1.1 1x1 OK\r\n\r\n", HTTP_E_BAD_STATUS_LINE, 0 },
		{ "HTTP/1.1 10 OK\r\n\r\n", HTTP_E_BAD_STATUS_LINE, 0 },
		{ "HTTP/1.1 1011 OK\r\n\r\n", HTTP_E_BAD_STATUS_LINE, 0 },
		{ "HTTP/2 200 OK\r\n\r\n", HTTP_E_BAD_STATUS_LINE, 0 },
		{ "HTTP/2.0 200 OK\r\n\r\n", HTTP_E_VERSION, 0 },
		{ "HTTP/1.1 200 O\x01K\r\n\r\n", HTTP_E_BAD_STATUS_LINE, 0 },
		{ "HTTP/1.1 200 OK\nX: y\r\n\r\n", HTTP_E_BARE_LF, 0 },
		{ "HTTP/1.1 200 OK\r\nX: y\r\n z\r\n\r\n", HTTP_E_FOLDING, 0 },
	};
	struct http_response res;
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		long n = parse_res(c[i].s, strlen(c[i].s), &res);

		ck_assert_msg(n == c[i].want, "case %zu: got %ld", i, n);
		if (n > 0)
			ck_assert_int_eq(res.status, c[i].status);
	}
	ck_assert_int_eq(parse_res(c[2].s, strlen(c[2].s), &res), 26);
	ck_assert_int_eq(res.minor_version, 0);
	ck_assert_uint_eq(res.reason_len, 9);
}
END_TEST

START_TEST(test_token_lists)
{
	static const char v[] = ", ,keep-alive ,\tUpgrade,,x ";
	const char *t;
	size_t pos = 0, tl;
	struct http_header h[2] = {
		{ "Connection", 10, "keep-alive", 10 },
		{ "connection", 10, v, sizeof(v) - 1 },
	};

	ck_assert_int_eq(http_list_next(v, sizeof(v) - 1, &pos, &t, &tl), 1);
	ck_assert_uint_eq(tl, 10);
	ck_assert_mem_eq(t, "keep-alive", 10);
	ck_assert_int_eq(http_list_next(v, sizeof(v) - 1, &pos, &t, &tl), 1);
	ck_assert_uint_eq(tl, 7);
	ck_assert_mem_eq(t, "Upgrade", 7);
	ck_assert_int_eq(http_list_next(v, sizeof(v) - 1, &pos, &t, &tl), 1);
	ck_assert_uint_eq(tl, 1);
	ck_assert_mem_eq(t, "x", 1);
	ck_assert_int_eq(http_list_next(v, sizeof(v) - 1, &pos, &t, &tl), 0);
	ck_assert(http_header_has_token(h, 2, "Connection", "upgrade"));
	ck_assert(!http_header_has_token(h, 1, "Connection", "upgrade"));
	ck_assert_uint_eq(http_header_count(h, 2, "CONNECTION"), 2);
	ck_assert_ptr_eq(http_header_find(h, 2, "connection"), &h[0]);
}
END_TEST

START_TEST(test_rfc_accept)
{
	char acc[HTTP_WS_ACCEPT_LEN + 1];

	ck_assert_int_eq(http_ws_accept(RFC_KEY, 24, acc), 0);
	ck_assert_str_eq(acc, RFC_ACCEPT);
}
END_TEST

START_TEST(test_upgrade_ok)
{
	struct http_ws_upgrade up;
	struct http_request req;
	char out[512];
	long n;

	ck_assert_int_eq(check_upgrade(upgrade_req, &up), 0);
	ck_assert_str_eq(up.accept, RFC_ACCEPT);
	ck_assert_uint_eq(up.key_len, 24);
	ck_assert_ptr_null(up.protocols);
	n = http_build_ws_response(out, sizeof(out), &up);
	ck_assert_int_eq(n, (long)sizeof(upgrade_res) - 1);
	ck_assert_str_eq(out, upgrade_res);
	/* Mixed case, token lists, unpadded key, a subprotocol offer. */
	ck_assert_int_eq(
	    check_upgrade(
		"GET /ws?x=1 HTTP/1.1\r\nhost: h\r\n"
		"upgrade: WebSocket\r\nconnection: keep-alive, Upgrade\r\n"
		"sec-websocket-version: 13\r\n"
		"sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ\r\n"
		"Sec-WebSocket-Protocol: capnweb, other.v2\r\n\r\n",
		&up),
	    0);
	ck_assert_uint_eq(up.protocols_len, 17);
	ck_assert_mem_eq(up.protocols, "capnweb, other.v2", 17);
	ck_assert_uint_eq(up.key_len, 22);
	parse_req(upgrade_req, sizeof(upgrade_req) - 1, &req);
	ck_assert(!http_ws_offers_protocol(&req, "capnweb"));
}
END_TEST

START_TEST(test_upgrade_offers_protocol)
{
	static const char s[] =
	    "GET / HTTP/1.1\r\nHost: h\r\n"
	    "Sec-WebSocket-Protocol: a\r\nSec-WebSocket-Protocol: b, C\r\n\r\n";
	struct http_request req;

	ck_assert_int_eq(
	    parse_req(s, sizeof(s) - 1, &req), (long)sizeof(s) - 1);
	ck_assert(http_ws_offers_protocol(&req, "a"));
	ck_assert(http_ws_offers_protocol(&req, "c"));
	ck_assert(!http_ws_offers_protocol(&req, "d"));
}
END_TEST

#define UPG_TAIL                                                               \
	"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " RFC_KEY "\r\n\r\n"
#define UPG_HEAD "Host: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"

START_TEST(test_upgrade_errors)
{
	static const struct {
		const char *s;
		int err;
		int status;
	} c[] = {
		{ "POST / HTTP/1.1\r\n" UPG_HEAD UPG_TAIL, HTTP_E_WS_METHOD,
		    405 },
		{ "get / HTTP/1.1\r\n" UPG_HEAD UPG_TAIL, HTTP_E_WS_METHOD,
		    405 },
		{ "GET / HTTP/1.0\r\n" UPG_HEAD UPG_TAIL,
		    HTTP_E_WS_HTTP_VERSION, 400 },
		{ "GET / HTTP/1.1\r\nHost: h\r\nConnection: "
		  "Upgrade\r\n" UPG_TAIL,
		    HTTP_E_WS_UPGRADE, 426 },
		{ "GET / HTTP/1.1\r\nHost: h\r\nUpgrade: h2c\r\n"
		  "Connection: Upgrade\r\n" UPG_TAIL,
		    HTTP_E_WS_UPGRADE, 426 },
		{ "GET / HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n"
		  "Connection: keep-alive\r\n" UPG_TAIL,
		    HTTP_E_WS_CONNECTION, 400 },
		{ "GET / HTTP/1.1\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\n" UPG_TAIL,
		    HTTP_E_WS_HOST, 400 },
		{ "GET / HTTP/1.1\r\nHost: a\r\n" UPG_HEAD UPG_TAIL,
		    HTTP_E_WS_HOST, 400 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Version: 8\r\n"
		  "Sec-WebSocket-Key: " RFC_KEY "\r\n\r\n",
		    HTTP_E_WS_VERSION, 426 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Key: " RFC_KEY
		  "\r\n\r\n",
		    HTTP_E_WS_VERSION, 426 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD
		  "Sec-WebSocket-Version: 13\r\n" UPG_TAIL,
		    HTTP_E_WS_VERSION, 426 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Version: 13\r\n"
		  "\r\n",
		    HTTP_E_WS_KEY, 400 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Key: " RFC_KEY
		  "\r\n" UPG_TAIL,
		    HTTP_E_WS_KEY, 400 },
		/* 15 bytes, 17 bytes, not base64, absurdly long. */
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Version: 13\r\n"
		  "Sec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAA\r\n\r\n",
		    HTTP_E_WS_KEY, 400 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Version: 13\r\n"
		  "Sec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAAA=\r\n\r\n",
		    HTTP_E_WS_KEY, 400 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Version: 13\r\n"
		  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==*\r\n\r\n",
		    HTTP_E_WS_KEY, 400 },
		{ "GET / HTTP/1.1\r\n" UPG_HEAD "Sec-WebSocket-Version: 13\r\n"
		  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
		  "dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
		    HTTP_E_WS_KEY, 400 },
	};
	struct http_ws_upgrade up;
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int rc = check_upgrade(c[i].s, &up);

		ck_assert_msg(rc == c[i].err, "case %zu: got %d want %d", i, rc,
		    c[i].err);
		ck_assert_int_eq(http_error_status(rc), c[i].status);
	}
}
END_TEST

/* Error answers parse back, name what they must, have honest lengths. */
START_TEST(test_build_error)
{
	static const int errs[] = { HTTP_E_BAD_REQUEST_LINE, HTTP_E_FOLDING,
		HTTP_E_VERSION, HTTP_E_HEAD_TOO_LARGE, HTTP_E_TOO_MANY_HEADERS,
		HTTP_E_WS_METHOD, HTTP_E_WS_UPGRADE, HTTP_E_WS_VERSION,
		HTTP_E_WS_KEY, HTTP_E_CRYPTO };
	char out[1024], status[64];
	struct http_response res;
	const struct http_header *cl;
	size_t i;
	long n, hl;

	for (i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
		int st = http_error_status(errs[i]);

		n = http_build_error(out, sizeof(out), errs[i]);
		ck_assert_int_gt(n, 0);
		ck_assert_uint_eq(strlen(out), (size_t)n);
		snprintf(status, sizeof(status), "HTTP/1.1 %d %s\r\n", st,
		    http_reason(st));
		ck_assert_msg(
		    strncmp(out, status, strlen(status)) == 0, "%s", out);
		hl = parse_res(out, (size_t)n, &res);
		ck_assert_int_gt(hl, 0);
		ck_assert_int_eq(res.status, st);
		cl = http_header_find(hdrs, res.num_headers, "Content-Length");
		ck_assert_ptr_nonnull(cl);
		ck_assert_int_eq(atoi(cl->value), (int)(n - hl));
		ck_assert_mem_eq(
		    out + hl, http_strerror(errs[i]), (size_t)(n - hl - 1));
		ck_assert(http_header_has_token(
		    hdrs, res.num_headers, "Connection", "close"));
		ck_assert_int_eq(http_header_find(hdrs, res.num_headers,
				     "Sec-WebSocket-Version") != NULL,
		    errs[i] == HTTP_E_WS_VERSION);
		ck_assert_int_eq(
		    http_header_find(hdrs, res.num_headers, "Upgrade") != NULL,
		    st == 426);
		ck_assert_int_eq(
		    http_header_find(hdrs, res.num_headers, "Allow") != NULL,
		    st == 405);
	}
	n = http_build_error(out, sizeof(out), HTTP_E_WS_VERSION);
	ck_assert_ptr_nonnull(strstr(out, "\r\nSec-WebSocket-Version: 13\r\n"));
	/* Every buffer too small says so. */
	for (i = 0; i < (size_t)n + 1; i++)
		ck_assert_int_eq(
		    http_build_error(out, i, HTTP_E_WS_VERSION), HTTP_E_BUFFER);
	ck_assert_int_eq(
	    http_build_error(out, (size_t)n + 1, HTTP_E_WS_VERSION), n);
}
END_TEST

START_TEST(test_build_response)
{
	static const char want[] =
	    "HTTP/1.1 200 OK\r\nContent-Type: "
	    "application/json\r\nContent-Length: 2\r\n\r\n";
	struct http_header h[1] = { { "Content-Type", 12, "application/json",
	    16 } };
	struct http_header bad[1] = { { "X", 1, "a\r\nInjected: 1", 14 } };
	struct http_header badname[1] = { { "X Y", 3, "v", 1 } };
	char out[256];
	size_t i;

	ck_assert_int_eq(http_build_response(out, sizeof(out), 200, h, 1, 2),
	    (long)sizeof(want) - 1);
	ck_assert_str_eq(out, want);
	for (i = 0; i < sizeof(want); i++)
		ck_assert_int_eq(
		    http_build_response(out, i, 200, h, 1, 2), HTTP_E_BUFFER);
	ck_assert_int_eq(
	    http_build_response(out, sizeof(out), 204, NULL, 0, -1), 27);
	ck_assert_str_eq(out, "HTTP/1.1 204 No Content\r\n\r\n");
	ck_assert_int_eq(
	    http_build_response(out, sizeof(out), 200, bad, 1, -1), HTTP_E_ARG);
	ck_assert_int_eq(
	    http_build_response(out, sizeof(out), 200, badname, 1, -1),
	    HTTP_E_ARG);
	ck_assert_int_eq(
	    http_build_response(out, sizeof(out), 99, NULL, 0, -1), HTTP_E_ARG);
	ck_assert_str_eq(http_reason(431), "Request Header Fields Too Large");
	ck_assert_str_eq(http_reason(799), "");
}
END_TEST

START_TEST(test_client_request)
{
	static const char want[] = "GET /rpc HTTP/1.1\r\n"
				   "Host: localhost\r\n"
				   "Upgrade: websocket\r\n"
				   "Connection: Upgrade\r\n"
				   "Sec-WebSocket-Key: " RFC_KEY "\r\n"
				   "Sec-WebSocket-Version: 13\r\n"
				   "Authorization: Bearer t\r\n"
				   "\r\n";
	struct http_header extra[1] = { { "Authorization", 13, "Bearer t",
	    8 } };
	struct http_header reserved[1] = { { "host", 4, "evil", 4 } };
	struct http_header inject[1] = { { "X", 1, "a\nb", 3 } };
	struct http_ws_upgrade up;
	char out[512];
	long n;

	n = http_build_ws_request(
	    out, sizeof(out), "localhost", "/rpc", RFC_KEY, NULL, extra, 1);
	ck_assert_int_eq(n, (long)sizeof(want) - 1);
	ck_assert_str_eq(out, want);
	/* What the client builds, the server accepts. */
	ck_assert_int_eq(check_upgrade(out, &up), 0);
	ck_assert_str_eq(up.accept, RFC_ACCEPT);
	n = http_build_ws_request(
	    out, sizeof(out), "h", "/", RFC_KEY, "capnweb", NULL, 0);
	ck_assert_ptr_nonnull(strstr(out,
	    "\r\nSec-WebSocket-Protocol: "
	    "capnweb\r\n"));
	ck_assert_int_eq(check_upgrade(out, &up), 0);
	ck_assert_int_eq(http_build_ws_request(out, sizeof(out), "h", "/",
			     RFC_KEY, NULL, reserved, 1),
	    HTTP_E_ARG);
	ck_assert_int_eq(http_build_ws_request(out, sizeof(out), "h", "/",
			     RFC_KEY, NULL, inject, 1),
	    HTTP_E_ARG);
	ck_assert_int_eq(http_build_ws_request(out, sizeof(out), "h\r\nX: y",
			     "/", RFC_KEY, NULL, NULL, 0),
	    HTTP_E_ARG);
	ck_assert_int_eq(http_build_ws_request(out, sizeof(out), "h", "/ x",
			     RFC_KEY, NULL, NULL, 0),
	    HTTP_E_ARG);
	ck_assert_int_eq(http_build_ws_request(
			     out, sizeof(out), "h", "", RFC_KEY, NULL, NULL, 0),
	    HTTP_E_ARG);
	ck_assert_int_eq(
	    http_build_ws_request(out, 50, "h", "/", RFC_KEY, NULL, NULL, 0),
	    HTTP_E_BUFFER);
}
END_TEST

START_TEST(test_make_key)
{
	char k1[HTTP_WS_KEY_LEN + 1], k2[HTTP_WS_KEY_LEN + 1];
	uint8_t raw[32];

	ck_assert_int_eq(http_ws_make_key(k1), 0);
	ck_assert_int_eq(http_ws_make_key(k2), 0);
	ck_assert_uint_eq(strlen(k1), 24);
	ck_assert_int_eq(base64_decode(k1, 24, raw), 16);
	ck_assert_str_ne(k1, k2);
}
END_TEST

/* Client side: the 101 answer. */
START_TEST(test_client_check_response)
{
	static const struct {
		const char *s;
		const char *protocol;
		int err;
	} c[] = {
		{ upgrade_res, NULL, 0 },
		{ "HTTP/1.1 101 Switching Protocols\r\nupgrade: WebSocket\r\n"
		  "connection: keep-alive, upgrade\r\n"
		  "sec-websocket-accept: " RFC_ACCEPT "\r\n\r\n",
		    NULL, 0 },
		{ "HTTP/1.1 200 OK\r\nUpgrade: websocket\r\nConnection: Upgrade"
		  "\r\nSec-WebSocket-Accept: " RFC_ACCEPT "\r\n\r\n",
		    NULL, HTTP_E_WS_STATUS },
		{ "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n"
		  "Sec-WebSocket-Accept: " RFC_ACCEPT "\r\n\r\n",
		    NULL, HTTP_E_WS_UPGRADE },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Sec-WebSocket-Accept: " RFC_ACCEPT "\r\n\r\n",
		    NULL, HTTP_E_WS_CONNECTION },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\n\r\n",
		    NULL, HTTP_E_WS_ACCEPT },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\nSec-WebSocket-Accept: "
		  "s3pPLMBiTxaQ9kGZmbcfusNxiXa=\r\n\r\n",
		    NULL, HTTP_E_WS_ACCEPT },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\nSec-WebSocket-Accept: " RFC_ACCEPT
		  "\r\nSec-WebSocket-Accept: " RFC_ACCEPT "\r\n\r\n",
		    NULL, HTTP_E_WS_ACCEPT },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\nSec-WebSocket-Accept: " RFC_ACCEPT
		  "\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n",
		    NULL, HTTP_E_WS_EXTENSION },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\nSec-WebSocket-Accept: " RFC_ACCEPT
		  "\r\nSec-WebSocket-Protocol: capnweb\r\n\r\n",
		    NULL, HTTP_E_WS_PROTOCOL },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\nSec-WebSocket-Accept: " RFC_ACCEPT
		  "\r\nSec-WebSocket-Protocol: capnweb\r\n\r\n",
		    "capnweb", 0 },
		{ "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		  "Connection: Upgrade\r\nSec-WebSocket-Accept: " RFC_ACCEPT
		  "\r\nSec-WebSocket-Protocol: other\r\n\r\n",
		    "capnweb", HTTP_E_WS_PROTOCOL },
		{ upgrade_res, "capnweb", 0 },
	};
	struct http_response res;
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		long n = parse_res(c[i].s, strlen(c[i].s), &res);
		int rc;

		ck_assert_int_eq(n, (long)strlen(c[i].s));
		rc = http_ws_check_response(&res, RFC_KEY, c[i].protocol);
		ck_assert_msg(rc == c[i].err, "case %zu: got %d want %d", i, rc,
		    c[i].err);
		if (rc < 0)
			ck_assert_str_ne(
			    http_strerror(rc), "unknown HTTP error");
	}
}
END_TEST

static Suite *
http_suite(void)
{
	Suite *s = suite_create("http");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_parse_upgrade_request);
	tcase_add_test(tc, test_pipelined_bytes);
	tcase_add_test(tc, test_partial_every_split);
	tcase_add_test(tc, test_head_size_limit);
	tcase_add_test(tc, test_header_count_limit);
	tcase_add_test(tc, test_request_errors);
	tcase_add_test(tc, test_response_parse);
	tcase_add_test(tc, test_token_lists);
	tcase_add_test(tc, test_rfc_accept);
	tcase_add_test(tc, test_upgrade_ok);
	tcase_add_test(tc, test_upgrade_offers_protocol);
	tcase_add_test(tc, test_upgrade_errors);
	tcase_add_test(tc, test_build_error);
	tcase_add_test(tc, test_build_response);
	tcase_add_test(tc, test_client_request);
	tcase_add_test(tc, test_make_key);
	tcase_add_test(tc, test_client_check_response);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(http_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
