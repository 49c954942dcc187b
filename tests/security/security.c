/*
 * build/tests/security-runner: replays tests/security/attacks.json against
 * a running daemon. Each attack is a conformance case (spec/conformance.md:
 * request, expect, steps) plus a few steps only an attacker needs
 * (abandon, metrics, executeBytes, clientExecute, childImage). After every
 * attack the runner checks
 * that nothing leaked into the next execution on the same connection (a
 * canary program whose result must equal the one a fresh daemon gave
 * before any attack), that another connection still gets answers, and that
 * /healthz still says ok. Attacks named in the pending file are expected to
 * fail (their fix is in flight); one that passes is an unexpected pass and
 * fails the run, so the list can only shrink.
 * tests/security/README.md states the format.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "cm_spec.h"
#include "codemode/client.h"
#include "codemode/protocol.h"
#include "conformance/cases.h"
#include "conformance/expect.h"
#include "conformance/run.h"
#include "conformance/run_int.h"
#include "conformance/wire.h"

#define SECURITY_CANARY_TIMEOUT 5000 /* ms the canary may run */
#define SECURITY_CANARY_WAIT 20000 /* ms the runner waits for its answer */
#define SECURITY_HTTP_TIMEOUT 5000

/* Keys of an attack entry besides the conformance case's own. */
static const char *const security_entry_keys[] = { "name", "category", "attack",
	"request", "expect", "steps", "caseTimeoutMs", NULL };
/* Steps this runner handles itself. */
static const char *const security_steps[] = { "abandon", "metrics",
	"executeBytes", "clientExecute", "childImage", NULL };

/*
 * The canary: every intrinsic prototype's own properties (kind, and for
 * functions their source text, which tells a native from a replacement),
 * the global object's names, and a few behaviours a polluted runtime
 * gives away. The runner compares its result with the one a fresh daemon
 * gave, so the fingerprint need not be written out here.
 */
static const char security_canary[] =
    "async () => {\n"
    "  const fp = (o) => {\n"
    "    if (o === undefined || o === null) return String(o)\n"
    "    const names = Object.getOwnPropertyNames(o).sort()\n"
    "    const syms = Object.getOwnPropertySymbols ?\n"
    "      Object.getOwnPropertySymbols(o).map(String).sort() : []\n"
    "    const out = names.map((n) => {\n"
    "      const d = Object.getOwnPropertyDescriptor(o, n)\n"
    "      if (!('value' in d)) return n + ':accessor:' + typeof d.get +\n"
    "        (d.get ? Function.prototype.toString.call(d.get).length : '')\n"
    "      const v = d.value\n"
    "      return n + ':' + typeof v + (typeof v === 'function' ?\n"
    "        ':' + Function.prototype.toString.call(v) : '') +\n"
    "        (d.writable ? 'w' : '') + (d.enumerable ? 'e' : '') +\n"
    "        (d.configurable ? 'c' : '')\n"
    "    })\n"
    "    return out.concat(syms).concat(['proto:' +\n"
    "      String(Object.getPrototypeOf(o) === null ? 'null' :\n"
    "        typeof Object.getPrototypeOf(o))])\n"
    "  }\n"
    "  const g = globalThis\n"
    "  const intrinsics = { Object, Array, String, Number, Boolean, Symbol,\n"
    "    Function, Promise, RegExp, Error, TypeError, Date, Map, Set,\n"
    "    ArrayBuffer, Uint8Array, JSON, Math, Reflect }\n"
    "  const protos = {}\n"
    "  for (const k of Object.keys(intrinsics).sort()) {\n"
    "    const v = intrinsics[k]\n"
    "    protos[k] = fp(v)\n"
    "    if (typeof v === 'function') protos[k + '.prototype'] = "
    "fp(v.prototype)\n"
    "  }\n"
    "  const globals = Object.getOwnPropertyNames(g).sort().map((n) => {\n"
    "    const d = Object.getOwnPropertyDescriptor(g, n)\n"
    "    return n + ':' + ('value' in d ? typeof d.value : 'accessor')\n"
    "  })\n"
    "  const probe = {}\n"
    "  const behaviour = [\n"
    "    JSON.stringify({ a: [1, 'x', null], b: { c: true } }),\n"
    "    [3, 1, 2].sort().join(','),\n"
    "    'abc'.toUpperCase() + 'a-b'.split('-').length,\n"
    "    String(probe.polluted) + String(probe.toJSON) + "
    "String([].polluted),\n"
    "    typeof Object.prototype.__proto__, Object.keys(probe).length,\n"
    "    String(new Error('e').message), String(/a+/.test('aa')),\n"
    "    JSON.stringify(JSON.parse('{\"__proto__\":{\"x\":1}}')),\n"
    "    String(({}).x), typeof setTimeout, typeof console.log,\n"
    "    await Promise.resolve(7).then((v) => v + 1),\n"
    "  ].map(String)\n"
    "  return { protos, globals, behaviour }\n"
    "}\n";

