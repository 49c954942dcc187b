/*
 * Client addresses: "unix:///path/to.sock" and "ws://host[:port][/path]",
 * the socket they open, and the one plain HTTP request the client makes
 * (GET /healthz).
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "client_int.h"
#include "cm_spec.h"
#include "proto/http.h"
#include "proto/texts.h"

/* Sets *why to a malloc'd copy of `s` (NULL stays NULL on no memory). */
static void
client_url_why(char **why, const char *s)
{
	if (why != NULL)
		*why = strdup(s);
}

void
client_url_clear(struct client_url *u)
{
	free(u->path);
	free(u->host);
	free(u->port);
	free(u->target);
	free(u->host_header);
	free(u->text);
	memset(u, 0, sizeof(*u));
}

/*
 * Parses `url` into *out (owned; client_url_clear). Returns 0, or -1 with
 * *why (malloc'd) naming what is wrong.
 */
int
client_url_parse(const char *url, struct client_url *out, char **why)
{
	const char *p, *h, *he, *slash;
	size_t n;

	memset(out, 0, sizeof(*out));
	if (why)
		*why = NULL;
	if (url == NULL) {
		client_url_why(why, "no URL was given");
		return -1;
	}
	if ((out->text = strdup(url)) == NULL)
		goto nomem;
	if (strncmp(url, "unix://", 7) == 0) {
		p = url + 7;
		if (*p != '/') {
			client_url_why(why,
			    "a unix URL names an absolute path "
			    "(unix:///path/to.sock)");
			goto fail;
		}
		if (strlen(p) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
			client_url_why(why, "the socket path is too long");
			goto fail;
		}
		out->unix_socket = 1;
		if ((out->path = strdup(p)) == NULL ||
		    (out->target = strdup("/")) == NULL ||
		    (out->host_header = strdup("localhost")) == NULL)
			goto nomem;
		return 0;
	}
	if (strncmp(url, "ws://", 5) != 0) {
		client_url_why(why,
		    strncmp(url, "wss://", 6) == 0
			? "wss:// needs TLS, which this client does not speak; "
			  "put "
			  "a TLS terminator in front or use ws:// or unix://"
			: "the URL scheme must be unix:// or ws://");
		goto fail;
	}
	h = url + 5;
	slash = strchr(h, '/');
	he = slash ? slash : h + strlen(h);
	if (he == h) {
		client_url_why(why, "the URL names no host");
		goto fail;
	}
	if ((out->host_header = strndup(h, (size_t)(he - h))) == NULL)
		goto nomem;
	if (*h == '[') {
		const char *rb = memchr(h, ']', (size_t)(he - h));

		if (rb == NULL) {
			client_url_why(why, "unterminated [IPv6] host");
			goto fail;
		}
		out->host = strndup(h + 1, (size_t)(rb - h - 1));
		p = rb + 1;
	} else {
		const char *colon = memchr(h, ':', (size_t)(he - h));

		p = colon ? colon : he;
		out->host = strndup(h, (size_t)(p - h));
	}
	if (out->host == NULL)
		goto nomem;
	if (p < he && *p == ':') {
		n = (size_t)(he - p - 1);
		if (n == 0 || n > 5 || strspn(p + 1, "0123456789") < n) {
			client_url_why(why, "the port is not a number");
			goto fail;
		}
		out->port = strndup(p + 1, n);
	} else if (p != he) {
		client_url_why(why, "unexpected text after the host");
		goto fail;
	} else
		out->port = strdup("80");
	out->target = strdup(slash ? slash : "/");
	if (out->port == NULL || out->target == NULL)
		goto nomem;
	return 0;
nomem:
	client_url_why(why, "out of memory");
fail:
	client_url_clear(out);
	return -1;
}

/*
 * Opens a stream socket to the address (non-blocking when asked: the
 * connect may then still be in progress). Returns the fd, or -1 with *why.
 */
