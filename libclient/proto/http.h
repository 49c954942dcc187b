/*
 * HTTP/1.1 message heads, just enough for a WebSocket upgrade: request and
 * response head parsers, head builders, and the RFC 6455 §4 handshake
 * checks on both sides. No I/O and no allocation: parsed fields are
 * slices into the caller's buffer. Parsers return
 *     > 0  the length of the head, final CRLF CRLF included; any bytes
 *          after it (pipelined data, WebSocket frames) are not consumed,
 *       0  need more bytes,
 *     < 0  an HTTP_E_* error; http_error_status() gives the status to
 *          answer with (400, 431, 505 ...), http_strerror() a message.
 *
 * Lines must end in CRLF. A bare LF or a bare CR is a 400: every client we
 * serve (browsers, undici, ws, our own) sends CRLF, and accepting less only
 * opens room for a proxy in front to read the head differently (RFC 9112
 * §2.2 makes bare LF optional). Obsolete line folding is a 400 too.
 */
#ifndef HTTP_H
#define HTTP_H

#include <stddef.h>

#define HTTP_DEFAULT_MAX_HEAD 8192
#define HTTP_DEFAULT_MAX_HEADERS 64
/* Sec-WebSocket-Accept: base64 of a SHA-1, 28 characters and a NUL. */
#define HTTP_WS_ACCEPT_LEN 28
/* Sec-WebSocket-Key: base64 of 16 bytes, 24 characters and a NUL. */
#define HTTP_WS_KEY_LEN 24

enum http_error {
	HTTP_E_BAD_REQUEST_LINE = -1, /* 400 */
	HTTP_E_BAD_STATUS_LINE = -2, /* response: malformed status line */
	HTTP_E_BAD_HEADER = -3, /* 400: malformed field line */
	HTTP_E_FOLDING = -4, /* 400: obsolete line folding */
	HTTP_E_BARE_LF = -5, /* 400: line not ended by CRLF */
	HTTP_E_VERSION = -6, /* 505: not HTTP/1.x */
	HTTP_E_HEAD_TOO_LARGE = -7, /* 431: head over max_head */
	/* 431: more fields than the array holds */
	HTTP_E_TOO_MANY_HEADERS = -8,
	HTTP_E_BUFFER = -9, /* builder: output buffer too small */
	HTTP_E_ARG = -10, /* builder: CR, LF or NUL in a field */
	/* Upgrade request checks (server side). */
	HTTP_E_WS_METHOD = -11, /* 405: not GET */
	HTTP_E_WS_HTTP_VERSION = -12, /* 400: HTTP/1.0 */
	HTTP_E_WS_HOST = -13, /* 400: no Host, or two */
	HTTP_E_WS_UPGRADE = -14, /* 426: no "Upgrade: websocket" */
	/* 400: no "upgrade" token in Connection */
	HTTP_E_WS_CONNECTION = -15,
	HTTP_E_WS_VERSION = -16, /* 426 + Sec-WebSocket-Version: 13 */
	/* 400: key absent, repeated, or not 16 bytes */
	HTTP_E_WS_KEY = -17,
	HTTP_E_CRYPTO = -18, /* 500: SHA-1 or RAND_bytes failed */
	/* Upgrade response checks (client side). */
	HTTP_E_WS_STATUS = -19, /* not 101 */
	/* Sec-WebSocket-Accept absent or wrong */
	HTTP_E_WS_ACCEPT = -20,
	/* server chose an extension we did not offer */
	HTTP_E_WS_EXTENSION = -21,
	/* server chose a subprotocol we did not offer */
	HTTP_E_WS_PROTOCOL = -22
};

/* Static message for an HTTP_E_* code. */
const char *http_strerror(int err);

/* The status to answer an HTTP_E_* with: 400, 405, 426, 431, 500, 505. */
int http_error_status(int err);

/* Standard reason phrase for a status code ("Bad Request"), "" if unknown. */
const char *http_reason(int status);

/* One field line; both slices point into the parsed buffer, OWS trimmed. */
struct http_header {
	const char *name;
	size_t name_len;
	const char *value;
	size_t value_len;
};

/*
 * The caller sets headers and headers_cap (the field count limit, e.g.
 * HTTP_DEFAULT_MAX_HEADERS) and max_head (0 means HTTP_DEFAULT_MAX_HEAD);
 * the parser fills the rest.
 */
struct http_request {
	const char *method;
	size_t method_len;
	const char *target;
	size_t target_len;
	int minor_version; /* HTTP/1.minor */
	struct http_header *headers;
	size_t headers_cap;
	size_t num_headers;
	size_t max_head;
};

