/*
 * The runner's transport: one WebSocket + capnweb connection to an executor,
 * driven by poll from the thread that owns it. Built on the shared wire
 * modules (http.h, ws.h, capnweb.h) so the suite runs without the public
 * client library; everything the runner needs from a connection goes
 * through these functions, so another transport can replace this module.
 *
 * URLs: unix:///path/to/socket (an absolute path, the upgrade goes to "/")
 * and ws://host:port/path.
 */
#ifndef WIRE_H
#define WIRE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "proto/capnweb.h"

struct wire_conn;

/* Parsed URL. Strings point into `buf`. */
struct wire_url {
	char buf[1024];
	int is_unix;
	const char *path; /* unix: socket path; ws: request target */
	const char *host; /* ws only */
	const char *port; /* ws only */
};

/* Parses `url`; 0, or -1 with `err` filled. */
int wire_url_parse(
    const char *url, struct wire_url *out, char *err, size_t errlen);

/*
 * Connects and completes the WebSocket upgrade. `headers` are extra
 * handshake fields, "Name: value" each (borrowed, may be NULL). Returns a
 * connection (caller frees with wire_close) or NULL with `err` filled.
 */
struct wire_conn *wire_connect(const char *url, const char *const *headers,
    size_t nheaders, int timeout_ms, char *err, size_t errlen);

/* Ends the session, closes the socket and frees the connection. */
void wire_close(struct wire_conn *);

/* 1 while the transport and the session are both up. */
int wire_alive(const struct wire_conn *);

/* Why the connection ended (static or owned by it), or NULL while alive. */
const char *wire_end_reason(const struct wire_conn *);

/*
 * The close frame the executor sent: its reason (owned by the connection),
 * with its code in *code; NULL (*code 0) when none came.
 */
const char *wire_close_frame(const struct wire_conn *, int *code);

/*
 * Reads on after the transport failed (a write met the executor's hang-up)
 * until the executor's close frame arrives, EOF, or timeout_ms pass: what
 * it said before it closed is still in the socket.
 */
void wire_read_close(struct wire_conn *, int timeout_ms);

/*
 * Ends the connection's session now (the connection stays to be closed):
 * every call still pending settles as broken, before the caller's answer
 * storage goes away. A write that met the executor's hang-up marks the
 * connection dead but settles nothing by itself.
 */
void wire_end(struct wire_conn *, const char *why);

/* capnweb_session_call on the connection; see capnweb.h (args borrowed). */
int64_t wire_call(struct wire_conn *, const char *method, json_t *args,
    capnweb_settle_fn on_settle, void *udata);

/* Registers a local target (a callback passed with capnweb_value_target). */
int wire_add_target(struct wire_conn *, capnweb_call_fn, void *udata);
void wire_remove_target(struct wire_conn *, int n);

/*
 * Sends what the session queued, then waits up to timeout_ms for input and
 * handles every complete message (callbacks run from here). Returns 0, or
 * -1 once the connection is gone.
 */
int wire_pump(struct wire_conn *, int timeout_ms);

/*
 * Rewrites each outgoing text message before it is framed: returns a
 * malloc'd replacement (length in *out_len), or NULL to send `msg` as it
 * is. For tests that must put bytes on the wire that jansson cannot build
 * (invalid UTF-8): tests/security/ uses it.
 */
typedef uint8_t *(*wire_send_filter_fn)(
    void *udata, const char *msg, size_t len, size_t *out_len);
void wire_set_send_filter(struct wire_conn *, wire_send_filter_fn, void *);

/* Milliseconds on a monotonic clock. */
double wire_now_ms(void);

#endif
