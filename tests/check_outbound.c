/*
 * Native fetch (server/daemon/outbound.c) under the outbound policy, first
 * in this process on an event base of its own, then through a real daemon
 * running guest code. Every byte goes to loopback: the listeners are this
 * test's, and the policy's other ranges are proven by check_netpolicy and
 * by names resolved to loopback here, never by connecting out.
 *
 *   - a loopback listener is refused by default (no connection reaches
 *     it) and opened by an allow rule;
 *   - a made-up name resolved to loopback (libcurl RESOLVE, the test hook)
 *     and `localhost` are refused like the address;
 *   - a redirect from an allowed listener to a closed one is refused at
 *     that hop, by address and by the hop's host name;
 *   - the daemon's own listener is refused even inside an allowed range;
 *   - the Fetch standard's forbidden request headers never reach the
 *     listener (the Decision in spec/protocol.md, section 7);
 *   - fetches in flight are bounded per execution and in all, the rest
 *     wait (holding no descriptor), and past the waiting line a fetch is
 *     refused with FETCH_TOO_MANY.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include "cm_spec.h"
#include "daemon/metrics.h"
#include "daemon/netpolicy.h"
#include "daemon/outbound.h"
#include "proto/base64.h"
#include "proto/capnweb.h"
#include "proto/texts.h"
#include "support/test_client.h"
#include "support/test_daemon.h"
#include "support/test_evloop.h"
#include "support/test_http.h"

/* ---- loopback listeners ---- */

/* 1 when no connection ever reached the silent listener `fd`. */
static int
nothing_connected(int fd)
{
	int c, fl = fcntl(fd, F_GETFL);

	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	c = accept(fd, NULL, NULL);
	fcntl(fd, F_SETFL, fl);
	if (c >= 0) {
		close(c);
		return 0;
	}
	return errno == EAGAIN || errno == EWOULDBLOCK;
}

/* ---- the fetcher in this process ---- */

static struct event_base *eb;
static struct outbound *ob;
static struct netpolicy *np;
static struct metrics mx;

static void
ob_setup(const char *allow, const char *deny, const char *const *resolve,
    unsigned per, unsigned total, unsigned waiting)
{
	struct outbound_options oo;
	char err[256];

	memset(&mx, 0, sizeof(mx));
	ck_assert_ptr_nonnull(eb = event_base_new());
	ck_assert_ptr_nonnull(np = netpolicy_new());
	if (allow)
		ck_assert_msg(netpolicy_add(np, NETPOLICY_ALLOW, allow, err,
				  sizeof(err)) == 0,
		    "%s", err);
	if (deny)
		ck_assert_msg(netpolicy_add(np, NETPOLICY_DENY, deny, err,
				  sizeof(err)) == 0,
		    "%s", err);
	memset(&oo, 0, sizeof(oo));
	oo.max_body = 1 << 20;
	oo.policy = np;
	oo.max_per_owner = per;
	oo.max_total = total;
	oo.max_waiting = waiting;
	oo.metrics = &mx;
	oo.resolve = resolve;
	ck_assert_ptr_nonnull(ob = outbound_new(eb, &oo));
}

static void
ob_teardown(void)
{
	outbound_free(ob);
	netpolicy_free(np);
	event_base_free(eb);
	ob = NULL;
	np = NULL;
	eb = NULL;
}

struct fetched {
	int done;
	json_t *answer;
};

static void
on_done(void *arg, const char *json, size_t len)
{
	struct fetched *f = arg;

	f->done = 1;
	ck_assert_ptr_nonnull(f->answer = json_loadb(json, len, 0, NULL));
}

/* Starts a fetch of `url` (headers stolen, may be NULL) for `owner`. */
static struct outbound_req *
start(const void *owner, const char *method, const char *url, json_t *headers,
    const char *body, long timeout_ms, struct fetched *f)
{
	json_t *req;
	struct outbound_req *r;

	memset(f, 0, sizeof(*f));
	req = json_pack("{s:s, s:s, s:o, s:n}", "method", method, "url", url,
	    "headers", headers ? headers : json_array(), "body");
	if (body != NULL) {
		char b64[256];

		base64_encode((const uint8_t *)body, strlen(body), 1, b64);
		json_object_set_new(req, "body", json_string(b64));
	}
	r = outbound_start(ob, owner, req, timeout_ms, on_done, f);
	json_decref(req);
	return r;
}

/* Turns the loop until `f` is answered (at most 10 s). */
static void
wait_for(struct fetched *f)
{
	ck_assert_msg(
	    test_evloop_until(eb, &f->done, 10000), "the fetch never answered");
}

