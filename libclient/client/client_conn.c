/*
 * The client's sessions carry its calls: one socket each, opened in steps
 * (connect, HTTP upgrade, protocolVersion) on the client's event_base, then
 * carrying WebSocket text frames to and from a capnweb session. Calls wait
 * in the client's queue until a session is ready, go out on it, and settle
 * here (their completion callbacks run from this file); rotation retires a
 * session after rotate_after executions, and a failed open is retried with
 * backoff. Below client.c and client_sync.c, which it never calls; it
 * uses client_url.c, client_host.c, client_result.c and client_fault.c.
 *
 * Nothing here calls the host directly except through the op and slot
 * callbacks, and every event handler brackets its work with client_enter/
 * client_leave so that cm_client_free from a host callback is deferred
 * until the outermost handler returns. Sessions are never freed inside a
 * handler that still uses them: a dead session is freed by the reap event.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "client_int.h"
#include "cm_spec.h"
#include "proto/http.h"
#include "proto/texts.h"

#define CLIENT_READ_CHUNK 65536

/* The longest message taken from the server: the protocol's message
 * limit (MESSAGE_LIMIT), or the limit the host set when it is larger. */
#define CLIENT_MAX_MESSAGE(c)                                                  \
	((c)->max_message > WS_MAX_MESSAGE_DEFAULT ? (c)->max_message          \
						   : WS_MAX_MESSAGE_DEFAULT)

static void client_session_process(struct client_session *sess);
static void client_open_failed(
    struct client_session *sess, struct cm_error *err);

void
client_enter(struct cm_client *c)
{
	c->depth++;
}

/* Ends a handler; the last one out performs a deferred cm_client_free. */
void
client_leave(struct cm_client *c)
{
	if (--c->depth == 0 && c->free_pending && !c->freeing)
		client_destroy(c);
	else if (c->depth == 0)
		client_rearm(c);
}

/* ---- output ---- */

static void
client_session_flush(struct client_session *sess)
{
	if (sess->fd >= 0 && evbuffer_get_length(sess->out) > 0) {
		/* A turn's messages leave together at its end, and the socket's
		 * write event (an epoll_ctl to arm and one to disarm, and a
		 * wake-up, per message) only waits for a full socket. */
		if (sess->fev != NULL && sess->state != CLIENT_S_CONNECTING &&
		    !event_pending(sess->wev, EV_WRITE, NULL))
			event_active(sess->fev, EV_WRITE, 1);
		else
			event_add(sess->wev, NULL);
		/* An answer from outside any handler (a tool answered later):
		 * the host's loop must learn that there is output. */
		if (sess->client->depth == 0)
			client_rearm(sess->client);
	}
}

/* capnweb send hook: one message becomes one masked text frame. */
static void
client_session_send(void *udata, const char *msg, size_t len)
{
	struct client_session *sess = udata;
	size_t cap = len + WS_MAX_HEADER;
	uint8_t *frame;
	long n;

	if (sess->state == CLIENT_S_DEAD || (frame = malloc(cap)) == NULL)
		return;
	n = ws_frame_encode(
	    WS_ROLE_CLIENT, WS_OP_TEXT, (const uint8_t *)msg, len, frame, cap);
	if (n > 0)
		evbuffer_add(sess->out, frame, (size_t)n);
	free(frame);
	client_session_flush(sess);
}

static void
client_session_control(
    struct client_session *sess, int opcode, const uint8_t *payload, size_t len)
{
	uint8_t frame[WS_MAX_HEADER + WS_MAX_CONTROL_PAYLOAD];
	long n;

	n = ws_frame_encode(
	    WS_ROLE_CLIENT, opcode, payload, len, frame, sizeof(frame));
	if (n > 0) {
		evbuffer_add(sess->out, frame, (size_t)n);
		client_session_flush(sess);
	}
}

/* ---- death ---- */

static void
client_reap_cb(evutil_socket_t fd, short what, void *arg)
{
	struct cm_client *c = arg;

	(void)fd;
	(void)what;
	client_enter(c);
	client_sessions_reap(c);
	client_leave(c);
}

/* Frees every dead session (never from inside one of its own handlers). */
void
client_sessions_reap(struct cm_client *c)
{
	struct client_session **pp = &c->sessions, *sess;

	while ((sess = *pp) != NULL) {
		if (sess->state != CLIENT_S_DEAD) {
			pp = &sess->next;
			continue;
		}
		*pp = sess->next;
		capnweb_session_free(sess->s);
		client_slots_free(sess);
		ws_assembler_free(&sess->wsa);
		event_free(sess->rev);
		event_free(sess->wev);
		if (sess->fev != NULL)
			event_free(sess->fev);
		event_free(sess->timer);
		evbuffer_free(sess->out);
		free(sess->in);
		free(sess->fail_text);
		free(sess->fail_reason);
		free(sess);
	}
}

/* Writes what the socket takes now of the session's output. */
static void
client_flush_now(struct client_session *sess)
{
	struct evbuffer_iovec v;
	ssize_t w;

	while (evbuffer_get_length(sess->out) > 0 &&
	    evbuffer_peek(sess->out, -1, NULL, &v, 1) >= 1) {
		w = send(sess->fd, v.iov_base, v.iov_len,
		    MSG_NOSIGNAL | MSG_DONTWAIT);
		if (w <= 0)
			break;
		evbuffer_drain(sess->out, (size_t)w);
	}
}