struct security_runner {
	struct run_target target;
	struct wire_url url;
	json_t *baseline; /* owned: the canary's result on a fresh daemon */
	struct wire_conn *conn; /* the connection attacks run on */
	long daemon_pid; /* --daemon-pid, for childImage; 0: unknown */
};

/* ---- small helpers ---- */

static int
security_in_list(const char *const *list, const char *s)
{
	size_t i;

	for (i = 0; list[i]; i++)
		if (strcmp(list[i], s) == 0)
			return 1;
	return 0;
}

/* Waits for one call's answer on `c`; 0, or -1 when none came in time. */
static int
security_wait(struct wire_conn *c, struct run_answer *a, double ms)
{
	double deadline = wire_now_ms() + ms;

	while (!a->done && wire_now_ms() < deadline)
		if (wire_pump(c, 20) != 0)
			break;
	return a->done ? 0 : -1;
}

/* The wire arguments of a bare execute: no tools, outbound disabled. */
static json_t *
security_execute_args(const char *code, const json_t *timeout, int retain)
{
	json_t *opt = json_object();

	if (timeout != NULL)
		json_object_set(opt, "timeout", (json_t *)timeout);
	if (retain)
		json_object_set_new(opt, "retainHandles", json_true());
	return json_pack(
	    "[s, [], o, n, s]", code, opt, CM_OUTBOUND_MODE_DISABLED);
}

/* ---- HTTP on the daemon's socket: /healthz and /metrics ---- */

static int
security_http_socket(const struct wire_url *u)
{
	int fd;

	if (u->is_unix) {
		struct sockaddr_un sa;

		if ((fd = socket(AF_UNIX, SOCK_STREAM, 0)) < 0)
			return -1;
		memset(&sa, 0, sizeof(sa));
		sa.sun_family = AF_UNIX;
		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", u->path);
		if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
			close(fd);
			return -1;
		}
		return fd;
	}
	return -1;
}

/*
 * GET `path`; returns the malloc'd response (head and body), or NULL.
 * The daemon closes the connection after the answer.
 */
static char *
security_http_get(const struct wire_url *u, const char *path)
{
	char req[256], *buf = NULL;
	size_t len = 0, cap = 0;
	double deadline = wire_now_ms() + SECURITY_HTTP_TIMEOUT;
	int fd, n;

	if ((fd = security_http_socket(u)) < 0)
		return NULL;
	n = snprintf(req, sizeof(req),
	    "GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
	    path);
	if (send(fd, req, (size_t)n, MSG_NOSIGNAL) != n) {
		close(fd);
		return NULL;
	}
	for (;;) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		int left = (int)(deadline - wire_now_ms());
		ssize_t r;

		if (left <= 0 || poll(&pfd, 1, left) <= 0)
			break;
		if (cap - len < 4096) {
			char *p = realloc(buf, cap + 65536);

			if (p == NULL)
				break;
			buf = p;
			cap += 65536;
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	if (buf != NULL)
		buf[len] = '\0';
	return buf;
}

/* 0 when /healthz answers 200 "ok"; 1 with a diff line. */
static int
security_check_healthz(struct security_runner *r, struct expect_buf *diff)
{
	char *res = security_http_get(&r->url, "/healthz");
	int ok = res != NULL && strncmp(res, "HTTP/1.1 200", 12) == 0 &&
	    strstr(res, "\r\n\r\nok\n") != NULL;

	if (!ok)
		expect_buf_printf(diff, "healthz: want 200 ok, got %.80s\n",
		    res ? res : "no answer");
	free(res);
	return !ok;
}

/* The value of metric `name` (a line "name value"), or -1. */
static double
security_metric(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : 0)
		if (strncmp(p, name, n) == 0 && p[n] == ' ')
			return strtod(p + n + 1, NULL);
	return -1;
}

/* {"step": "metrics", "want": {name: value}, "withinMs": N} */
static int
security_metrics_step(
    struct security_runner *r, const json_t *st, struct expect_buf *diff)
{
	const json_t *want = json_object_get(st, "want"), *v;
	double within = json_number_value(json_object_get(st, "withinMs"));
	double deadline = wire_now_ms() + within;
	const char *key;
	char *text = NULL;

	for (;;) {
		int held = 1;

		free(text);
		text = security_http_get(&r->url, "/metrics");
		json_object_foreach((json_t *)want, key, v) held &=
		    text && security_metric(text, key) == json_number_value(v);
		if (held) {
			free(text);
			return 0;
		}
		if (wire_now_ms() >= deadline)
			break;
		usleep(50000);
	}
	json_object_foreach((json_t *)want, key, v)
	    expect_buf_printf(diff, "metrics: %s want %g, got %g after %g ms\n",
		key, json_number_value(v),
		text ? security_metric(text, key) : -1, within);
	free(text);
	return 1;
}

