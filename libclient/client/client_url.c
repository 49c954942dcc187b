/*
 * Client addresses: "unix:///path/to.sock" and "ws://host[:port][/path]"
 * parsed, then the socket one opens. The bottom of the client's files: it
 * calls none of them, and tells why it failed in plain text (`why`).
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "client_int.h"

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
	for (p = url; *p != '\0'; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f) {
			/* It would end up in the request line or Host. */
			client_url_why(why,
			    "the URL holds a space or a control character");
			goto fail;
		}
	if (strncasecmp(url, "ws:", 3) == 0 && strncmp(url + 3, "//", 2) != 0) {
		client_url_why(why,
		    "the URL lacks the // after ws: (ws://host:port/path)");
		goto fail;
	}
	if (strncasecmp(url, "unix:", 5) == 0 &&
	    strncmp(url + 5, "//", 2) != 0) {
		client_url_why(why,
		    "the URL lacks the // after unix: "
		    "(unix:///path/to.sock)");
		goto fail;
	}
	if (strncasecmp(url, "unix://", 7) == 0) {
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
	if (strncasecmp(url, "ws://", 5) != 0) {
		client_url_why(why,
		    strncasecmp(url, "wss://", 6) == 0
			? "wss:// needs TLS, which this client does not speak; "
			  "put "
			  "a TLS terminator in front or use ws:// or unix://"
			: "the URL scheme must be unix:// or ws://");
		goto fail;
	}
	h = url + 5;
	if (strchr(h, '#') != NULL) {
		client_url_why(why,
		    "the URL carries a #fragment, which names nothing here");
		goto fail;
	}
	slash = h + strcspn(h, "/?");
	he = slash;
	if (*slash == '\0')
		slash = NULL;
	if (he == h) {
		client_url_why(why, "the URL names no host");
		goto fail;
	}
	if (memchr(h, '@', (size_t)(he - h)) != NULL) {
		client_url_why(why,
		    "the URL carries user information (user@), which this "
		    "client never sends; pass credentials as handshake "
		    "headers");
		goto fail;
	}
	if (*h != '[' &&
	    (memchr(h, '[', (size_t)(he - h)) != NULL ||
		memchr(h, ']', (size_t)(he - h)) != NULL)) {
		client_url_why(
		    why, "the URL has a [ or ] outside a bracketed IPv6 host");
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
		if (rb > h + 1 &&
		    (strspn(h + 1, "0123456789abcdefABCDEF:.") !=
			    (size_t)(rb - h - 1) ||
			memchr(h + 1, ':', (size_t)(rb - h - 1)) == NULL)) {
			client_url_why(
			    why, "the bracketed host is not an IPv6 address");
			goto fail;
		}
		out->host = strndup(h + 1, (size_t)(rb - h - 1));
		p = rb + 1;
	} else {
		const char *colon = memchr(h, ':', (size_t)(he - h));

		if (colon && memchr(colon + 1, ':', (size_t)(he - colon - 1))) {
			client_url_why(why,
			    "an IPv6 host must be in brackets "
			    "(ws://[::1]:8080/)");
			goto fail;
		}
		p = colon ? colon : he;
		out->host = strndup(h, (size_t)(p - h));
	}
	if (out->host == NULL)
		goto nomem;
	if (out->host[0] == '\0') {
		client_url_why(why, "the URL names no host");
		goto fail;
	}
	if (p < he && *p == ':') {
		n = (size_t)(he - p - 1);
		if (n == 0 || n > 5 || strspn(p + 1, "0123456789") < n) {
			client_url_why(why, "the port is not a number");
			goto fail;
		}
		/* getaddrinfo would take 99999 and wrap it to a port of its
		 * own. */
		if (strtol(p + 1, NULL, 10) < 1 ||
		    strtol(p + 1, NULL, 10) > 65535) {
			client_url_why(
			    why, "the port is not between 1 and 65535");
			goto fail;
		}
		out->port = strndup(p + 1, n);
	} else if (p != he) {
		client_url_why(why,
		    "unexpected text after the host (only :port may follow "
		    "it)");
		goto fail;
	} else
		out->port = strdup("80");
	if (slash != NULL && *slash == '?') {
		/* "ws://h?q" asks for "/?q". */
		if (asprintf(&out->target, "/%s", slash) < 0)
			out->target = NULL;
	} else
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