/*
 * Ends a session: the socket closes and every call in flight on it settles
 * CAPNWEB_BROKEN (and so CONNECTION_BROKEN) from inside this call. Must
 * not run inside a capnweb callback of the same session.
 */
void
client_session_kill(struct client_session *sess, const char *reason)
{
	struct cm_client *c = sess->client;
	int was_ready = sess->state == CLIENT_S_READY;

	if (sess->state == CLIENT_S_DEAD)
		return;
	sess->state = CLIENT_S_DEAD;
	if (c->cur == sess) {
		c->cur = NULL;
		if (was_ready && !sess->retiring)
			c->broken = 1;
	}
	event_del(sess->rev);
	event_del(sess->wev);
	if (sess->fev != NULL)
		event_del(sess->fev);
	event_del(sess->timer);
	if (sess->fd >= 0) {
		/*
		 * What a ready session already queued still goes out, as far
		 * as the socket takes it now (never blocking, never SIGPIPE):
		 * among it the release of a call's result, which the daemon
		 * reads as the delivery of a retention grant.
		 */
		if (was_ready)
			client_flush_now(sess);
		client_watch_forget(c, sess->fd);
		close(sess->fd);
	}
	sess->fd = -1;
	if (sess->s != NULL)
		capnweb_session_close(sess->s, reason);
	event_active(c->reap, EV_TIMEOUT, 1);
	client_kick(c);
}

/* A session that failed before it was ready. */
static void
client_open_failed(struct client_session *sess, struct cm_error *err)
{
	struct cm_client *c = sess->client;
	struct client_op *op;
	struct timeval tv;
	int no_retry;

	client_session_kill(sess, err->message);
	c->opening = 0;
	no_retry = c->initial || err->code == CM_ERROR_PROTOCOL_MISMATCH ||
	    c->retries <= 0 || c->attempt >= c->retries || c->freeing;
	if (c->initial) {
		c->initial = 0;
		if (c->connect_cb)
			c->connect_cb(c, err, c->connect_arg);
	}
	if (!no_retry) {
		c->attempt++;
		tv.tv_sec = (c->backoff_ms * c->attempt) / 1000;
		tv.tv_usec = ((c->backoff_ms * c->attempt) % 1000) * 1000;
		evtimer_add(c->retry_timer, &tv);
		return;
	}
	c->attempt = 0;
	/* Every call waiting for this session fails with the open's fault. */
	while ((op = c->queue) != NULL) {
		c->queue = op->next;
		if (c->queue == NULL)
			c->queue_tail = NULL;
		op->next = NULL;
		client_op_fault(op, err);
	}
}

static void
client_open_fail_text(struct client_session *sess, const char *reason)
{
	struct cm_error err;

	if (client_fault(&err, CM_TEXT_CONNECTION_REJECTED,
		sess->client->url.text, reason) != 0) {
		/* No memory for the text: a bare fault still ends the open. */
		memset(&err, 0, sizeof(err));
		err.code = CM_ERROR_CONNECTION_REJECTED;
		err.class_name = "ExecutorError";
		err.message = NULL;
	}
	client_open_failed(sess, &err);
	cm_error_clear(&err);
}

/* ---- the handshake ---- */

static void
client_version_settled(void *udata, int status, json_t *value)
{
	struct client_session *sess = udata;
	char *text = NULL, msg[256];
	int rc;

	if (sess->state != CLIENT_S_VERSION)
		return;
	if (status == CAPNWEB_RESOLVED && json_is_integer(value)) {
		rc = cm_check_protocol_version(
		    json_integer_value(value), CM_PROTOCOL_VERSION, &text);
		if (rc == 0) {
			sess->state = CLIENT_S_READY;
			return;
		}
		sess->fail_code = rc == 1 ? CM_ERROR_PROTOCOL_MISMATCH
					  : CM_ERROR_CONNECTION_REJECTED;
		sess->fail_text = text;
		return;
	}
	snprintf(msg, sizeof(msg), "protocolVersion() answered %s",
	    status == CAPNWEB_RESOLVED	       ? "something other than a number"
		: capnweb_error_message(value) ? capnweb_error_message(value)
					       : "with a rejection");
	sess->fail_code = CM_ERROR_CONNECTION_REJECTED;
	sess->fail_reason = strdup(msg);
}

static void
client_session_ready(struct client_session *sess)
{
	struct cm_client *c = sess->client;

	event_del(sess->timer);
	c->opening = 0;
	c->attempt = 0;
	c->broken = 0;
	c->opened++;
	if (c->initial) {
		c->initial = 0;
		c->ready_once = 1;
		if (c->connect_cb)
			c->connect_cb(c, NULL, c->connect_arg);
	}
	client_kick(c);
}

/* Acts on a failure a capnweb callback recorded (it may not kill there). */
static int
client_session_check_fail(struct client_session *sess)
{
	struct cm_error err;

	if (sess->fail_code == CM_ERROR_NONE)
		return 0;
	if (sess->fail_code == CM_ERROR_PROTOCOL_MISMATCH && sess->fail_text) {
		json_t *j = cm_error_to_json(
		    CM_ERROR_PROTOCOL_MISMATCH, sess->fail_text);

		if (j == NULL || cm_error_rehydrate(j, &err) != 0)
			memset(&err, 0, sizeof(err));
		json_decref(j);
		client_open_failed(sess, &err);
		cm_error_clear(&err);
	} else
		client_open_fail_text(sess,
		    sess->fail_reason ? sess->fail_reason
				      : "the handshake failed");
	free(sess->fail_text);
	free(sess->fail_reason);
	sess->fail_text = sess->fail_reason = NULL;
	sess->fail_code = CM_ERROR_NONE;
	return 1;
}

