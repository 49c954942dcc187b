/* The runner's transport (see wire.h). */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "proto/http.h"
#include "wire.h"
#include "proto/ws.h"

#define WIRE_READ_CHUNK (256u << 10)
#ifdef WS_MAX_MESSAGE_DEFAULT
#define WIRE_MAX_MESSAGE WS_MAX_MESSAGE_DEFAULT
#else
#define WIRE_MAX_MESSAGE (64u << 20)
#endif

struct wire_conn {
	int fd;
	int dead;
	char reason[160];
	int close_code; /* the executor's close frame (0: none came) */
	char close_reason[124];
	struct capnweb_session *s;
	struct ws_assembler wsa;
	uint8_t *in; /* owned: bytes read and not yet consumed */
	size_t in_len;
	size_t in_cap;
	wire_send_filter_fn filter; /* NULL: messages go out as built */
	void *filter_udata;
};

double
wire_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

int
wire_url_parse(const char *url, struct wire_url *u, char *err, size_t errlen)
{
	char *p, *slash, *colon;

	memset(u, 0, sizeof(*u));
	if (strlen(url) >= sizeof(u->buf)) {
		snprintf(err, errlen, "URL too long");
		return -1;
	}
	if (strncmp(url, "unix://", 7) == 0) {
		snprintf(u->buf, sizeof(u->buf), "%s", url + 7);
		if (u->buf[0] != '/' ||
		    strlen(u->buf) >=
			sizeof(((struct sockaddr_un *)0)->sun_path)) {
			snprintf(err, errlen,
			    "%s: a unix URL needs an absolute "
			    "socket path shorter than 108 bytes",
			    url);
			return -1;
		}
		u->is_unix = 1;
		u->path = u->buf;
		return 0;
	}
	if (strncmp(url, "ws://", 5) != 0) {
		snprintf(err, errlen,
		    "%s: the URL must start with unix:// or "
		    "ws://",
		    url);
		return -1;
	}
	/* host:port and path are stored apart: "host\0port\0/path". */
	p = u->buf;
	snprintf(p, sizeof(u->buf) - 2, "%s", url + 5);
	if ((slash = strchr(p, '/')) != NULL) {
		memmove(slash + 1, slash, strlen(slash) + 1);
		*slash = '\0';
		u->path = slash + 1;
	} else
		u->path = "/";
	if ((colon = strrchr(p, ':')) == NULL || colon == p ||
	    colon[1] == '\0') {
		snprintf(err, errlen, "%s: a ws URL needs host:port", url);
		return -1;
	}
	*colon = '\0';
	u->host = p;
	u->port = colon + 1;
	return 0;
}

