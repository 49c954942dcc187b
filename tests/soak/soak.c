/*
 * The soak (make soak; not part of make check): one daemon on a private
 * socket, SOAK_CLIENTS (64) concurrent callers for SOAK_SECONDS (600), each
 * with one request in flight at a time from a mix of programs: results,
 * throws, timeouts, memory limits, tool calls, native fetches to a loopback
 * listener, stub fetches through the caller's outbound function, retained
 * handles with invokeHandle and closeHandles, requests the daemon refuses
 * (an unknown outbound mode, a result past the response limit), bursts past
 * the queue, connections the caller drops mid-call and upgrades with a
 * wrong token; children are SIGKILLed at random, and for a moment now and
 * then the daemon's allocator fails (tests/faults/failalloc.c).
 *
 * Every request carries an id in its program and is checked against its
 * own answer: exactly one settle, of a shape its program allows. At the
 * end: the daemon never died, nothing is left unanswered, its RSS and
 * descriptor counts (start and end, printed) stayed flat, and every error
 * code of spec/protocol.json's taxonomy was met. Exit status 0 when all
 * hold.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cm_spec.h"
#include "faults/failalloc.h"
#include "proto/capnweb.h"
#include "proto/http.h"
#include "proto/ws.h"
#include "support/test_client.h"
#include "support/test_daemon.h"

enum kind {
	K_RESULT,
	K_THROW,
	K_TIMEOUT,
	K_MEMORY,
	K_TOOL,
	K_NATIVE_FETCH,
	K_STUB_FETCH,
	K_RETAIN, /* execute with retainHandles, then the three below */
	K_INVOKE,
	K_CLOSE,
	K_INVOKE_CLOSED,
	K_BAD_MODE,
	K_TOO_LARGE,
	K_NKINDS
};

static const char *const kind_names[K_NKINDS] = { "result", "throw", "timeout",
	"memory", "tool", "native-fetch", "stub-fetch", "retain", "invoke",
	"close", "invoke-closed", "bad-mode", "too-large" };

/* One request and what became of it. */
struct req {
	long id;
	enum kind kind;
	int settles;
	struct client *cl;
};

struct client {
	int n;
	struct test_client tc;
	int open;
	struct req *inflight[8];
	int ninflight;
	char handle_id[64]; /* a retained execution's id, in its steps */
	long not_before; /* after a QUEUE_OVERFLOW: a pause, as the text asks */
	int target; /* the dispatch target */
	int out_target; /* the outbound function */
};

static struct test_daemon td;
static struct client *clients;
static int nclients = 64;
static long next_id = 1;
static long kind_count[K_NKINDS];
static long code_count[16];
static long broken_count, rejected_connects, violations, answers;
static long fetch_denied, oom_rejections, degraded;
static long storm_after; /* a storm's answers arrive until then */
static int unresponsive;
static int http_port, tcp_port;
static pid_t http_pid;
static struct failalloc_ctl *fa;

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void
violation(const struct req *r, const char *what, json_t *v)
{
	char *d = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;

	violations++;
	fprintf(stderr, "soak: VIOLATION request %ld (%s): %s: %.300s\n",
	    r ? r->id : -1L, r ? kind_names[r->kind] : "-", what, d ? d : "");
	free(d);
}

/* The taxonomy, from spec/protocol.json through cm_spec.h. */
#define SOAK_CODE_NAME(c, r, k) #c,
static const char *const code_names[CM_SPEC_ERROR_CODE_COUNT] = {
	CM_SPEC_ERROR_CODES(SOAK_CODE_NAME)
};

static int
code_index(const char *code)
{
	int i;

	for (i = 0; i < CM_SPEC_ERROR_CODE_COUNT; i++)
		if (strcmp(code_names[i], code) == 0)
			return i;
	return -1;
}

/* ---- what each kind of request sends and may get back ---- */

static json_t *
exec_args(const char *code, json_t *providers, json_t *opts, json_t *dispatch,
    const char *mode, json_t *outfn)
{
	json_t *a = json_pack("[s, o, o, o, s]", code, providers, opts,
	    dispatch ? dispatch : json_null(), mode);

	if (outfn)
		json_array_append_new(a, outfn);
	return a;
}