static int
client_session_upgrade(struct client_session *sess)
{
	struct cm_client *c = sess->client;
	struct http_header *extra = NULL;
	char *req;
	size_t i, cap;
	long n;

	if (http_ws_make_key(sess->key) != 0)
		return -1;
	cap = 1024 + strlen(c->url.target) + strlen(c->url.host_header);
	for (i = 0; i < c->nheaders; i++)
		cap += strlen(c->headers[i].name) +
		    strlen(c->headers[i].value) + 4;
	if (c->nheaders &&
	    (extra = calloc(c->nheaders, sizeof(*extra))) == NULL)
		return -1;
	for (i = 0; i < c->nheaders; i++) {
		extra[i].name = c->headers[i].name;
		extra[i].name_len = strlen(c->headers[i].name);
		extra[i].value = c->headers[i].value;
		extra[i].value_len = strlen(c->headers[i].value);
	}
	if ((req = malloc(cap)) == NULL) {
		free(extra);
		return -1;
	}
	n = http_build_ws_request(req, cap, c->url.host_header, c->url.target,
	    sess->key, NULL, extra, c->nheaders);
	free(extra);
	if (n <= 0) {
		free(req);
		return -2;
	}
	evbuffer_add(sess->out, req, (size_t)n);
	free(req);
	sess->state = CLIENT_S_HTTP;
	client_session_flush(sess);
	return 0;
}

/* The 101 arrived (or not): returns 1 to go on with frames, 0 to wait. */
static int
client_session_http(struct client_session *sess)
{
	struct http_header hs[HTTP_DEFAULT_MAX_HEADERS];
	struct http_response res;
	struct capnweb_config cfg;
	char msg[256];
	long head;
	int rc;

	memset(&res, 0, sizeof(res));
	res.headers = hs;
	res.headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	head = http_parse_response((const char *)sess->in, sess->in_len, &res);
	if (head == 0)
		return 0;
	if (head < 0) {
		snprintf(msg, sizeof(msg),
		    "the upgrade answer is not HTTP "
		    "(%s)",
		    http_strerror((int)head));
		client_open_fail_text(sess, msg);
		return 0;
	}
	if ((rc = http_ws_check_response(&res, sess->key, NULL)) != 0) {
		if (res.status != 101)
			snprintf(msg, sizeof(msg),
			    "the server answered the "
			    "upgrade with %d%s%.*s",
			    res.status, res.reason_len > 0 ? " " : "",
			    (int)res.reason_len, res.reason);
		else
			snprintf(msg, sizeof(msg),
			    "the upgrade answer failed "
			    "its checks (%s)",
			    http_strerror(rc));
		client_open_fail_text(sess, msg);
		return 0;
	}
	memmove(sess->in, sess->in + head, sess->in_len - (size_t)head);
	sess->in_len -= (size_t)head;
	ws_assembler_init(
	    &sess->wsa, WS_ROLE_CLIENT, CLIENT_MAX_MESSAGE(sess->client));
	memset(&cfg, 0, sizeof(cfg));
	cfg.max_message = CLIENT_MAX_MESSAGE(sess->client);
	cfg.max_send = sess->client->max_message;
	cfg.send = client_session_send;
	cfg.send_udata = sess;
	if ((sess->s = capnweb_session_new(&cfg)) == NULL) {
		client_open_fail_text(sess, "out of memory");
		return 0;
	}
	sess->state = CLIENT_S_VERSION;
	/* The session borrows the arguments; NULL sends an empty list. */
	if (capnweb_session_call(sess->s, "protocolVersion", NULL,
		client_version_settled, sess) < 0) {
		client_open_fail_text(sess, "out of memory");
		return 0;
	}
	return 1;
}

/* ---- input ---- */

