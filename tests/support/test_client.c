/* The integration tests' blocking client (see test_client.h). */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "proto/capnweb.h"
#include "proto/http.h"
#include "test_client.h"

int
test_connect_unix(const char *path)
{
	struct sockaddr_un sun;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static void
test_client_send(void *udata, const char *msg, size_t len)
{
	struct test_client *c = udata;
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n;

	if (frame == NULL)
		return;
	if (c->drop_releases && len >= 11 &&
	    memcmp(msg, "[\"release\",", 11) == 0) {
		free(frame);
		return;
	}
	n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT, (const uint8_t *)msg,
	    len, frame, len + WS_MAX_HEADER);
	if (n <= 0 || write(c->fd, frame, (size_t)n) != n)
		c->closed = 1;
	free(frame);
}

int
test_client_open(struct test_client *c, const char *sock_path)
{
	return test_client_open_fd(c, test_connect_unix(sock_path), NULL);
}

int
test_client_open_fd(struct test_client *c, int fd, const char *authorization)
{
	struct http_header hs[16], auth;
	struct http_response res;
	struct capnweb_config cfg;
	char req[1024], key[HTTP_WS_KEY_LEN + 1];
	long n, head = 0;

	memset(c, 0, sizeof(*c));
	if ((c->fd = fd) < 0 || http_ws_make_key(key) != 0)
		return -1;
	if (authorization != NULL) {
		auth.name = "Authorization";
		auth.name_len = strlen(auth.name);
		auth.value = authorization;
		auth.value_len = strlen(authorization);
	}
	n = http_build_ws_request(req, sizeof(req), "localhost", "/", key, NULL,
	    authorization != NULL ? &auth : NULL,
	    authorization != NULL ? 1 : 0);
	if (n <= 0 || write(c->fd, req, (size_t)n) != n)
		return -1;
	while (head == 0) {
		ssize_t r =
		    read(c->fd, c->in + c->in_len, sizeof(c->in) - c->in_len);

		if (r <= 0)
			return -1;
		c->in_len += (size_t)r;
		memset(&res, 0, sizeof(res));
		res.headers = hs;
		res.headers_cap = 16;
		head =
		    http_parse_response((const char *)c->in, c->in_len, &res);
	}
	if (head < 0 || http_ws_check_response(&res, key, NULL) != 0)
		return -1;
	memmove(c->in, c->in + head, c->in_len - (size_t)head);
	c->in_len -= (size_t)head;
	ws_assembler_init(&c->wsa, WS_ROLE_CLIENT, 1 << 24);
	memset(&cfg, 0, sizeof(cfg));
	cfg.send = test_client_send;
	cfg.send_udata = c;
	return (c->s = capnweb_session_new(&cfg)) != NULL ? 0 : -1;
}

void
test_client_pump(struct test_client *c, int *flag, int ms)
{
	struct pollfd pfd = { c->fd, POLLIN, 0 };

	while (!*flag && !c->closed) {
		struct ws_event ev;
		long n;

		while (c->in_len > 0 &&
		    (n = ws_assembler_feed(&c->wsa, c->in, c->in_len, &ev)) >
			0) {
			if (ev.type == WS_EV_TEXT)
				capnweb_session_receive(
				    c->s, (const char *)ev.data, ev.len);
			else if (ev.type == WS_EV_CLOSE) {
				size_t rl = ev.reason_len;

				if (rl >= sizeof(c->close_reason))
					rl = sizeof(c->close_reason) - 1;
				c->closed = 1;
				c->close_code = ev.close_code;
				memcpy(c->close_reason, ev.reason, rl);
				c->close_reason[rl] = '\0';
			}
			memmove(c->in, c->in + n, c->in_len - (size_t)n);
			c->in_len -= (size_t)n;
			if (*flag || c->closed)
				return;
		}
		if (poll(&pfd, 1, ms) <= 0)
			return;
		{
			ssize_t r = read(c->fd, c->in + c->in_len,
			    sizeof(c->in) - c->in_len);

			if (r <= 0) {
				c->closed = 1;
				return;
			}
			c->in_len += (size_t)r;
		}
	}
}

void
test_answer_settle(void *udata, int status, json_t *value)
{
	struct test_answer *a = udata;

	a->done = 1;
	a->status = status;
	a->value = json_incref(value);
}

void
test_client_call(struct test_client *c, const char *method, json_t *args,
    struct test_answer *a)
{
	memset(a, 0, sizeof(*a));
	if (capnweb_session_call(c->s, method, args, test_answer_settle, a) <=
	    0)
		a->done = -1;
	json_decref(args);
	test_client_pump(c, &a->done, 20000);
}

void
test_answer_clear(struct test_answer *a)
{
	json_decref(a->value);
	memset(a, 0, sizeof(*a));
}

void
test_client_close(struct test_client *c)
{
	capnweb_session_close(c->s, "test done");
	capnweb_session_free(c->s);
	ws_assembler_free(&c->wsa);
	close(c->fd);
}