/* ---- the canary ---- */

/*
 * Runs the canary on *cp; returns its result (new reference) or NULL with
 * a diff line. The envelope must hold a result, no error, no logs. A
 * canary that got no answer closes the connection (*cp becomes NULL), so
 * its late answer never lands in this frame's `a`.
 */
static json_t *
security_canary_run(
    struct wire_conn **cp, const char *where, struct expect_buf *diff)
{
	struct wire_conn *c = *cp;
	struct run_answer a;
	json_t *args, *t = json_integer(SECURITY_CANARY_TIMEOUT), *v = NULL;
	const json_t *rj, *err, *logs;
	char perr[200];

	memset(&a, 0, sizeof(a));
	args = security_execute_args(security_canary, t, 0);
	json_decref(t);
	a.started_ms = wire_now_ms();
	if (args == NULL ||
	    wire_call(c, "execute", args, run_on_settle, &a) <= 0) {
		json_decref(args);
		expect_buf_printf(diff, "canary (%s): could not send\n", where);
		return NULL;
	}
	json_decref(args);
	if (security_wait(c, &a, SECURITY_CANARY_WAIT) != 0 ||
	    a.status != CAPNWEB_RESOLVED) {
		const char *msg =
		    a.done ? capnweb_error_message(a.value) : NULL;

		expect_buf_printf(diff, "canary (%s): %s%s\n", where,
		    !a.done ? "no answer: " : "the execution was rejected: ",
		    msg ? msg
			: (!wire_alive(c) ? wire_end_reason(c) : "timed out"));
		if (!a.done) {
			wire_close(c);
			*cp = NULL;
		}
		run_answer_clear(&a);
		return NULL;
	}
	rj = json_object_get(a.value, "resultJson");
	err = json_object_get(a.value, "error");
	logs = json_object_get(a.value, "logs");
	if (err != NULL || !json_is_string(rj) || json_array_size(logs) != 0) {
		char *got = expect_render(a.value);

		expect_buf_printf(diff,
		    "canary (%s): want a clean result, got %s\n", where,
		    got ? got : "?");
		free(got);
	} else if ((v = cm_dispatch_parse(json_string_value(rj),
			json_string_length(rj), perr, sizeof(perr))) == NULL)
		expect_buf_printf(
		    diff, "canary (%s): resultJson: %s\n", where, perr);
	run_answer_clear(&a);
	return v;
}

/* 0 when the canary on `c` gives the baseline; 1 with diff lines. */
static int
security_canary_check(struct security_runner *r, struct wire_conn **cp,
    const char *where, struct expect_buf *diff)
{
	json_t *got = security_canary_run(cp, where, diff);
	char path[80];
	int bad;

	if (got == NULL)
		return 1;
	snprintf(path, sizeof(path), "canary (%s)", where);
	bad = expect_json_diff(r->baseline, got, path, diff) != 0;
	json_decref(got);
	return bad;
}

/* ---- steps of our own ---- */

/*
 * {"step": "abandon", "requests": [{"code", "timeout"?, "retainHandles"?,
 * "count"?}], "closeAfterMs": N}: a fresh connection sends every request,
 * waits N ms (answering nothing) and closes: what it started must not
 * outlive it.
 */
static int
security_abandon_step(
    struct security_runner *r, const json_t *st, struct expect_buf *diff)
{
	struct run_answer *a;
	struct wire_conn *c;
	const json_t *req;
	size_t i, n = 0, k, at = 0;
	char err[512];
	int mismatch;

	if ((c = run_connect(&r->target, &mismatch, err, sizeof(err))) ==
	    NULL) {
		expect_buf_printf(diff, "abandon: connect: %s\n", err);
		return -1;
	}
	json_array_foreach(json_object_get(st, "requests"), i, req)
	{
		const json_t *cnt = json_object_get(req, "count");

		n += json_is_integer(cnt) ? (size_t)json_integer_value(cnt) : 1;
	}
	if ((a = calloc(n ? n : 1, sizeof(*a))) == NULL) {
		wire_close(c);
		return -1;
	}
	json_array_foreach(json_object_get(st, "requests"), i, req)
	{
		const json_t *cnt = json_object_get(req, "count");
		size_t times =
		    json_is_integer(cnt) ? (size_t)json_integer_value(cnt) : 1;
		char cerr[200];
		char *code = expect_expand_consts(
		    json_string_value(json_object_get(req, "code")), cerr,
		    sizeof(cerr));
		json_t *args = code
		    ? security_execute_args(code,
			  json_object_get(req, "timeout"),
			  json_is_true(json_object_get(req, "retainHandles")))
		    : NULL;

		free(code);
		for (k = 0; k < times && args; k++)
			wire_call(c, "execute", args, run_on_settle, &a[at++]);
		json_decref(args);
	}
	{
		double until = wire_now_ms() +
		    json_number_value(json_object_get(st, "closeAfterMs"));

		while (wire_now_ms() < until)
			if (wire_pump(c, 10) != 0)
				break;
	}
	wire_close(c);
	/* Whatever settled before the close is the runner's to free. */
	for (k = 0; k < n; k++)
		json_decref(a[k].value);
	free(a);
	return 0;
}