static void
client_session_frames(struct client_session *sess)
{
	struct ws_event ev;
	char msg[256];
	long n;
	int rc;

	while (sess->state != CLIENT_S_DEAD && sess->in_len > 0) {
		n = ws_assembler_feed(&sess->wsa, sess->in, sess->in_len, &ev);
		if (n == 0)
			return;
		if (n < 0) {
			uint8_t p[WS_MAX_CONTROL_PAYLOAD];
			long pl = ws_close_payload(p,
			    ws_error_close_code((int)n), ws_strerror((int)n),
			    strlen(ws_strerror((int)n)));

			if (pl >= 0)
				client_session_control(
				    sess, WS_OP_CLOSE, p, (size_t)pl);
			snprintf(msg, sizeof(msg),
			    "the server broke the "
			    "WebSocket framing (%s)",
			    ws_strerror((int)n));
			if (sess->state == CLIENT_S_READY)
				client_session_kill(sess, msg);
			else
				client_open_fail_text(sess, msg);
			return;
		}
		switch (ev.type) {
		case WS_EV_TEXT:
			rc = capnweb_session_receive(
			    sess->s, (const char *)ev.data, ev.len);
			if (client_session_check_fail(sess))
				return;
			if (rc == CAPNWEB_ENDED) {
				const char *r =
				    capnweb_session_end_reason(sess->s);
				uint8_t p[WS_MAX_CONTROL_PAYLOAD];
				long pl =
				    ws_close_payload(p, CAPNWEB_CLOSE_CODE,
					r ? r : "", r ? strlen(r) : 0);

				if (pl >= 0)
					client_session_control(
					    sess, WS_OP_CLOSE, p, (size_t)pl);
				snprintf(msg, sizeof(msg),
				    "the RPC session "
				    "ended (%s)",
				    r ? r : "aborted");
				if (sess->state == CLIENT_S_READY)
					client_session_kill(sess, msg);
				else
					client_open_fail_text(sess, msg);
				return;
			}
			break;
		case WS_EV_BINARY:
			snprintf(msg, sizeof(msg),
			    "the server sent a binary "
			    "frame, which capnweb cannot carry");
			if (sess->state == CLIENT_S_READY)
				client_session_kill(sess, msg);
			else
				client_open_fail_text(sess, msg);
			return;
		case WS_EV_PING:
			client_session_control(
			    sess, WS_OP_PONG, ev.data, ev.len);
			break;
		case WS_EV_CLOSE:
			snprintf(msg, sizeof(msg),
			    "the server closed the "
			    "WebSocket (%d %.*s)",
			    ev.close_code, (int)ev.reason_len,
			    (const char *)ev.reason);
			if (sess->state == CLIENT_S_READY)
				client_session_kill(sess, msg);
			else
				client_open_fail_text(sess, msg);
			return;
		default:
			break;
		}
		memmove(sess->in, sess->in + n, sess->in_len - (size_t)n);
		sess->in_len -= (size_t)n;
		if (sess->state == CLIENT_S_READY && !sess->announced) {
			sess->announced = 1;
			client_session_ready(sess);
		}
	}
}

static void
client_session_process(struct client_session *sess)
{
	if (sess->state == CLIENT_S_HTTP && !client_session_http(sess))
		return;
	if (sess->state == CLIENT_S_VERSION || sess->state == CLIENT_S_READY)
		client_session_frames(sess);
}

static void
client_read_cb(evutil_socket_t fd, short what, void *arg)
{
	struct client_session *sess = arg;
	struct cm_client *c = sess->client;
	char msg[256];
	ssize_t r;

	(void)what;
	client_enter(c);
	if (sess->state == CLIENT_S_DEAD || sess->state == CLIENT_S_CONNECTING)
		goto out;
	if (sess->in_cap - sess->in_len < CLIENT_READ_CHUNK) {
		/*
		 * Doubling: a frame of tens of MiB arrives in many reads, and
		 * growing by a chunk each time copies it over and over where
		 * realloc cannot remap (under ASan, say), which slowed the
		 * reading so much the server's pings went unanswered.
		 */
		size_t ncap =
		    sess->in_cap * 2 > sess->in_len + CLIENT_READ_CHUNK
		    ? sess->in_cap * 2
		    : sess->in_len + CLIENT_READ_CHUNK;
		uint8_t *nb = realloc(sess->in, ncap);

		if (nb == NULL) {
			client_session_kill(sess, "out of memory");
			goto out;
		}
		sess->in = nb;
		sess->in_cap = ncap;
	}
	r = recv(fd, sess->in + sess->in_len, sess->in_cap - sess->in_len, 0);
	if (r < 0 && (errno == EAGAIN || errno == EINTR))
		goto out;
	if (r <= 0) {
		snprintf(msg, sizeof(msg), "%s",
		    r == 0 ? "the server closed the connection"
			   : strerror(errno));
		if (sess->state == CLIENT_S_READY)
			client_session_kill(sess, msg);
		else
			client_open_fail_text(sess, msg);
		goto out;
	}
	sess->in_len += (size_t)r;
	client_session_process(sess);
	/* A message far larger than any the server may send: give up. */
	if (sess->state != CLIENT_S_DEAD &&
	    sess->in_len > CLIENT_MAX_MESSAGE(c) + WS_MAX_HEADER)
		client_session_kill(
		    sess, "the server sent an oversized message");
out:
	client_leave(c);
}

static void
client_write_cb(evutil_socket_t fd, short what, void *arg)
{
	struct client_session *sess = arg;
	struct cm_client *c = sess->client;
	struct evbuffer_iovec v[16];
	char msg[256];
	ssize_t w;
	int soerr = 0, rc;
	socklen_t sl = sizeof(soerr);

	(void)what;
	client_enter(c);
	if (sess->state == CLIENT_S_DEAD)
		goto out;
	if (sess->state == CLIENT_S_CONNECTING) {
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) != 0)
			soerr = errno;
		if (soerr != 0) {
			snprintf(
			    msg, sizeof(msg), "connect: %s", strerror(soerr));
			client_open_fail_text(sess, msg);
			goto out;
		}
		event_add(sess->rev, NULL);
		if ((rc = client_session_upgrade(sess)) != 0) {
			client_open_fail_text(sess,
			    rc == -2 ? "a handshake "
				       "header holds CR, LF or NUL, or names a "
				       "field the "
				       "upgrade sets itself"
				     : "out of memory");
			goto out;
		}
	}
	while (evbuffer_get_length(sess->out) > 0) {
		struct msghdr mh;
		int nv;

		/* Every message queued, in one call (each is a chain). */
		if ((nv = evbuffer_peek(sess->out, -1, NULL, v, 16)) < 1)
			break;
		memset(&mh, 0, sizeof(mh));
		mh.msg_iov = (struct iovec *)v;
		mh.msg_iovlen = (size_t)(nv < 16 ? nv : 16);
		w = sendmsg(fd, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EAGAIN) {
			/* The rest when the socket takes it (a no-op when
			 * called as wev's own callback). */
			event_add(sess->wev, NULL);
			goto out;
		}
		if (w < 0) {
			snprintf(msg, sizeof(msg), "send: %s", strerror(errno));
			if (sess->state == CLIENT_S_READY)
				client_session_kill(sess, msg);
			else
				client_open_fail_text(sess, msg);
			goto out;
		}
		evbuffer_drain(sess->out, (size_t)w);
	}
	event_del(sess->wev);
	if (sess->out_closing) {
		/* A rotated session: our close frame is out, nothing waits. */
		client_session_kill(sess, "the session was rotated");
	}