static int
wire_socket(const struct wire_url *u, char *err, size_t errlen)
{
	struct addrinfo hints, *res = NULL, *ai;
	int fd = -1, rc;

	if (u->is_unix) {
		struct sockaddr_un sun;

		memset(&sun, 0, sizeof(sun));
		sun.sun_family = AF_UNIX;
		snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", u->path);
		if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
		    connect(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0) {
			snprintf(err, errlen, "connect %s: %s", u->path,
			    strerror(errno));
			if (fd >= 0)
				close(fd);
			return -1;
		}
		return fd;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(u->host, u->port, &hints, &res)) != 0) {
		snprintf(err, errlen, "%s: %s", u->host, gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
		    ai->ai_protocol);
		if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		snprintf(err, errlen, "connect %s:%s: %s", u->host, u->port,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	return fd;
}

/* Writes all of buf (the socket is blocking). 0 or -1. */
static int
wire_write(struct wire_conn *c, const uint8_t *buf, size_t len)
{
	while (len > 0 && !c->dead) {
		ssize_t n = send(c->fd, buf, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			c->dead = 1;
			snprintf(c->reason, sizeof(c->reason), "write: %s",
			    strerror(errno));
			return -1;
		}
		buf += n;
		len -= (size_t)n;
	}
	return c->dead ? -1 : 0;
}

static void
wire_send_frame(struct wire_conn *c, int opcode, const uint8_t *p, size_t len)
{
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n;

	if (frame == NULL) {
		c->dead = 1;
		snprintf(c->reason, sizeof(c->reason), "out of memory");
		return;
	}
	n = ws_frame_encode(
	    WS_ROLE_CLIENT, opcode, p, len, frame, len + WS_MAX_HEADER);
	if (n > 0)
		wire_write(c, frame, (size_t)n);
	free(frame);
}

/* The session's outgoing messages go straight out as text frames. */
static void
wire_on_send(void *udata, const char *msg, size_t len)
{
	struct wire_conn *c = udata;
	uint8_t *out;
	size_t n;

	if (c->filter == NULL) {
		wire_send_frame(c, WS_OP_TEXT, (const uint8_t *)msg, len);
		return;
	}
	if ((out = c->filter(c->filter_udata, msg, len, &n)) == NULL) {
		wire_send_frame(c, WS_OP_TEXT, (const uint8_t *)msg, len);
		return;
	}
	wire_send_frame(c, WS_OP_TEXT, out, n);
	free(out);
}

void
wire_set_send_filter(struct wire_conn *c, wire_send_filter_fn fn, void *udata)
{
	c->filter = fn;
	c->filter_udata = udata;
}

/* Reads once into the input buffer; 0, or -1 at EOF or error. */
static int
wire_read(struct wire_conn *c)
{
	ssize_t n;

	if (c->in_cap - c->in_len < WIRE_READ_CHUNK) {
		size_t cap = c->in_cap ? c->in_cap : WIRE_READ_CHUNK * 2;
		uint8_t *p;

		while (cap - c->in_len < WIRE_READ_CHUNK)
			cap *= 2;
		if ((p = realloc(c->in, cap)) == NULL) {
			snprintf(c->reason, sizeof(c->reason), "out of memory");
			return -1;
		}
		c->in = p;
		c->in_cap = cap;
	}
	do
		n = read(c->fd, c->in + c->in_len, c->in_cap - c->in_len);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		snprintf(c->reason, sizeof(c->reason), "%s",
		    n == 0 ? "the executor closed the connection"
			   : strerror(errno));
		return -1;
	}
	c->in_len += (size_t)n;
	return 0;
}