/* A GET answered in this process: the answer (caller decrefs). */
static json_t *
fetch(const char *url, json_t *headers)
{
	struct fetched f = { 0 };

	start(&f, "GET", url, headers, NULL, 5000, &f);
	wait_for(&f);
	return f.answer;
}

static const char *
error_of(const json_t *answer)
{
	return json_string_value(json_object_get(answer, "error"));
}

/* The FETCH_DENIED text for `address` and `reason`; static. */
static const char *
denied_text(const char *address, const char *reason)
{
	static char buf[1024];
	char *t = texts_compose(CM_TEXT_FETCH_DENIED, address, reason);

	ck_assert_ptr_nonnull(t);
	snprintf(buf, sizeof(buf), "%s", t);
	free(t);
	return buf;
}

#define LOOPBACK_REASON "loopback addresses (127.0.0.0/8) are closed by default"
#define RULE_REASON "a rule of the executor's operator denies it"
#define SELF_REASON "it is one of this executor's own listeners"

/* The response body of a 200 answer, decoded; static. */
static const char *
body_of(const json_t *answer)
{
	static char buf[16384];
	const char *b64 = json_string_value(json_object_get(answer, "body"));
	long n;

	ck_assert_msg(b64 != NULL, "no body: %s",
	    error_of(answer) ? error_of(answer) : "?");
	ck_assert_int_lt(strlen(b64), sizeof(buf) * 4 / 3);
	n = base64_decode(b64, strlen(b64), (uint8_t *)buf);
	ck_assert_int_ge(n, 0);
	buf[n] = '\0';
	return buf;
}

/* ---- in this process ---- */

START_TEST(test_loopback_is_refused_before_any_connection)
{
	int port, l = test_http_listener(&port);
	char url[64], addr[32];
	json_t *a;

	ob_setup(NULL, NULL, NULL, 4, 4, 4);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/", port);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", port);
	{
		/* The refusal is logged: stderr into a file for the fetch. */
		FILE *log = tmpfile();
		int saved = dup(2);
		char line[512], want[160];
		size_t n;

		ck_assert_ptr_nonnull(log);
		dup2(fileno(log), 2);
		a = fetch(url, NULL);
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
		rewind(log);
		n = fread(line, 1, sizeof(line) - 1, log);
		line[n] = '\0';
		fclose(log);
		snprintf(want, sizeof(want),
		    "event=fetch_denied address=%s verdict=default-range",
		    addr);
		ck_assert_msg(strstr(line, want) != NULL, "log: %s", line);
	}
	ck_assert_str_eq(error_of(a), denied_text(addr, LOOPBACK_REASON));
	json_decref(a);
	ck_assert(nothing_connected(l));
	ck_assert_uint_eq(mx.fetches_denied, 1);
	ob_teardown();
	close(l);
}
END_TEST

/*
 * An option libcurl refuses (here a URL past its 8,000,000-byte input
 * bound: CURLE_BAD_FUNCTION_ARGUMENT, as an out-of-memory copy would be
 * CURLE_OUT_OF_MEMORY) fails the fetch with FETCH_NOT_STARTED naming the
 * option; the half-configured handle never runs (nothing connects).
 */
START_TEST(test_a_refused_option_fails_before_the_fetch_starts)
{
	int port, l = test_http_listener(&port);
	char rule[64], head[64], *url, *want;
	size_t n = 8000001, hl;
	json_t *a;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", port);
	ob_setup(rule, NULL, NULL, 4, 4, 4);
	hl = (size_t)snprintf(head, sizeof(head), "http://127.0.0.1:%d/", port);
	ck_assert_ptr_nonnull(url = malloc(hl + n + 1));
	memcpy(url, head, hl);
	memset(url + hl, 'a', n);
	url[hl + n] = '\0';
	a = fetch(url, NULL);
	want = texts_compose(CM_TEXT_FETCH_NOT_STARTED,
	    "libcurl refused its option CURLOPT_URL (A libcurl function was "
	    "given a bad argument)");
	ck_assert_ptr_nonnull(want);
	ck_assert_msg(error_of(a) != NULL && strcmp(error_of(a), want) == 0,
	    "answer: %s", error_of(a) ? error_of(a) : "(no error)");
	free(want);
	json_decref(a);
	free(url);
	ck_assert(nothing_connected(l));
	ob_teardown();
	close(l);
}
END_TEST

