/*
 * HTTP/1.1 heads for the WebSocket upgrade: strict parsers, builders and
 * the RFC 6455 §4 checks.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <openssl/evp.h>
#include <openssl/rand.h>

#include "base64.h"
#include "http.h"

/* RFC 6455 §1.3: the GUID every accept value is derived with. */
static const char http_ws_guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

const char *
http_strerror(int err)
{
	switch (err) {
	case HTTP_E_BAD_REQUEST_LINE:
		return "malformed request line";
	case HTTP_E_BAD_STATUS_LINE:
		return "malformed status line";
	case HTTP_E_BAD_HEADER:
		return "malformed header field";
	case HTTP_E_FOLDING:
		return "obsolete line folding";
	case HTTP_E_BARE_LF:
		return "line not terminated by CRLF";
	case HTTP_E_VERSION:
		return "HTTP version not supported";
	case HTTP_E_HEAD_TOO_LARGE:
		return "request head too large";
	case HTTP_E_TOO_MANY_HEADERS:
		return "too many header fields";
	case HTTP_E_BUFFER:
		return "output buffer too small";
	case HTTP_E_ARG:
		return "invalid character in a header field";
	case HTTP_E_WS_METHOD:
		return "WebSocket upgrade requires GET";
	case HTTP_E_WS_HTTP_VERSION:
		return "WebSocket upgrade requires HTTP/1.1";
	case HTTP_E_WS_HOST:
		return "missing or repeated Host";
	case HTTP_E_WS_UPGRADE:
		return "expected Upgrade: websocket";
	case HTTP_E_WS_CONNECTION:
		return "Connection does not list upgrade";
	case HTTP_E_WS_VERSION:
		return "unsupported Sec-WebSocket-Version";
	case HTTP_E_WS_KEY:
		return "invalid Sec-WebSocket-Key";
	case HTTP_E_CRYPTO:
		return "SHA-1 or random source failed";
	case HTTP_E_WS_STATUS:
		return "server did not switch protocols";
	case HTTP_E_WS_ACCEPT:
		return "wrong Sec-WebSocket-Accept";
	case HTTP_E_WS_EXTENSION:
		return "server chose an extension that was not offered";
	case HTTP_E_WS_PROTOCOL:
		return "server chose a subprotocol that was not offered";
	}
	return "unknown HTTP error";
}

int
http_error_status(int err)
{
	switch (err) {
	case HTTP_E_VERSION:
		return 505;
	case HTTP_E_HEAD_TOO_LARGE:
	case HTTP_E_TOO_MANY_HEADERS:
		return 431;
	case HTTP_E_WS_METHOD:
		return 405;
	case HTTP_E_WS_UPGRADE:
	case HTTP_E_WS_VERSION:
		return 426;
	case HTTP_E_BUFFER:
	case HTTP_E_ARG:
	case HTTP_E_CRYPTO:
		return 500;
	}
	return 400;
}

const char *
http_reason(int status)
{
	switch (status) {
	case 101:
		return "Switching Protocols";
	case 200:
		return "OK";
	case 204:
		return "No Content";
	case 400:
		return "Bad Request";
	case 403:
		return "Forbidden";
	case 404:
		return "Not Found";
	case 405:
		return "Method Not Allowed";
	case 408:
		return "Request Timeout";
	case 413:
		return "Content Too Large";
	case 426:
		return "Upgrade Required";
	case 429:
		return "Too Many Requests";
	case 431:
		return "Request Header Fields Too Large";
	case 500:
		return "Internal Server Error";
	case 503:
		return "Service Unavailable";
	case 505:
		return "HTTP Version Not Supported";
	}
	return "";
}

