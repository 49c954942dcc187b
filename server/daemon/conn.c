/*
 * Client connections. Callbacks only record what happened and call
 * conn_drive(), which moves the connection through enum conn_state
 * (memcached's drive_machine): one place decides every transition.
 */
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <linux/sockios.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "api.h"
#include "proto/capnweb.h"
#include "conn.h"
#include "log.h"
#include "metrics.h"
#include "proto/http.h"
#include "proto/texts.h"
#include "pool/pool.h"
#include "state.h"

static void conn_drive(struct conn *);
static void conn_pause(struct conn *, int paused);

/* Monotonic milliseconds. */
static double
conn_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Reading resumes once the output fell to a quarter of the pause mark. */
static size_t
conn_resume_mark(const struct daemon *d)
{
	return d->cfg.output_pause / 4;
}

static struct timeval
conn_tv(unsigned ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	return tv;
}

static void
conn_free(struct conn *c)
{
	struct daemon *d = c->d;

	if (c->api.session) {
		capnweb_session_close(c->api.session, "the connection closed");
		capnweb_session_free(c->api.session);
	}
	/*
	 * Nobody is left to hear this connection's runs: queued ones never
	 * start, running ones end now and free their slots.
	 */
	if (d->pool != NULL)
		api_peer_closed(&c->api);
	/* Its children are read again, now that its runs ended. */
	if (c->read_paused && d->pool != NULL)
		pool_tenant_pause(d->pool, c->api.tenant, 0);
	/*
	 * Children that stayed for this connection's next execution wait a
	 * moment for its principal's next connection (a client rotating its
	 * session), then end; without a principal they end now.
	 */
	if (d->pool != NULL)
		pool_release_tenant(d->pool, c->api.tenant, c->api.principal);
	ws_assembler_free(&c->wsa);
	if (c->ev_timer)
		event_free(c->ev_timer);
	if (c->ev_age)
		event_free(c->ev_age);
	if (c->ev_idle)
		event_free(c->ev_idle);
	if (c->ev_flush)
		event_free(c->ev_flush);
	if (c->ev_read)
		event_free(c->ev_read);
	if (c->bev) {
		if (c->out_cb)
			evbuffer_remove_cb_entry(
			    bufferevent_get_output(c->bev), c->out_cb);
		bufferevent_free(c->bev);
	}
	TAILQ_REMOVE(&d->conns, c, entry);
	d->nconns--;
	metrics_count(&d->metrics, METRICS_CONN_CLOSE);
	free(c);
}

void
conn_close_all(struct daemon *d, const char *reason)
{
	struct conn *c, *next;

	for (c = TAILQ_FIRST(&d->conns); c != NULL; c = next) {
		next = TAILQ_NEXT(c, entry);
		if (c->state == CONN_WS)
			conn_close(c, WS_CLOSE_GOING_AWAY, reason);
	}
}

void
conn_free_all(struct daemon *d)
{
	struct conn *c;

	while ((c = TAILQ_FIRST(&d->conns)) != NULL)
		conn_free(c);
}

/*
 * For the plain HTTP answers: writing is enabled after the write rather
 * than left to the output buffer's hook, which libevent 2.1's
 * bufferevent_socket_new may have failed to install without a word.
 * WebSocket messages need it only when conn_new could not install its
 * own hook (conn_on_output, which flushes them at the end of the turn).
 */
static int
conn_write_enable(struct conn *c)
{
	return bufferevent_enable(c->bev, EV_WRITE);
}

/* Queues a plain HTTP answer and closes once it is out. */
static void
conn_reply(struct conn *c, int status, const char *ctype, const char *body,
    size_t body_len)
{
	struct http_header h[2];
	char head[512];
	long n;

	h[0].name = "Content-Type";
	h[0].name_len = 12;
	h[0].value = ctype;
	h[0].value_len = strlen(ctype);
	h[1].name = "Connection";
	h[1].name_len = 10;
	h[1].value = "close";
	h[1].value_len = 5;
	n = http_build_response(
	    head, sizeof(head), status, h, 2, (long long)body_len);
	if (n > 0) {
		bufferevent_write(c->bev, head, (size_t)n);
		bufferevent_write(c->bev, body, body_len);
		(void)conn_write_enable(c);
	}
	metrics_count(&c->d->metrics, METRICS_HTTP_REQUEST);
	c->state = CONN_REPLY;
	c->close_after_flush = 1;
}

static void
conn_reply_error(struct conn *c, int err)
{
	char buf[1024];
	long n = http_build_error(buf, sizeof(buf), err);

	if (n > 0) {
		bufferevent_write(c->bev, buf, (size_t)n);
		(void)conn_write_enable(c);
	}
	c->state = CONN_REPLY;
	c->close_after_flush = 1;
}

/*
 * The connection queued more than --output-limit toward a client that does
 * not read: it goes now, its output dropped (no close frame can pass the
 * backlog), and its runs end with CONNECTION_BROKEN naming the reason. The
 * free happens from the loop (the timer at 0), never under the caller,
 * which may be the pool or the capnweb session in the middle of a send.
 */