START_TEST(test_an_allow_rule_opens_the_listener)
{
	int port = test_http_start();
	char url[64], rule[64];
	json_t *a;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", port);
	ob_setup(rule, NULL, NULL, 4, 4, 4);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/path", port);
	a = fetch(url, NULL);
	ck_assert_int_eq(json_integer_value(json_object_get(a, "status")), 200);
	ck_assert_msg(strncmp(body_of(a), "GET /path HTTP/1.1\r\n", 20) == 0,
	    "%s", body_of(a));
	json_decref(a);
	/* The rule names one port: the next one stays closed. */
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/", port + 1);
	snprintf(rule, sizeof(rule), "127.0.0.1:%d", port + 1);
	a = fetch(url, NULL);
	ck_assert_str_eq(error_of(a), denied_text(rule, LOOPBACK_REASON));
	json_decref(a);
	ob_teardown();
	test_http_stop();
}
END_TEST

START_TEST(test_a_name_resolved_to_loopback_is_refused)
{
	int port, l = test_http_listener(&port), sport = test_http_start();
	char url[64], addr[32], r1[64], r2[64];
	const char *resolve[] = { r1, r2, NULL };
	json_t *a;

	/* rebind.test answers with loopback, as a rebinding DNS would. */
	snprintf(r1, sizeof(r1), "rebind.test:%d:127.0.0.1", port);
	snprintf(r2, sizeof(r2), "rebind.test:%d:127.0.0.1", sport);
	ob_setup(NULL, NULL, resolve, 4, 4, 4);
	snprintf(url, sizeof(url), "http://rebind.test:%d/", port);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", port);
	a = fetch(url, NULL);
	ck_assert_str_eq(error_of(a), denied_text(addr, LOOPBACK_REASON));
	json_decref(a);
	ck_assert(nothing_connected(l));
	ob_teardown();
	/* The operator may open the name itself... */
	ob_setup("rebind.test", NULL, resolve, 4, 4, 4);
	snprintf(url, sizeof(url), "http://rebind.test:%d/", sport);
	a = fetch(url, NULL);
	ck_assert_int_eq(json_integer_value(json_object_get(a, "status")), 200);
	ck_assert_ptr_nonnull(strstr(body_of(a), "\r\nHost: rebind.test:"));
	json_decref(a);
	ob_teardown();
	/* ... and a deny rule on names wins over an allowed address. */
	ob_setup("127.0.0.1", "*.test", resolve, 4, 4, 4);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", sport);
	a = fetch(url, NULL);
	ck_assert_str_eq(error_of(a), denied_text(addr, RULE_REASON));
	json_decref(a);
	ob_teardown();
	test_http_stop();
	close(l);
}
END_TEST

START_TEST(test_each_redirect_hop_is_checked)
{
	int port, l = test_http_listener(&port), sport = test_http_start();
	char url[160], addr[32], rule[64], r1[64];
	const char *resolve[] = { r1, NULL };
	json_t *a;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", sport);
	snprintf(r1, sizeof(r1), "rebind.test:%d:127.0.0.1", sport);
	ob_setup(rule, "rebind.test", resolve, 4, 4, 4);
	/* Allowed first hop, closed second: refused at the second. */
	snprintf(url, sizeof(url),
	    "http://127.0.0.1:%d/redirect?to=http://127.0.0.1:%d/x", sport,
	    port);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", port);
	a = fetch(url, NULL);
	ck_assert_str_eq(error_of(a), denied_text(addr, LOOPBACK_REASON));
	json_decref(a);
	ck_assert(nothing_connected(l));
	/*
	 * The same allowed address and port under a denied name: the hop's
	 * URL is what the rules see, even where the address was fine.
	 */
	snprintf(url, sizeof(url),
	    "http://127.0.0.1:%d/redirect?to=http://rebind.test:%d/y", sport,
	    sport);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", sport);
	a = fetch(url, NULL);
	ck_assert_str_eq(error_of(a), denied_text(addr, RULE_REASON));
	json_decref(a);
	/* An allowed hop to an allowed hop is followed. */
	snprintf(url, sizeof(url),
	    "http://127.0.0.1:%d/redirect?to=http://127.0.0.1:%d/z", sport,
	    sport);
	a = fetch(url, NULL);
	ck_assert_msg(strncmp(body_of(a), "GET /z HTTP/1.1\r\n", 17) == 0, "%s",
	    body_of(a));
	json_decref(a);
	ob_teardown();
	test_http_stop();
	close(l);
}
END_TEST

START_TEST(test_the_daemons_own_listener_is_refused)
{
	int port, l = test_http_listener(&port);
	struct sockaddr_in sin;
	char url[64], addr[32];
	json_t *a;

	ob_setup("127.0.0.0/8", NULL, NULL, 4, 4, 4);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((uint16_t)port);
	ck_assert_int_eq(
	    netpolicy_add_self(np, (struct sockaddr *)&sin, sizeof(sin)), 0);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/metrics", port);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", port);
	a = fetch(url, NULL);
	ck_assert_str_eq(error_of(a), denied_text(addr, SELF_REASON));
	json_decref(a);
	ck_assert(nothing_connected(l));
	ob_teardown();
	close(l);
}
END_TEST