static void on_settle(void *udata, int status, json_t *value);

static void
send_req(struct client *c, enum kind k)
{
	struct req *r = calloc(1, sizeof(*r));
	char code[512];
	json_t *args = NULL;
	const char *method = "execute";

	r->id = next_id++;
	r->kind = k;
	r->cl = c;
	kind_count[k]++;
	switch (k) {
	case K_RESULT:
		snprintf(code, sizeof(code),
		    "async () => ({ id: %ld, twice: %ld * 2 })", r->id, r->id);
		args = exec_args(
		    code, json_array(), json_object(), NULL, "disabled", NULL);
		break;
	case K_THROW:
		snprintf(code, sizeof(code),
		    "async () => { throw new Error('boom %ld') }", r->id);
		args = exec_args(
		    code, json_array(), json_object(), NULL, "disabled", NULL);
		break;
	case K_TIMEOUT:
		args = exec_args("async () => { for (;;) {} }", json_array(),
		    json_pack("{s:i}", "timeout", 150), NULL, "disabled", NULL);
		break;
	case K_MEMORY:
		args = exec_args(
		    "async () => { const a = []; "
		    "for (;;) a.push(new Array(100000).fill(a.length)) }",
		    json_array(), json_object(), NULL, "disabled", NULL);
		break;
	case K_TOOL:
		snprintf(code, sizeof(code),
		    "async () => { const r = await store.echo({ id: %ld }); "
		    "return { id: %ld, r } }",
		    r->id, r->id);
		args = exec_args(code,
		    json_pack(
			"[{s:s, s:[s]}]", "name", "store", "tools", "echo"),
		    json_object(), capnweb_value_target(c->target), "disabled",
		    NULL);
		break;
	case K_NATIVE_FETCH:
		snprintf(code, sizeof(code),
		    "async () => { const r = await "
		    "fetch('http://127.0.0.1:%d/%ld'); "
		    "return { id: %ld, s: r.status, t: await r.text() } }",
		    http_port, r->id, r->id);
		args = exec_args(
		    code, json_array(), json_object(), NULL, "native", NULL);
		break;
	case K_STUB_FETCH:
		snprintf(code, sizeof(code),
		    "async () => { const r = await "
		    "fetch('https://stub.test/%ld'); "
		    "return { id: %ld, s: r.status, t: await r.text() } }",
		    r->id, r->id);
		args = exec_args(code, json_array(), json_object(), NULL,
		    "stub", capnweb_value_target(c->out_target));
		break;
	case K_RETAIN:
		snprintf(code, sizeof(code),
		    "async () => { let n = 0; return (req) => "
		    "new Response('h%ld:' + (++n)) }",
		    r->id);
		args = exec_args(code, json_array(),
		    json_pack("{s:b}", "retainHandles", 1), NULL, "disabled",
		    NULL);
		break;
	case K_INVOKE:
	case K_INVOKE_CLOSED:
		method = "invokeHandle";
		args = json_pack("[s, s, {s:s}]", c->handle_id, "fetch", "url",
		    "https://h.test/");
		break;
	case K_CLOSE:
		method = "closeHandles";
		args = json_pack("[s]", c->handle_id);
		break;
	case K_BAD_MODE:
		args = exec_args("async () => 1", json_array(), json_object(),
		    NULL, "carrier-pigeon", NULL);
		break;
	case K_TOO_LARGE:
		args = exec_args("async () => 'x'.repeat(300000)", json_array(),
		    json_object(), NULL, "disabled", NULL);
		break;
	default:
		break;
	}
	if (capnweb_session_call(c->tc.s, method, args, on_settle, r) <= 0) {
		violation(r, "the call could not be made", NULL);
		free(r);
	} else {
		c->inflight[c->ninflight++] = r;
	}
	json_decref(args);
}

