/*
 * libcurl's multi interface driven by libevent: curl tells us which
 * sockets to watch (outbound_on_socket) and when to time out
 * (outbound_on_timer_set); libevent tells curl what happened
 * (outbound_on_event, outbound_on_timeout). Finished transfers are
 * collected in outbound_check_done(), the one place running requests end.
 *
 * The policy sits in two libcurl hooks: outbound_on_opensocket sees every
 * address before a socket is connected to it (a refused one never gets a
 * socket, and libcurl moves on to the name's next address), and
 * outbound_on_prereq sees the connection each request, each redirect
 * included, is about to be sent on. Both check the address together with
 * the URL of the hop (CURLINFO_EFFECTIVE_URL), so host and scheme rules
 * apply to redirects as well.
 */
#include <sys/queue.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>
#include <event2/event.h>

#include "proto/base64.h"
#include "ipc/ipcmsg.h"
#include "log.h"
#include "metrics.h"
#include "netpolicy.h"
#include "outbound.h"
#include "proto/texts.h"

/* The requests of one owner (an execution), while it has any. */
struct outbound_owner {
	LIST_ENTRY(outbound_owner) entry;
	const void *key;
	unsigned running, waiting;
};

struct outbound_req {
	TAILQ_ENTRY(outbound_req) entry; /* in ob->reqs */
	TAILQ_ENTRY(outbound_req) wait_entry; /* in ob->waiting, if waiting */
	struct outbound *ob;
	struct outbound_owner *owner;
	int running; /* in the multi handle (else waiting, or ending) */
	int waiting;
	double deadline; /* monotonic seconds: the fetch's whole bound */
	long timeout_ms;
	CURL *easy;
	struct curl_slist *req_headers;
	uint8_t *req_body;
	json_t *resp_headers; /* [[name, value], ...] */
	char *status_text;
	uint8_t *body;
	size_t body_len, body_cap;
	int too_large;
	int denied; /* the policy refused an address: `refusal` says why */
	struct netpolicy_decision refusal;
	outbound_done_fn done;
	void *arg;
	char errbuf[CURL_ERROR_SIZE];
	char setopt_why[160]; /* the first option libcurl refused, or "" */
};

TAILQ_HEAD(outbound_req_list, outbound_req);

struct outbound {
	struct event_base *base;
	CURLM *multi;
	struct event *ev_timer;
	struct event *ev_pump; /* starts waiting requests from the loop */
	struct outbound_req_list reqs;
	struct outbound_req_list waiting; /* in arrival order */
	LIST_HEAD(, outbound_owner) owners;
	unsigned running;
	struct outbound_options o;
	struct curl_slist *resolve;
};

/* The libevent watch of one curl socket. */
struct outbound_sock {
	struct event *ev;
	struct outbound *ob;
};

static void outbound_check_done(struct outbound *);

static double
outbound_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
outbound_count(struct outbound *ob, enum metrics_event ev)
{
	if (ob->o.metrics != NULL)
		metrics_count(ob->o.metrics, ev);
	if (ob->o.on_count != NULL)
		ob->o.on_count(ob->o.count_arg, (int)ev);
}

/* Waiting requests may start: do it from the loop, not from inside a
 * callback of the request that ended. */
static void
outbound_schedule_pump(struct outbound *ob)
{
	if (!TAILQ_EMPTY(&ob->waiting) && ob->ev_pump != NULL)
		event_active(ob->ev_pump, EV_TIMEOUT, 0);
}