/* Every forbidden name the standard lists, with a value to notice. */
static const char *const forbidden_headers[][2] = {
	{ "Accept-Charset", "evil-charset" },
	{ "Accept-Encoding", "evil-encoding" },
	{ "Access-Control-Request-Headers", "evil-acrh" },
	{ "Access-Control-Request-Method", "evil-acrm" },
	{ "Connection", "evil-connection" },
	{ "Content-Length", "99" },
	{ "Cookie", "evil=cookie" },
	{ "Cookie2", "evil-cookie2" },
	{ "Date", "evil-date" },
	{ "DNT", "evil-dnt" },
	{ "Expect", "evil-expect" },
	{ "Host", "evil.example" },
	{ "Keep-Alive", "evil-keepalive" },
	{ "Origin", "evil-origin" },
	{ "Referer", "evil-referer" },
	{ "Set-Cookie", "evil-setcookie" },
	{ "TE", "evil-te" },
	{ "Trailer", "evil-trailer" },
	{ "Transfer-Encoding", "chunked" },
	{ "Upgrade", "evil-upgrade" },
	{ "Via", "evil-via" },
	{ "Proxy-Authorization", "evil-proxy" },
	{ "Sec-Fetch-Site", "evil-sec" },
	{ "X-HTTP-Method-Override", "TRACE" },
	{ "X-HTTP-Method", "get, CONNECT" },
	{ "X-Method-Override", "track" },
};

START_TEST(test_forbidden_headers_never_reach_the_listener)
{
	int sport = test_http_start();
	char url[64], rule[64], host[64];
	json_t *headers = json_array(), *a;
	struct fetched f;
	const char *seen;
	size_t i, n = sizeof(forbidden_headers) / sizeof(forbidden_headers[0]);

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", sport);
	ob_setup(rule, NULL, NULL, 4, 4, 4);
	for (i = 0; i < n; i++)
		json_array_append_new(headers,
		    json_pack("[s, s]", forbidden_headers[i][0],
			forbidden_headers[i][1]));
	json_array_append_new(headers, json_pack("[s, s]", "X-Ok", "1"));
	json_array_append_new(
	    headers, json_pack("[s, s]", "X-HTTP-Method-Override", "PATCH"));
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/h", sport);
	start(&f, "POST", url, headers, "hello", 5000, &f);
	wait_for(&f);
	a = f.answer;
	seen = body_of(a);
	ck_assert_ptr_null(strstr(seen, "evil"));
	ck_assert_ptr_null(strcasestr(seen, "\r\ncookie"));
	ck_assert_ptr_null(strcasestr(seen, "\r\nsec-"));
	ck_assert_ptr_null(strcasestr(seen, "\r\nproxy-"));
	ck_assert_ptr_null(strcasestr(seen, "\r\ntransfer-encoding"));
	ck_assert_ptr_null(strcasestr(seen, "TRACE"));
	ck_assert_ptr_null(strcasestr(seen, "CONNECT"));
	ck_assert_ptr_null(strcasestr(seen, "track"));
	ck_assert_ptr_null(strstr(seen, ": 99"));
	/* libcurl writes Host and the framing from the URL and the body. */
	snprintf(host, sizeof(host), "\r\nHost: 127.0.0.1:%d\r\n", sport);
	ck_assert_msg(strstr(seen, host) != NULL, "%s", seen);
	ck_assert_msg(
	    strstr(seen, "\r\nContent-Length: 5\r\n") != NULL, "%s", seen);
	ck_assert_msg(strstr(seen, "\r\nX-Ok: 1\r\n") != NULL, "%s", seen);
	ck_assert_msg(
	    strstr(seen, "\r\nX-HTTP-Method-Override: PATCH\r\n") != NULL, "%s",
	    seen);
	ck_assert_msg(strstr(seen, "\r\n\r\nhello") != NULL, "%s", seen);
	ck_assert_uint_eq(mx.fetch_headers_dropped, n);
	json_decref(a);
	/* A forbidden method is refused outright. */
	ck_assert_ptr_null(start(&f, "TRACE", url, NULL, NULL, 5000, &f));
	ck_assert(f.done);
	ck_assert_ptr_nonnull(
	    strstr(error_of(f.answer), "CONNECT, TRACE and TRACK"));
	json_decref(f.answer);
	ob_teardown();
	test_http_stop();
}
END_TEST

