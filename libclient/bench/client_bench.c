/*
 * Client overhead, run by hand (not part of make check or make bench):
 *
 *   make build/client-bench
 *   build/client-bench unix:///path/d.sock [N]
 *   build/client-bench --fake [N]
 *
 * --fake serves the socket from a forked process that answers every
 * execute at once ({"resultJson":"1"}), so the numbers are the client and
 * the wire alone, without the daemon's pool. CPU time is the client
 * process's own (user + system) per call.
 *
 * Times N blocking cm_execute calls of `(function () { return 1; })` and
 * the same call made on the raw wire (one capnweb session over a blocking
 * socket, as tests/check_daemon.c does, no client library); prints the
 * median and p90 of each in microseconds. Under valgrind it doubles as the
 * leak check of a long loop: everything is freed before exit.
 */
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <codemode/codemode.h>

#include "client/client_int.h"

#include "proto/capnweb.h"
#include "proto/http.h"
#include "proto/ws.h"

#define CODE "(function () { return 1; })"

static double
bench_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
bench_report(const char *what, double *t, int n)
{
	qsort(t, (size_t)n, sizeof(*t), bench_cmp);
	printf("%-28s n=%d median %.1f us  p90 %.1f us  min %.1f us\n", what, n,
	    t[n / 2], t[(n * 9) / 10], t[0]);
}

/* ---- a daemon that answers at once (forked) ---- */

struct fake_conn {
	int fd;
	int up;
	uint8_t *in;
	size_t len;
	struct ws_assembler wsa;
	struct capnweb_session *s;
};

static void
fake_send(void *udata, const char *msg, size_t len)
{
	struct fake_conn *fc = udata;
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n = ws_frame_encode(WS_ROLE_SERVER, WS_OP_TEXT,
	    (const uint8_t *)msg, len, frame, len + WS_MAX_HEADER);

	if (n > 0 && send(fc->fd, frame, (size_t)n, MSG_NOSIGNAL) != n)
		fprintf(stderr, "fake: short send\n");
	free(frame);
}

static void
fake_main(void *udata, struct capnweb_call *call)
{
	(void)udata;
	if (strcmp(capnweb_call_method(call), "protocolVersion") == 0)
		capnweb_call_resolve(call, json_integer(1));
	else
		capnweb_call_resolve(
		    call, json_pack("{s:s, s:[]}", "resultJson", "1", "logs"));
}

/* Returns -1 when the connection is over. */
static int
fake_input(struct fake_conn *fc)
{
	if (!fc->up) {
		struct http_header hs[32];
		struct http_request req;
		struct http_ws_upgrade up;
		struct capnweb_config cfg;
		char out[512];
		long head, n;

		memset(&req, 0, sizeof(req));
		req.headers = hs;
		req.headers_cap = 32;
		if ((head = http_parse_request(
			 (char *)fc->in, fc->len, &req)) == 0)
			return 0;
		if (head < 0 || http_ws_check_request(&req, &up) != 0)
			return -1;
		n = http_build_ws_response(out, sizeof(out), &up);
		if (send(fc->fd, out, (size_t)n, MSG_NOSIGNAL) != n)
			return -1;
		memmove(fc->in, fc->in + head, fc->len - (size_t)head);
		fc->len -= (size_t)head;
		fc->up = 1;
		ws_assembler_init(&fc->wsa, WS_ROLE_SERVER, 1 << 24);
		memset(&cfg, 0, sizeof(cfg));
		cfg.main = fake_main;
		cfg.send = fake_send;
		cfg.send_udata = fc;
		if ((fc->s = capnweb_session_new(&cfg)) == NULL)
			return -1;
	}
	for (;;) {
		struct ws_event ev;
		long n = ws_assembler_feed(&fc->wsa, fc->in, fc->len, &ev);

		if (n == 0)
			return 0;
		if (n < 0 || ev.type == WS_EV_CLOSE)
			return -1;
		if (ev.type == WS_EV_TEXT &&
		    capnweb_session_receive(
			fc->s, (const char *)ev.data, ev.len) != 0)
			return -1;
		memmove(fc->in, fc->in + n, fc->len - (size_t)n);
		fc->len -= (size_t)n;
	}
}