/* The parts of an answer every kind may meet. */
static int
common_outcome(struct req *r, int status, json_t *v)
{
	const char *code;
	int i;

	if (status == CAPNWEB_BROKEN) {
		broken_count++;
		code_count[code_index("CONNECTION_BROKEN")]++;
		return 1;
	}
	if (status != CAPNWEB_REJECTED)
		return 0;
	code = json_string_value(capnweb_error_prop(v, "code"));
	if (code == NULL) {
		/* capnweb's own rejection of an answer it could not build
		 * (out of memory, in a storm): still the one answer. */
		const char *m = json_is_string(v) ? json_string_value(v)
						  : capnweb_error_message(v);

		if (m && strstr(m, "out of memory")) {
			oom_rejections++;
			return 1;
		}
		/*
		 * A fault whose code could not be attached, or no error at
		 * all: the daemon answered, degraded, in an allocation storm
		 * (its text is still the taxonomy's). Counted, not failed.
		 */
		if (now_ms() > storm_after)
			return 0;
		degraded++;
		return 1;
	}
	if ((i = code_index(code)) < 0)
		return 0;
	code_count[i]++;
	if (strcmp(code, "QUEUE_OVERFLOW") == 0)
		r->cl->not_before = now_ms() + 100 + rand() % 200;
	if (strcmp(code, "QUEUE_OVERFLOW") == 0 ||
	    strcmp(code, "WORKER_CRASHED") == 0 ||
	    strcmp(code, "INTERNAL") == 0)
		return 1;
	return 0; /* a kind-specific code: the kind decides */
}

static const char *
result_of(json_t *v)
{
	return json_string_value(json_object_get(v, "resultJson"));
}

static const char *
error_of(json_t *v)
{
	return json_string_value(json_object_get(v, "error"));
}

static int
has_id(const char *s, long id)
{
	char want[48];

	snprintf(want, sizeof(want), "\"id\":%ld,", id);
	return s != NULL && strstr(s, want) != NULL;
}

static void
on_settle(void *udata, int status, json_t *v)
{
	struct req *r = udata;
	struct client *c = r->cl;
	const char *code = NULL, *res, *err;
	char want[64];
	int i, ok = 0;

	r->settles++;
	answers++;
	if (r->settles > 1) {
		violation(r, "settled twice", v);
		return;
	}
	for (i = 0; i < c->ninflight; i++)
		if (c->inflight[i] == r) {
			c->inflight[i] = c->inflight[--c->ninflight];
			break;
		}
	if (status == CAPNWEB_REJECTED)
		code = json_string_value(capnweb_error_prop(v, "code"));
	res = status == CAPNWEB_RESOLVED ? result_of(v) : NULL;
	err = status == CAPNWEB_RESOLVED ? error_of(v) : NULL;
	if (common_outcome(r, status, v)) {
		ok = 1;
		if (r->kind == K_RETAIN || r->kind == K_INVOKE ||
		    r->kind == K_CLOSE)
			c->handle_id[0] = '\0';
	} else
		switch (r->kind) {
		case K_RESULT:
			snprintf(want, sizeof(want),
			    "{\"id\":%ld,\"twice\":%ld}", r->id, r->id * 2);
			ok = res && strcmp(res, want) == 0;
			break;
		case K_THROW:
			snprintf(want, sizeof(want), "boom %ld", r->id);
			ok = err && strstr(err, want);
			break;
		case K_TIMEOUT:
			ok = err && strstr(err, "timed out at its 150 ms");
			break;
		case K_MEMORY:
			ok = err && strstr(err, "ran out of memory");
			break;
		case K_TOOL:
			ok = has_id(res, r->id) && res &&
			    strstr(res, "\"r\":") != NULL;
			break;
		case K_NATIVE_FETCH:
			snprintf(want, sizeof(want), "GET /%ld ", r->id);
			ok = has_id(res, r->id) && strstr(res, want);
			/* An outbound policy that denies loopback answers
			 * in-band. */
			if (!ok && err && strstr(err, "127.0.0.1")) {
				fetch_denied++;
				ok = 1;
			}
			break;
		case K_STUB_FETCH:
			snprintf(want, sizeof(want), "stub.test/%ld", r->id);
			ok = has_id(res, r->id) && strstr(res, want);
			break;
		case K_RETAIN:
			res = json_string_value(
			    json_object_get(v, "executionId"));
			ok = res != NULL;
			if (ok)
				snprintf(c->handle_id, sizeof(c->handle_id),
				    "%s", res);
			break;
		case K_INVOKE:
			ok = status == CAPNWEB_RESOLVED ||
			    (code && strcmp(code, "HANDLES_CLOSED") == 0);
			break;
		case K_CLOSE:
			ok = status == CAPNWEB_RESOLVED ||
			    (code && strcmp(code, "HANDLES_CLOSED") == 0);
			break;
		case K_INVOKE_CLOSED:
			ok = code && strcmp(code, "HANDLES_CLOSED") == 0;
			if (ok)
				c->handle_id[0] = '\0';
			break;
		case K_BAD_MODE:
			ok = code && strcmp(code, "PROTOCOL_MISMATCH") == 0;
			break;
		case K_TOO_LARGE:
			ok = code && strcmp(code, "RESPONSE_TOO_LARGE") == 0;
			break;
		default:
			break;
		}
	/* A run that met the failure may fail in-band: answered. */
	if (!ok && status == CAPNWEB_RESOLVED && err != NULL &&
	    now_ms() <= storm_after) {
		degraded++;
		ok = 1;
	}
	if (!ok)
		violation(r,
		    status == CAPNWEB_RESOLVED	     ? "unexpected result"
			: status == CAPNWEB_REJECTED ? "unexpected fault"
						     : "broken",
		    v);
	/* The handles flow goes on: invoke, close, invoke after close. */
	if (c->open && c->handle_id[0] != '\0') {
		if (r->kind == K_RETAIN)
			send_req(c, K_INVOKE);
		else if (r->kind == K_INVOKE)
			send_req(c, K_CLOSE);
		else if (r->kind == K_CLOSE)
			send_req(c, K_INVOKE_CLOSED);
	}
}