/* Descriptors this process has open now. */
static int
open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while (readdir(d) != NULL)
		n++;
	closedir(d);
	return n;
}

START_TEST(test_fetches_in_flight_are_bounded)
{
	int port, l = test_http_listener(&port), base, i, owner_a, owner_b;
	char url[64], rule[64];
	struct fetched fa[6], fb[2], *many;
	struct outbound_req *ra[6];
	char *t;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", port);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/", port);
	/* 2 per execution, 3 in all, 2 more of one execution may wait. */
	ob_setup(rule, NULL, NULL, 2, 3, 2);
	for (i = 0; i < 4; i++)
		ck_assert_ptr_nonnull(ra[i] = start(&owner_a, "GET", url, NULL,
					  NULL, 10000, &fa[i]));
	/* The fifth of one execution finds its line full. */
	ck_assert_ptr_null(
	    start(&owner_a, "GET", url, NULL, NULL, 10000, &fa[4]));
	ck_assert(fa[4].done);
	t = texts_compose(CM_TEXT_FETCH_TOO_MANY, "4");
	ck_assert_str_eq(error_of(fa[4].answer), t);
	free(t);
	json_decref(fa[4].answer);
	ck_assert_uint_eq(mx.fetches_too_many, 1);
	test_evloop_spin(eb, 100);
	ck_assert_uint_eq(mx.fetches_running, 2);
	ck_assert_uint_eq(mx.fetches_waiting, 2);
	/* Another execution gets the one slot left in all; its second
	 * waits. */
	for (i = 0; i < 2; i++)
		ck_assert_ptr_nonnull(
		    start(&owner_b, "GET", url, NULL, NULL, 10000, &fb[i]));
	test_evloop_spin(eb, 100);
	ck_assert_uint_eq(mx.fetches_running, 3);
	ck_assert_uint_eq(mx.fetches_waiting, 3);
	/* Abandoning a running one lets the first waiting one that may run
	 * start: owner a's (it is under its bound again). */
	outbound_cancel(ra[0]);
	test_evloop_spin(eb, 100);
	ck_assert_uint_eq(mx.fetches_running, 3);
	ck_assert_uint_eq(mx.fetches_waiting, 2);
	for (i = 0; i < 4; i++)
		ck_assert(!fa[i].done);
	ob_teardown();
	/* Everything was cancelled: the gauges are back at zero. */
	ck_assert_uint_eq(mx.fetches_running, 0);
	ck_assert_uint_eq(mx.fetches_waiting, 0);

	/*
	 * The case: one run opening hundreds of fetches to a
	 * listener that never answers holds as many descriptors as may run,
	 * not one per fetch.
	 */
	ob_setup(rule, NULL, NULL, 4, 8, 1000);
	base = open_fds();
	many = calloc(300, sizeof(*many));
	for (i = 0; i < 300; i++)
		ck_assert_ptr_nonnull(
		    start(&owner_a, "GET", url, NULL, NULL, 10000, &many[i]));
	test_evloop_spin(eb, 300);
	ck_assert_uint_eq(mx.fetches_running, 4);
	ck_assert_uint_eq(mx.fetches_waiting, 296);
	ck_assert_msg(open_fds() <= base + 4 + 2, "%d descriptors, from %d",
	    open_fds(), base);
	ob_teardown();
	free(many);
	close(l);
}
END_TEST

START_TEST(test_a_waiting_fetch_spends_its_own_bound)
{
	int port, l = test_http_listener(&port);
	char url[64], rule[64];
	struct fetched f1, f2;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", port);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/", port);
	ob_setup(rule, NULL, NULL, 1, 1, 4);
	ck_assert_ptr_nonnull(start(&f1, "GET", url, NULL, NULL, 300, &f1));
	ck_assert_ptr_nonnull(start(&f1, "GET", url, NULL, NULL, 100, &f2));
	wait_for(&f1);
	wait_for(&f2);
	ck_assert_ptr_nonnull(strstr(error_of(f1.answer), "The fetch failed:"));
	ck_assert_msg(strstr(error_of(f2.answer),
			  "no connection came free within its bound of 100 "
			  "ms") != NULL,
	    "%s", error_of(f2.answer));
	json_decref(f1.answer);
	json_decref(f2.answer);
	ob_teardown();
	close(l);
}
END_TEST

/* ---- through a real daemon ---- */

static struct test_daemon td;

static void
daemon_up(const char *const *extra)
{
	ck_assert_int_eq(test_daemon_init(&td, "cm-outbound"), 0);
	ck_assert_msg(
	    test_daemon_spawn(&td, test_daemon_binary(), "error", extra) == 0,
	    "the daemon did not start");
}