out:
	client_leave(c);
}

/* The end of a turn that queued output (client_session_flush). */
static void
client_flush_cb(evutil_socket_t fd, short what, void *arg)
{
	struct client_session *sess = arg;

	(void)fd;
	(void)what;
	if (sess->state == CLIENT_S_DEAD || sess->fd < 0)
		return;
	client_write_cb(sess->fd, EV_WRITE, sess);
}

static void
client_timer_cb(evutil_socket_t fd, short what, void *arg)
{
	struct client_session *sess = arg;
	struct cm_client *c = sess->client;

	(void)fd;
	(void)what;
	client_enter(c);
	if (sess->state != CLIENT_S_READY && sess->state != CLIENT_S_DEAD)
		client_open_fail_text(sess,
		    "the handshake did not finish "
		    "in time");
	client_leave(c);
}

/* ---- opening ---- */

/* Starts a new session for the queue. Returns 0, or -1 (it failed; the
 * failure was handled, calls included). */
int
client_session_open(struct cm_client *c)
{
	struct client_session *sess;
	struct timeval tv;
	char *why = NULL;

	if ((sess = calloc(1, sizeof(*sess))) == NULL)
		return -1;
	sess->client = c;
	sess->fd = -1;
	sess->state = CLIENT_S_CONNECTING;
	if ((sess->out = evbuffer_new()) == NULL ||
	    (sess->timer = evtimer_new(c->base, client_timer_cb, sess)) ==
		NULL) {
		if (sess->out)
			evbuffer_free(sess->out);
		free(sess);
		return -1;
	}
	sess->next = c->sessions;
	c->sessions = sess;
	c->cur = sess;
	c->opening = 1;
	sess->fd = client_url_connect(&c->url, 1, &why);
	if (sess->fd >= 0) {
		sess->rev = event_new(c->base, sess->fd, EV_READ | EV_PERSIST,
		    client_read_cb, sess);
		sess->wev = event_new(c->base, sess->fd, EV_WRITE | EV_PERSIST,
		    client_write_cb, sess);
		/* Its absence only costs speed: wev writes everything. */
		sess->fev = event_new(c->base, -1, 0, client_flush_cb, sess);
	}
	if (sess->fd < 0 || sess->rev == NULL || sess->wev == NULL) {
		/* Dead sessions need their events for the reaper. */
		if (sess->rev == NULL)
			sess->rev =
			    event_new(c->base, -1, 0, client_read_cb, sess);
		if (sess->wev == NULL)
			sess->wev =
			    event_new(c->base, -1, 0, client_write_cb, sess);
		client_open_fail_text(sess, why ? why : "out of memory");
		free(why);
		return -1;
	}
	tv.tv_sec = c->connect_timeout_ms / 1000;
	tv.tv_usec = (c->connect_timeout_ms % 1000) * 1000;
	evtimer_add(sess->timer, &tv);
	event_add(sess->wev, NULL);
	return 0;
}

/* ---- the queue ---- */

static void
client_retire(struct client_session *sess)
{
	struct cm_client *c = sess->client;
	uint8_t p[WS_MAX_CONTROL_PAYLOAD];
	long pl;

	sess->retiring = 1;
	if (c->cur == sess)
		c->cur = NULL;
	if (sess->inflight > 0 || sess->state != CLIENT_S_READY)
		return;
	pl = ws_close_payload(p, WS_CLOSE_NORMAL, "rotated", 7);
	if (pl >= 0)
		client_session_control(sess, WS_OP_CLOSE, p, (size_t)pl);
	sess->out_closing = 1;
	client_session_flush(sess);
}

/* An op on `sess` settled: a retiring session closes once it is idle. */
void
client_session_op_done(struct client_session *sess)
{
	if (sess->inflight > 0)
		sess->inflight--;
	if (sess->retiring && sess->inflight == 0 &&
	    sess->state == CLIENT_S_READY)
		client_retire(sess);
}