static void
conn_overflow(struct conn *c, size_t out)
{
	struct evbuffer *o = bufferevent_get_output(c->bev);
	struct timeval tv = { 0, 0 };

	log_write(LOG_INFO,
	    "event=output_overflow tenant=%llu queued=%zu limit=%zu",
	    (unsigned long long)c->api.tenant, out, c->d->cfg.output_limit);
	metrics_count(&c->d->metrics, METRICS_OUTPUT_OVERFLOW);
	c->api.closed_reason =
	    "the caller did not read its answers, and what was queued toward "
	    "it passed the executor's --output-limit";
	evbuffer_drain(o, evbuffer_get_length(o));
	bufferevent_disable(c->bev, EV_READ | EV_WRITE);
	event_del(c->ev_read);
	c->state = CONN_DEAD;
	evtimer_del(c->ev_timer);
	evtimer_add(c->ev_timer, &tv);
}

/* Back-pressure, checked after every frame queued toward the client. */
static void
conn_output_check(struct conn *c)
{
	const struct daemon *d = c->d;
	size_t out = evbuffer_get_length(bufferevent_get_output(c->bev));

	if (d->cfg.output_limit && out > d->cfg.output_limit) {
		conn_overflow(c, out);
		return;
	}
	if (d->cfg.output_pause && !c->read_paused && out > d->cfg.output_pause)
		conn_pause(c, 1);
}

/* Sends one WebSocket frame (server frames are unmasked). */
static void
conn_ws_send(struct conn *c, int opcode, const void *payload, size_t len)
{
	uint8_t hdr[WS_MAX_HEADER];
	long n;

	if (c->bev == NULL || c->state == CONN_DEAD)
		return;
	n = ws_frame_write_header(hdr, sizeof(hdr), 1, opcode, len, NULL);
	if (n <= 0)
		return;
	/*
	 * A frame that could not be queued whole (out of memory) leaves the
	 * stream without its message, or with a header whose payload never
	 * comes: the peer would wait on an answer that is gone. Hang up
	 * instead, so its calls end as a broken connection; the EOF that
	 * follows frees the connection on its usual path.
	 */
	if (bufferevent_write(c->bev, hdr, (size_t)n) != 0 ||
	    (len && bufferevent_write(c->bev, payload, len) != 0) ||
	    (c->out_cb == NULL && conn_write_enable(c) != 0))
		shutdown(bufferevent_getfd(c->bev), SHUT_RDWR);
	conn_output_check(c);
}

static void conn_on_session_broken(void *udata);

/* How long a release may wait for company (conn_on_session_send). */
#define CONN_RELEASE_HOLD_MS 5

/*
 * Principal keys (api_peer.principal): a unix peer's uid in the low bits
 * under one tag, every caller with the TCP token under another, so that no
 * uid's key equals the token's and a child never crosses between them.
 */
#define CONN_PRINCIPAL_UID ((uint64_t)1 << 32)
#define CONN_PRINCIPAL_TOKEN ((uint64_t)2 << 32)

/* capnweb's sink: each outgoing message is one text frame. */
static void
conn_on_session_send(void *udata, const char *msg, size_t len)
{
	struct conn *c = udata;
	static const char release[] = "[\"release\",";

	c->last_traffic = conn_now_ms();
	/*
	 * A release asks nothing of the client: it waits for the next
	 * message of ours (within CONN_RELEASE_HOLD_MS), so the client is
	 * not woken for it alone. Each tool call ends with one, and the next
	 * call's push follows within microseconds.
	 */
	c->holding = len > sizeof(release) - 1 &&
	    memcmp(msg, release, sizeof(release) - 1) == 0;
	conn_ws_send(c, WS_OP_TEXT, msg, len);
	c->holding = 0;
}

/* How long the peer has to answer our close frame before we hang up. */
#define CONN_CLOSE_TIMEOUT_MS 5000

static void
conn_send_close(struct conn *c, int code, const char *reason)
{
	uint8_t payload[WS_MAX_CONTROL_PAYLOAD];
	long n = ws_close_payload(
	    payload, code, reason, reason ? strlen(reason) : 0);
	struct timeval tv = conn_tv(CONN_CLOSE_TIMEOUT_MS);

	if (n >= 0) {
		conn_ws_send(c, WS_OP_CLOSE, payload, (size_t)n);
		c->close_queued = 1;
	}
	/* The timer now bounds the close handshake instead of pinging. */
	evtimer_del(c->ev_timer);
	evtimer_add(c->ev_timer, &tv);
}

void
conn_close(struct conn *c, int code, const char *reason)
{
	int act;

	if (c->state != CONN_WS)
		return;
	act = ws_conn_step(&c->ws_state, WS_ROLE_SERVER, WS_CE_LOCAL_CLOSE);
	if (act & WS_ACT_SEND_CLOSE)
		conn_send_close(c, code, reason);
	c->state = CONN_WS_CLOSING;
	if (act & WS_ACT_CLOSE_TRANSPORT)
		c->close_after_flush = 1;
}