static void
outbound_req_free(struct outbound_req *r)
{
	struct outbound *ob = r->ob;
	struct outbound_owner *ow = r->owner;

	TAILQ_REMOVE(&ob->reqs, r, entry);
	if (r->waiting) {
		TAILQ_REMOVE(&ob->waiting, r, wait_entry);
		ow->waiting--;
		outbound_count(ob, METRICS_FETCH_UNWAIT);
	}
	if (r->running) {
		ow->running--;
		ob->running--;
		outbound_count(ob, METRICS_FETCH_END);
		outbound_schedule_pump(ob);
	}
	if (ow != NULL && ow->running == 0 && ow->waiting == 0) {
		LIST_REMOVE(ow, entry);
		free(ow);
	}
	if (r->easy) {
		if (r->running)
			curl_multi_remove_handle(ob->multi, r->easy);
		curl_easy_cleanup(r->easy);
	}
	curl_slist_free_all(r->req_headers);
	json_decref(r->resp_headers);
	free(r->req_body);
	free(r->status_text);
	free(r->body);
	free(r);
}

/* Answers once with {"error": why} and frees the request. */
static void
outbound_fail(struct outbound_req *r, const char *why)
{
	size_t len;
	char *s = ipcmsg_outbound_error_encode(why, &len);
	outbound_done_fn done = r->done;
	void *arg = r->arg;

	outbound_req_free(r);
	done(arg, s ? s : IPCMSG_OUTBOUND_NOMEM,
	    s ? len : sizeof(IPCMSG_OUTBOUND_NOMEM) - 1);
	free(s);
}

/* outbound_fail with a composed text (one parameter or none). */
static void
outbound_fail_text(
    struct outbound_req *r, enum cm_spec_text id, const char *param)
{
	char *t = param ? texts_compose(id, param) : texts_compose(id);

	outbound_fail(r, t ? t : "The fetch failed.");
	free(t);
}

/*
 * Every option goes through one check: an option that did not take (out
 * of memory copying a string, a value libcurl refuses) would leave a
 * handle configured by half -- without the proxy override, the policy's
 * callbacks, the protocol list or a bound -- and such a handle must never
 * run. The first refusal is kept, and the fetch fails before it starts.
 */
#define OUTBOUND_SET(r, opt, val)                                              \
	outbound_set_checked((r), curl_easy_setopt((r)->easy, opt, val), #opt)

static void
outbound_set_checked(struct outbound_req *r, CURLcode rc, const char *name)
{
	if (rc == CURLE_OK || r->setopt_why[0] != '\0')
		return;
	snprintf(r->setopt_why, sizeof(r->setopt_why),
	    "libcurl refused its option %s (%s)", name, curl_easy_strerror(rc));
}

static void
outbound_succeed(struct outbound_req *r)
{
	long status = 0;
	char *b64 = malloc(base64_encoded_len(r->body_len, 1) + 1), *s = NULL;
	struct ipcmsg_outbound_response m;
	size_t i, len = 0, n = json_array_size(r->resp_headers);
	json_t *pair;
	outbound_done_fn done = r->done;
	void *arg = r->arg;

	memset(&m, 0, sizeof(m));
	curl_easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &status);
	if (n > 0 && (m.headers = calloc(n, sizeof(*m.headers))) != NULL) {
		json_array_foreach(r->resp_headers, i, pair)
		{
			m.headers[i].name.s =
			    json_string_value(json_array_get(pair, 0));
			m.headers[i].name.len =
			    json_string_length(json_array_get(pair, 0));
			m.headers[i].value.s =
			    json_string_value(json_array_get(pair, 1));
			m.headers[i].value.len =
			    json_string_length(json_array_get(pair, 1));
		}
		m.nheaders = n;
	}
	if (b64 != NULL && (n == 0 || m.headers != NULL)) {
		base64_encode(r->body, r->body_len, 1, b64);
		m.status = (int)status;
		m.status_text.s = r->status_text ? r->status_text : "";
		m.status_text.len = strlen(m.status_text.s);
		m.body.s = b64;
		m.body.len = strlen(b64);
		/* Refused (a status outside 0..999): no response to hand. */
		if (status >= 0 && status <= 999)
			s = ipcmsg_outbound_response_encode(&m, &len);
	}
	free(m.headers);
	free(b64);
	if (s == NULL) {
		outbound_fail_text(r, CM_TEXT_FETCH_FAILED,
		    "the executor could not hand the response over");
		return;
	}
	outbound_req_free(r);
	done(arg, s, len);
	free(s);
}