struct wire_conn *
wire_connect(const char *url, const char *const *headers, size_t nheaders,
    int timeout_ms, char *err, size_t errlen)
{
	struct http_header extra[16], hs[32];
	struct http_response res;
	struct capnweb_config cfg;
	struct wire_url u;
	struct wire_conn *c;
	char req[4096], key[HTTP_WS_KEY_LEN + 1], hostport[600];
	char fields[16][256];
	long n, head = 0;
	size_t i;
	double deadline = wire_now_ms() + timeout_ms;

	if (wire_url_parse(url, &u, err, errlen) != 0)
		return NULL;
	if (nheaders > 16) {
		snprintf(err, errlen, "at most 16 extra handshake fields");
		return NULL;
	}
	for (i = 0; i < nheaders; i++) {
		char *colon;

		snprintf(fields[i], sizeof(fields[i]), "%s", headers[i]);
		if ((colon = strchr(fields[i], ':')) == NULL) {
			snprintf(err, errlen, "header %s: want Name: value",
			    headers[i]);
			return NULL;
		}
		*colon++ = '\0';
		while (*colon == ' ')
			colon++;
		extra[i].name = fields[i];
		extra[i].name_len = strlen(fields[i]);
		extra[i].value = colon;
		extra[i].value_len = strlen(colon);
	}
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->fd = -1;
	if ((c->fd = wire_socket(&u, err, errlen)) < 0)
		goto fail;
	if (u.is_unix)
		snprintf(hostport, sizeof(hostport), "localhost");
	else
		snprintf(hostport, sizeof(hostport), "%s:%s", u.host, u.port);
	if (http_ws_make_key(key) != 0 ||
	    (n = http_build_ws_request(req, sizeof(req), hostport,
		 u.is_unix ? "/" : u.path, key, NULL, extra, nheaders)) <= 0) {
		snprintf(err, errlen, "cannot build the upgrade request");
		goto fail;
	}
	if (wire_write(c, (const uint8_t *)req, (size_t)n) != 0) {
		snprintf(err, errlen, "%s", c->reason);
		goto fail;
	}
	while (head == 0) {
		struct pollfd pfd = { c->fd, POLLIN, 0 };
		int left = (int)(deadline - wire_now_ms());

		if (left <= 0 || poll(&pfd, 1, left) <= 0) {
			snprintf(err, errlen, "no upgrade answer within %d ms",
			    timeout_ms);
			goto fail;
		}
		if (wire_read(c) != 0) {
			snprintf(err, errlen, "upgrade: %s", c->reason);
			goto fail;
		}
		memset(&res, 0, sizeof(res));
		res.headers = hs;
		res.headers_cap = 32;
		head =
		    http_parse_response((const char *)c->in, c->in_len, &res);
	}
	if (head < 0 || (n = http_ws_check_response(&res, key, NULL)) != 0) {
		snprintf(err, errlen, "upgrade refused: %s%s%d",
		    head < 0 ? http_strerror((int)head) : http_strerror((int)n),
		    head < 0 ? "" : ", status ", head < 0 ? 0 : res.status);
		goto fail;
	}
	memmove(c->in, c->in + head, c->in_len - (size_t)head);
	c->in_len -= (size_t)head;
	ws_assembler_init(&c->wsa, WS_ROLE_CLIENT, WIRE_MAX_MESSAGE);
	memset(&cfg, 0, sizeof(cfg));
	cfg.max_message = WIRE_MAX_MESSAGE;
	cfg.send = wire_on_send;
	cfg.send_udata = c;
	if ((c->s = capnweb_session_new(&cfg)) == NULL) {
		ws_assembler_free(&c->wsa);
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	return c;
fail:
	if (c->fd >= 0)
		close(c->fd);
	free(c->in);
	free(c);
	return NULL;
}

void
wire_close(struct wire_conn *c)
{
	uint8_t frame[WS_MAX_CONTROL_PAYLOAD + WS_MAX_HEADER];
	long n;

	if (c == NULL)
		return;
	if (!c->dead) {
		n = ws_close_encode(WS_ROLE_CLIENT, WS_CLOSE_NORMAL, "done", 4,
		    frame, sizeof(frame));
		if (n > 0)
			wire_write(c, frame, (size_t)n);
	}
	capnweb_session_close(c->s, "the runner closed the connection");
	capnweb_session_free(c->s);
	ws_assembler_free(&c->wsa);
	close(c->fd);
	free(c->in);
	free(c);
}

int
wire_alive(const struct wire_conn *c)
{
	return !c->dead && !capnweb_session_ended(c->s);
}

const char *
wire_end_reason(const struct wire_conn *c)
{
	if (c->dead)
		return c->reason;
	return capnweb_session_end_reason(c->s);
}

const char *
wire_close_frame(const struct wire_conn *c, int *code)
{
	*code = c->close_code;
	return c->close_code ? c->close_reason : NULL;
}

int64_t
wire_call(struct wire_conn *c, const char *method, json_t *args,
    capnweb_settle_fn on_settle, void *udata)
{
	return capnweb_session_call(c->s, method, args, on_settle, udata);
}

int
wire_add_target(struct wire_conn *c, capnweb_call_fn fn, void *udata)
{
	return capnweb_session_add_target(c->s, fn, udata);
}

void
wire_remove_target(struct wire_conn *c, int n)
{
	capnweb_session_remove_target(c->s, n);
}

/* The transport failed: settle everything pending as broken. */
static void
wire_fail(struct wire_conn *c, const char *why)
{
	if (!c->dead) {
		c->dead = 1;
		snprintf(c->reason, sizeof(c->reason), "%s", why);
	}
	capnweb_session_close(c->s, c->reason);
}

void
wire_end(struct wire_conn *c, const char *why)
{
	wire_fail(c, why);
}

/* Handles every complete frame in the input buffer. */
static void
wire_drain(struct wire_conn *c)
{
	struct ws_event ev;
	size_t off = 0;
	long n;

	while (!c->dead && off < c->in_len) {
		n = ws_assembler_feed(
		    &c->wsa, c->in + off, c->in_len - off, &ev);
		if (n == 0)
			break;
		if (n < 0) {
			wire_fail(c, ws_strerror((int)n));
			break;
		}
		off += (size_t)n;
		switch (ev.type) {
		case WS_EV_TEXT:
			if (capnweb_session_receive(
				c->s, (const char *)ev.data, ev.len) != 0) {
				snprintf(c->reason, sizeof(c->reason),
				    "session ended: %s",
				    capnweb_session_end_reason(c->s)
					? capnweb_session_end_reason(c->s)
					: "?");
				c->dead = 1;
			}
			break;
		case WS_EV_PING:
			wire_send_frame(c, WS_OP_PONG, ev.data, ev.len);
			break;
		case WS_EV_CLOSE: {
			char why[160];
			size_t rl = ev.reason_len < sizeof(c->close_reason)
			    ? ev.reason_len
			    : sizeof(c->close_reason) - 1;

			c->close_code = ev.close_code;
			memcpy(c->close_reason, ev.reason, rl);
			c->close_reason[rl] = '\0';

			snprintf(why, sizeof(why),
			    "the executor closed the "
			    "WebSocket (%d %.*s)",
			    ev.close_code, (int)ev.reason_len,
			    (const char *)ev.reason);
			wire_fail(c, why);
			break;
		}
		default:
			break;
		}
	}
	if (off > 0) {
		memmove(c->in, c->in + off, c->in_len - off);
		c->in_len -= off;
	}
}

void
wire_read_close(struct wire_conn *c, int timeout_ms)
{
	double end = wire_now_ms() + timeout_ms;
	struct pollfd pfd;
	struct ws_event ev;
	size_t off;
	long n;

	while (c->close_code == 0 && wire_now_ms() < end) {
		pfd.fd = c->fd;
		pfd.events = POLLIN;
		pfd.revents = 0;
		if (poll(&pfd, 1, 50) <= 0)
			continue;
		if (wire_read(c) != 0)
			return;
		for (off = 0; off < c->in_len && c->close_code == 0;
		     off += (size_t)n) {
			n = ws_assembler_feed(
			    &c->wsa, c->in + off, c->in_len - off, &ev);
			if (n <= 0)
				break;
			if (ev.type == WS_EV_CLOSE) {
				size_t rl =
				    ev.reason_len < sizeof(c->close_reason)
				    ? ev.reason_len
				    : sizeof(c->close_reason) - 1;

				c->close_code = ev.close_code;
				memcpy(c->close_reason, ev.reason, rl);
				c->close_reason[rl] = '\0';
			}
		}
		memmove(c->in, c->in + off, c->in_len - off);
		c->in_len -= off;
	}
}

int
wire_pump(struct wire_conn *c, int timeout_ms)
{
	struct pollfd pfd;

	if (c->dead)
		return -1;
	pfd.fd = c->fd;
	pfd.events = POLLIN;
	pfd.revents = 0;
	if (poll(&pfd, 1, timeout_ms < 0 ? 0 : timeout_ms) > 0) {
		if (wire_read(c) != 0) {
			char why[160];

			snprintf(why, sizeof(why), "%s", c->reason);
			wire_fail(c, why);
			return -1;
		}
		wire_drain(c);
	}
	return c->dead ? -1 : 0;
}