/* The bearer token check for TCP upgrades (onConnection's equivalent). */
static int
conn_admitted(struct conn *c, const struct http_request *req)
{
	const struct http_header *h;
	const char *tok = c->d->cfg.token;
	size_t tlen;

	if (c->is_unix || tok == NULL)
		return 1;
	h = http_header_find(req->headers, req->num_headers, "Authorization");
	tlen = strlen(tok);
	return h != NULL && h->value_len == 7 + tlen &&
	    strncasecmp(h->value, "Bearer ", 7) == 0 &&
	    memcmp(h->value + 7, tok, tlen) == 0;
}

static int
conn_target_is(const struct http_request *req, const char *path)
{
	size_t n = strlen(path), tl = req->target_len;
	const char *q = memchr(req->target, '?', tl);

	if (q != NULL)
		tl = (size_t)(q - req->target);
	return tl == n && memcmp(req->target, path, n) == 0;
}

static void conn_on_idle(evutil_socket_t, short, void *);

/* Upgrades to a WebSocket carrying a capnweb session. */
static void
conn_upgrade(struct conn *c, const struct http_request *req)
{
	struct http_ws_upgrade up;
	struct capnweb_config cfg;
	char head[512];
	long n;
	int rc;

	if ((rc = http_ws_check_request(req, &up)) != 0) {
		conn_reply_error(c, rc);
		return;
	}
	if (!conn_admitted(c, req)) {
		metrics_count(&c->d->metrics, METRICS_CONN_REJECT);
		conn_reply(c, 401, "text/plain", "unauthorized\n", 13);
		return;
	}
	/* Every TCP caller with the token is one principal (one tenant's
	 * share in conn_admit too); without a token configured, nobody. */
	if (!c->is_unix && c->d->cfg.token != NULL)
		c->api.principal = CONN_PRINCIPAL_TOKEN;
	memset(&cfg, 0, sizeof(cfg));
	cfg.main = api_on_call;
	cfg.main_udata = &c->api;
	cfg.send = conn_on_session_send;
	cfg.send_udata = c;
	/* One message limit for the WebSocket and the session, both ways
	 * (MESSAGE_LIMIT): what the assembler lets through the session
	 * takes, and an answer past it fails its call, not the session. */
	cfg.max_message = WS_MAX_MESSAGE_DEFAULT;
	cfg.max_send = WS_MAX_MESSAGE_DEFAULT;
	cfg.on_broken = conn_on_session_broken;
	cfg.broken_udata = c;
	if ((c->api.session = capnweb_session_new(&cfg)) == NULL ||
	    (n = http_build_ws_response(head, sizeof(head), &up)) <= 0) {
		conn_reply(c, 500, "text/plain", "internal error\n", 15);
		return;
	}
	if (bufferevent_write(c->bev, head, (size_t)n) != 0 ||
	    conn_write_enable(c) != 0)
		shutdown(bufferevent_getfd(c->bev), SHUT_RDWR);
	ws_assembler_init(&c->wsa, WS_ROLE_SERVER, WS_MAX_MESSAGE_DEFAULT);
	c->ws_state = WS_STATE_OPEN;
	c->state = CONN_WS;
	/* From now on the timer pings instead of bounding the head. */
	evtimer_del(c->ev_timer);
	if (c->d->cfg.ping_interval) {
		struct timeval tv = conn_tv(c->d->cfg.ping_interval);

		evtimer_add(c->ev_timer, &tv);
	}
	c->last_traffic = conn_now_ms();
	if (c->d->cfg.idle_timeout &&
	    (c->ev_idle = evtimer_new(c->d->base, conn_on_idle, c)) != NULL) {
		struct timeval tv = conn_tv(c->d->cfg.idle_timeout);

		evtimer_add(c->ev_idle, &tv);
	}
	log_write(LOG_DEBUG, "event=upgrade unix=%d", c->is_unix);
}

/* The connections' share of /metrics, measured now. */
static void
conn_gauges(struct daemon *d)
{
	struct metrics_gauges *g = &d->metrics.gauges;
	struct conn *c;

	memset(g, 0, sizeof(*g));
	g->connection_limit = d->conn_limit;
	TAILQ_FOREACH(c, &d->conns, entry)
	{
		size_t out = c->bev
		    ? evbuffer_get_length(bufferevent_get_output(c->bev))
		    : 0;

		g->output_bytes += out;
		if (out > g->output_bytes_max)
			g->output_bytes_max = out;
		g->paused += c->read_paused != 0;
	}
}