/* The caller's dispatch: answers each tool call with its arguments. */
static void
dispatch_target(void *udata, struct capnweb_call *call)
{
	json_t *args = capnweb_call_args(call);
	const char *a = json_string_value(json_array_get(args, 2));
	json_t *e = json_pack("{s:s}", "result", a ? a : "");
	char *s = json_dumps(e, JSON_COMPACT);

	(void)udata;
	capnweb_call_resolve(call, json_string(s));
	free(s);
	json_decref(e);
}

/* The caller's outbound function: 200 with the URL as the body. */
static void
outbound_target(void *udata, struct capnweb_call *call)
{
	json_t *req = json_array_get(capnweb_call_args(call), 0);
	const char *url = json_string_value(json_object_get(req, "url"));

	(void)udata;
	if (url == NULL)
		url = "?";
	capnweb_call_resolve(call,
	    json_pack("{s:i, s:s, s:[], s:o}", "status", 200, "statusText",
		"OK", "headers", "body",
		capnweb_value_bytes(url, strlen(url), "ArrayBuffer")));
}

/* ---- connections ---- */

static void
soak_on_alarm(int sig)
{
	(void)sig; /* only interrupts a blocking read */
}

/* Consecutive failed opens: a daemon that stops answering upgrades. */
static int open_failures;