static void
fake_serve(int lfd)
{
	struct fake_conn *conns[8];
	int n = 0, i;

	for (;;) {
		struct pollfd p[9];

		p[0].fd = lfd;
		p[0].events = POLLIN;
		for (i = 0; i < n; i++) {
			p[1 + i].fd = conns[i]->fd;
			p[1 + i].events = POLLIN;
		}
		if (poll(p, (nfds_t)(1 + n), -1) < 0)
			continue;
		if ((p[0].revents & POLLIN) && n < 8) {
			struct fake_conn *fc = calloc(1, sizeof(*fc));

			fc->fd = accept(lfd, NULL, NULL);
			fc->in = malloc(1 << 20);
			conns[n++] = fc;
			continue;
		}
		for (i = 0; i < n; i++) {
			struct fake_conn *fc = conns[i];
			ssize_t r;

			if (!p[1 + i].revents)
				continue;
			r = read(fc->fd, fc->in + fc->len, (1 << 20) - fc->len);
			if (r > 0) {
				fc->len += (size_t)r;
				if (fake_input(fc) == 0)
					continue;
			}
			if (fc->s) {
				capnweb_session_close(fc->s, "gone");
				capnweb_session_free(fc->s);
			}
			ws_assembler_free(&fc->wsa);
			close(fc->fd);
			free(fc->in);
			free(fc);
			conns[i] = conns[--n];
			break;
		}
	}
}

static pid_t
fake_start(char *path, size_t cap, char *dir)
{
	struct sockaddr_un sun;
	pid_t pid;
	int lfd;

	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, cap, "%s/f.sock", dir);
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun.sun_path))
		return -1;
	memcpy(sun.sun_path, path, strlen(path) + 1);
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (lfd < 0 || bind(lfd, (struct sockaddr *)&sun, sizeof(sun)) != 0 ||
	    listen(lfd, 8) != 0)
		return -1;
	if ((pid = fork()) == 0) {
		fake_serve(lfd);
		_exit(0);
	}
	close(lfd);
	return pid;
}

static double
bench_cpu_us(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec * 1e6 + ru.ru_utime.tv_usec +
	    ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec;
}

/* ---- the raw wire ---- */

struct raw {
	int fd;
	struct capnweb_session *s;
	struct ws_assembler wsa;
	uint8_t *in;
	size_t in_len, in_cap;
	int done;
};

static void
raw_send(void *udata, const char *msg, size_t len)
{
	struct raw *r = udata;
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n = ws_frame_encode(WS_ROLE_CLIENT, WS_OP_TEXT,
	    (const uint8_t *)msg, len, frame, len + WS_MAX_HEADER);

	if (n > 0 && send(r->fd, frame, (size_t)n, MSG_NOSIGNAL) != n)
		fprintf(stderr, "raw: short send\n");
	free(frame);
}

static void
raw_settled(void *udata, int status, json_t *value)
{
	struct raw *r = udata;

	r->done = status == CAPNWEB_RESOLVED ? 1 : -1;
	if (r->done < 0) {
		char *s = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);

		fprintf(stderr, "raw wire: rejected %s\n", s ? s : "?");
		free(s);
	}
}

static int
raw_open(struct raw *r, const char *path)
{
	struct sockaddr_un sun;
	struct http_header hs[16];
	struct http_response res;
	struct capnweb_config cfg;
	char req[1024], key[HTTP_WS_KEY_LEN + 1];
	long n, head = 0;

	memset(r, 0, sizeof(*r));
	r->in_cap = 1 << 20;
	if ((r->in = malloc(r->in_cap)) == NULL)
		return -1;
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun.sun_path))
		return -1;
	memcpy(sun.sun_path, path, strlen(path) + 1);
	r->fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (r->fd < 0 ||
	    connect(r->fd, (struct sockaddr *)&sun, sizeof(sun)) != 0 ||
	    http_ws_make_key(key) != 0)
		return -1;
	n = http_build_ws_request(
	    req, sizeof(req), "localhost", "/", key, NULL, NULL, 0);
	if (n <= 0 || write(r->fd, req, (size_t)n) != n)
		return -1;
	while (head == 0) {
		ssize_t got =
		    read(r->fd, r->in + r->in_len, r->in_cap - r->in_len);

		if (got <= 0)
			return -1;
		r->in_len += (size_t)got;
		memset(&res, 0, sizeof(res));
		res.headers = hs;
		res.headers_cap = 16;
		head = http_parse_response((char *)r->in, r->in_len, &res);
	}
	if (head < 0 || http_ws_check_response(&res, key, NULL) != 0)
		return -1;
	memmove(r->in, r->in + head, r->in_len - (size_t)head);
	r->in_len -= (size_t)head;
	ws_assembler_init(&r->wsa, WS_ROLE_CLIENT, 1 << 24);
	memset(&cfg, 0, sizeof(cfg));
	cfg.send = raw_send;
	cfg.send_udata = r;
	return (r->s = capnweb_session_new(&cfg)) ? 0 : -1;
}