/* Routes one parsed request head. */
static void
conn_route(struct conn *c, const struct http_request *req)
{
	struct daemon *d = c->d;
	int get = req->method_len == 3 && memcmp(req->method, "GET", 3) == 0;

	if (conn_target_is(req, "/healthz") || conn_target_is(req, "/readyz") ||
	    conn_target_is(req, "/metrics")) {
		if (!get) {
			conn_reply(
			    c, 405, "text/plain", "method not allowed\n", 19);
			return;
		}
		if (conn_target_is(req, "/healthz"))
			conn_reply(c, 200, "text/plain", "ok\n", 3);
		else if (conn_target_is(req, "/readyz"))
			d->ready
			    ? conn_reply(c, 200, "text/plain", "ready\n", 6)
			    : conn_reply(c, 503, "text/plain", "draining\n", 9);
		else if (!d->cfg.metrics)
			conn_reply(c, 404, "text/plain", "not found\n", 10);
		else {
			struct pool_stats ps;
			size_t len;
			char *text;

			pool_stats(d->pool, &ps);
			conn_gauges(d);
			if ((text = metrics_render(
				 &d->metrics, &ps, d->ready, &len)) == NULL) {
				conn_reply(
				    c, 500, "text/plain", "no memory\n", 10);
				return;
			}
			conn_reply(
			    c, 200, "text/plain; version=0.0.4", text, len);
			free(text);
		}
		return;
	}
	/* The protocol's wire lives at "/"; other paths stay free for other
	 * wires. */
	if (conn_target_is(req, "/") &&
	    http_header_find(req->headers, req->num_headers, "Upgrade") !=
		NULL) {
		if (!d->ready) {
			conn_reply(c, 503, "text/plain", "draining\n", 9);
			return;
		}
		conn_upgrade(c, req);
		return;
	}
	conn_reply(c, 404, "text/plain", "not found\n", 10);
}

/* CONN_HEAD: parse what arrived; route once the head is whole. */
static void
conn_read_head(struct conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->bev);
	struct http_header headers[HTTP_DEFAULT_MAX_HEADERS];
	struct http_request req;
	size_t avail = evbuffer_get_length(in);
	const char *buf;
	long n;

	if (avail == 0)
		return;
	if (avail > HTTP_DEFAULT_MAX_HEAD + 1)
		avail = HTTP_DEFAULT_MAX_HEAD + 1;
	buf = (const char *)evbuffer_pullup(in, (ssize_t)avail);
	memset(&req, 0, sizeof(req));
	req.headers = headers;
	req.headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	n = http_parse_request(buf, avail, &req);
	if (n == 0)
		return;
	if (n < 0) {
		evbuffer_drain(in, evbuffer_get_length(in));
		conn_reply_error(c, (int)n);
		return;
	}
	conn_route(c, &req);
	evbuffer_drain(in, (size_t)n);
	if (c->state == CONN_REPLY)
		evbuffer_drain(in, evbuffer_get_length(in));
}

/* Fails the WebSocket with a close code (protocol error, bad data, ...). */
static void
conn_ws_fail(struct conn *c, int code, const char *reason)
{
	int act =
	    ws_conn_step(&c->ws_state, WS_ROLE_SERVER, WS_CE_PROTOCOL_ERROR);

	if (act & WS_ACT_SEND_CLOSE)
		conn_send_close(c, code, reason);
	c->state = CONN_WS_CLOSING;
	c->close_after_flush = 1;
}

/*
 * Fails the WebSocket for a frame the assembler refused. Text that is not
 * UTF-8 cannot be a protocol message at all (RFC 6455 fails the connection
 * with 1007): the reason is the protocol's own text for it, which fits a
 * close frame, so the caller reads what failed and what to do.
 */
static void
conn_ws_fail_error(struct conn *c, int err)
{
	const char *v[1] = { "text message" };
	char *text = NULL;

	if (err == WS_E_UTF8)
		text = texts_composev(CM_TEXT_PROTOCOL_INVALID_UTF8, v, 1);
	conn_ws_fail(
	    c, ws_error_close_code(err), text ? text : ws_strerror(err));
	free(text);
}

/*
 * The connection's capnweb session ended (a violation, or a message it
 * could not send): capnweb ends a broken session with 3000 and the
 * reason. Once only: both ways may report the same end.
 */
static void
conn_session_ended(struct conn *c)
{
	const char *why = capnweb_session_end_reason(c->api.session);
	int act;

	if (c->state != CONN_WS)
		return;
	act = ws_conn_step(&c->ws_state, WS_ROLE_SERVER, WS_CE_LOCAL_CLOSE);
	if (act & WS_ACT_SEND_CLOSE)
		conn_send_close(
		    c, CAPNWEB_CLOSE_CODE, why ? why : "RPC session ended");
	c->state = CONN_WS_CLOSING;
	c->close_after_flush = 1;
}

/* capnweb's on_broken: the session ended while sending, outside receive. */
static void
conn_on_session_broken(void *udata)
{
	conn_session_ended(udata);
}

/* One complete WebSocket event. */
static void
conn_ws_event(struct conn *c, const struct ws_event *ev)
{
	int act;

	switch (ev->type) {
	case WS_EV_TEXT:
		if (c->state != CONN_WS)
			return;
		c->last_traffic = conn_now_ms();
		if (capnweb_session_receive(c->api.session,
			(const char *)ev->data, ev->len) == CAPNWEB_ENDED)
			conn_session_ended(c);
		return;
	case WS_EV_BINARY:
		conn_ws_fail(c, WS_CLOSE_UNSUPPORTED,
		    "binary messages are not part of this protocol");
		return;
	case WS_EV_PING:
		conn_ws_send(c, WS_OP_PONG, ev->data, ev->len);
		return;
	case WS_EV_PONG:
		c->ping_outstanding = 0;
		return;
	case WS_EV_CLOSE:
		act = ws_conn_step(
		    &c->ws_state, WS_ROLE_SERVER, WS_CE_PEER_CLOSE);
		if (act & WS_ACT_SEND_CLOSE)
			conn_send_close(c,
			    ev->close_code == WS_CLOSE_NO_STATUS
				? WS_CLOSE_NORMAL
				: ev->close_code,
			    NULL);
		c->state = CONN_WS_CLOSING;
		if (act & WS_ACT_CLOSE_TRANSPORT)
			c->close_after_flush = 1;
		return;
	case WS_EV_NONE:
		return;
	}
}