static int
client_open(struct client *c)
{
	struct sigaction sa;
	int r;

	/* The upgrade is read blocking: bounded, so a wedged daemon shows. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = soak_on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	alarm(10);
	r = test_client_open(&c->tc, td.sock);
	alarm(0);
	if (r != 0) {
		if (++open_failures > 3) {
			fprintf(stderr,
			    "soak: VIOLATION the daemon stopped "
			    "answering upgrades\n");
			violations++;
			unresponsive = 1;
		}
		if (c->tc.fd >= 0)
			close(c->tc.fd);
		return -1;
	}
	open_failures = 0;
	fcntl(c->tc.fd, F_SETFL, O_NONBLOCK);
	c->open = 1;
	c->handle_id[0] = '\0';
	c->target = capnweb_session_add_target(c->tc.s, dispatch_target, NULL);
	c->out_target =
	    capnweb_session_add_target(c->tc.s, outbound_target, NULL);
	return 0;
}

/* Ends the connection; calls still in flight settle as broken. */
static void
client_drop(struct client *c)
{
	if (!c->open)
		return;
	c->open = 0;
	capnweb_session_free(c->tc.s); /* settles what is in flight */
	ws_assembler_free(&c->tc.wsa);
	close(c->tc.fd);
	c->tc.fd = -1;
	c->ninflight = 0;
}

/* Reads what is there and handles every complete frame. */
static void
client_read(struct client *c)
{
	struct test_client *t = &c->tc;
	ssize_t n = read(t->fd, t->in + t->in_len, sizeof(t->in) - t->in_len);
	struct ws_event ev;
	long used;

	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
		client_drop(c);
		return;
	}
	if (n > 0)
		t->in_len += (size_t)n;
	while (c->open && t->in_len > 0 &&
	    (used = ws_assembler_feed(&t->wsa, t->in, t->in_len, &ev)) > 0) {
		int end = 0;

		if (ev.type == WS_EV_TEXT)
			end =
			    capnweb_session_receive(t->s, (const char *)ev.data,
				ev.len) == CAPNWEB_ENDED;
		else if (ev.type == WS_EV_CLOSE)
			end = 1;
		memmove(t->in, t->in + used, t->in_len - (size_t)used);
		t->in_len -= (size_t)used;
		if (end)
			client_drop(c);
	}
}

/* ---- the world around the daemon ---- */

/* A loopback HTTP server: every request gets 200 and its request line. */
static void
http_start(void)
{
	struct sockaddr_in sin;
	socklen_t sl = sizeof(sin);
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)) != 0 ||
	    listen(fd, 128) != 0) {
		perror("soak: http listener");
		exit(2);
	}
	getsockname(fd, (struct sockaddr *)&sin, &sl);
	http_port = ntohs(sin.sin_port);
	if ((http_pid = fork()) != 0) {
		close(fd);
		return;
	}
	signal(SIGPIPE, SIG_IGN);
	for (;;) {
		char req[4096], out[4600];
		int c = accept(fd, NULL, NULL), n = 0, r, len;

		if (c < 0)
			continue;
		while (n < (int)sizeof(req) - 1 &&
		    (r = (int)read(c, req + n, sizeof(req) - 1 - n)) > 0) {
			n += r;
			req[n] = '\0';
			if (strstr(req, "\r\n\r\n"))
				break;
		}
		req[n] = '\0';
		len = (int)strcspn(req, "\r");
		n = snprintf(out, sizeof(out),
		    "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n"
		    "Connection: close\r\n\r\n%.*s",
		    len, len, req);
		if (write(c, out, (size_t)n) < 0) {
			/* the daemon gave up on it */
		}
		close(c);
	}
}

static long
proc_rss_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