static int
raw_call(struct raw *r, const char *method, json_t *args)
{
	r->done = 0;
	if (capnweb_session_call(r->s, method, args, raw_settled, r) < 0)
		return -1;
	while (r->done == 0) {
		struct ws_event ev;
		long n;

		while (r->done == 0 && r->in_len > 0 &&
		    (n = ws_assembler_feed(&r->wsa, r->in, r->in_len, &ev)) >
			0) {
			if (ev.type == WS_EV_TEXT)
				capnweb_session_receive(
				    r->s, (const char *)ev.data, ev.len);
			else if (ev.type == WS_EV_PING) {
				uint8_t
				    f[WS_MAX_HEADER + WS_MAX_CONTROL_PAYLOAD];
				long fl = ws_frame_encode(WS_ROLE_CLIENT,
				    WS_OP_PONG, ev.data, ev.len, f, sizeof(f));

				if (fl > 0 &&
				    send(r->fd, f, (size_t)fl, MSG_NOSIGNAL) !=
					fl)
					return -1;
			}
			memmove(r->in, r->in + n, r->in_len - (size_t)n);
			r->in_len -= (size_t)n;
		}
		if (r->done == 0) {
			ssize_t got = read(
			    r->fd, r->in + r->in_len, r->in_cap - r->in_len);

			if (got <= 0)
				return -1;
			r->in_len += (size_t)got;
		}
	}
	return r->done == 1 ? 0 : -1;
}

static void
raw_close(struct raw *r)
{
	if (r->s) {
		capnweb_session_close(r->s, "done");
		capnweb_session_free(r->s);
	}
	ws_assembler_free(&r->wsa);
	if (r->fd >= 0)
		close(r->fd);
	free(r->in);
}

int
main(int argc, char **argv)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	struct raw r;
	char url[160], path[128], dir[] = "/tmp/cm-bench-XXXXXX";
	pid_t fake = 0;
	double *t, cpu;
	int n, i, rc = 1;

	if (argc < 2 ||
	    (strncmp(argv[1], "unix://", 7) != 0 &&
		strcmp(argv[1], "--fake") != 0)) {
		fprintf(stderr, "usage: %s unix:///path/d.sock|--fake [N]\n",
		    argv[0]);
		return 2;
	}
	n = argc > 2 ? atoi(argv[2]) : 2000;
	if (n < 10 || (t = calloc((size_t)n, sizeof(*t))) == NULL)
		return 2;
	if (strcmp(argv[1], "--fake") == 0) {
		if ((fake = fake_start(path, sizeof(path), dir)) <= 0) {
			fprintf(stderr, "cannot start the fake daemon\n");
			return 1;
		}
		snprintf(url, sizeof(url), "unix://%s", path);
	} else
		snprintf(url, sizeof(url), "%s", argv[1]);
	if (cm_connect(url, NULL, &c, &err) != 0) {
		fprintf(stderr, "connect: %s\n", err.message);
		cm_error_clear(&err);
		goto out;
	}
	memset(&req, 0, sizeof(req));
	req.code = CODE;
	cpu = bench_cpu_us();
	for (i = 0; i < n; i++) {
		double a = bench_now_us();

		if (cm_execute(c, &req, &res, &err) != 0) {
			fprintf(stderr, "execute: %s\n", err.message);
			cm_error_clear(&err);
			goto out;
		}
		t[i] = bench_now_us() - a;
		if (res.result_json == NULL || strcmp(res.result_json, "1")) {
			fprintf(stderr, "unexpected result\n");
			goto out;
		}
		cm_result_clear(&res);
	}
	cpu = bench_cpu_us() - cpu;
	bench_report("cm_execute", t, n);
	printf("  client CPU %.1f us per call; sessions opened: %u\n", cpu / n,
	    client_sessions_opened(c));
	cm_client_free(c);
	if (raw_open(&r, url + 7) != 0) {
		fprintf(stderr, "raw wire: cannot open\n");
		raw_close(&r);
		goto out;
	}
	cpu = bench_cpu_us();
	for (i = 0; i < n; i++) {
		json_t *args = json_pack("[s, [], {}, n, s]", CODE, "native");
		double a = bench_now_us();

		if (raw_call(&r, "execute", args) != 0) {
			json_decref(args);
			raw_close(&r);
			goto out;
		}
		t[i] = bench_now_us() - a;
		json_decref(args);
	}
	cpu = bench_cpu_us() - cpu;
	bench_report("raw wire (one session)", t, n);
	printf("  client CPU %.1f us per call\n", cpu / n);
	raw_close(&r);
	rc = 0;
out:
	free(t);
	if (fake > 0) {
		kill(fake, SIGTERM);
		waitpid(fake, NULL, 0);
		unlink(path);
		rmdir(dir);
	}
	return rc;
}
