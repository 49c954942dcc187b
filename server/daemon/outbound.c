/*
 * libcurl's multi interface driven by libevent: curl tells us which
 * sockets to watch (outbound_on_socket) and when to time out
 * (outbound_on_timer_set); libevent tells curl what happened
 * (outbound_on_event, outbound_on_timeout). Finished transfers are
 * collected in outbound_check_done(), the one place requests end.
 */
#include <sys/queue.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>
#include <event2/event.h>

#include "proto/base64.h"
#include "ipc/ipcmsg.h"
#include "outbound.h"
#include "proto/texts.h"

struct outbound_req {
	TAILQ_ENTRY(outbound_req) entry;
	struct outbound *ob;
	CURL *easy;
	struct curl_slist *req_headers;
	uint8_t *req_body;
	json_t *resp_headers; /* [[name, value], ...] */
	char *status_text;
	uint8_t *body;
	size_t body_len, body_cap;
	int too_large;
	outbound_done_fn done;
	void *arg;
	char errbuf[CURL_ERROR_SIZE];
};

TAILQ_HEAD(outbound_req_list, outbound_req);

struct outbound {
	struct event_base *base;
	CURLM *multi;
	struct event *ev_timer;
	struct outbound_req_list reqs;
	size_t max_body;
};

/* The libevent watch of one curl socket. */
struct outbound_sock {
	struct event *ev;
	struct outbound *ob;
};

static void outbound_check_done(struct outbound *);