static size_t
outbound_on_body(char *p, size_t size, size_t n, void *arg)
{
	struct outbound_req *r = arg;
	size_t len = size * n;

	if (r->body_len + len > r->ob->o.max_body) {
		r->too_large = 1;
		return 0; /* aborts the transfer */
	}
	if (r->body_len + len > r->body_cap) {
		size_t cap = r->body_cap ? r->body_cap * 2 : 16384;
		uint8_t *nb;

		while (cap < r->body_len + len)
			cap *= 2;
		if ((nb = realloc(r->body, cap)) == NULL)
			return 0;
		r->body = nb;
		r->body_cap = cap;
	}
	memcpy(r->body + r->body_len, p, len);
	r->body_len += len;
	return len;
}

/* Response heads: a redirect starts a new head, so the last one wins. */
static size_t
outbound_on_header(char *p, size_t size, size_t n, void *arg)
{
	struct outbound_req *r = arg;
	size_t len = size * n, k;
	const char *colon;

	if (len >= 5 && memcmp(p, "HTTP/", 5) == 0) {
		const char *sp = memchr(p, ' ', len), *sp2;

		json_array_clear(r->resp_headers);
		free(r->status_text);
		r->status_text = NULL;
		if (sp &&
		    (sp2 = memchr(sp + 1, ' ', len - (size_t)(sp + 1 - p)))) {
			k = len - (size_t)(sp2 + 1 - p);
			while (k > 0 &&
			    (sp2[k] == '\r' || sp2[k] == '\n' ||
				sp2[k] == '\0'))
				k--;
			r->status_text = strndup(sp2 + 1, k);
		}
		return len;
	}
	if ((colon = memchr(p, ':', len)) == NULL)
		return len;
	{
		const char *v = colon + 1, *end = p + len;
		json_t *pair;

		while (v < end && (*v == ' ' || *v == '\t'))
			v++;
		while (end > v &&
		    (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' '))
			end--;
		pair = json_pack(
		    "[s%, s%]", p, (size_t)(colon - p), v, (size_t)(end - v));
		if (pair)
			json_array_append_new(r->resp_headers, pair);
	}
	return len;
}

static void
outbound_on_event(evutil_socket_t fd, short what, void *arg)
{
	struct outbound *ob = arg;
	int running, action = 0;

	if (what & EV_READ)
		action |= CURL_CSELECT_IN;
	if (what & EV_WRITE)
		action |= CURL_CSELECT_OUT;
	curl_multi_socket_action(ob->multi, fd, action, &running);
	outbound_check_done(ob);
}

static void
outbound_on_timeout(evutil_socket_t fd, short what, void *arg)
{
	struct outbound *ob = arg;
	int running;

	(void)fd;
	(void)what;
	curl_multi_socket_action(ob->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	outbound_check_done(ob);
}

/* curl: watch `s` for `what`, or stop watching it. */
static int
outbound_on_socket(
    CURL *easy, curl_socket_t s, int what, void *arg, void *sockp)
{
	struct outbound *ob = arg;
	struct outbound_sock *os = sockp;
	short kind = EV_PERSIST;

	(void)easy;
	if (what == CURL_POLL_REMOVE) {
		if (os) {
			event_free(os->ev);
			free(os);
			curl_multi_assign(ob->multi, s, NULL);
		}
		return 0;
	}
	if (what & CURL_POLL_IN)
		kind |= EV_READ;
	if (what & CURL_POLL_OUT)
		kind |= EV_WRITE;
	if (os == NULL) {
		if ((os = calloc(1, sizeof(*os))) == NULL)
			return -1;
		os->ob = ob;
		curl_multi_assign(ob->multi, s, os);
	} else
		event_free(os->ev);
	if ((os->ev = event_new(ob->base, s, kind, outbound_on_event, ob)) ==
	    NULL)
		return -1;
	return event_add(os->ev, NULL);
}

/* curl: call me back in `ms` (-1: never). */
static int
outbound_on_timer_set(CURLM *multi, long ms, void *arg)
{
	struct outbound *ob = arg;
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	(void)multi;
	if (ms < 0)
		return evtimer_del(ob->ev_timer);
	return evtimer_add(ob->ev_timer, &tv);
}

/*
 * The scheme and host of the URL the transfer is on now (the first one,
 * or the redirect being followed) into `scheme` and `host`; empty when
 * libcurl cannot say, so host and scheme rules then do not match.
 */
static void
outbound_hop(
    struct outbound_req *r, char *scheme, size_t slen, char *host, size_t hlen)
{
	char *url = NULL, *part = NULL;
	CURLU *u;

	scheme[0] = host[0] = '\0';
	if (curl_easy_getinfo(r->easy, CURLINFO_EFFECTIVE_URL, &url) !=
		CURLE_OK ||
	    url == NULL || (u = curl_url()) == NULL)
		return;
	if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK) {
		if (curl_url_get(u, CURLUPART_SCHEME, &part, 0) == CURLUE_OK) {
			snprintf(scheme, slen, "%s", part);
			curl_free(part);
		}
		if (curl_url_get(u, CURLUPART_HOST, &part, 0) == CURLUE_OK) {
			snprintf(host, hlen, "%s", part);
			curl_free(part);
		}
	}
	curl_url_cleanup(u);
}

