/*
 * cm_health: the one plain HTTP request the client makes (GET /healthz),
 * on a socket of its own, blocking, with no WebSocket.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "client_int.h"
#include "cm_spec.h"
#include "proto/http.h"

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

	if (status == NULL || body == NULL || url == NULL)
		return client_local(err, CM_ERROR_ARGUMENT,
		    "cm_health was given a NULL %s. Pass the daemon's URL and "
		    "where to put the status and the body.",
		    url == NULL		 ? "URL"
			: status == NULL ? "status"
					 : "body");
	if (client_options_check(opts, err) != 0)
		return -1;
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