/* Runs `code` natively; the result's JSON text (static). */
static const char *
run(const char *code)
{
	static char buf[65536];
	struct test_client c;
	struct test_answer a;
	const char *r;

	ck_assert_int_eq(test_client_open(&c, td.sock), 0);
	test_client_call(
	    &c, "execute", json_pack("[s, [], {}, n, s]", code, "native"), &a);
	ck_assert_int_eq(a.status, CAPNWEB_RESOLVED);
	r = json_string_value(json_object_get(a.value, "resultJson"));
	ck_assert_msg(r != NULL, "no result: %s",
	    json_string_value(json_object_get(a.value, "error")));
	snprintf(buf, sizeof(buf), "%s", r);
	test_answer_clear(&a);
	test_client_close(&c);
	return buf;
}

/* The guest's fetch of `url`: its text, or its rejection's message. */
static json_t *
guest_fetch(const char *url, const char *init)
{
	char code[2048];
	json_t *j;

	snprintf(code, sizeof(code),
	    "async () => { try { const r = await fetch('%s', %s); return "
	    "['ok', await r.text()] } catch (e) { return [e instanceof "
	    "TypeError, e.message] } }",
	    url, init ? init : "{}");
	ck_assert_ptr_nonnull(j = json_loads(run(code), 0, NULL));
	return j;
}