/* CONN_WS / CONN_WS_CLOSING: decode every whole frame that arrived. */
static void
conn_read_frames(struct conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->bev);

	while (c->state == CONN_WS || c->state == CONN_WS_CLOSING) {
		size_t avail = evbuffer_get_length(in);
		struct ws_event ev;
		uint8_t *buf;
		long n;

		if (avail == 0 || c->close_after_flush)
			return;
		buf = evbuffer_pullup(in, (ssize_t)avail);
		n = ws_assembler_feed(&c->wsa, buf, avail, &ev);
		if (n == 0)
			return;
		if (n < 0) {
			evbuffer_drain(in, avail);
			conn_ws_fail_error(c, (int)n);
			return;
		}
		conn_ws_event(c, &ev);
		if (c->bev == NULL)
			return;
		evbuffer_drain(in, (size_t)n);
	}
}

/* The one place a connection changes state or goes away. */
static void
conn_drive(struct conn *c)
{
	size_t out;

	if (c->in_drive)
		return;
	c->in_drive = 1;
	switch (c->state) {
	case CONN_HEAD:
		conn_read_head(c);
		if (c->state == CONN_WS)
			conn_read_frames(c);
		break;
	case CONN_WS:
	case CONN_WS_CLOSING:
		conn_read_frames(c);
		break;
	case CONN_REPLY:
	case CONN_DEAD:
		break;
	}
	c->in_drive = 0;
	if (c->state == CONN_DEAD) {
		conn_free(c);
		return;
	}
	out = evbuffer_get_length(bufferevent_get_output(c->bev));
	/* Our close frame left the socket: the handshake says what follows. */
	if (c->close_queued && out == 0) {
		c->close_queued = 0;
		if (ws_conn_step(
			&c->ws_state, WS_ROLE_SERVER, WS_CE_CLOSE_FLUSHED) &
		    WS_ACT_CLOSE_TRANSPORT)
			c->close_after_flush = 1;
	}
	if (c->close_after_flush && out == 0) {
		conn_free(c);
		return;
	}
	/* Back-pressure lifts once the client took most of its backlog. */
	if (c->read_paused && out <= conn_resume_mark(c->d))
		conn_pause(c, 0);
}

/*
 * Back-pressure on or off: a client that does not read stops being read,
 * and so do the children running its executions (pool_tenant_pause), so
 * nothing more is produced for it until it catches up. The run clocks go
 * on (spec/protocol.md, Decision: back-pressure and the run clock).
 */
static void
conn_pause(struct conn *c, int paused)
{
	struct daemon *d = c->d;

	if (paused) {
		event_del(c->ev_read);
		metrics_count(&d->metrics, METRICS_OUTPUT_PAUSE);
	} else if (c->state != CONN_DEAD)
		event_add(c->ev_read, NULL);
	if (d->pool != NULL)
		pool_tenant_pause(d->pool, c->api.tenant, paused);
	c->read_paused = paused;
}

/*
 * Output queued during a turn of the loop: flush it at the turn's end
 * (conn_on_flush). An event made active from a callback runs in the same
 * turn, after the callbacks already due, so every message the turn
 * produced for this client leaves in one write.
 */
static void
conn_on_output(
    struct evbuffer *buf, const struct evbuffer_cb_info *info, void *arg)
{
	struct conn *c = arg;

	(void)buf;
	if (info->n_added == 0 || c->ev_flush == NULL)
		return;
	if (!c->holding)
		event_active(c->ev_flush, EV_WRITE, 1);
	else if (!event_pending(c->ev_flush, EV_TIMEOUT, NULL)) {
		struct timeval tv = { CONN_RELEASE_HOLD_MS / 1000,
			(CONN_RELEASE_HOLD_MS % 1000) * 1000 };

		event_add(c->ev_flush, &tv);
	}
}

/*
 * Writes the output now, without arming the socket's write event (two
 * epoll_ctl calls and a wake-up per message when each write waited for
 * it). What the kernel does not take (EAGAIN), or a write that fails,
 * goes to the bufferevent's own write event, which finishes the job or
 * reports the error on its usual path (conn_on_event).
 */
