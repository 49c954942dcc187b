/*
 * One client connection: an HTTP/1.1 request head, then either a plain
 * answer (health, readiness, metrics, errors) or a WebSocket that carries
 * a capnweb session serving the ExecutorApi.
 */
#ifndef CONN_H
#define CONN_H

#include <sys/queue.h>
#include <sys/types.h>

#include <stdint.h>

#include "api.h"
#include "proto/ws.h"

struct daemon;

/* Where a connection is. Every transition happens in conn_drive(). */
enum conn_state {
	CONN_HEAD, /* reading the request head (bounded in size and time) */
	CONN_REPLY, /* a plain HTTP answer is queued; close once flushed */
	CONN_WS, /* WebSocket open: text messages feed the capnweb session */
	CONN_WS_CLOSING, /* our close frame is queued; waiting for the peer's */
	CONN_DEAD /* transport gone; conn_drive frees it */
};

struct conn {
	TAILQ_ENTRY(conn) entry;
	struct daemon *d;
	struct bufferevent *bev; /* writes; its input is filled by ev_read */
	struct event *ev_read; /* the socket readable (conn_on_readable) */
	enum conn_state state;
	int is_unix;
	uid_t peer_uid; /* unix peers only */
	struct api_peer api; /* the session, the tenant; api.d == d */
	struct ws_assembler wsa;
	enum ws_conn_state ws_state;
	struct event *ev_timer; /* head deadline, then pings */
	struct event *ev_age; /* maxConnectionAge */
	struct event *ev_idle; /* --idle-timeout once upgraded */
	/* The output goes out at the end of the loop's turn, in one write
	 * (conn_on_flush); the socket's write event is armed only when the
	 * kernel did not take it all. */
	struct event *ev_flush;
	struct evbuffer_cb_entry *out_cb;
	int holding; /* the message being queued may wait (a release) */
	double last_traffic; /* ms (monotonic): a message in or out */
	int ping_outstanding;
	/* Bytes not yet taken by the peer when the unanswered ping was checked
	 * last: less now means the peer is reading, so it is alive. */
	size_t ping_backlog;
	int read_paused; /* back-pressure: output is backed up, so neither
			    the client nor its children are read */
	int close_after_flush;
	int close_queued; /* our close frame is in the output buffer */
	int in_drive; /* re-entry guard */
};

/* Takes ownership of an accepted socket. Returns 0, or -1 (fd closed). */
int conn_accept(struct daemon *d, int fd, int is_unix);

/* Starts a close of a WebSocket connection (going away), e.g. at shutdown. */
void conn_close(struct conn *c, int code, const char *reason);

/* Starts the close of every WebSocket connection (going away). */
void conn_close_all(struct daemon *d, const char *reason);

/* Frees every connection at once (daemon teardown). */
void conn_free_all(struct daemon *d);

/*
 * Closes one idle connection to make room for a new one: the oldest still
 * sending its request head, else the newest upgraded one with nothing in
 * flight (closed with 1001, going away). With `peer_unix`/`peer_uid` >= 0 only
 * that peer's connections are candidates (peer_unix < 0: any). 1 when one was
 * closed, 0 when none is idle.
 */
int conn_shed_idle(struct daemon *d, int peer_unix, uid_t peer_uid);

#endif