/* Puts one address to the policy; 1 to go ahead, 0 refused (recorded). */
static int
outbound_allowed(
    struct outbound_req *r, const struct sockaddr *sa, socklen_t salen)
{
	char scheme[16], host[256];
	struct netpolicy_decision d;

	outbound_hop(r, scheme, sizeof(scheme), host, sizeof(host));
	if (netpolicy_check(r->ob->o.policy, scheme, host, sa, salen, &d))
		return 1;
	/* The first refusal is the one the guest hears. */
	if (!r->denied) {
		r->denied = 1;
		r->refusal = d;
	}
	return 0;
}

/* curl: a socket for `a`, unless the policy refuses the address. */
static curl_socket_t
outbound_on_opensocket(void *arg, curlsocktype purpose, struct curl_sockaddr *a)
{
	struct outbound_req *r = arg;

	(void)purpose;
	if (!outbound_allowed(r, &a->addr, (socklen_t)a->addrlen))
		return CURL_SOCKET_BAD;
	/* Close-on-exec: the daemon forks and execs its zygotes. */
	return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

/*
 * curl: the connection this request (first or redirected, new or reused)
 * is about to go out on. A second look at the address, with the hop's
 * URL, before a byte of the request is sent.
 */
static int
outbound_on_prereq(void *arg, char *primary_ip, char *local_ip,
    int primary_port, int local_port)
{
	struct outbound_req *r = arg;
	struct sockaddr_storage ss;
	socklen_t len;

	(void)local_ip;
	(void)local_port;
	memset(&ss, 0, sizeof(ss));
	if (inet_pton(AF_INET, primary_ip,
		&((struct sockaddr_in *)&ss)->sin_addr) == 1) {
		ss.ss_family = AF_INET;
		((struct sockaddr_in *)&ss)->sin_port =
		    htons((uint16_t)primary_port);
		len = sizeof(struct sockaddr_in);
	} else if (inet_pton(AF_INET6, primary_ip,
		       &((struct sockaddr_in6 *)&ss)->sin6_addr) == 1) {
		ss.ss_family = AF_INET6;
		((struct sockaddr_in6 *)&ss)->sin6_port =
		    htons((uint16_t)primary_port);
		len = sizeof(struct sockaddr_in6);
	} else
		len = 0; /* an address the policy cannot read: refused */
	return outbound_allowed(r, (struct sockaddr *)&ss, len)
	    ? CURL_PREREQFUNC_OK
	    : CURL_PREREQFUNC_ABORT;
}

/* Answers a refused fetch with FETCH_DENIED; counts and logs it. */
static void
outbound_deny(struct outbound_req *r)
{
	const struct netpolicy_decision *d = &r->refusal;
	char *t;

	outbound_count(r->ob, METRICS_FETCH_DENIED);
	log_write(LOG_INFO,
	    "event=fetch_denied address=%s verdict=%s rule=\"%s\" "
	    "reason=\"%s\"",
	    d->address,
	    d->verdict == NETPOLICY_DENIED_RULE	      ? "deny-rule"
		: d->verdict == NETPOLICY_DENIED_SELF ? "own-listener"
						      : "default-range",
	    d->rule ? d->rule : "", d->reason);
	t = texts_compose(CM_TEXT_FETCH_DENIED, d->address, d->reason);
	outbound_fail(r, t ? t : "The fetch was refused.");
	free(t);
}

static void
outbound_check_done(struct outbound *ob)
{
	CURLMsg *m;
	int left;

	while ((m = curl_multi_info_read(ob->multi, &left)) != NULL) {
		struct outbound_req *r = NULL;
		char why[512];
		CURLcode rc;

		if (m->msg != CURLMSG_DONE)
			continue;
		rc = m->data.result;
		curl_easy_getinfo(
		    m->easy_handle, CURLINFO_PRIVATE, (char **)&r);
		if (r == NULL)
			continue;
		if (rc == CURLE_OK) {
			outbound_succeed(r);
			continue;
		}
		/*
		 * A refused address fails the transfer as a connect failure
		 * (every address refused) or an abort (the prereq hook).
		 */
		if (r->denied &&
		    (rc == CURLE_COULDNT_CONNECT ||
			rc == CURLE_ABORTED_BY_CALLBACK))
			outbound_deny(r);
		else if (r->too_large) {
			snprintf(why, sizeof(why), "%zu", ob->o.max_body);
			outbound_fail_text(
			    r, CM_TEXT_FETCH_RESPONSE_TOO_LARGE, why);
		} else
			outbound_fail_text(r, CM_TEXT_FETCH_FAILED,
			    r->errbuf[0] ? r->errbuf : curl_easy_strerror(rc));
	}
}

/*
 * Starts waiting requests while slots are free: the first in arrival
 * order whose owner is under its own bound. One whose time bound passed
 * while it waited fails without starting.
 */
static void
outbound_pump(struct outbound *ob)
{
	struct outbound_req *r;
	double left;
	int running;

	while (ob->running < ob->o.max_total) {
		TAILQ_FOREACH(r, &ob->waiting, wait_entry)
		if (r->owner->running < ob->o.max_per_owner)
			break;
		if (r == NULL)
			return;
		TAILQ_REMOVE(&ob->waiting, r, wait_entry);
		r->waiting = 0;
		r->owner->waiting--;
		outbound_count(ob, METRICS_FETCH_UNWAIT);
		left = r->deadline - outbound_now();
		if (left < 0.001) {
			char why[160];

			snprintf(why, sizeof(why),
			    "no connection came free within its bound of %ld "
			    "ms",
			    r->timeout_ms);
			outbound_fail_text(r, CM_TEXT_FETCH_FAILED, why);
			continue;
		}
		OUTBOUND_SET(r, CURLOPT_TIMEOUT_MS, (long)(left * 1000));
		if (r->setopt_why[0] != '\0') {
			outbound_fail_text(
			    r, CM_TEXT_FETCH_NOT_STARTED, r->setopt_why);
			continue;
		}
		if (curl_multi_add_handle(ob->multi, r->easy) != CURLM_OK) {
			outbound_fail_text(r, CM_TEXT_FETCH_NOT_STARTED,
			    "libcurl refused the transfer");
			continue;
		}
		r->running = 1;
		r->owner->running++;
		ob->running++;
		outbound_count(ob, METRICS_FETCH_START);
	}
	/* Let curl start what was added (its timer does it too). */
	curl_multi_socket_action(ob->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	outbound_check_done(ob);
}

static void
outbound_on_pump(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	outbound_pump(arg);
}

struct outbound *
outbound_new(struct event_base *base, const struct outbound_options *o)
{
	struct outbound *ob;
	const char *const *e;

	if (o == NULL || o->policy == NULL ||
	    curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK ||
	    (ob = calloc(1, sizeof(*ob))) == NULL)
		return NULL;
	ob->base = base;
	ob->o = *o;
	ob->o.resolve = NULL;
	if (ob->o.max_per_owner == 0)
		ob->o.max_per_owner = 1;
	if (ob->o.max_total == 0)
		ob->o.max_total = 1;
	TAILQ_INIT(&ob->reqs);
	TAILQ_INIT(&ob->waiting);
	LIST_INIT(&ob->owners);
	ob->multi = curl_multi_init();
	ob->ev_timer = evtimer_new(base, outbound_on_timeout, ob);
	ob->ev_pump = event_new(base, -1, 0, outbound_on_pump, ob);
	if (ob->multi == NULL || ob->ev_timer == NULL || ob->ev_pump == NULL) {
		outbound_free(ob);
		return NULL;
	}
	for (e = o->resolve; e != NULL && *e != NULL; e++) {
		struct curl_slist *nl = curl_slist_append(ob->resolve, *e);

		if (nl == NULL) {
			outbound_free(ob);
			return NULL;
		}
		ob->resolve = nl;
	}
	/*
	 * Idle connections libcurl keeps for reuse hold descriptors too:
	 * no more of them than fetches may run. A multi handle missing
	 * any of these never drives a fetch: no fetcher then.
	 */
	if (curl_multi_setopt(ob->multi, CURLMOPT_SOCKETFUNCTION,
		outbound_on_socket) != CURLM_OK ||
	    curl_multi_setopt(ob->multi, CURLMOPT_SOCKETDATA, ob) != CURLM_OK ||
	    curl_multi_setopt(ob->multi, CURLMOPT_TIMERFUNCTION,
		outbound_on_timer_set) != CURLM_OK ||
	    curl_multi_setopt(ob->multi, CURLMOPT_TIMERDATA, ob) != CURLM_OK ||
	    curl_multi_setopt(ob->multi, CURLMOPT_MAXCONNECTS,
		(long)ob->o.max_total) != CURLM_OK) {
		outbound_free(ob);
		return NULL;
	}
	return ob;
}

void
outbound_free(struct outbound *ob)
{
	struct outbound_req *r;

	if (ob == NULL)
		return;
	while ((r = TAILQ_FIRST(&ob->reqs)) != NULL)
		outbound_req_free(r);
	if (ob->multi)
		curl_multi_cleanup(ob->multi);
	if (ob->ev_timer)
		event_free(ob->ev_timer);
	if (ob->ev_pump)
		event_free(ob->ev_pump);
	curl_slist_free_all(ob->resolve);
	free(ob);
}

void
outbound_cancel(struct outbound_req *r)
{
	outbound_req_free(r);
}

/*
 * Copies the request's method, headers and body onto the easy handle.
 * Returns 0, or -1 with the text to fail with in *id and its parameter
 * in *what.
 */
static int
outbound_setup(struct outbound_req *r, const json_t *req, enum cm_spec_text *id,
    const char **what)
{
	const char *method, *url, *b64;
	const json_t *headers, *body, *h;
	size_t i;
	long n;

	/* Read in place: json_unpack allocates, and a failure there is no
	 * malformed request. */
	method = json_string_value(json_object_get(req, "method"));
	url = json_string_value(json_object_get(req, "url"));
	headers = json_object_get(req, "headers");
	body = json_object_get(req, "body");
	if (method == NULL || url == NULL || body == NULL ||
	    !json_is_array(headers)) {
		*what = "method, url, headers or body missing";
		*id = CM_TEXT_FETCH_REQUEST_MALFORMED;
		return -1;
	}
	if (strncasecmp(url, "http://", 7) != 0 &&
	    strncasecmp(url, "https://", 8) != 0) {
		*id = CM_TEXT_FETCH_SCHEME;
		return -1;
	}
	/* The Fetch standard refuses these methods outright. */
	if (netpolicy_method_forbidden(method, strlen(method))) {
		*what = "CONNECT, TRACE and TRACK cannot be sent";
		*id = CM_TEXT_FETCH_REQUEST_MALFORMED;
		return -1;
	}
	OUTBOUND_SET(r, CURLOPT_URL, url);
	OUTBOUND_SET(r, CURLOPT_PROTOCOLS_STR, "http,https");
	OUTBOUND_SET(r, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	OUTBOUND_SET(r, CURLOPT_FOLLOWLOCATION, 1L);
	OUTBOUND_SET(r, CURLOPT_MAXREDIRS, (long)OUTBOUND_MAX_REDIRECTS);
	OUTBOUND_SET(r, CURLOPT_NOSIGNAL, 1L);
	OUTBOUND_SET(r, CURLOPT_CUSTOMREQUEST, method);
	OUTBOUND_SET(r, CURLOPT_ACCEPT_ENCODING, "");
	OUTBOUND_SET(
	    r, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)r->ob->o.max_body);
	/*
	 * The policy decides on the address connected to: a proxy from the
	 * environment (http_proxy and friends) would be that address
	 * instead, so native fetches never use one.
	 */
	OUTBOUND_SET(r, CURLOPT_PROXY, "");
	OUTBOUND_SET(r, CURLOPT_OPENSOCKETFUNCTION, outbound_on_opensocket);
	OUTBOUND_SET(r, CURLOPT_OPENSOCKETDATA, r);
	OUTBOUND_SET(r, CURLOPT_PREREQFUNCTION, outbound_on_prereq);
	OUTBOUND_SET(r, CURLOPT_PREREQDATA, r);
	if (r->ob->resolve != NULL)
		OUTBOUND_SET(r, CURLOPT_RESOLVE, r->ob->resolve);
	if (strcmp(method, "HEAD") == 0)
		OUTBOUND_SET(r, CURLOPT_NOBODY, 1L);
	json_array_foreach(headers, i, h)
	{
		const json_t *jk = json_array_get(h, 0),
			     *jv = json_array_get(h, 1);
		const char *k = json_string_value(jk);
		const char *v = json_string_value(jv);
		char line[8192];
		struct curl_slist *nl;

		if (k == NULL || v == NULL || strpbrk(k, "\r\n:") ||
		    strpbrk(v, "\r\n")) {
			*what = "a header is not a name and value pair";
			*id = CM_TEXT_FETCH_REQUEST_MALFORMED;
			return -1;
		}
		/*
		 * What the Fetch standard forbids a script to set is dropped,
		 * as a browser's Headers object ignores it: libcurl writes
		 * Host, Content-Length and the framing from the URL and body
		 * itself, and the rest is the user agent's to send or not.
		 */
		if (netpolicy_header_forbidden(
			k, json_string_length(jk), v, json_string_length(jv))) {
			outbound_count(r->ob, METRICS_FETCH_HEADER_DROPPED);
			continue;
		}
		snprintf(line, sizeof(line), "%s: %s", k, v);
		if ((nl = curl_slist_append(r->req_headers, line)) == NULL) {
			*what = "the executor ran out of memory";
			*id = CM_TEXT_FETCH_NOT_STARTED;
			return -1;
		}
		r->req_headers = nl;
	}
	/* curl must not add an Expect the guest did not ask for. */
	{
		struct curl_slist *nl =
		    curl_slist_append(r->req_headers, "Expect:");

		if (nl == NULL) {
			*what = "the executor ran out of memory";
			*id = CM_TEXT_FETCH_NOT_STARTED;
			return -1;
		}
		r->req_headers = nl;
	}
	OUTBOUND_SET(r, CURLOPT_HTTPHEADER, r->req_headers);
	if (json_is_string(body)) {
		b64 = json_string_value(body);
		if ((r->req_body = malloc(strlen(b64) * 3 / 4 + 3)) == NULL) {
			*what = "the executor ran out of memory";
			*id = CM_TEXT_FETCH_NOT_STARTED;
			return -1;
		}
		if ((n = base64_decode(b64, strlen(b64), r->req_body)) < 0) {
			*what = "the body is not base64";
			*id = CM_TEXT_FETCH_REQUEST_MALFORMED;
			return -1;
		}
		OUTBOUND_SET(r, CURLOPT_POSTFIELDS, r->req_body);
		OUTBOUND_SET(r, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)n);
	}
	/* Here and in outbound_start: one refused option, no fetch. */
	if (r->setopt_why[0] != '\0') {
		*what = r->setopt_why;
		*id = CM_TEXT_FETCH_NOT_STARTED;
		return -1;
	}
	return 0;
}

/* The owner entry of `key`, made on its first request. */
static struct outbound_owner *
outbound_owner_get(struct outbound *ob, const void *key)
{
	struct outbound_owner *ow;

	LIST_FOREACH(ow, &ob->owners, entry)
	if (ow->key == key)
		return ow;
	if ((ow = calloc(1, sizeof(*ow))) == NULL)
		return NULL;
	ow->key = key;
	LIST_INSERT_HEAD(&ob->owners, ow, entry);
	return ow;
}

struct outbound_req *
outbound_start(struct outbound *ob, const void *owner, const json_t *request,
    long timeout_ms, outbound_done_fn done, void *arg)
{
	struct outbound_req *r;
	enum cm_spec_text why = CM_TEXT_FETCH_NOT_STARTED;
	const char *what = NULL;
	char num[24];

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		/* nothing to compose with */
		done(arg, IPCMSG_OUTBOUND_NOMEM,
		    sizeof(IPCMSG_OUTBOUND_NOMEM) - 1);
		return NULL;
	}
	r->ob = ob;
	r->done = done;
	r->arg = arg;
	r->timeout_ms = timeout_ms;
	r->deadline = outbound_now() + (double)timeout_ms / 1000.0;
	TAILQ_INSERT_TAIL(&ob->reqs, r, entry);
	if ((r->easy = curl_easy_init()) == NULL ||
	    (r->resp_headers = json_array()) == NULL ||
	    (r->owner = outbound_owner_get(ob, owner)) == NULL) {
		outbound_fail_text(r, CM_TEXT_FETCH_NOT_STARTED,
		    "the executor ran out of memory");
		return NULL;
	}
	OUTBOUND_SET(r, CURLOPT_PRIVATE, r);
	OUTBOUND_SET(r, CURLOPT_ERRORBUFFER, r->errbuf);
	OUTBOUND_SET(r, CURLOPT_WRITEFUNCTION, outbound_on_body);
	OUTBOUND_SET(r, CURLOPT_WRITEDATA, r);
	OUTBOUND_SET(r, CURLOPT_HEADERFUNCTION, outbound_on_header);
	OUTBOUND_SET(r, CURLOPT_HEADERDATA, r);
	if (outbound_setup(r, request, &why, &what) != 0) {
		outbound_fail_text(r, why, what);
		return NULL;
	}
	/* An owner holds at most its in-flight bound plus its waiting line. */
	if (r->owner->running + r->owner->waiting >=
	    ob->o.max_per_owner + ob->o.max_waiting) {
		outbound_count(ob, METRICS_FETCH_TOO_MANY);
		log_write(LOG_INFO, "event=fetch_refused running=%u waiting=%u",
		    r->owner->running, r->owner->waiting);
		snprintf(num, sizeof(num), "%u",
		    r->owner->running + r->owner->waiting);
		outbound_fail_text(r, CM_TEXT_FETCH_TOO_MANY, num);
		return NULL;
	}
	/* In line behind the others, and started from the loop when a slot
	 * is free (at once, if one is). */
	r->waiting = 1;
	r->owner->waiting++;
	TAILQ_INSERT_TAIL(&ob->waiting, r, wait_entry);
	outbound_count(ob, METRICS_FETCH_WAIT);
	outbound_schedule_pump(ob);
	return r;
}