static void
conn_on_flush(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;
	struct evbuffer *out;
	int n = 0;

	(void)fd;
	(void)what;
	event_del(c->ev_flush); /* a held release's deadline, if armed */
	if (c->bev == NULL || c->state == CONN_DEAD ||
	    (bufferevent_get_enabled(c->bev) & EV_WRITE))
		return;
	out = bufferevent_get_output(c->bev);
	if (evbuffer_get_length(out) == 0)
		return;
	/* A socket bufferevent keeps its output's front frozen for its own
	 * writer: thawed for ours, as bufferevent_writecb does. */
	evbuffer_unfreeze(out, 1);
	while (evbuffer_get_length(out) > 0 &&
	    (n = evbuffer_write(out, bufferevent_getfd(c->bev))) > 0)
		;
	evbuffer_freeze(out, 1);
	if (evbuffer_get_length(out) > 0) {
		(void)n;
		bufferevent_enable(c->bev, EV_WRITE);
		return;
	}
	/* All out: what the write callback did once the output drained. */
	conn_drive(c);
}

/* The most one read takes: a bufferevent's own default. */
#define CONN_READ_MAX 16384

/*
 * The socket is readable: one read() into the input buffer, with no
 * FIONREAD to size it first (a bufferevent asks, one more system call per
 * message). End of file, an error, or no memory for the bytes end the
 * connection as a bufferevent's EOF or error did.
 */
static void
conn_on_readable(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;
	struct evbuffer *in = bufferevent_get_input(c->bev);
	struct evbuffer_iovec v;
	ssize_t n;

	(void)what;
	/* A socket bufferevent keeps its input's end frozen for its own
	 * reader: thawed for ours, as bufferevent_readcb does. */
	evbuffer_unfreeze(in, 0);
	if (evbuffer_reserve_space(in, CONN_READ_MAX, &v, 1) < 1) {
		n = -1;
		errno = ENOMEM;
	} else
		do
			n = read(fd, v.iov_base, v.iov_len);
		while (n < 0 && errno == EINTR);
	if (n > 0) {
		v.iov_len = (size_t)n;
		evbuffer_commit_space(in, &v, 1);
	}
	evbuffer_freeze(in, 0);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return;
	if (n <= 0) {
		event_del(c->ev_read);
		c->state = CONN_DEAD;
		conn_drive(c);
		return;
	}
	conn_drive(c);
}

static void
conn_on_write(struct bufferevent *bev, void *arg)
{
	struct conn *c = arg;

	/* The backlog is gone: writes go back to the end of the turn. */
	if (evbuffer_get_length(bufferevent_get_output(bev)) == 0)
		bufferevent_disable(bev, EV_WRITE);
	conn_drive(c);
}

static void
conn_on_event(struct bufferevent *bev, short what, void *arg)
{
	struct conn *c = arg;

	(void)bev;
	if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)) {
		c->state = CONN_DEAD;
		conn_drive(c);
	}
}

/*
 * Bytes on their way to the peer that it has not taken yet: the output
 * buffer and the socket's send queue (SIOCOUTQ: unread on a unix socket,
 * unacknowledged on TCP), where a ping may wait after the buffer emptied.
 */
static size_t
conn_unread(struct conn *c)
{
	size_t n = evbuffer_get_length(bufferevent_get_output(c->bev));
	int q = 0;

	if (ioctl(bufferevent_getfd(c->bev), SIOCOUTQ, &q) == 0 && q > 0)
		n += (size_t)q;
	return n;
}

/* Head deadline while reading the head; ping tick once upgraded. */
static void
conn_on_timer(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;
	struct timeval tv;

	(void)fd;
	(void)what;
	if (c->state == CONN_DEAD) {
		/* conn_overflow: freed from the loop. */
		conn_drive(c);
		return;
	}
	if (c->state == CONN_HEAD) {
		/* A slow client gets 408 and the door. */
		char ms[16], *text;
		const char *v[1] = { ms };

		snprintf(ms, sizeof(ms), "%u", c->d->cfg.head_timeout);
		text = texts_composev(CM_TEXT_HEAD_TIMEOUT, v, 1);
		metrics_count(&c->d->metrics, METRICS_HEAD_TIMEOUT);
		if (text != NULL) {
			conn_reply(c, 408, "text/plain", text, strlen(text));
			free(text);
		} else
			conn_reply(
			    c, 408, "text/plain", "request timeout\n", 16);
		conn_drive(c);
		return;
	}
	if (c->state == CONN_WS_CLOSING) {
		/* The peer never answered our close. */
		ws_conn_step(&c->ws_state, WS_ROLE_SERVER, WS_CE_TIMEOUT);
		c->state = CONN_DEAD;
		conn_drive(c);
		return;
	}
	if (c->state != CONN_WS)
		return;
	tv = conn_tv(c->d->cfg.ping_interval);
	if (c->ping_outstanding) {
		size_t out = conn_unread(c);

		/*
		 * The ping waits behind what was queued before it (in the
		 * buffer or the socket), so a peer still reading a large
		 * answer cannot have seen it: the backlog shrinking is its
		 * sign of life. A peer that took
		 * nothing for a whole interval, or did not answer a ping it
		 * got, is dead.
		 */
		if (out > 0 && out < c->ping_backlog) {
			c->ping_backlog = out;
			evtimer_add(c->ev_timer, &tv);
			return;
		}
		log_write(LOG_INFO, "event=peer_dead reason=no_pong");
		c->state = CONN_DEAD;
		conn_drive(c);
		return;
	}
	c->ping_outstanding = 1;
	conn_ws_send(c, WS_OP_PING, "", 0);
	c->ping_backlog = conn_unread(c);
	evtimer_add(c->ev_timer, &tv);
}