int
client_url_connect(const struct client_url *u, int nonblock, char **why)
{
	struct addrinfo hints, *res = NULL, *ai;
	char msg[256];
	int fd = -1, rc, type = SOCK_STREAM | SOCK_CLOEXEC;

	if (nonblock)
		type |= SOCK_NONBLOCK;
	if (u->unix_socket) {
		struct sockaddr_un sun;

		memset(&sun, 0, sizeof(sun));
		sun.sun_family = AF_UNIX;
		snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", u->path);
		if ((fd = socket(AF_UNIX, type, 0)) < 0) {
			client_url_why(why, strerror(errno));
			return -1;
		}
		if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0 &&
		    errno != EINPROGRESS) {
			snprintf(
			    msg, sizeof(msg), "connect: %s", strerror(errno));
			close(fd);
			client_url_why(why, msg);
			return -1;
		}
		return fd;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(u->host, u->port, &hints, &res)) != 0) {
		snprintf(msg, sizeof(msg), "cannot resolve %s: %s", u->host,
		    gai_strerror(rc));
		client_url_why(why, msg);
		return -1;
	}
	snprintf(msg, sizeof(msg), "no address for %s", u->host);
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		int one = 1;

		if ((fd = socket(ai->ai_family, type, ai->ai_protocol)) < 0) {
			snprintf(
			    msg, sizeof(msg), "socket: %s", strerror(errno));
			continue;
		}
		(void)setsockopt(
		    fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 ||
		    errno == EINPROGRESS)
			break;
		snprintf(msg, sizeof(msg), "connect: %s", strerror(errno));
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0)
		client_url_why(why, msg);
	return fd;
}

/* ---- GET /healthz ---- */

static long long
client_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Fills *err with CONNECTION_REJECTED for `address` and `reason`. */
static int
client_health_reject(
    struct cm_error *err, const char *address, const char *reason)
{
	return client_fault(err, CM_TEXT_CONNECTION_REJECTED, address,
	    reason ? reason : "out of memory");
}

int
cm_health(const char *url, const struct cm_connect_options *opts, int *status,
    char **body, struct cm_error *err)
{
	struct client_url u;
	struct http_header hs[HTTP_DEFAULT_MAX_HEADERS];
	struct http_response res;
	char *why = NULL, *buf = NULL, head[4096];
	size_t len = 0, cap = 0, i;
	long hl, n;
	long long deadline;
	int fd, tmo, rc = -1;

	*status = 0;
	*body = NULL;
	if (client_url_parse(url, &u, &why) != 0) {
		client_health_reject(err, url ? url : "", why);
		free(why);
		return -1;
	}
	tmo = opts && opts->connect_timeout_ms > 0 ? opts->connect_timeout_ms
						   : 10000;
	deadline = client_now_ms() + tmo;
	if ((fd = client_url_connect(&u, 0, &why)) < 0) {
		client_health_reject(err, u.text, why);
		goto out;
	}
	n = snprintf(head, sizeof(head),
	    "GET /healthz HTTP/1.1\r\nHost: %s\r\n"
	    "Connection: close\r\n",
	    u.host_header);
	for (i = 0;
	     opts && i < opts->nheaders && n > 0 && (size_t)n < sizeof(head);
	     i++) {
		if (strpbrk(opts->headers[i].name, "\r\n:") ||
		    strpbrk(opts->headers[i].value, "\r\n")) {
			client_health_reject(err, u.text,
			    "a handshake header holds CR, LF or a colon");
			goto out;
		}
		n += snprintf(head + n, sizeof(head) - (size_t)n, "%s: %s\r\n",
		    opts->headers[i].name, opts->headers[i].value);
	}
	if (n <= 0 || (size_t)n + 3 > sizeof(head)) {
		client_health_reject(
		    err, u.text, "the request head is too long");
		goto out;
	}
	memcpy(head + n, "\r\n", 3);
	n += 2;
	if (send(fd, head, (size_t)n, MSG_NOSIGNAL) != n) {
		client_health_reject(err, u.text, strerror(errno));
		goto out;
	}
	for (;;) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		long long left = deadline - client_now_ms();
		ssize_t r;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0) {
			client_health_reject(err, u.text, "no answer in time");
			goto out;
		}
		if (len + 4096 > cap) {
			char *nb;

			if (cap > (1u << 20) ||
			    (nb = realloc(buf, cap + 8192)) == NULL) {
				client_health_reject(
				    err, u.text, "the answer is too large");
				goto out;
			}
			buf = nb;
			cap += 8192;
		}
		r = recv(fd, buf + len, cap - len - 1, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			client_health_reject(err, u.text, strerror(errno));
			goto out;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	memset(&res, 0, sizeof(res));
	res.headers = hs;
	res.headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	hl = http_parse_response(buf ? buf : "", len, &res);
	if (hl <= 0) {
		client_health_reject(err, u.text,
		    hl < 0 ? http_strerror((int)hl)
			   : "the answer ended inside its head");
		goto out;
	}
	*status = res.status;
	if ((*body = strndup(buf + hl, len - (size_t)hl)) == NULL) {
		client_health_reject(err, u.text, NULL);
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(why);
	client_url_clear(&u);
	return rc;
}
