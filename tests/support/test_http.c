/* Loopback HTTP listeners (test_http.h). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_http.h"

int
test_http_listener(int *port)
{
	struct sockaddr_in sin;
	socklen_t sl = sizeof(sin);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ck_assert_int_eq(listen(fd, 256), 0);
	getsockname(fd, (struct sockaddr *)&sin, &sl);
	*port = ntohs(sin.sin_port);
	return fd;
}

static pid_t test_http_pid = -1;

int
test_http_read_request(int c, char *req, size_t cap)
{
	int n = 0, r;
	char *end, *cl;

	while (n < (int)cap - 1 &&
	    (r = (int)read(c, req + n, cap - 1 - (size_t)n)) > 0) {
		n += r;
		req[n] = '\0';
		if ((end = strstr(req, "\r\n\r\n")) != NULL) {
			cl = strcasestr(req, "\ncontent-length:");
			if (cl == NULL ||
			    (int)(end + 4 - req) + atoi(cl + 16) <= n)
				break;
		}
	}
	req[n] = '\0';
	return n;
}

int
test_http_start(void)
{
	int port, fd = test_http_listener(&port);

	ck_assert_int_ge(test_http_pid = fork(), 0);
	if (test_http_pid == 0) {
		/* Gone on its own if a failing test never stops it. */
		alarm(60);
		for (;;) {
			char req[16384], out[20000];
			int c = accept(fd, NULL, NULL), n;
			char *to;

			if (c < 0)
				_exit(0);
			n = test_http_read_request(c, req, sizeof(req));
			if (strncmp(req, "GET /redirect?to=", 17) == 0) {
				to = req + 17;
				to[strcspn(to, " ")] = '\0';
				snprintf(out, sizeof(out),
				    "HTTP/1.1 302 Found\r\nLocation: %s\r\n"
				    "Content-Length: 0\r\n\r\n",
				    to);
			} else
				snprintf(out, sizeof(out),
				    "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n"
				    "Connection: close\r\n\r\n%s",
				    n, req);
			if (write(c, out, strlen(out)) < 0)
				_exit(1);
			close(c);
		}
	}
	close(fd);
	return port;
}

void
test_http_stop(void)
{
	if (test_http_pid > 0) {
		kill(test_http_pid, SIGKILL);
		waitpid(test_http_pid, NULL, 0);
	}
	test_http_pid = -1;
}