static void
client_kick_cb(evutil_socket_t fd, short what, void *arg)
{
	struct cm_client *c = arg;
	struct client_op *op;
	struct cm_error err;

	(void)fd;
	(void)what;
	client_enter(c);
	/* Executions answered without the wire (a module map that failed). */
	while ((op = c->local) != NULL && !c->freeing) {
		c->local = op->next;
		op->next = NULL;
		client_op_settle(op, CAPNWEB_RESOLVED, op->local);
	}
	/* An in-process executor takes every call at once: no session. */
	while (c->backend != NULL && (op = c->queue) != NULL && !c->freeing) {
		c->queue = op->next;
		if (c->queue == NULL)
			c->queue_tail = NULL;
		op->next = NULL;
		op->in_backend = 1;
		c->backend->submit(c->backend_state, op);
	}
	if (c->initial && c->cur == NULL && !c->opening && !c->freeing)
		(void)client_session_open(c);
	while (c->queue != NULL && !c->freeing) {
		struct client_session *sess = c->cur;

		if (sess != NULL && sess->state == CLIENT_S_READY &&
		    !sess->retiring) {
			op = c->queue;
			c->queue = op->next;
			if (c->queue == NULL)
				c->queue_tail = NULL;
			op->next = NULL;
			if (op->kind == CLIENT_OP_EXECUTE)
				sess->executions++;
			client_session_send_op(sess, op);
			if (c->rotate_after > 0 &&
			    sess->executions >= (unsigned)c->rotate_after)
				client_retire(sess);
			continue;
		}
		if (sess != NULL || c->opening ||
		    evtimer_pending(c->retry_timer, NULL))
			break;
		/* No live session: a broken one is reopened only if allowed. */
		if (c->broken && c->retries <= 0) {
			if (client_fault(&err, CM_TEXT_CONNECTION_BROKEN,
				"WebSocket",
				"the connection broke and reconnect "
				"is disabled") != 0)
				memset(&err, 0, sizeof(err));
			while ((op = c->queue) != NULL) {
				c->queue = op->next;
				op->next = NULL;
				client_op_fault(op, &err);
			}
			c->queue_tail = NULL;
			cm_error_clear(&err);
			break;
		}
		if (client_session_open(c) != 0 && c->cur == NULL &&
		    !c->opening && !evtimer_pending(c->retry_timer, NULL) &&
		    c->queue != NULL) {
			/* Out of memory opening: fail what waits. */
			if (client_fault(&err, CM_TEXT_CONNECTION_REJECTED,
				c->url.text, "out of memory") != 0)
				memset(&err, 0, sizeof(err));
			while ((op = c->queue) != NULL) {
				c->queue = op->next;
				op->next = NULL;
				client_op_fault(op, &err);
			}
			c->queue_tail = NULL;
			cm_error_clear(&err);
		}
		break;
	}
	client_leave(c);
}

static void
client_retry_cb(evutil_socket_t fd, short what, void *arg)
{
	client_kick_cb(fd, what, arg);
}

/* Schedules a pass over the queue from the loop (never re-enters). */
void
client_kick(struct cm_client *c)
{
	if (!c->freeing) {
		event_active(c->kick, EV_TIMEOUT, 1);
		if (c->depth == 0)
			client_rearm(c);
	}
}

int
client_events_init(struct cm_client *c)
{
	c->kick = event_new(c->base, -1, 0, client_kick_cb, c);
	c->reap = event_new(c->base, -1, 0, client_reap_cb, c);
	c->retry_timer = evtimer_new(c->base, client_retry_cb, c);
	return c->kick && c->reap && c->retry_timer ? 0 : -1;
}

/* Tears the client down: every call still open fails CONNECTION_BROKEN. */
void
client_destroy(struct cm_client *c)
{
	struct client_session *sess;
	struct client_op *op;
	struct cm_error err;

	c->freeing = 1;
	c->depth++;
	for (sess = c->sessions; sess != NULL; sess = sess->next)
		client_session_kill(sess, "the client was disposed");
	if (client_fault(&err, CM_TEXT_CONNECTION_BROKEN,
		c->backend ? "in-process executor" : "WebSocket",
		"the client was disposed") != 0)
		memset(&err, 0, sizeof(err));
	if (c->backend != NULL) {
		c->backend->destroy(c->backend_state, &err);
		c->backend = NULL;
		c->backend_state = NULL;
	}
	while ((op = c->queue) != NULL) {
		c->queue = op->next;
		op->next = NULL;
		client_op_fault(op, &err);
	}
	cm_error_clear(&err);
	if (c->initial && c->connect_cb) {
		c->initial = 0;
		if (client_fault(&err, CM_TEXT_CONNECTION_REJECTED, c->url.text,
			"the client was disposed before the handshake "
			"finished") == 0) {
			c->connect_cb(c, &err, c->connect_arg);
			cm_error_clear(&err);
		}
	}
	client_sessions_reap(c);
	/* The clients of routed calls run on our base: they go first. */
	if (c->routes_free)
		c->routes_free(c);
	if (c->kick)
		event_free(c->kick);
	if (c->reap)
		event_free(c->reap);
	if (c->retry_timer)
		event_free(c->retry_timer);
	client_free_config(c);
	client_watch_free(c);
	event_base_free(c->base);
	free(c);
}

/* ---- calls on a session ---- */

void
client_op_free(struct client_op *op)
{
	struct cm_client *c = op->client;

	if (op->id != 0) {
		if (op->all_prev)
			op->all_prev->all_next = op->all_next;
		else if (c->all == op)
			c->all = op->all_next;
		if (op->all_next)
			op->all_next->all_prev = op->all_prev;
	}
	if (op->deadline)
		event_free(op->deadline);
	json_decref(op->args);
	json_decref(op->local);
	if (op->slot != NULL && !op->slot_attached)
		free(op->slot);
	free(op);
}

/* Unlinks a sent op from its session. */
static void
client_op_unlink(struct client_op *op)
{
	struct client_session *sess = op->session;

	if (sess == NULL)
		return;
	if (op->prev)
		op->prev->next = op->next;
	else
		sess->ops = op->next;
	if (op->next)
		op->next->prev = op->prev;
	op->next = op->prev = NULL;
	op->session = NULL;
	client_session_op_done(sess);
}

