/*
 * Fuzz harness for libclient/proto/http.c: arbitrary bytes as a request head
 * and as a response head, under the default and under tiny limits. Checks that
 * consumed never exceeds the input, a parsed head ends in CRLF CRLF, every
 * slice lies inside the head, every shorter prefix is "need more", and the
 * upgrade checks and error answers hold up on whatever parsed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/http.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_http: %s:%d: %s\n", __FILE__,    \
			    __LINE__, #c);                                     \
			abort();                                               \
		}                                                              \
	} while (0)

static struct http_header fuzz_hdrs[HTTP_DEFAULT_MAX_HEADERS];

static int
fuzz_inside(const char *base, long n, const char *p, size_t len)
{
	return p >= base && p + len <= base + n;
}

static void
fuzz_check_fields(const char *buf, long n, size_t num, size_t cap)
{
	size_t i;

	FUZZ_CHECK(num <= cap);
	for (i = 0; i < num; i++) {
		FUZZ_CHECK(fuzz_hdrs[i].name_len > 0);
		FUZZ_CHECK(fuzz_inside(
		    buf, n, fuzz_hdrs[i].name, fuzz_hdrs[i].name_len));
		FUZZ_CHECK(fuzz_inside(
		    buf, n, fuzz_hdrs[i].value, fuzz_hdrs[i].value_len));
		FUZZ_CHECK(memchr(fuzz_hdrs[i].value, '\n',
			       fuzz_hdrs[i].value_len) == NULL);
	}
}

/* The error answer for any parse or upgrade error is well formed. */
static void
fuzz_check_error(int err)
{
	char out[512];
	int st = http_error_status(err);

	FUZZ_CHECK(st == 400 || st == 405 || st == 426 || st == 431 ||
	    st == 500 || st == 505);
	FUZZ_CHECK(http_build_error(out, sizeof(out), err) > 0);
	FUZZ_CHECK(strncmp(out, "HTTP/1.1 ", 9) == 0);
}

static void
fuzz_request(const char *buf, size_t len, size_t max_head, size_t cap)
{
	struct http_request req;
	struct http_ws_upgrade up;
	char out[256];
	long n, m;
	size_t k;
	int rc;

	memset(&req, 0, sizeof(req));
	req.headers = fuzz_hdrs;
	req.headers_cap = cap;
	req.max_head = max_head;
	n = http_parse_request(buf, len, &req);
	FUZZ_CHECK(n <= (long)len);
	if (n < 0) {
		fuzz_check_error((int)n);
		return;
	}
	if (n == 0) {
		FUZZ_CHECK(len < max_head);
		return;
	}
	FUZZ_CHECK((size_t)n <= max_head && n >= 4);
	FUZZ_CHECK(memcmp(buf + n - 4, "\r\n\r\n", 4) == 0);
	FUZZ_CHECK(req.method_len > 0 && req.target_len > 0);
	FUZZ_CHECK(fuzz_inside(buf, n, req.method, req.method_len));
	FUZZ_CHECK(fuzz_inside(buf, n, req.target, req.target_len));
	fuzz_check_fields(buf, n, req.num_headers, cap);
	rc = http_ws_check_request(&req, &up);
	if (rc == 0) {
		FUZZ_CHECK(strlen(up.accept) == HTTP_WS_ACCEPT_LEN);
		FUZZ_CHECK(http_build_ws_response(out, sizeof(out), &up) > 0);
	} else
		fuzz_check_error(rc);
	/* Every proper prefix needs more; re-parsing gives the same head. */
	for (k = 0; k < (size_t)n; k += 1 + (size_t)n / 128) {
		m = http_parse_request(buf, k, &req);
		FUZZ_CHECK(m == 0);
	}
	FUZZ_CHECK(http_parse_request(buf, len, &req) == n);
}

static void
fuzz_response(const char *buf, size_t len, size_t max_head, size_t cap)
{
	struct http_response res;
	long n;
	size_t k;
	int rc;

	memset(&res, 0, sizeof(res));
	res.headers = fuzz_hdrs;
	res.headers_cap = cap;
	res.max_head = max_head;
	n = http_parse_response(buf, len, &res);
	FUZZ_CHECK(n <= (long)len);
	if (n <= 0) {
		FUZZ_CHECK(n < 0 || len < max_head);
		return;
	}
	FUZZ_CHECK(memcmp(buf + n - 4, "\r\n\r\n", 4) == 0);
	FUZZ_CHECK(res.status >= 0 && res.status <= 999);
	FUZZ_CHECK(fuzz_inside(buf, n, res.reason, res.reason_len));
	fuzz_check_fields(buf, n, res.num_headers, cap);
	rc = http_ws_check_response(&res, "dGhlIHNhbXBsZSBub25jZQ==", NULL);
	FUZZ_CHECK(rc <= 0);
	for (k = 0; k < (size_t)n; k += 1 + (size_t)n / 128)
		FUZZ_CHECK(http_parse_response(buf, k, &res) == 0);
}

static void
fuzz_tokens(const char *buf, size_t len)
{
	const char *t;
	size_t pos = 0, last = 0, tl;
	int guard = 0;

	while (http_list_next(buf, len, &pos, &t, &tl)) {
		FUZZ_CHECK(pos > last || guard == 0);
		FUZZ_CHECK(tl > 0 && t >= buf && t + tl <= buf + len);
		FUZZ_CHECK(memchr(t, ',', tl) == NULL);
		last = pos;
		FUZZ_CHECK(++guard <= (int)len);
	}
	FUZZ_CHECK(pos <= len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	/* An exact-size copy: ASan catches a read one byte past the input. */
	char *buf = malloc(len ? len : 1);

	if (buf == NULL)
		return 0;
	memcpy(buf, data, len);
	fuzz_request(buf, len, HTTP_DEFAULT_MAX_HEAD, HTTP_DEFAULT_MAX_HEADERS);
	fuzz_request(buf, len, 64, 2);
	fuzz_response(
	    buf, len, HTTP_DEFAULT_MAX_HEAD, HTTP_DEFAULT_MAX_HEADERS);
	fuzz_response(buf, len, 48, 1);
	fuzz_tokens(buf, len);
	free(buf);
	return 0;
}