static long
daemon_metric(const char *name)
{
	static char buf[65536];
	const char *q = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
	char key[96], *m;
	size_t got = 0;
	int fd = test_connect_unix(td.sock);
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, q, strlen(q)), (ssize_t)strlen(q));
	while ((n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';
	snprintf(key, sizeof(key), "\n%s ", name);
	ck_assert_ptr_nonnull(m = strstr(buf, key));
	return atol(m + strlen(key));
}

/* Expects [true, FETCH_DENIED(address, reason)]. */
static void
expect_denied(json_t *j, const char *address, const char *reason)
{
	ck_assert(json_is_true(json_array_get(j, 0)));
	ck_assert_str_eq(json_string_value(json_array_get(j, 1)),
	    denied_text(address, reason));
	json_decref(j);
}

START_TEST(test_daemon_closes_loopback_until_allowed)
{
	int sport = test_http_start();
	char url[64], addr[32], rule[64];
	const char *flags[] = { "--outbound-allow", rule, NULL };
	const char *flags2[] = { "--outbound-allow", "10.0.0.1", NULL };
	json_t *j;

	snprintf(url, sizeof(url), "http://127.0.0.1:%d/d", sport);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", sport);
	snprintf(rule, sizeof(rule), "127.0.0.1:%d", sport);
	daemon_up(NULL);
	expect_denied(guest_fetch(url, NULL), addr, LOOPBACK_REASON);
	ck_assert_int_eq(daemon_metric("codemode_fetches_denied_total"), 1);
	/* localhost is the same address under a name. */
	snprintf(url, sizeof(url), "http://localhost:%d/d", sport);
	j = guest_fetch(url, NULL);
	ck_assert(json_is_true(json_array_get(j, 0)));
	ck_assert_msg(strstr(json_string_value(json_array_get(j, 1)),
			  "loopback addresses") != NULL,
	    "%s", json_string_value(json_array_get(j, 1)));
	json_decref(j);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	/* The flag opens it. */
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/d", sport);
	daemon_up(flags);
	j = guest_fetch(url, NULL);
	ck_assert_str_eq(json_string_value(json_array_get(j, 0)), "ok");
	ck_assert_ptr_nonnull(
	    strstr(json_string_value(json_array_get(j, 1)), "GET /d HTTP/1.1"));
	json_decref(j);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	/* So does the environment variable, and a flag replaces it. */
	setenv("CODEMODE_OUTBOUND_ALLOW", rule, 1);
	daemon_up(NULL);
	j = guest_fetch(url, NULL);
	ck_assert_str_eq(json_string_value(json_array_get(j, 0)), "ok");
	json_decref(j);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	daemon_up(flags2);
	expect_denied(guest_fetch(url, NULL), addr, LOOPBACK_REASON);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	unsetenv("CODEMODE_OUTBOUND_ALLOW");
	test_http_stop();
}
END_TEST

START_TEST(test_daemon_refuses_a_redirect_to_a_closed_listener)
{
	int port, l = test_http_listener(&port), sport = test_http_start();
	char url[160], addr[32], rule[64];
	const char *flags[] = { "--outbound-allow", rule, NULL };

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", sport);
	snprintf(url, sizeof(url),
	    "http://127.0.0.1:%d/redirect?to=http://127.0.0.1:%d/", sport,
	    port);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", port);
	daemon_up(flags);
	expect_denied(guest_fetch(url, NULL), addr, LOOPBACK_REASON);
	ck_assert(nothing_connected(l));
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	test_http_stop();
	close(l);
}
END_TEST

/* A TCP port that was free a moment ago. */
static int
free_port(void)
{
	int port, fd = test_http_listener(&port);

	close(fd);
	return port;
}

START_TEST(test_daemon_refuses_its_own_listener)
{
	char url[64], addr[32], portstr[16];
	const char *flags[] = { "--port", portstr, "--outbound-allow",
		"127.0.0.0/8", NULL };

	snprintf(portstr, sizeof(portstr), "%d", free_port());
	snprintf(url, sizeof(url), "http://127.0.0.1:%s/metrics", portstr);
	snprintf(addr, sizeof(addr), "127.0.0.1:%s", portstr);
	daemon_up(flags);
	expect_denied(guest_fetch(url, NULL), addr, SELF_REASON);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

START_TEST(test_daemon_drops_forbidden_headers)
{
	int sport = test_http_start();
	char url[64], rule[64], init[2048];
	const char *flags[] = { "--outbound-allow", rule, NULL };
	const char *seen;
	size_t i, n = sizeof(forbidden_headers) / sizeof(forbidden_headers[0]);
	json_t *j;
	int k;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", sport);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/h", sport);
	k = snprintf(init, sizeof(init),
	    "{ method: 'POST', body: 'hello', headers: [['X-Ok', '1']");
	for (i = 0; i < n; i++)
		k += snprintf(init + k, sizeof(init) - (size_t)k,
		    ", ['%s', '%s']", forbidden_headers[i][0],
		    forbidden_headers[i][1]);
	snprintf(init + k, sizeof(init) - (size_t)k, "] }");
	daemon_up(flags);
	j = guest_fetch(url, init);
	ck_assert_str_eq(json_string_value(json_array_get(j, 0)), "ok");
	seen = json_string_value(json_array_get(j, 1));
	ck_assert_msg(strstr(seen, "evil") == NULL, "%s", seen);
	ck_assert_msg(strcasestr(seen, "\r\ncookie") == NULL, "%s", seen);
	ck_assert_msg(strcasestr(seen, "\r\nsec-") == NULL, "%s", seen);
	ck_assert_msg(
	    strcasestr(seen, "transfer-encoding") == NULL, "%s", seen);
	ck_assert_msg(strcasestr(seen, "trace") == NULL, "%s", seen);
	ck_assert_msg(strcasestr(seen, "\r\nx-ok: 1\r\n") != NULL, "%s", seen);
	ck_assert_msg(strstr(seen, "\r\n\r\nhello") != NULL, "%s", seen);
	json_decref(j);
	ck_assert_int_eq(
	    daemon_metric("codemode_fetch_headers_dropped_total"), (long)n);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	test_http_stop();
}
END_TEST

START_TEST(test_daemon_bounds_a_runs_fetches)
{
	int port, l = test_http_listener(&port), i;
	char rule[64], code[1024], *t;
	const char *flags[] = { "--outbound-allow", rule,
		"--max-fetches-per-execution", "2", "--max-fetches-waiting",
		"3", NULL };
	json_t *j;

	snprintf(rule, sizeof(rule), "127.0.0.1:%d", port);
	/*
	 * Ten fetches to a listener that never answers: two run, three
	 * wait, five are refused at once; the run returns what settled
	 * within 700 ms and its fetches are abandoned with it.
	 */
	snprintf(code, sizeof(code),
	    "async () => { const out = []; for (let i = 0; i < 10; i++) "
	    "fetch('http://127.0.0.1:%d/').then(() => out.push('ok'), (e) "
	    "=> out.push(e.message)); await new Promise((r) => "
	    "setTimeout(r, 700)); return out }",
	    port);
	daemon_up(flags);
	ck_assert_ptr_nonnull(j = json_loads(run(code), 0, NULL));
	ck_assert_int_eq(json_array_size(j), 5);
	t = texts_compose(CM_TEXT_FETCH_TOO_MANY, "5");
	for (i = 0; i < 5; i++)
		ck_assert_str_eq(json_string_value(json_array_get(j, i)), t);
	free(t);
	json_decref(j);
	ck_assert_int_eq(daemon_metric("codemode_fetches_too_many_total"), 5);
	ck_assert_int_eq(daemon_metric("codemode_fetches_started_total"), 2);
	for (i = 0; i < 200 &&
	     daemon_metric("codemode_fetches_running") +
		     daemon_metric("codemode_fetches_waiting") !=
		 0;
	     i++)
		usleep(10000);
	ck_assert_int_eq(daemon_metric("codemode_fetches_running"), 0);
	ck_assert_int_eq(daemon_metric("codemode_fetches_waiting"), 0);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	close(l);
}
END_TEST

/*
 * The fetcher dies as libcurl 7.88 makes it die after a failed allocation
 * (SIGFPE) while a run's fetch is in flight: the run's fetch rejects with
 * FETCH_FAILED saying so, the daemon goes on, and the next run's fetch is
 * served by a new fetcher.
 */
START_TEST(test_daemon_survives_its_fetcher_crashing)
{
	int port, l = test_http_listener(&port), sport = test_http_start();
	const char *flags[] = { "--outbound-allow", "127.0.0.1", NULL };
	char url[64], *t;
	long first = 0;
	pid_t killer;
	json_t *j;
	int i, st;

	daemon_up(flags);
	ck_assert_int_eq(test_fetcher_of(td.pid), 0);
	ck_assert_int_ge(killer = fork(), 0);
	if (killer == 0) {
		/* The fetch starts the fetcher; kill it once it holds it. */
		for (i = 0; i < 1000 && (first = test_fetcher_of(td.pid)) == 0;
		     i++)
			usleep(10000);
		usleep(300000);
		_exit(first > 0 && kill((pid_t)first, SIGFPE) == 0 ? 0 : 1);
	}
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/hang", port);
	j = guest_fetch(url, NULL);
	ck_assert_int_eq(waitpid(killer, &st, 0), killer);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	    "no fetcher was found to kill");
	t = texts_compose(CM_TEXT_FETCH_FAILED,
	    "the fetcher process stopped (its link closed)");
	ck_assert(json_is_true(json_array_get(j, 0)));
	ck_assert_str_eq(json_string_value(json_array_get(j, 1)), t);
	free(t);
	json_decref(j);
	/* The daemon serves the next run, through a new fetcher. */
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/next", sport);
	j = guest_fetch(url, NULL);
	ck_assert_str_eq(json_string_value(json_array_get(j, 0)), "ok");
	json_decref(j);
	ck_assert_int_gt(test_fetcher_of(td.pid), 0);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
	test_http_stop();
	close(l);
}
END_TEST