/* Completes `op` with a fault (borrowed) and frees it. */
void
client_op_fault(struct client_op *op, struct cm_error *err)
{
	struct cm_client *c = op->client;

	if (op->abandoned) {
		/* Its caller already heard; only the op is left to free. */
		client_op_unlink(op);
		client_op_free(op);
		return;
	}
	client_op_unlink(op);
	if (op->slot)
		client_slot_finish(op->slot);
	client_enter(c);
	if (op->kind == CLIENT_OP_EXECUTE) {
		if (op->exec_cb)
			op->exec_cb(c, NULL, err, op->arg);
	} else if (op->handle_cb)
		op->handle_cb(c, NULL, err, op->arg);
	client_op_free(op);
	client_leave(c);
}

/* capnweb settle callback of an op's call (also used for local results). */
void
client_op_settle(struct client_op *op, int status, json_t *value)
{
	struct cm_client *c = op->client;
	struct cm_result res;
	struct cm_outbound_response ores;
	struct cm_error err;
	char *why = NULL;

	memset(&err, 0, sizeof(err));
	if (op->abandoned) {
		/* The late answer of a call its caller gave up on. */
		client_op_unlink(op);
		client_op_free(op);
		return;
	}
	if (status == CAPNWEB_BROKEN) {
		const char *m = capnweb_error_message(value);

		if (client_fault(&err, CM_TEXT_CONNECTION_BROKEN, "WebSocket",
			m ? m : "the session ended") != 0)
			memset(&err, 0, sizeof(err));
		client_op_fault(op, &err);
		cm_error_clear(&err);
		return;
	}
	if (status == CAPNWEB_REJECTED) {
		if (client_thrown(&err, value) != 0)
			memset(&err, 0, sizeof(err));
		client_op_fault(op, &err);
		cm_error_clear(&err);
		return;
	}
	switch (op->kind) {
	case CLIENT_OP_EXECUTE:
		if (client_result_read(value, &res) != 0) {
			client_fault(&err, CM_TEXT_INTERNAL,
			    "the execute answer "
			    "was not a result envelope",
			    NULL);
			client_op_fault(op, &err);
			cm_error_clear(&err);
			return;
		}
		client_op_unlink(op);
		if (op->slot)
			client_slot_finish(op->slot);
		client_enter(c);
		if (op->exec_cb)
			op->exec_cb(c, &res, NULL, op->arg);
		else
			cm_result_clear(&res);
		client_op_free(op);
		client_leave(c);
		return;
	case CLIENT_OP_INVOKE:
		if (client_outbound_response_read(value, &ores, &why) != 0) {
			client_fault(&err, CM_TEXT_INTERNAL,
			    why ? why : "out of memory", NULL);
			free(why);
			client_op_fault(op, &err);
			cm_error_clear(&err);
			return;
		}
		client_op_unlink(op);
		client_enter(c);
		if (op->handle_cb)
			op->handle_cb(c, &ores, NULL, op->arg);
		else
			cm_outbound_response_clear(&ores);
		client_op_free(op);
		client_leave(c);
		return;
	case CLIENT_OP_CLOSE:
		client_op_unlink(op);
		client_enter(c);
		if (op->handle_cb)
			op->handle_cb(c, NULL, NULL, op->arg);
		client_op_free(op);
		client_leave(c);
		return;
	case CLIENT_OP_INSTANCE:
		/* A daemon without a name answers null: known, and "". */
		free(c->instance);
		c->instance = strdup(
		    json_is_string(value) ? json_string_value(value) : "");
		c->instance_known = c->instance != NULL;
		client_op_unlink(op);
		client_enter(c);
		if (op->handle_cb)
			op->handle_cb(c, NULL, NULL, op->arg);
		client_op_free(op);
		client_leave(c);
		return;
	}
}

static void
client_op_settled(void *udata, int status, json_t *value)
{
	client_op_settle(udata, status, value);
}

static const char *
client_op_method(const struct client_op *op)
{
	switch (op->kind) {
	case CLIENT_OP_EXECUTE:
		return "execute";
	case CLIENT_OP_INVOKE:
		return "invokeHandle";
	case CLIENT_OP_CLOSE:
		return "closeHandles";
	case CLIENT_OP_INSTANCE:
		return "instanceId";
	}
	return "";
}