static int
proc_fds(pid_t pid)
{
	char path[64];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	if ((d = opendir(path)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static pid_t
proc_ppid(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	int ppid = -1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')) != NULL)
		sscanf(p + 2, "%*c %d", &ppid);
	fclose(f);
	return ppid;
}

/* SIGKILLs one of the daemon's workers (the zygote's children), if any. */
static int
kill_random_worker(void)
{
	pid_t w[256];
	struct dirent *e;
	DIR *d = opendir("/proc");
	int n = 0;

	while (d && (e = readdir(d)) != NULL && n < 256) {
		pid_t p = (pid_t)atoi(e->d_name), pp;

		if (p > 0 && (pp = proc_ppid(p)) > 0 && pp != td.pid &&
		    proc_ppid(pp) == td.pid)
			w[n++] = p;
	}
	if (d)
		closedir(d);
	if (n == 0)
		return 0;
	return kill(w[rand() % n], SIGKILL) == 0;
}

/* An upgrade over TCP with a wrong token: refused (CONNECTION_REJECTED). */
static void
rejected_connect(void)
{
	struct sockaddr_in sin;
	char buf[256];
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct pollfd p;
	ssize_t n;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons(tcp_port);
	if (connect(fd, (struct sockaddr *)&sin, sizeof(sin)) == 0) {
		snprintf(buf, sizeof(buf),
		    "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
		    "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
		    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
		    "Authorization: Bearer wrong\r\n\r\n");
		if (write(fd, buf, strlen(buf)) > 0) {
			p.fd = fd;
			p.events = POLLIN;
			if (poll(&p, 1, 5000) == 1 &&
			    (n = read(fd, buf, sizeof(buf) - 1)) > 12) {
				buf[n] = '\0';
				if (strncmp(buf, "HTTP/1.1 401 ", 13) == 0) {
					rejected_connects++;
					code_count[code_index(
					    "CONNECTION_REJECTED")]++;
				}
			}
		}
	}
	close(fd);
}

static enum kind
pick_kind(void)
{
	static const enum kind mix[] = { K_RESULT, K_RESULT, K_RESULT, K_RESULT,
		K_THROW, K_THROW, K_TIMEOUT, K_MEMORY, K_TOOL, K_TOOL, K_TOOL,
		K_NATIVE_FETCH, K_NATIVE_FETCH, K_STUB_FETCH, K_STUB_FETCH,
		K_RETAIN, K_BAD_MODE, K_TOO_LARGE };

	return mix[rand() % (int)(sizeof(mix) / sizeof(mix[0]))];
}

static long
env_long(const char *name, long dflt)
{
	const char *v = getenv(name);

	return v && *v ? atol(v) : dflt;
}

/* Whether the daemon knows --outbound-allow (another branch adds it). */
static int
daemon_has_flag(const char *flag)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "'%s' --help 2>&1 | grep -q -- '%s'",
	    test_daemon_binary(), flag);
	return system(cmd) == 0;
}

int
main(void)
{
	long seconds = env_long("SOAK_SECONDS", 600), start, end, last_kill = 0,
	     last_fa, last_reject = 0, last_drop = 0, last_report = 0;
	long rss0, rss1;
	int fds0, fds1, i, status, fa_on = 0;
	long fa_failed = 0;
	char tokfile[160], portbuf[16], ctlpath[160], preload[600];
	const char *argv[32];
	int na = 0, failed = 0;
	struct pollfd *pfd;
	FILE *f;

	nclients = (int)env_long("SOAK_CLIENTS", 64);
	srand((unsigned)env_long("SOAK_SEED", (long)getpid()));
	signal(SIGPIPE, SIG_IGN);
	if (test_daemon_init(&td, "cm-soak") != 0)
		return 2;
	http_start();
	/* The daemon: small queue and response limit, a TCP listener with a
	 * token, connections that age out. */
	snprintf(tokfile, sizeof(tokfile), "%s/token", td.dir);
	if ((f = fopen(tokfile, "w")) == NULL)
		return 2;
	fputs("soak-token\n", f);
	fclose(f);
	{
		struct sockaddr_in sin;
		socklen_t sl = sizeof(sin);
		int fd = socket(AF_INET, SOCK_STREAM, 0);

		memset(&sin, 0, sizeof(sin));
		sin.sin_family = AF_INET;
		sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		bind(fd, (struct sockaddr *)&sin, sizeof(sin));
		getsockname(fd, (struct sockaddr *)&sin, &sl);
		tcp_port = ntohs(sin.sin_port);
		close(fd);
	}
	snprintf(portbuf, sizeof(portbuf), "%d", tcp_port);
	argv[na++] = "--max-queue";
	argv[na++] = "64";
	argv[na++] = "--response-limit";
	argv[na++] = "262144";
	argv[na++] = "--memory-limit";
	argv[na++] = "32";
	argv[na++] = "--host";
	argv[na++] = "127.0.0.1";
	argv[na++] = "--port";
	argv[na++] = portbuf;
	argv[na++] = "--token-file";
	argv[na++] = tokfile;
	argv[na++] = "--max-connection-age";
	argv[na++] = "45000";
	if (daemon_has_flag("--outbound-allow")) {
		argv[na++] = "--outbound-allow";
		argv[na++] = "127.0.0.1";
	} else
		fprintf(stderr,
		    "soak: the daemon has no --outbound-allow; "
		    "native fetches go to loopback unasked\n");
	argv[na] = NULL;
	/* The failing allocator, armed only in short storms. */
	snprintf(ctlpath, sizeof(ctlpath), "%s/failalloc", td.dir);
	{
		int fd = open(ctlpath, O_RDWR | O_CREAT, 0600);

		if (fd < 0 || ftruncate(fd, sizeof(*fa)) != 0)
			return 2;
		fa = mmap(NULL, sizeof(*fa), PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, 0);
		close(fd);
		if (fa == MAP_FAILED)
			return 2;
	}
	{
		const char *b = getenv("BUILD");
		char rel[512];

		snprintf(rel, sizeof(rel), "%s/tests/libfailalloc.so",
		    b ? b : "build");
		if (realpath(rel, preload) == NULL) {
			fprintf(stderr, "soak: %s missing\n", rel);
			return 2;
		}
	}
	setenv("LD_PRELOAD", preload, 1);
	setenv("CM_FAILALLOC", ctlpath, 1);
	if (test_daemon_spawn(&td, test_daemon_binary(), "error", argv) != 0) {
		fprintf(stderr, "soak: the daemon did not start\n");
		return 2;
	}
	unsetenv("LD_PRELOAD");
	clients = calloc((size_t)nclients, sizeof(*clients));
	pfd = calloc((size_t)nclients, sizeof(*pfd));
	for (i = 0; i < nclients; i++) {
		clients[i].n = i;
		clients[i].tc.fd = -1;
	}
	start = now_ms();
	end = start + seconds * 1000;
	last_fa = start;
	rss0 = -1;
	fds0 = -1;
	fprintf(stderr, "soak: %d clients for %ld s, daemon %d\n", nclients,
	    seconds, (int)td.pid);
	while (now_ms() < end && !unresponsive) {
		long t = now_ms();
		int np = 0;

		/* After a warm-up, the baseline. */
		if (rss0 < 0 && t - start > 5000) {
			rss0 = proc_rss_kb(td.pid);
			fds0 = proc_fds(td.pid);
		}
		for (i = 0; i < nclients; i++) {
			struct client *c = &clients[i];

			if (!c->open && client_open(c) != 0)
				continue;
			if (c->ninflight == 0 && t >= c->not_before) {
				send_req(c, pick_kind());
				/* Now and then a burst, past the queue. */
				if (rand() % 50 == 0)
					while (c->ninflight < 8)
						send_req(c, K_RESULT);
			}
		}
		if (t - last_kill > 700 + rand() % 1500) {
			kill_random_worker();
			last_kill = t;
		}
		if (t - last_reject > 5000) {
			rejected_connect();
			last_reject = t;
		}
		/* A caller that drops its connection mid-call. */
		if (t - last_drop > 3000) {
			client_drop(&clients[rand() % nclients]);
			last_drop = t;
		}
		/*
		 * Every 3 s one allocation of the daemon fails: the n-th it
		 * makes from now, n at random. (At a rate of failures, 5 % for
		 * half a second, libevent 2.1 wedged the daemon: alive in
		 * epoll_wait without a timer, accepted connections never
		 * read. What is tested here is the daemon's handling of a
		 * failure, as check_faults' sweep does, under load.)
		 */
		if (!fa_on && t - last_fa > 3000) {
			fa_failed += fa->failed;
			fa->failed = 0;
			fa->calls = 0;
			fa->target = 1 + rand() % 400;
			storm_after = t + 60000;
			fa_on = 1;
			last_fa = t;
		} else if (fa_on && t - last_fa > 1000) {
			fa->target = 0;
			fa_on = 0;
			/* Runs of the storm end within their own bounds. */
			storm_after = t + 5000;
		}
		if (t - last_report > 30000) {
			fprintf(stderr,
			    "soak: %lds answers=%ld violations=%ld rss=%ldkB "
			    "fds=%d\n",
			    (t - start) / 1000, answers, violations,
			    proc_rss_kb(td.pid), proc_fds(td.pid));
			last_report = t;
		}
		for (i = 0; i < nclients; i++)
			if (clients[i].open) {
				pfd[np].fd = clients[i].tc.fd;
				pfd[np].events = POLLIN;
				pfd[np].revents = 0;
				np++;
			}
		poll(pfd, (nfds_t)np, 50);
		for (i = 0; i < nclients; i++)
			if (clients[i].open)
				client_read(&clients[i]);
		if (waitpid(td.pid, &status, WNOHANG) == td.pid) {
			fprintf(stderr, "soak: THE DAEMON DIED (status %#x)\n",
			    status);
			td.pid = -1;
			failed = 1;
			break;
		}
	}
	fa->target = 0;
	fa_failed += fa->failed;
	/* Drain: no new requests; every one in flight must settle. */
	{
		long until = now_ms() + 60000;
		int left = 1;

		while (!failed && !unresponsive && left && now_ms() < until) {
			int np = 0;

			left = 0;
			for (i = 0; i < nclients; i++)
				if (clients[i].open && clients[i].ninflight) {
					left = 1;
					pfd[np].fd = clients[i].tc.fd;
					pfd[np].events = POLLIN;
					np++;
				}
			poll(pfd, (nfds_t)np, 50);
			for (i = 0; i < nclients; i++)
				if (clients[i].open && clients[i].ninflight)
					client_read(&clients[i]);
		}
		for (i = 0; i < nclients; i++)
			if (clients[i].open && clients[i].ninflight) {
				fprintf(stderr,
				    "soak: VIOLATION %d requests on client %d "
				    "never answered\n",
				    clients[i].ninflight, i);
				violations++;
			}
	}
	for (i = 0; i < nclients; i++)
		client_drop(&clients[i]);
	/* Let the daemon close what the clients left, then measure. */
	sleep(3);
	rss1 = failed ? -1 : proc_rss_kb(td.pid);
	fds1 = failed ? -1 : proc_fds(td.pid);
	fprintf(stderr, "soak: %ld requests, %ld answers, %ld violations\n",
	    next_id - 1, answers, violations);
	for (i = 0; i < K_NKINDS; i++)
		fprintf(stderr, "soak:   %-14s %ld\n", kind_names[i],
		    kind_count[i]);
	fprintf(
	    stderr, "soak: native fetches denied in-band: %ld\n", fetch_denied);
	fprintf(stderr,
	    "soak: allocations failed in the storms: %ld; answers capnweb "
	    "itself rejected for want of memory: %ld; degraded answers (no "
	    "code, or failed in-band) in a failure's wake: %ld\n",
	    fa_failed, oom_rejections, degraded);
	for (i = 0; i < CM_SPEC_ERROR_CODE_COUNT; i++) {
		fprintf(stderr, "soak:   %-20s %ld\n", code_names[i],
		    code_count[i]);
		if (code_count[i] == 0) {
			fprintf(stderr, "soak: FAIL: never met %s\n",
			    code_names[i]);
			failed = 1;
		}
	}
	fprintf(stderr,
	    "soak: daemon RSS %ld kB -> %ld kB, descriptors %d -> %d\n", rss0,
	    rss1, fds0, fds1);
	if (!failed && (rss1 > rss0 * 3 / 2 + 16384 || fds1 > fds0 + 2)) {
		fprintf(stderr, "soak: FAIL: RSS or descriptors grew\n");
		failed = 1;
	}
	if (violations)
		failed = 1;
	if (td.pid > 0) {
		status = test_daemon_stop(&td);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "soak: FAIL: the daemon ended %#x\n",
			    status);
			failed = 1;
		}
	}
	kill(http_pid, SIGKILL);
	waitpid(http_pid, NULL, 0);
	unlink(tokfile);
	unlink(ctlpath);
	rmdir(td.dir);
	fprintf(stderr, "soak: %s\n", failed ? "FAILED" : "passed");
	return failed ? 1 : 0;
}