/* RFC 9110 §5.6.2 tchar. */
static int
http_is_tchar(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

/* field-vchar, SP or HTAB: what a field value and a reason phrase may hold. */
static int
http_is_text(unsigned char c)
{
	return c == '\t' || (c >= 0x20 && c != 0x7F);
}

/*
 * Finds the end of the line starting at pos within buf[0..end). Returns 1
 * and sets *eol to the CR, 0 when the line is incomplete, HTTP_E_BARE_LF
 * for an LF without CR or a CR without LF, or ctl_err for a control byte
 * no line may hold, so binary (a TLS hello, say) fails at once instead of
 * waiting for max_head bytes.
 */
static int
http_line(const char *buf, size_t end, size_t pos, size_t *eol, int ctl_err)
{
	size_t i;
	unsigned char c;

	for (i = pos; i < end; i++) {
		c = (unsigned char)buf[i];
		if (c >= 0x20 && c != 0x7F)
			continue;
		if (c == '\n')
			return HTTP_E_BARE_LF;
		if (c == '\r') {
			if (i + 1 >= end)
				return 0;
			if (buf[i + 1] != '\n')
				return HTTP_E_BARE_LF;
			*eol = i;
			return 1;
		}
		if (c != '\t')
			return ctl_err;
	}
	return 0;
}

/* Parses "HTTP/1.x" at p (8 bytes available). Returns x, or an error. */
static int
http_version(const char *p, int err)
{
	if (memcmp(p, "HTTP/", 5) != 0 || p[6] != '.' || p[5] < '0' ||
	    p[5] > '9' || p[7] < '0' || p[7] > '9')
		return err;
	if (p[5] != '1')
		return HTTP_E_VERSION;
	return p[7] - '0';
}

/* Parses one field line buf[pos..eol) into h. Returns 0 or an error. */
static int
http_field(const char *buf, size_t pos, size_t eol, struct http_header *h)
{
	size_t i = pos, vend;

	if (buf[i] == ' ' || buf[i] == '\t')
		return HTTP_E_FOLDING;
	while (i < eol && http_is_tchar((unsigned char)buf[i]))
		i++;
	/* No space before the colon (RFC 9112 §5.1): a smuggling vector. */
	if (i == pos || i == eol || buf[i] != ':')
		return HTTP_E_BAD_HEADER;
	h->name = buf + pos;
	h->name_len = i - pos;
	for (i++; i < eol && (buf[i] == ' ' || buf[i] == '\t'); i++)
		;
	vend = eol;
	while (vend > i && (buf[vend - 1] == ' ' || buf[vend - 1] == '\t'))
		vend--;
	h->value = buf + i;
	h->value_len = vend - i;
	for (; i < vend; i++)
		if (!http_is_text((unsigned char)buf[i]))
			return HTTP_E_BAD_HEADER;
	return 0;
}

/*
 * Parses the field lines from pos to the empty line. Returns the head
 * length, 0 for need more, or an error. end = min(len, max_head).
 */
static long
http_fields(const char *buf, size_t len, size_t end, size_t max_head,
    size_t pos, struct http_header *h, size_t cap, size_t *num)
{
	size_t eol;
	int rc;

	*num = 0;
	for (;;) {
		if ((rc = http_line(buf, end, pos, &eol, HTTP_E_BAD_HEADER)) <=
		    0) {
			if (rc < 0)
				return rc;
			return len >= max_head ? HTTP_E_HEAD_TOO_LARGE : 0;
		}
		if (eol == pos)
			return (long)(eol + 2);
		if (*num == cap)
			return HTTP_E_TOO_MANY_HEADERS;
		if ((rc = http_field(buf, pos, eol, &h[*num])) < 0)
			return rc;
		(*num)++;
		pos = eol + 2;
	}
}

long
http_parse_request(const char *buf, size_t len, struct http_request *req)
{
	size_t max_head = req->max_head ? req->max_head : HTTP_DEFAULT_MAX_HEAD;
	size_t end = len < max_head ? len : max_head;
	size_t eol, i, sp1, sp2;
	int rc;

	req->num_headers = 0;
	if ((rc = http_line(buf, end, 0, &eol, HTTP_E_BAD_REQUEST_LINE)) <= 0) {
		if (rc < 0)
			return rc;
		return len >= max_head ? HTTP_E_HEAD_TOO_LARGE : 0;
	}
	/* method SP request-target SP HTTP-version */
	for (i = 0; i < eol && http_is_tchar((unsigned char)buf[i]); i++)
		;
	if (i == 0 || i == eol || buf[i] != ' ')
		return HTTP_E_BAD_REQUEST_LINE;
	sp1 = i;
	for (i++; i < eol && buf[i] > 0x20 && buf[i] < 0x7F; i++)
		;
	if (i == sp1 + 1 || i == eol || buf[i] != ' ')
		return HTTP_E_BAD_REQUEST_LINE;
	sp2 = i;
	if (eol - sp2 - 1 != 8)
		return HTTP_E_BAD_REQUEST_LINE;
	if ((rc = http_version(buf + sp2 + 1, HTTP_E_BAD_REQUEST_LINE)) < 0)
		return rc;
	req->method = buf;
	req->method_len = sp1;
	req->target = buf + sp1 + 1;
	req->target_len = sp2 - sp1 - 1;
	req->minor_version = rc;
	return http_fields(buf, len, end, max_head, eol + 2, req->headers,
	    req->headers_cap, &req->num_headers);
}

long
http_parse_response(const char *buf, size_t len, struct http_response *res)
{
	size_t max_head = res->max_head ? res->max_head : HTTP_DEFAULT_MAX_HEAD;
	size_t end = len < max_head ? len : max_head;
	size_t eol, i;
	int rc;

	res->num_headers = 0;
	if ((rc = http_line(buf, end, 0, &eol, HTTP_E_BAD_STATUS_LINE)) <= 0) {
		if (rc < 0)
			return rc;
		return len >= max_head ? HTTP_E_HEAD_TOO_LARGE : 0;
	}
	/* HTTP-version SP 3DIGIT [SP reason]; some servers drop that SP. */
	if (eol < 12 || buf[8] != ' ')
		return HTTP_E_BAD_STATUS_LINE;
	if ((rc = http_version(buf, HTTP_E_BAD_STATUS_LINE)) < 0)
		return rc;
	res->minor_version = rc;
	res->status = 0;
	for (i = 9; i < 12; i++) {
		if (buf[i] < '0' || buf[i] > '9')
			return HTTP_E_BAD_STATUS_LINE;
		res->status = res->status * 10 + (buf[i] - '0');
	}
	if (eol > 12 && buf[12] != ' ')
		return HTTP_E_BAD_STATUS_LINE;
	res->reason = buf + (eol > 12 ? 13 : 12);
	res->reason_len = eol > 12 ? eol - 13 : 0;
	for (i = 0; i < res->reason_len; i++)
		if (!http_is_text((unsigned char)res->reason[i]))
			return HTTP_E_BAD_STATUS_LINE;
	return http_fields(buf, len, end, max_head, eol + 2, res->headers,
	    res->headers_cap, &res->num_headers);
}

/* Whether the slice equals the NUL-terminated s, ASCII case-insensitive. */
static int
http_ieq(const char *p, size_t n, const char *s)
{
	return strlen(s) == n && strncasecmp(p, s, n) == 0;
}

const struct http_header *
http_header_find(const struct http_header *h, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (http_ieq(h[i].name, h[i].name_len, name))
			return &h[i];
	return NULL;
}

size_t
http_header_count(const struct http_header *h, size_t n, const char *name)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (http_ieq(h[i].name, h[i].name_len, name))
			c++;
	return c;
}