/* Puts `op` on the wire of a ready session. */
void
client_session_send_op(struct client_session *sess, struct client_op *op)
{
	struct cm_error err;
	char size[24], limit[24], *text;
	json_t *args;
	int64_t id;

	if (op->slot != NULL) {
		if (client_slot_attach(sess, op->slot) != 0) {
			/* Partly registered targets stay with the session. */
			op->slot_attached = 1;
			goto fail;
		}
		op->slot_attached = 1;
	}
	/*
	 * The op keeps its own list for a later session (a retry, a
	 * reconnect); only this list's slots 3 and past its end change here,
	 * and the session's encoder only reads the values in it, so the list
	 * is copied and its values shared (a deep copy was an eighth of the
	 * client's instructions per execute).
	 */
	if ((args = json_copy(op->args)) == NULL)
		goto fail;
	if (op->kind == CLIENT_OP_EXECUTE) {
		if (op->slot && op->slot->dispatch_target > 0)
			json_array_set_new(args, 3,
			    capnweb_value_target(op->slot->dispatch_target));
		if (op->slot && op->slot->outbound_target > 0)
			json_array_append_new(args,
			    capnweb_value_target(op->slot->outbound_target));
	}
	op->session = sess;
	op->prev = NULL;
	op->next = sess->ops;
	if (sess->ops)
		sess->ops->prev = op;
	sess->ops = op;
	sess->inflight++;
	id = capnweb_session_call(
	    sess->s, client_op_method(op), args, client_op_settled, op);
	json_decref(args); /* the session borrowed it */
	if (id == CAPNWEB_E2BIG) {
		/* Refused before it was numbered: the session goes on. */
		client_op_unlink(op);
		snprintf(size, sizeof(size), "%zu",
		    capnweb_session_refused_len(sess->s));
		snprintf(
		    limit, sizeof(limit), "%zu", sess->client->max_message);
		text = texts_compose(CM_TEXT_REQUEST_TOO_LARGE,
		    client_op_method(op), size, limit);
		client_local(&err, CM_ERROR_TOO_LARGE, "%s",
		    text ? text : "the request is past the message limit");
		free(text);
		client_op_fault(op, &err);
		cm_error_clear(&err);
		return;
	}
	if (id < 0) {
		client_op_unlink(op);
		goto fail;
	}
	op->call_id = id;
	return;
fail:
	if (client_fault(&err, CM_TEXT_CONNECTION_BROKEN, "WebSocket",
		"the call could not be sent") != 0)
		memset(&err, 0, sizeof(err));
	client_op_fault(op, &err);
	cm_error_clear(&err);
}

void
client_free_config(struct cm_client *c)
{
	size_t i;

	free(c->route_text);
	c->route_text = NULL;
	free(c->instance);
	c->instance = NULL;
	client_url_clear(&c->url);
	for (i = 0; i < c->nheaders; i++) {
		free((char *)c->headers[i].name);
		free((char *)c->headers[i].value);
	}
	free(c->headers);
	json_decref(c->modules);
}

/* ---- deadlines and cancellation ---- */

/* Takes `op` out of the client's queue or local list; 1 when it was there. */
static int
client_op_dequeue(struct cm_client *c, struct client_op *op)
{
	struct client_op **pp, *prev = NULL;

	for (pp = &c->queue; *pp != NULL; prev = *pp, pp = &(*pp)->next)
		if (*pp == op) {
			*pp = op->next;
			if (c->queue_tail == op)
				c->queue_tail = prev;
			op->next = NULL;
			return 1;
		}
	for (pp = &c->local; *pp != NULL; pp = &(*pp)->next)
		if (*pp == op) {
			*pp = op->next;
			op->next = NULL;
			return 1;
		}
	return 0;
}

/*
 * Ends `op` on this side with `err` (borrowed): its callback runs now.
 * A call still waiting is simply dropped; one on the wire stays linked to
 * its session, abandoned, until its answer (or the session's end) frees
 * it, and its execution's callbacks are never called again.
 */
void
client_op_abandon(struct client_op *op, struct cm_error *err)
{
	struct cm_client *c = op->client;
	cm_execute_cb ecb = op->exec_cb;
	cm_handle_cb hcb = op->handle_cb;

	if (op->abandoned)
		return;
	if (op->deadline)
		event_del(op->deadline);
	if (op->session == NULL && !op->in_backend) {
		if (client_op_dequeue(c, op))
			client_op_fault(op, err);
		return;
	}
	op->abandoned = 1;
	op->exec_cb = NULL;
	op->handle_cb = NULL;
	if (op->slot) {
		op->slot->abandoned = 1;
		client_slot_finish(op->slot);
	}
	client_enter(c);
	if (op->kind == CLIENT_OP_EXECUTE) {
		if (ecb)
			ecb(c, NULL, err, op->arg);
	} else if (hcb)
		hcb(c, NULL, err, op->arg);
	client_leave(c);
}

static void
client_deadline_cb(evutil_socket_t fd, short what, void *arg)
{
	struct client_op *op = arg;
	struct cm_client *c = op->client;
	struct cm_error err;

	(void)fd;
	(void)what;
	client_enter(c);
	client_local(&err, CM_ERROR_TIMED_OUT,
	    "The %s call did not settle within its %lld ms deadline, so "
	    "this side stopped waiting for it (the executor may still "
	    "finish the work). The connection stays open for other calls; "
	    "call again with a longer deadline if the work needs it.",
	    client_op_method(op), op->deadline_ms);
	client_op_abandon(op, &err);
	cm_error_clear(&err);
	client_leave(c);
}

/* Numbers a new op, lists it and starts its deadline. 0 or -1. */
int
client_op_arm(struct client_op *op)
{
	struct cm_client *c = op->client;
	struct timeval tv;

	if (op->deadline_ms > 0) {
		op->deadline = evtimer_new(c->base, client_deadline_cb, op);
		if (op->deadline == NULL)
			return -1;
		tv.tv_sec = (time_t)(op->deadline_ms / 1000);
		tv.tv_usec = (suseconds_t)(op->deadline_ms % 1000) * 1000;
		evtimer_add(op->deadline, &tv);
	}
	op->id = ++c->last_call;
	op->all_prev = NULL;
	op->all_next = c->all;
	if (c->all)
		c->all->all_prev = op;
	c->all = op;
	return 0;
}