/* Replaces every %%HH%% in an outgoing message with the byte 0xHH. */
static uint8_t *
security_bytes_filter(void *udata, const char *msg, size_t len, size_t *out_len)
{
	uint8_t *out = malloc(len ? len : 1);
	size_t i, n = 0;

	(void)udata;
	if (out == NULL)
		return NULL;
	for (i = 0; i < len; i++) {
		unsigned hex;

		if (i + 6 <= len && msg[i] == '%' && msg[i + 1] == '%' &&
		    msg[i + 4] == '%' && msg[i + 5] == '%' &&
		    sscanf(msg + i + 2, "%2x", &hex) == 1) {
			out[n++] = (uint8_t)hex;
			i += 5;
			continue;
		}
		out[n++] = (uint8_t)msg[i];
	}
	*out_len = n;
	return out;
}

/*
 * {"step": "executeBytes", "code": "...%%FF%%...", "expect": {"refused":
 * true}}: the code crosses with each %%HH%% as the raw byte 0xHH (invalid
 * UTF-8 that no JSON library would write; %%5C%% puts a backslash into the
 * JSON text, so %%5C%%ud800 is an escaped lone surrogate). Refused means:
 * the call is rejected with a fault other than INTERNAL or WORKER_CRASHED,
 * or the daemon ends the connection without running anything (WebSocket
 * close 1007 for invalid UTF-8, 3000 for a message that does not parse).
 * Runs on a connection of its own.
 */
static int
security_bytes_step(
    struct security_runner *r, const json_t *st, struct expect_buf *diff)
{
	struct run_answer a;
	struct wire_conn *c;
	json_t *args, *t = json_integer(2000);
	char err[512];
	const char *code, *msg;
	int mismatch, bad = 0;

	if ((c = run_connect(&r->target, &mismatch, err, sizeof(err))) ==
	    NULL) {
		expect_buf_printf(diff, "executeBytes: connect: %s\n", err);
		json_decref(t);
		return -1;
	}
	wire_set_send_filter(c, security_bytes_filter, NULL);
	memset(&a, 0, sizeof(a));
	args = security_execute_args(
	    json_string_value(json_object_get(st, "code")), t, 0);
	json_decref(t);
	if (args == NULL ||
	    wire_call(c, "execute", args, run_on_settle, &a) <= 0) {
		json_decref(args);
		wire_close(c);
		expect_buf_printf(diff, "executeBytes: could not send\n");
		return -1;
	}
	json_decref(args);
	security_wait(c, &a, 10000);
	msg = a.done ? capnweb_error_message(a.value) : NULL;
	code = a.done ? json_string_value(capnweb_error_prop(a.value, "code"))
		      : NULL;
	if (a.done && a.status != CAPNWEB_RESOLVED && code != NULL &&
	    strcmp(code, "INTERNAL") != 0 &&
	    strcmp(code, "WORKER_CRASHED") != 0 && msg != NULL && *msg)
		bad = 0;
	else if ((!a.done || a.status != CAPNWEB_RESOLVED) && code == NULL &&
	    !wire_alive(c))
		bad = 0; /* the daemon failed the connection (1007, or 3000
			    with the parse error): nothing ran */
	else {
		char *got = a.done ? expect_render(a.value) : NULL;

		expect_buf_printf(diff,
		    "executeBytes: want a refusal (a fault other than "
		    "INTERNAL/WORKER_CRASHED, or close 1007), got %s%s%s\n",
		    !a.done			       ? "no answer"
			: a.status == CAPNWEB_RESOLVED ? "a result message "
						       : "a rejection ",
		    code ? code : "", got ? got : "");
		if (!wire_alive(c))
			expect_buf_printf(diff, "  connection: %s\n",
			    wire_end_reason(c) ? wire_end_reason(c) : "?");
		free(got);
		bad = 1;
	}
	/* Closing settles a call still pending into `a`: close first. */
	wire_close(c);
	run_answer_clear(&a);
	return bad;
}

/*
 * {"step": "clientExecute", "code": "...%%FF%%...", "expect": {"refused":
 * true}}: the same bytes through the public C client (cm_execute), which
 * must refuse them with a fault of the taxonomy other than INTERNAL,
 * WORKER_CRASHED and CONNECTION_BROKEN (or a declared failure in the
 * envelope), never by running out of memory.
 */