int
http_list_next(const char *value, size_t value_len, size_t *pos,
    const char **tok, size_t *tok_len)
{
	size_t i = *pos, s, e;

	while (i < value_len) {
		s = i;
		while (i < value_len && value[i] != ',')
			i++;
		e = i;
		if (i < value_len)
			i++;
		while (s < e && (value[s] == ' ' || value[s] == '\t'))
			s++;
		while (e > s && (value[e - 1] == ' ' || value[e - 1] == '\t'))
			e--;
		if (e > s) {
			*pos = i;
			*tok = value + s;
			*tok_len = e - s;
			return 1;
		}
	}
	*pos = i;
	return 0;
}

int
http_header_has_token(
    const struct http_header *h, size_t n, const char *name, const char *token)
{
	const char *t;
	size_t i, pos, tlen;

	for (i = 0; i < n; i++) {
		if (!http_ieq(h[i].name, h[i].name_len, name))
			continue;
		pos = 0;
		while (
		    http_list_next(h[i].value, h[i].value_len, &pos, &t, &tlen))
			if (http_ieq(t, tlen, token))
				return 1;
	}
	return 0;
}

/* An output buffer that remembers overflow instead of failing each call. */
struct http_out {
	char *p;
	size_t cap;
	size_t len;
	int over;
};