/* Exit status of the daemon given `arg` (it must refuse to start). */
static int
daemon_exit(const char *flag, const char *value)
{
	pid_t pid;
	int st;

	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		int devnull = open("/dev/null", O_WRONLY);

		dup2(devnull, 2);
		execl(test_daemon_binary(), test_daemon_binary(), "--socket",
		    "/tmp/cm-outbound-never.sock", flag, value, (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_daemon_refuses_bad_outbound_flags)
{
	ck_assert_int_eq(daemon_exit("--outbound-allow", "ftp://x.example"), 2);
	ck_assert_int_eq(daemon_exit("--outbound-deny", "10.0.0.0/33"), 2);
	ck_assert_int_eq(daemon_exit("--max-fetches", "0"), 2);
	ck_assert_int_eq(daemon_exit("--max-fetches-per-execution", "0"), 2);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("outbound");
	TCase *tc = tcase_create("in-process");
	TCase *td_case = tcase_create("daemon");
	SRunner *sr;
	int failed;

	signal(SIGPIPE, SIG_IGN);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_loopback_is_refused_before_any_connection);
	tcase_add_test(tc, test_an_allow_rule_opens_the_listener);
	tcase_add_test(tc, test_a_refused_option_fails_before_the_fetch_starts);
	tcase_add_test(tc, test_a_name_resolved_to_loopback_is_refused);
	tcase_add_test(tc, test_each_redirect_hop_is_checked);
	tcase_add_test(tc, test_the_daemons_own_listener_is_refused);
	tcase_add_test(tc, test_forbidden_headers_never_reach_the_listener);
	tcase_add_test(tc, test_fetches_in_flight_are_bounded);
	tcase_add_test(tc, test_a_waiting_fetch_spends_its_own_bound);
	suite_add_tcase(s, tc);
	tcase_set_timeout(td_case, 60);
	tcase_add_test(td_case, test_daemon_closes_loopback_until_allowed);
	tcase_add_test(
	    td_case, test_daemon_refuses_a_redirect_to_a_closed_listener);
	tcase_add_test(td_case, test_daemon_refuses_its_own_listener);
	tcase_add_test(td_case, test_daemon_drops_forbidden_headers);
	tcase_add_test(td_case, test_daemon_bounds_a_runs_fetches);
	tcase_add_test(td_case, test_daemon_survives_its_fetcher_crashing);
	tcase_add_test(td_case, test_daemon_refuses_bad_outbound_flags);
	suite_add_tcase(s, td_case);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