static void
outbound_req_free(struct outbound_req *r)
{
	TAILQ_REMOVE(&r->ob->reqs, r, entry);
	if (r->easy) {
		curl_multi_remove_handle(r->ob->multi, r->easy);
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
static void outbound_fail(struct outbound_req *r, const char *why);

/* outbound_fail with a composed text (one parameter or none). */
static void
outbound_fail_text(
    struct outbound_req *r, enum cm_spec_text id, const char *param)
{
	char *t = param ? texts_compose(id, param) : texts_compose(id);

	outbound_fail(r, t ? t : "The fetch failed.");
	free(t);
}

/* Both answers are OUTBOUND_RESPONSE payloads, written by its encoder. */
static void
outbound_fail(struct outbound_req *r, const char *why)
{
	struct ipcmsg_outbound_response m;
	size_t len = 0;
	char *s;
	outbound_done_fn done = r->done;
	void *arg = r->arg;

	memset(&m, 0, sizeof(m));
	m.error.s = why;
	m.error.len = strlen(why);
	s = ipcmsg_outbound_response_encode(&m, &len);
	outbound_req_free(r);
	done(arg, s ? s : "{\"error\":\"out of memory\"}", s ? len : 25);
	free(s);
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

	if (r->body_len + len > r->ob->max_body) {
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

static void
outbound_check_done(struct outbound *ob)
{
	CURLMsg *m;
	int left;

	while ((m = curl_multi_info_read(ob->multi, &left)) != NULL) {
		struct outbound_req *r = NULL;
		char why[512];

		if (m->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(
		    m->easy_handle, CURLINFO_PRIVATE, (char **)&r);
		if (r == NULL)
			continue;
		if (m->data.result == CURLE_OK) {
			outbound_succeed(r);
			continue;
		}
		if (r->too_large) {
			snprintf(why, sizeof(why), "%zu", ob->max_body);
			outbound_fail_text(
			    r, CM_TEXT_FETCH_RESPONSE_TOO_LARGE, why);
		} else
			outbound_fail_text(r, CM_TEXT_FETCH_FAILED,
			    r->errbuf[0] ? r->errbuf
					 : curl_easy_strerror(m->data.result));
	}
}

struct outbound *
outbound_new(struct event_base *base, size_t max_body)
{
	struct outbound *ob;

	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK ||
	    (ob = calloc(1, sizeof(*ob))) == NULL)
		return NULL;
	ob->base = base;
	ob->max_body = max_body;
	TAILQ_INIT(&ob->reqs);
	ob->multi = curl_multi_init();
	ob->ev_timer = evtimer_new(base, outbound_on_timeout, ob);
	if (ob->multi == NULL || ob->ev_timer == NULL) {
		outbound_free(ob);
		return NULL;
	}
	curl_multi_setopt(
	    ob->multi, CURLMOPT_SOCKETFUNCTION, outbound_on_socket);
	curl_multi_setopt(ob->multi, CURLMOPT_SOCKETDATA, ob);
	curl_multi_setopt(
	    ob->multi, CURLMOPT_TIMERFUNCTION, outbound_on_timer_set);
	curl_multi_setopt(ob->multi, CURLMOPT_TIMERDATA, ob);
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
outbound_setup(struct outbound_req *r, const json_t *req, long timeout_ms,
    enum cm_spec_text *id, const char **what)
{
	const char *method, *url, *b64;
	const json_t *headers, *body, *h;
	size_t i;
	long n;

	if (json_unpack((json_t *)req, "{s:s, s:s, s:o, s:o}", "method",
		&method, "url", &url, "headers", &headers, "body",
		&body) != 0 ||
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
	curl_easy_setopt(r->easy, CURLOPT_URL, url);
	curl_easy_setopt(r->easy, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(r->easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(r->easy, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(
	    r->easy, CURLOPT_MAXREDIRS, (long)OUTBOUND_MAX_REDIRECTS);
	curl_easy_setopt(r->easy, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(r->easy, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(r->easy, CURLOPT_CUSTOMREQUEST, method);
	curl_easy_setopt(r->easy, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(
	    r->easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)r->ob->max_body);
	if (strcmp(method, "HEAD") == 0)
		curl_easy_setopt(r->easy, CURLOPT_NOBODY, 1L);
	json_array_foreach(headers, i, h)
	{
		const char *k = json_string_value(json_array_get(h, 0));
		const char *v = json_string_value(json_array_get(h, 1));
		char line[8192];
		struct curl_slist *nl;

		if (k == NULL || v == NULL || strpbrk(k, "\r\n:") ||
		    strpbrk(v, "\r\n")) {
			*what = "a header is not a name and value pair";
			*id = CM_TEXT_FETCH_REQUEST_MALFORMED;
			return -1;
		}
		snprintf(line, sizeof(line), "%s: %s", k, v);
		if ((nl = curl_slist_append(r->req_headers, line)) == NULL) {
			*what = "the executor ran out of memory";
			*id = CM_TEXT_FETCH_NOT_STARTED;
			return -1;
		}
		r->req_headers = nl;
	}
	/* curl must not add an Expect or a default Accept the guest did not ask
	 * for. */
	r->req_headers = curl_slist_append(r->req_headers, "Expect:");
	curl_easy_setopt(r->easy, CURLOPT_HTTPHEADER, r->req_headers);
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
		curl_easy_setopt(r->easy, CURLOPT_POSTFIELDS, r->req_body);
		curl_easy_setopt(
		    r->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)n);
	}
	return 0;
}

struct outbound_req *
outbound_start(struct outbound *ob, const json_t *request, long timeout_ms,
    outbound_done_fn done, void *arg)
{
	struct outbound_req *r;
	enum cm_spec_text why = CM_TEXT_FETCH_NOT_STARTED;
	const char *what = NULL;

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		done(arg, "{\"error\":\"out of memory\"}",
		    25); /* nothing to compose with */
		return NULL;
	}
	r->ob = ob;
	r->done = done;
	r->arg = arg;
	TAILQ_INSERT_TAIL(&ob->reqs, r, entry);
	if ((r->easy = curl_easy_init()) == NULL ||
	    (r->resp_headers = json_array()) == NULL) {
		outbound_fail_text(r, CM_TEXT_FETCH_NOT_STARTED,
		    "the executor ran out of memory");
		return NULL;
	}
	curl_easy_setopt(r->easy, CURLOPT_PRIVATE, r);
	curl_easy_setopt(r->easy, CURLOPT_ERRORBUFFER, r->errbuf);
	curl_easy_setopt(r->easy, CURLOPT_WRITEFUNCTION, outbound_on_body);
	curl_easy_setopt(r->easy, CURLOPT_WRITEDATA, r);
	curl_easy_setopt(r->easy, CURLOPT_HEADERFUNCTION, outbound_on_header);
	curl_easy_setopt(r->easy, CURLOPT_HEADERDATA, r);
	if (outbound_setup(r, request, timeout_ms, &why, &what) != 0) {
		outbound_fail_text(r, why, what);
		return NULL;
	}
	if (curl_multi_add_handle(ob->multi, r->easy) != CURLM_OK) {
		outbound_fail_text(r, CM_TEXT_FETCH_NOT_STARTED,
		    "libcurl refused the transfer");
		return NULL;
	}
	return r;
}