static void
http_put(struct http_out *o, const char *s, size_t n)
{
	if (o->over || n >= o->cap - o->len) {
		o->over = 1;
		return;
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
}

static void
http_puts(struct http_out *o, const char *s)
{
	http_put(o, s, strlen(s));
}

static void http_printf(struct http_out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
http_printf(struct http_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->over)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->p + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->cap - o->len) {
		o->over = 1;
		return;
	}
	o->len += (size_t)n;
}

/* Whether s holds no byte that could end or split a field line. */
static int
http_safe_value(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!http_is_text((unsigned char)s[i]))
			return 0;
	return 1;
}

static int
http_safe_name(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!http_is_tchar((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Appends the fields; 0 or HTTP_E_ARG. */
static int
http_put_fields(struct http_out *o, const struct http_header *h, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!http_safe_name(h[i].name, h[i].name_len) ||
		    !http_safe_value(h[i].value, h[i].value_len))
			return HTTP_E_ARG;
		http_put(o, h[i].name, h[i].name_len);
		http_put(o, ": ", 2);
		http_put(o, h[i].value, h[i].value_len);
		http_put(o, "\r\n", 2);
	}
	return 0;
}

static long
http_out_end(struct http_out *o)
{
	return o->over ? HTTP_E_BUFFER : (long)o->len;
}

long
http_build_response(char *out, size_t cap, int status,
    const struct http_header *extra, size_t nextra, long long content_length)
{
	struct http_out o = { out, cap, 0, cap == 0 };

	if (status < 100 || status > 999)
		return HTTP_E_ARG;
	http_printf(&o, "HTTP/1.1 %d %s\r\n", status, http_reason(status));
	if (http_put_fields(&o, extra, nextra) < 0)
		return HTTP_E_ARG;
	if (content_length >= 0)
		http_printf(&o, "Content-Length: %lld\r\n", content_length);
	http_put(&o, "\r\n", 2);
	return http_out_end(&o);
}

long
http_build_error(char *out, size_t cap, int err)
{
	struct http_header h[4];
	const char *msg = http_strerror(err);
	size_t n = 0;
	int status = http_error_status(err);
	long hl;

#define HTTP_FIELD(k, v)                                                       \
	(h[n].name = (k), h[n].name_len = strlen(k), h[n].value = (v),         \
	    h[n].value_len = strlen(v), n++)
	HTTP_FIELD("Content-Type", "text/plain; charset=utf-8");
	if (status == 426) {
		/* RFC 9110 §15.5.22 and RFC 6455 §4.4: say what would work. */
		HTTP_FIELD("Upgrade", "websocket");
		HTTP_FIELD("Connection", "Upgrade, close");
		if (err == HTTP_E_WS_VERSION)
			HTTP_FIELD("Sec-WebSocket-Version", "13");
	} else {
		HTTP_FIELD("Connection", "close");
		if (status == 405)
			HTTP_FIELD("Allow", "GET");
	}
#undef HTTP_FIELD
	hl = http_build_response(
	    out, cap, status, h, n, (long long)strlen(msg) + 1);
	if (hl < 0)
		return hl;
	if (cap - (size_t)hl <= strlen(msg) + 1)
		return HTTP_E_BUFFER;
	memcpy(out + hl, msg, strlen(msg));
	out[hl + (long)strlen(msg)] = '\n';
	out[hl + (long)strlen(msg) + 1] = '\0';
	return hl + (long)strlen(msg) + 1;
}

int
http_ws_accept(const char *key, size_t key_len, char *accept)
{
	char buf[128];
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	if (key_len > sizeof(buf) - sizeof(http_ws_guid))
		return HTTP_E_WS_KEY;
	memcpy(buf, key, key_len);
	memcpy(buf + key_len, http_ws_guid, sizeof(http_ws_guid) - 1);
	if (EVP_Digest(buf, key_len + sizeof(http_ws_guid) - 1, md, &mdlen,
		EVP_sha1(), NULL) != 1 ||
	    mdlen != 20)
		return HTTP_E_CRYPTO;
	base64_encode(md, 20, 1, accept);
	return 0;
}

int
http_ws_check_request(
    const struct http_request *req, struct http_ws_upgrade *up)
{
	const struct http_header *h = req->headers, *f;
	size_t n = req->num_headers;
	uint8_t raw[64];

	memset(up, 0, sizeof(*up));
	if (req->method_len != 3 || memcmp(req->method, "GET", 3) != 0)
		return HTTP_E_WS_METHOD;
	if (req->minor_version < 1)
		return HTTP_E_WS_HTTP_VERSION;
	if (!http_header_has_token(h, n, "Upgrade", "websocket"))
		return HTTP_E_WS_UPGRADE;
	if (!http_header_has_token(h, n, "Connection", "upgrade"))
		return HTTP_E_WS_CONNECTION;
	if (http_header_count(h, n, "Host") != 1)
		return HTTP_E_WS_HOST;
	f = http_header_find(h, n, "Sec-WebSocket-Version");
	if (http_header_count(h, n, "Sec-WebSocket-Version") != 1 ||
	    !http_ieq(f->value, f->value_len, "13"))
		return HTTP_E_WS_VERSION;
	/* §4.2.1: a key that base64-decodes to exactly 16 bytes. */
	if (http_header_count(h, n, "Sec-WebSocket-Key") != 1)
		return HTTP_E_WS_KEY;
	f = http_header_find(h, n, "Sec-WebSocket-Key");
	if (f->value_len > 32 ||
	    base64_decode(f->value, f->value_len, raw) != 16)
		return HTTP_E_WS_KEY;
	up->key = f->value;
	up->key_len = f->value_len;
	if ((f = http_header_find(h, n, "Sec-WebSocket-Protocol")) != NULL) {
		up->protocols = f->value;
		up->protocols_len = f->value_len;
	}
	return http_ws_accept(up->key, up->key_len, up->accept);
}

int
http_ws_offers_protocol(const struct http_request *req, const char *name)
{
	return http_header_has_token(
	    req->headers, req->num_headers, "Sec-WebSocket-Protocol", name);
}

long
http_build_ws_response(char *out, size_t cap, const struct http_ws_upgrade *up)
{
	struct http_header h[3] = {
		{ "Upgrade", 7, "websocket", 9 },
		{ "Connection", 10, "Upgrade", 7 },
		{ "Sec-WebSocket-Accept", 20, up->accept, HTTP_WS_ACCEPT_LEN },
	};

	return http_build_response(out, cap, 101, h, 3, -1);
}

int
http_ws_make_key(char *key)
{
	uint8_t raw[16];

	if (RAND_bytes(raw, sizeof(raw)) != 1)
		return HTTP_E_CRYPTO;
	base64_encode(raw, sizeof(raw), 1, key);
	return 0;
}

/* Fields the upgrade request sets itself; the caller's extras may not. */
static const char *const http_ws_reserved[] = {
	"Host",
	"Upgrade",
	"Connection",
	"Sec-WebSocket-Key",
	"Sec-WebSocket-Version",
	"Sec-WebSocket-Protocol",
	"Sec-WebSocket-Extensions",
	"Content-Length",
	"Transfer-Encoding",
};

long
http_build_ws_request(char *out, size_t cap, const char *host,
    const char *target, const char *key, const char *protocol,
    const struct http_header *extra, size_t nextra)
{
	struct http_out o = { out, cap, 0, cap == 0 };
	size_t i, j;

	if (target[0] == '\0' || !http_safe_value(host, strlen(host)) ||
	    !http_safe_value(key, strlen(key)) ||
	    (protocol != NULL && !http_safe_value(protocol, strlen(protocol))))
		return HTTP_E_ARG;
	for (i = 0; target[i] != '\0'; i++)
		if (target[i] <= 0x20 || target[i] >= 0x7F)
			return HTTP_E_ARG;
	for (i = 0; i < nextra; i++)
		for (j = 0;
		     j < sizeof(http_ws_reserved) / sizeof(http_ws_reserved[0]);
		     j++)
			if (http_ieq(extra[i].name, extra[i].name_len,
				http_ws_reserved[j]))
				return HTTP_E_ARG;
	http_printf(&o, "GET %s HTTP/1.1\r\nHost: %s\r\n", target, host);
	http_puts(&o, "Upgrade: websocket\r\nConnection: Upgrade\r\n");
	http_printf(&o, "Sec-WebSocket-Key: %s\r\n", key);
	http_puts(&o, "Sec-WebSocket-Version: 13\r\n");
	if (protocol != NULL)
		http_printf(&o, "Sec-WebSocket-Protocol: %s\r\n", protocol);
	if (http_put_fields(&o, extra, nextra) < 0)
		return HTTP_E_ARG;
	http_put(&o, "\r\n", 2);
	return http_out_end(&o);
}

int
http_ws_check_response(
    const struct http_response *res, const char *key, const char *protocol)
{
	const struct http_header *h = res->headers, *f;
	size_t n = res->num_headers;
	char want[HTTP_WS_ACCEPT_LEN + 1];
	int rc;

	if (res->status != 101)
		return HTTP_E_WS_STATUS;
	if (!http_header_has_token(h, n, "Upgrade", "websocket"))
		return HTTP_E_WS_UPGRADE;
	if (!http_header_has_token(h, n, "Connection", "upgrade"))
		return HTTP_E_WS_CONNECTION;
	if ((rc = http_ws_accept(key, strlen(key), want)) < 0)
		return rc;
	f = http_header_find(h, n, "Sec-WebSocket-Accept");
	if (http_header_count(h, n, "Sec-WebSocket-Accept") != 1 ||
	    f->value_len != HTTP_WS_ACCEPT_LEN ||
	    memcmp(f->value, want, HTTP_WS_ACCEPT_LEN) != 0)
		return HTTP_E_WS_ACCEPT;
	/* We offer no extension, so any named one is a failure (§4.1). */
	if ((f = http_header_find(h, n, "Sec-WebSocket-Extensions")) != NULL &&
	    f->value_len > 0)
		return HTTP_E_WS_EXTENSION;
	if ((f = http_header_find(h, n, "Sec-WebSocket-Protocol")) != NULL &&
	    (protocol == NULL ||
		http_header_count(h, n, "Sec-WebSocket-Protocol") != 1 ||
		strlen(protocol) != f->value_len ||
		memcmp(f->value, protocol, f->value_len) != 0))
		return HTTP_E_WS_PROTOCOL;
	return 0;
}