struct http_response {
	int minor_version;
	int status;
	const char *reason;
	size_t reason_len;
	struct http_header *headers;
	size_t headers_cap;
	size_t num_headers;
	size_t max_head;
};

/* Parses a request head at buf (borrowed; the slices point into it). */
long http_parse_request(const char *buf, size_t len, struct http_request *req);

/* Parses a response head at buf (borrowed; the slices point into it). */
long http_parse_response(
    const char *buf, size_t len, struct http_response *res);

/* First field named name (ASCII case-insensitive), or NULL. */
const struct http_header *http_header_find(
    const struct http_header *h, size_t n, const char *name);

/* How many fields are named name. */
size_t http_header_count(
    const struct http_header *h, size_t n, const char *name);

/*
 * Whether token (case-insensitive) is one of the comma-separated elements
 * of any field named name, as Connection and Upgrade are read.
 */
int http_header_has_token(
    const struct http_header *h, size_t n, const char *name, const char *token);

/*
 * Iterates the comma-separated elements of a field value: on each call
 * sets *tok and *tok_len to the next non-empty element (OWS trimmed) and
 * returns 1, or 0 at the end. *pos starts at 0.
 */
int http_list_next(const char *value, size_t value_len, size_t *pos,
    const char **tok, size_t *tok_len);

/*
 * Writes a response head into out: status line, the extra fields, then
 * Content-Length unless content_length < 0, then CRLF. Returns its length
 * (a NUL follows) or HTTP_E_BUFFER / HTTP_E_ARG.
 */
long http_build_response(char *out, size_t cap, int status,
    const struct http_header *extra, size_t nextra, long long content_length);

/*
 * The whole answer to a request the server refuses with error err: the
 * status from http_error_status, the fields it needs (426 names version 13
 * and websocket, 405 allows GET), Connection: close and a text/plain body of
 * http_strerror(err). Returns the length or HTTP_E_BUFFER.
 */
long http_build_error(char *out, size_t cap, int err);

/* What a valid upgrade request carries; slices into the request buffer. */
struct http_ws_upgrade {
	/* Sec-WebSocket-Accept to send */
	char accept[HTTP_WS_ACCEPT_LEN + 1];
	const char *key;
	size_t key_len;
	/*
	 * Sec-WebSocket-Protocol as offered (first field; NULL when absent),
	 * for routing future wires (see http_ws_offers_protocol). This wire
	 * declines every subprotocol and extension: the 101 names none.
	 */
	const char *protocols;
	size_t protocols_len;
};

/*
 * Checks a parsed request against RFC 6455 §4.2.1 and computes the accept
 * value. Returns 0 or HTTP_E_WS_* / HTTP_E_CRYPTO; on error answer with
 * http_build_error(). Borrows req.
 */
int http_ws_check_request(
    const struct http_request *req, struct http_ws_upgrade *up);

/* Whether the request offered subprotocol name, in any of its fields. */
int http_ws_offers_protocol(const struct http_request *req, const char *name);

/* accept (29 bytes) = base64(SHA-1(key + RFC 6455 GUID)); 0 or an error. */
int http_ws_accept(const char *key, size_t key_len, char *accept);

/* The 101 Switching Protocols head for an accepted upgrade. */
long http_build_ws_response(
    char *out, size_t cap, const struct http_ws_upgrade *up);

/* A fresh random Sec-WebSocket-Key into key (25 bytes). 0 or HTTP_E_CRYPTO. */
int http_ws_make_key(char *key);

/*
 * The client's upgrade request: GET target HTTP/1.1 with Host, Upgrade,
 * Connection, Sec-WebSocket-Key (key), Sec-WebSocket-Version: 13, an
 * optional Sec-WebSocket-Protocol (protocol, NULL for none) and the extra
 * fields (the caller's handshake headers, which may not name any of the
 * fields above or Sec-WebSocket-Extensions). Returns the length or
 * HTTP_E_BUFFER / HTTP_E_ARG (CR, LF or NUL in any part).
 */
long http_build_ws_request(char *out, size_t cap, const char *host,
    const char *target, const char *key, const char *protocol,
    const struct http_header *extra, size_t nextra);

/*
 * Checks the server's answer to that request: 101, Upgrade: websocket,
 * Connection: upgrade, the accept value for key, no extension, and no
 * subprotocol unless it equals protocol. Returns 0 or an HTTP_E_WS_* code.
 */
int http_ws_check_response(
    const struct http_response *res, const char *key, const char *protocol);

#endif