static int
security_client_step(
    struct security_runner *r, const json_t *st, struct expect_buf *diff)
{
	const char *src = json_string_value(json_object_get(st, "code"));
	struct cm_execute_request req;
	struct cm_client *cl = NULL;
	struct cm_result res;
	struct cm_error err;
	size_t n;
	uint8_t *code = security_bytes_filter(NULL, src, strlen(src) + 1, &n);
	int rc, bad = 0;

	memset(&err, 0, sizeof(err));
	memset(&res, 0, sizeof(res));
	if (code == NULL || cm_connect(r->target.url, NULL, &cl, &err) != 0) {
		expect_buf_printf(diff, "clientExecute: connect: %s\n",
		    err.message ? err.message : "no memory");
		cm_error_clear(&err);
		free(code);
		return -1;
	}
	memset(&req, 0, sizeof(req));
	req.code = (const char *)code;
	req.timeout = 2000;
	rc = cm_execute(cl, &req, &res, &err);
	if (rc != 0 && err.code != CM_ERROR_NONE &&
	    err.code != CM_ERROR_INTERNAL &&
	    err.code != CM_ERROR_WORKER_CRASHED &&
	    err.code != CM_ERROR_CONNECTION_BROKEN && err.message &&
	    *err.message)
		bad = 0;
	else {
		expect_buf_printf(diff,
		    "clientExecute: want a refusal, got %s%s%s%s\n",
		    rc == 0 ? "a result" : cm_error_code_name(err.code),
		    rc == 0 ? (res.error ? " with error " : "") : ": ",
		    rc == 0 ? (res.error ? res.error : "") : "",
		    rc == 0 ? "" : (err.message ? err.message : ""));
		bad = 1;
	}
	cm_result_clear(&res);
	cm_error_clear(&err);
	cm_client_free(cl);
	free(code);
	return bad;
}