static void
conn_on_age(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;

	(void)fd;
	(void)what;
	if (c->state == CONN_WS) {
		conn_close(c, WS_CLOSE_GOING_AWAY, "maximum connection age");
		conn_drive(c);
	}
}

/*
 * --idle-timeout: an upgraded connection with nothing in flight (no run
 * unsettled, no grant unread) and no message either way for the bound is
 * closed with a close handshake. Pings and pongs are not traffic: a live
 * but idle client answers them.
 */
static void
conn_on_idle(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;
	unsigned bound = c->d->cfg.idle_timeout;
	double left = c->last_traffic + bound - conn_now_ms();
	struct timeval tv;
	char ms[16], *text;
	const char *v[1] = { ms };

	(void)fd;
	(void)what;
	if (c->state != CONN_WS)
		return;
	if (api_peer_busy(&c->api)) {
		c->last_traffic = conn_now_ms();
		left = bound;
	}
	if (left > 0) {
		tv = conn_tv((unsigned)left + 1);
		evtimer_add(c->ev_idle, &tv);
		return;
	}
	snprintf(ms, sizeof(ms), "%u", bound);
	text = texts_composev(CM_TEXT_IDLE_TIMEOUT, v, 1);
	metrics_count(&c->d->metrics, METRICS_IDLE_CLOSE);
	log_write(LOG_DEBUG, "event=idle_close tenant=%llu",
	    (unsigned long long)c->api.tenant);
	conn_close(c, WS_CLOSE_NORMAL, text ? text : "idle timeout");
	free(text);
	conn_drive(c);
}

/* Whether `c` is the peer's (peer_unix < 0: anyone's). */
static int
conn_is_peer(const struct conn *c, int peer_unix, uid_t peer_uid)
{
	if (peer_unix < 0)
		return 1;
	if (c->is_unix != peer_unix)
		return 0;
	return !peer_unix || c->peer_uid == peer_uid;
}

int
conn_shed_idle(struct daemon *d, int peer_unix, uid_t peer_uid)
{
	struct conn *c, *victim = NULL;

	/* A head still arriving: the oldest has had the longest to send it. */
	TAILQ_FOREACH(c, &d->conns, entry)
	if (c->state == CONN_HEAD && conn_is_peer(c, peer_unix, peer_uid)) {
		victim = c;
		break;
	}
	/* Else the newest session with nothing in flight. */
	if (victim == NULL)
		TAILQ_FOREACH_REVERSE(c, &d->conns, conn_list, entry)
	if (c->state == CONN_WS && !api_peer_busy(&c->api) && !c->read_paused &&
	    conn_is_peer(c, peer_unix, peer_uid)) {
		victim = c;
		break;
	}
	if (victim == NULL)
		return 0;
	if (victim->state == CONN_WS) {
		/* Its close frame goes out now, if the socket takes it. */
		conn_close(victim, WS_CLOSE_GOING_AWAY,
		    "closed while idle to admit another connection");
		struct evbuffer *o = bufferevent_get_output(victim->bev);

		/* Thawed: the bufferevent keeps its front frozen. */
		evbuffer_unfreeze(o, 1);
		evbuffer_write(o, bufferevent_getfd(victim->bev));
		evbuffer_freeze(o, 1);
	}
	log_write(LOG_INFO, "event=shed tenant=%llu head=%d",
	    (unsigned long long)victim->api.tenant, victim->state == CONN_HEAD);
	metrics_count(&d->metrics, METRICS_SHED);
	conn_free(victim);
	return 1;
}

/*
 * Refuses a connection before any byte is read: a 503 whose body is the
 * protocol's text, written once without blocking, then the door.
 */
static void
conn_refuse(int fd, enum cm_spec_text id, const char *const *v, size_t n)
{
	char head[256], *text = texts_composev(id, v, n);
	struct http_header h[2];
	long hn;

	h[0].name = "Content-Type";
	h[0].name_len = 12;
	h[0].value = "text/plain";
	h[0].value_len = 10;
	h[1].name = "Connection";
	h[1].name_len = 10;
	h[1].value = "close";
	h[1].value_len = 5;
	if (text != NULL &&
	    (hn = http_build_response(
		 head, sizeof(head), 503, h, 2, (long long)strlen(text))) > 0) {
		struct iovec iov[2] = { { head, (size_t)hn },
			{ text, strlen(text) } };

		(void)!writev(fd, iov, 2);
	}
	free(text);
	close(fd);
}

/* The peer's share of connections: --max-connections-per-peer, else half
 * the connection limit. */
static unsigned
conn_peer_limit(const struct daemon *d)
{
	unsigned n = d->cfg.max_connections_per_peer;

	if (n == 0)
		n = d->conn_limit / 2;
	return n ? n : 1;
}

/*
 * Admission by count: the peer's share first, then the executor's limit;
 * either full, an idle connection (of that peer, then of anyone) makes
 * room. 0 admitted, -1 refused (fd closed).
 */