/* The parent pid of `pid` from /proc/PID/stat, or -1. */
static long
security_ppid(long pid)
{
	char path[64], buf[512], *p;
	long ppid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	/* "pid (comm) state ppid ...": comm may hold spaces and ')'. */
	if (fgets(buf, sizeof(buf), f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL)
		sscanf(p + 1, " %*c %ld", &ppid);
	fclose(f);
	return ppid;
}

/* Whether `pid` descends from `root`. */
static int
security_descends(long pid, long root)
{
	int hops;

	for (hops = 0; hops < 16 && pid > 1; hops++)
		if ((pid = security_ppid(pid)) == root)
			return 1;
	return 0;
}

/*
 * {"step": "childImage"}: every process under the daemon (zygotes and
 * sandbox children) runs a program image other than the daemon's own, so
 * no child starts with a copy of the daemon's memory. Needs --daemon-pid.
 * Retried for a second: a fork about to exec is not a finding.
 */
static int
security_image_step(
    struct security_runner *r, const json_t *st, struct expect_buf *diff)
{
	char path[64], self[4096], exe[4096];
	double deadline = wire_now_ms() + 1000;
	ssize_t n;

	(void)st;
	if (r->daemon_pid <= 0) {
		expect_buf_printf(diff, "childImage: needs --daemon-pid\n");
		return -1;
	}
	snprintf(path, sizeof(path), "/proc/%ld/exe", r->daemon_pid);
	if ((n = readlink(path, self, sizeof(self) - 1)) <= 0) {
		expect_buf_printf(
		    diff, "childImage: %s: %s\n", path, strerror(errno));
		return -1;
	}
	self[n] = '\0';
	for (;;) {
		struct dirent *de;
		DIR *d = opendir("/proc");
		long same = 0, children = 0;

		while (d != NULL && (de = readdir(d)) != NULL) {
			long pid = strtol(de->d_name, NULL, 10);

			if (pid <= 0 || !security_descends(pid, r->daemon_pid))
				continue;
			children++;
			snprintf(path, sizeof(path), "/proc/%ld/exe", pid);
			if ((n = readlink(path, exe, sizeof(exe) - 1)) > 0) {
				exe[n] = '\0';
				if (strcmp(exe, self) == 0 && same == 0)
					same = pid;
			}
		}
		if (d != NULL)
			closedir(d);
		if (children > 0 && same == 0)
			return 0;
		if (wire_now_ms() >= deadline) {
			if (children == 0)
				expect_buf_printf(diff,
				    "childImage: the daemon has no child "
				    "processes\n");
			else
				expect_buf_printf(diff,
				    "childImage: child %ld runs the daemon's "
				    "own image %s\n",
				    same, self);
			return 1;
		}
		usleep(100000);
	}
}

/* ---- one attack ---- */

/*
 * Runs a conformance case built from the entry's name, its request and
 * expect (NULL: none) and `steps` (all borrowed) on the shared connection.
 */
static int
security_run_case(struct security_runner *r, const char *name, json_t *request,
    json_t *expect, json_t *steps, const json_t *timeout,
    struct expect_buf *diff)
{
	json_t *def = json_object();
	char err[512];
	int rc;

	json_object_set_new(def, "name", json_string(name));
	if (request != NULL)
		json_object_set(def, "request", request);
	if (expect != NULL)
		json_object_set(def, "expect", expect);
	if (json_array_size(steps) > 0)
		json_object_set(def, "steps", steps);
	if (timeout != NULL)
		json_object_set(def, "caseTimeoutMs", (json_t *)timeout);
	if (cases_validate(def, err, sizeof(err)) != 0) {
		expect_buf_printf(diff, "the entry: %s\n", err);
		json_decref(def);
		return -1;
	}
	rc = run_case(&r->target, &r->conn, def, diff);
	json_decref(def);
	return rc;
}

/*
 * Runs one entry: its conformance parts through run_case on the shared
 * connection, its own steps here, then the canary on that connection, the
 * canary on a fresh one, and /healthz. 0 when everything held.
 */
static int
security_run_entry(
    struct security_runner *r, const json_t *e, struct expect_buf *diff)
{
	const char *name = json_string_value(json_object_get(e, "name"));
	const json_t *timeout = json_object_get(e, "caseTimeoutMs");
	json_t *pending = json_array(), *st;
	struct wire_conn *fresh;
	size_t i;
	int bad = 0, first = 1, mismatch;
	char err[512];

	/* Each attack starts on a live connection (an earlier one may have
	 * ended it); whether the attack's own connection survives is checked
	 * below. */
	if (r->conn == NULL || !wire_alive(r->conn)) {
		wire_close(r->conn);
		r->conn = run_connect(&r->target, &mismatch, err, sizeof(err));
	}
	json_array_foreach(json_object_get(e, "steps"), i, st)
	{
		const char *kind =
		    json_string_value(json_object_get(st, "step"));

		if (!security_in_list(security_steps, kind)) {
			json_array_append(pending, st);
			continue;
		}
		if ((first && json_object_get(e, "request") != NULL) ||
		    json_array_size(pending) > 0) {
			bad |= security_run_case(r, name,
				   first ? json_object_get(e, "request") : NULL,
				   first ? json_object_get(e, "expect") : NULL,
				   pending, timeout, diff) != 0;
			json_decref(pending);
			pending = json_array();
		}
		first = 0;
		if (strcmp(kind, "abandon") == 0)
			bad |= security_abandon_step(r, st, diff) != 0;
		else if (strcmp(kind, "metrics") == 0)
			bad |= security_metrics_step(r, st, diff) != 0;
		else if (strcmp(kind, "executeBytes") == 0)
			bad |= security_bytes_step(r, st, diff) != 0;
		else if (strcmp(kind, "childImage") == 0)
			bad |= security_image_step(r, st, diff) != 0;
		else
			bad |= security_client_step(r, st, diff) != 0;
	}
	if ((first && json_object_get(e, "request") != NULL) ||
	    json_array_size(pending) > 0)
		bad |= security_run_case(r, name,
			   first ? json_object_get(e, "request") : NULL,
			   first ? json_object_get(e, "expect") : NULL, pending,
			   timeout, diff) != 0;
	json_decref(pending);

	/* (a) nothing reached the next execution on the same connection */
	if (r->conn == NULL || !wire_alive(r->conn)) {
		expect_buf_printf(diff,
		    "the attack's connection did not survive: %s\n",
		    r->conn ? wire_end_reason(r->conn) : "never opened");
		bad = 1;
	} else
		bad |=
		    security_canary_check(r, &r->conn, "same connection", diff);
	/* (b) the daemon still answers another connection, and /healthz */
	if ((fresh = run_connect(&r->target, &mismatch, err, sizeof(err))) ==
	    NULL) {
		expect_buf_printf(diff, "another connection: %s\n", err);
		bad = 1;
	} else {
		bad |= security_canary_check(
		    r, &fresh, "another connection", diff);
		wire_close(fresh);
	}
	bad |= security_check_healthz(r, diff);
	return bad;
}

/* ---- the catalogue ---- */

static int
security_validate(const json_t *e, size_t idx, char *err, size_t errlen)
{
	const char *key;
	const json_t *v, *st;
	size_t i;

	if (!json_is_object(e)) {
		snprintf(err, errlen, "attack %zu: not an object", idx);
		return -1;
	}
	json_object_foreach((json_t *)e, key, v)
	{
		if (!security_in_list(security_entry_keys, key)) {
			snprintf(err, errlen, "attack %zu: unknown key \"%s\"",
			    idx, key);
			return -1;
		}
	}
	if (!json_is_string(json_object_get(e, "name")) ||
	    !json_is_string(json_object_get(e, "category")) ||
	    !json_is_string(json_object_get(e, "attack"))) {
		snprintf(err, errlen,
		    "attack %zu: name, category and attack are "
		    "required strings",
		    idx);
		return -1;
	}
	json_array_foreach(json_object_get(e, "steps"), i, st)
	{
		const char *kind =
		    json_string_value(json_object_get(st, "step"));
		static const char *const abandon_keys[] = { "step", "requests",
			"closeAfterMs", NULL };
		static const char *const metrics_keys[] = { "step", "want",
			"withinMs", NULL };
		static const char *const bytes_keys[] = { "step", "code",
			"expect", NULL };
		static const char *const image_keys[] = { "step", NULL };
		const char *const *keys = NULL;

		if (kind == NULL || !security_in_list(security_steps, kind))
			continue; /* checked by cases_validate */
		keys = strcmp(kind, "abandon") == 0   ? abandon_keys
		    : strcmp(kind, "metrics") == 0    ? metrics_keys
		    : strcmp(kind, "childImage") == 0 ? image_keys
						      : bytes_keys;
		json_object_foreach((json_t *)st, key, v)
		{
			if (!security_in_list(keys, key)) {
				snprintf(err, errlen,
				    "%s: step %zu (%s): unknown key "
				    "\"%s\"",
				    json_string_value(
					json_object_get(e, "name")),
				    i, kind, key);
				return -1;
			}
		}
		if ((strcmp(kind, "metrics") == 0 &&
			(!json_is_object(json_object_get(st, "want")) ||
			    !json_is_number(
				json_object_get(st, "withinMs")))) ||
		    (strcmp(kind, "abandon") == 0 &&
			(!json_is_array(json_object_get(st, "requests")) ||
			    !json_is_number(
				json_object_get(st, "closeAfterMs")))) ||
		    (strcmp(kind, "abandon") != 0 &&
			strcmp(kind, "metrics") != 0 &&
			strcmp(kind, "childImage") != 0 &&
			(!json_is_string(json_object_get(st, "code")) ||
			    !json_is_true(json_object_get(
				json_object_get(st, "expect"), "refused"))))) {
			snprintf(err, errlen, "%s: step %zu (%s) is incomplete",
			    json_string_value(json_object_get(e, "name")), i,
			    kind);
			return -1;
		}
	}
	return 0;
}

/*
 * Reads the pending list: one name a line, "# reason" after it or on lines
 * of its own. Returns an object name -> reason, or NULL with `err`.
 */
static json_t *
security_load_pending(
    const char *path, const json_t *attacks, char *err, size_t errlen)
{
	json_t *out = json_object();
	char line[1024];
	FILE *f;

	if (path == NULL)
		return out;
	if ((f = fopen(path, "r")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		json_decref(out);
		return NULL;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		char *p = line, *name, *why;
		const json_t *e;
		size_t i;
		int known = 0;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#' || *p == '\n' || *p == '\0')
			continue;
		name = p;
		p += strcspn(p, " \t#\n");
		why = strchr(p, '#');
		*p = '\0';
		if (why != NULL) {
			why++;
			while (*why == ' ')
				why++;
			why[strcspn(why, "\n")] = '\0';
		}
		json_array_foreach(attacks, i, e) known |=
		    strcmp(name,
			json_string_value(json_object_get(e, "name"))) == 0;
		if (known && json_object_get(out, name) != NULL) {
			snprintf(err, errlen, "%.200s: %.200s is listed twice",
			    path, name);
			json_decref(out);
			fclose(f);
			return NULL;
		}
		if (!known) {
			snprintf(err, errlen,
			    "%.200s: no attack is named %.200s", path, name);
			json_decref(out);
			fclose(f);
			return NULL;
		}
		json_object_set_new(
		    out, name, json_string(why && *why ? why : "pending"));
	}
	fclose(f);
	return out;
}

static void
security_print_diff(const char *text, int max_lines)
{
	const char *p, *nl;
	int n = 0;

	for (p = text; p && *p; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (max_lines >= 0 && n++ >= max_lines) {
			printf("#   ...\n");
			break;
		}
		printf("#   %.*s\n", (int)(nl - p), p);
		if (*nl == '\0')
			break;
	}
}

static void
security_usage(FILE *f)
{
	fprintf(f,
	    "usage: security-runner --url unix:///path.sock --attacks FILE "
	    "[--pending FILE] [--filter GLOB]... [--daemon-pid PID] "
	    "[--list]\n");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "url", required_argument, NULL, 'u' },
		{ "attacks", required_argument, NULL, 'a' },
		{ "pending", required_argument, NULL, 'p' },
		{ "filter", required_argument, NULL, 'f' },
		{ "list", no_argument, NULL, 'l' },
		{ "daemon-pid", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	struct security_runner r;
	const char *attacks_path = NULL, *pending_path = NULL;
	const char *filters[64];
	size_t nfilters = 0, i;
	json_t *root, *attacks, *pending, *names;
	const json_t *e;
	json_error_t jerr;
	struct expect_buf diff = { 0 };
	int opt, list = 0, mismatch;
	unsigned passed = 0, failed = 0, xfail = 0, num = 0;
	char err[512];

	memset(&r, 0, sizeof(r));
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'u':
			r.target.url = optarg;
			break;
		case 'a':
			attacks_path = optarg;
			break;
		case 'p':
			pending_path = optarg;
			break;
		case 'f':
			if (nfilters < 64)
				filters[nfilters++] = optarg;
			break;
		case 'l':
			list = 1;
			break;
		case 'd':
			r.daemon_pid = strtol(optarg, NULL, 10);
			break;
		default:
			security_usage(stderr);
			return 2;
		}
	}
	if (attacks_path == NULL || (r.target.url == NULL && !list)) {
		security_usage(stderr);
		return 2;
	}
	if ((root = json_load_file(attacks_path,
		 JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &jerr)) == NULL ||
	    !json_is_array(attacks = json_object_get(root, "attacks"))) {
		fprintf(stderr, "%s:%d: %s\n", attacks_path, jerr.line,
		    root ? "want {\"attacks\": [...]}" : jerr.text);
		return 2;
	}
	names = json_object();
	json_array_foreach(attacks, i, e)
	{
		const char *name =
		    json_string_value(json_object_get(e, "name"));

		if (security_validate(e, i, err, sizeof(err)) != 0) {
			fprintf(stderr, "%s: %s\n", attacks_path, err);
			return 2;
		}
		if (json_object_get(names, name) != NULL) {
			fprintf(stderr, "%s: %s is named twice\n", attacks_path,
			    name);
			return 2;
		}
		json_object_set_new(names, name, json_true());
	}
	json_decref(names);
	if ((pending = security_load_pending(
		 pending_path, attacks, err, sizeof(err))) == NULL) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (list) {
		json_array_foreach(attacks, i, e) printf("%-14s %s%s\n",
		    json_string_value(json_object_get(e, "category")),
		    json_string_value(json_object_get(e, "name")),
		    json_object_get(
			pending, json_string_value(json_object_get(e, "name")))
			? " (pending)"
			: "");
		return 0;
	}
	if (wire_url_parse(r.target.url, &r.url, err, sizeof(err)) != 0 ||
	    !r.url.is_unix) {
		fprintf(stderr, "%s\n",
		    r.url.is_unix ? err : "the runner needs a unix:// URL");
		return 2;
	}

	/* The baseline: the canary on a fresh daemon, before any attack. */
	if ((r.conn = run_connect(&r.target, &mismatch, err, sizeof(err))) ==
	    NULL) {
		printf("# the executor cannot be reached: %s\n", err);
		printf("0 passed, 1 failed\n");
		return 1;
	}
	if ((r.baseline = security_canary_run(&r.conn, "baseline", &diff)) ==
	    NULL) {
		printf("# the canary does not run on a fresh daemon:\n");
		security_print_diff(diff.p, -1);
		printf("0 passed, 1 failed\n");
		return 1;
	}

	json_array_foreach(attacks, i, e)
	{
		const char *name =
		    json_string_value(json_object_get(e, "name"));
		const char *why =
		    json_string_value(json_object_get(pending, name));
		size_t k;
		int selected = nfilters == 0, bad;
		double t0;

		for (k = 0; k < nfilters; k++)
			selected |= expect_glob(filters[k], name);
		if (!selected)
			continue;
		num++;
		expect_buf_free(&diff);
		memset(&diff, 0, sizeof(diff));
		t0 = wire_now_ms();
		bad = security_run_entry(&r, e, &diff);
		if (!bad && why == NULL) {
			passed++;
			printf("ok %u - %s (%.0f ms)\n", num, name,
			    wire_now_ms() - t0);
		} else if (bad && why == NULL) {
			failed++;
			printf("not ok %u - %s (%.0f ms)\n", num, name,
			    wire_now_ms() - t0);
			security_print_diff(diff.p, 40);
		} else if (bad) {
			xfail++;
			printf("not ok %u - %s # TODO pending: %s\n", num, name,
			    why);
			security_print_diff(diff.p, 6);
		} else {
			failed++;
			printf("not ok %u - %s # unexpected pass: listed as "
			       "pending (%s) but holds; remove it from the "
			       "pending list\n",
			    num, name, why);
		}
		fflush(stdout);
	}
	if (num == 0) {
		fprintf(stderr, "no attack matches the filters\n");
		return 2;
	}
	expect_buf_free(&diff);
	wire_close(r.conn);
	json_decref(r.baseline);
	json_decref(pending);
	json_decref(root);
	printf("%u passed, %u failed, %u pending\n", passed, failed, xfail);
	return failed == 0 ? 0 : 1;
}