static int
conn_admit(struct daemon *d, int fd, int is_unix, uid_t uid)
{
	struct conn *c;
	unsigned mine = 0, limit = conn_peer_limit(d);
	char n1[48], n2[16];
	const char *v[2] = { n1, n2 };

	TAILQ_FOREACH(c, &d->conns, entry)
	mine += conn_is_peer(c, is_unix, uid);
	if (mine >= limit && !conn_shed_idle(d, is_unix, uid)) {
		if (is_unix)
			snprintf(n1, sizeof(n1), "peer uid %u", (unsigned)uid);
		else
			snprintf(n1, sizeof(n1), "TCP peer (one token)");
		snprintf(n2, sizeof(n2), "%u", limit);
		metrics_count(&d->metrics, METRICS_CONN_REJECT);
		metrics_count(&d->metrics, METRICS_PEER_REJECT);
		log_write(LOG_INFO,
		    "event=reject reason=peer_limit unix=%d uid=%u", is_unix,
		    (unsigned)uid);
		conn_refuse(fd, CM_TEXT_CONNECTION_LIMIT, v, 2);
		return -1;
	}
	if (d->nconns >= d->conn_limit && !conn_shed_idle(d, -1, 0)) {
		snprintf(n1, sizeof(n1), "%u", d->conn_limit);
		metrics_count(&d->metrics, METRICS_CONN_REJECT);
		log_write(LOG_INFO, "event=reject reason=capacity");
		conn_refuse(fd, CM_TEXT_CONNECTION_CAPACITY, v, 1);
		return -1;
	}
	return 0;
}

int
conn_accept(struct daemon *d, int fd, int is_unix)
{
	struct conn *c;
	struct timeval tv;
	uid_t uid = 0;

	if (is_unix) {
		struct ucred cr;
		socklen_t len = sizeof(cr);

		if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0)
			uid = cr.uid;
	}
	/* Refused before any byte is read, and before it could make room. */
	if (is_unix && d->cfg.allowed_uids) {
		size_t i;
		int ok = 0;

		for (i = 0; i < d->cfg.n_allowed_uids; i++)
			ok |= d->cfg.allowed_uids[i] == uid;
		if (!ok) {
			metrics_count(&d->metrics, METRICS_CONN_REJECT);
			log_write(LOG_INFO, "event=reject reason=uid uid=%u",
			    (unsigned)uid);
			close(fd);
			return -1;
		}
	}
	if (conn_admit(d, fd, is_unix, uid) != 0)
		return -1;
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		close(fd);
		return -1;
	}
	c->d = d;
	c->api.d = d;
	api_peer_init(&c->api);
	c->is_unix = is_unix;
	c->state = CONN_HEAD;
	c->api.tenant = ++d->last_tenant;
	c->peer_uid = uid;
	/*
	 * A unix peer is its uid (SO_PEERCRED); a TCP peer is someone only
	 * once it presented the token (conn_upgrade).
	 */
	if (is_unix)
		c->api.principal = CONN_PRINCIPAL_UID | (uint64_t)uid;
	c->bev = bufferevent_socket_new(d->base, fd, BEV_OPT_CLOSE_ON_FREE);
	c->ev_timer = evtimer_new(d->base, conn_on_timer, c);
	c->ev_flush = event_new(d->base, -1, 0, conn_on_flush, c);
	c->ev_read =
	    event_new(d->base, fd, EV_READ | EV_PERSIST, conn_on_readable, c);
	if (c->bev == NULL || c->ev_timer == NULL || c->ev_flush == NULL ||
	    c->ev_read == NULL) {
		if (c->ev_read)
			event_free(c->ev_read);
		if (c->bev)
			bufferevent_free(c->bev);
		else
			close(fd);
		if (c->ev_timer)
			event_free(c->ev_timer);
		if (c->ev_flush)
			event_free(c->ev_flush);
		free(c);
		return -1;
	}
	TAILQ_INSERT_TAIL(&d->conns, c, entry);
	d->nconns++;
	metrics_count(&d->metrics, METRICS_CONN_OPEN);
	bufferevent_setcb(c->bev, NULL, conn_on_write, conn_on_event, c);
	/* The write callback also runs once the output fell to the resume
	 * mark, where back-pressure lifts. */
	bufferevent_setwatermark(c->bev, EV_WRITE, conn_resume_mark(d), 0);
	/*
	 * Writing is conn_on_flush's, until the kernel pushes back; without
	 * memory for its hook, each message enables the write event instead.
	 */
	c->out_cb =
	    evbuffer_add_cb(bufferevent_get_output(c->bev), conn_on_output, c);
	if (c->out_cb != NULL)
		bufferevent_disable(c->bev, EV_WRITE);
	/* Reading is ev_read's: the bufferevent's stays off. */
	bufferevent_disable(c->bev, EV_READ);
	event_add(c->ev_read, NULL);
	tv = conn_tv(d->cfg.head_timeout);
	evtimer_add(c->ev_timer, &tv);
	if (d->cfg.max_connection_age &&
	    (c->ev_age = evtimer_new(d->base, conn_on_age, c)) != NULL) {
		tv = conn_tv(d->cfg.max_connection_age);
		evtimer_add(c->ev_age, &tv);
	}
	return 0;
}
