/*
 * build/tests/executor-bridge: the conformance suite's adapter for the
 * in-process executor. It serves ExecutorApi on a unix socket (HTTP
 * upgrade, WebSocket, capnweb, with libcmproto's codecs) and runs every
 * call on ONE cm_executor in this process, translating nothing but the
 * wire: the request's fields go into a struct cm_execute_request, the
 * caller's dispatch and outbound stubs become the request's async
 * callbacks, and the cm_result or cm_error comes back as the daemon's
 * envelope or fault. So codemode-conformance holds cm_executor to the same
 * cases as the daemon (tests/conformance_executor.test.sh).
 *
 *   executor-bridge --socket PATH [--max-workers N] [--max-queue N]
 *                   [--handles-idle-timeout MS] [--sandbox-image PATH]
 *
 * Runs until SIGTERM or SIGINT (a test harness, not a server: blocking
 * writes, no limits of its own).
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include <codemode/codemode.h>

#include "client/client_int.h"
#include "proto/capnweb.h"
#include "proto/http.h"
#include "proto/texts.h"
#include "proto/ws.h"

struct bridge_conn;

/* One call the peer made that waits on the executor. */
struct bridge_call {
	struct bridge_call *next;
	struct bridge_conn *conn; /* NULL once the connection went */
	struct capnweb_call *call;
	uint64_t id; /* cm_client_last_call's number */
	struct capnweb_stub *dispatch, *outbound; /* an execute's stubs */
	int stubs_in_use;
	int kept; /* on `kept` until the bridge ends */
	struct bridge_call *kept_next;
};

struct bridge_conn {
	int fd;
	struct event *ev;
	int upgraded;
	char head[HTTP_DEFAULT_MAX_HEAD + 1];
	size_t head_len;
	struct ws_assembler wsa;
	struct capnweb_session *s;
	struct bridge_call *calls;
	uint8_t *frames; /* what arrived of frames not yet whole */
	size_t nframes, capframes;
};

static struct cm_client *ex;
static struct event_base *base;
/* Calls of retained runs, freed when the bridge ends (bridge_executed). */
static struct bridge_call *kept;

static void
bridge_write(int fd, const void *p, size_t n)
{
	const char *b = p;
	ssize_t w;

	while (n > 0) {
		w = send(fd, b, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		b += w;
		n -= (size_t)w;
	}
}

static void
bridge_send(void *udata, const char *msg, size_t len)
{
	struct bridge_conn *c = udata;
	uint8_t hdr[WS_MAX_HEADER];
	long n =
	    ws_frame_write_header(hdr, sizeof(hdr), 1, WS_OP_TEXT, len, NULL);

	if (n <= 0 || c->fd < 0)
		return;
	bridge_write(c->fd, hdr, (size_t)n);
	bridge_write(c->fd, msg, len);
}

/* ---- faults and values ---- */

/*
 * A fault as the daemon rejects with: a capnweb error carrying its code,
 * or a thrown error rebuilt from the fields the client read off it
 * (name, message, its own properties), or a thrown non-error as it was.
 */
static json_t *
bridge_fault(const struct cm_error *err)
{
	const json_t *t = err->thrown;
	const char *k;
	json_t *e, *v;

	if (t != NULL &&
	    !(json_is_object(t) && json_is_string(json_object_get(t, "name")) &&
		json_is_string(json_object_get(t, "message"))))
		return json_incref((json_t *)t);
	if (t != NULL) {
		e = capnweb_error_new(
		    json_string_value(json_object_get(t, "name")),
		    json_string_value(json_object_get(t, "message")));
		json_object_foreach((json_t *)t, k, v) if (e &&
		    strcmp(k, "name") != 0 && strcmp(k, "message") != 0)
		    capnweb_error_set_prop(e, k, json_incref(v));
		return e ? e : json_null();
	}
	e = capnweb_error_new(
	    "Error", err->message ? err->message : "the executor failed");
	if (e && err->code != CM_ERROR_NONE && cm_error_code_name(err->code))
		capnweb_error_set_prop(
		    e, "code", json_string(cm_error_code_name(err->code)));
	return e ? e : json_null();
}

static void
bridge_call_unlink(struct bridge_call *bc)
{
	struct bridge_call **pp;

	if (bc->conn == NULL)
		return;
	for (pp = &bc->conn->calls; *pp != NULL; pp = &(*pp)->next)
		if (*pp == bc) {
			*pp = bc->next;
			break;
		}
	bc->conn = NULL;
}

static void
bridge_call_free(struct bridge_call *bc)
{
	if (bc->stubs_in_use > 0 || bc->kept)
		return;
	if (bc->dispatch)
		capnweb_stub_release(bc->dispatch);
	if (bc->outbound)
		capnweb_stub_release(bc->outbound);
	free(bc);
}

/* ---- the run's calls back to the peer ---- */

struct bridge_host_call {
	struct bridge_call *bc;
	struct cm_tool_call *tc;
	struct cm_outbound_call *oc;
};

static void
bridge_tool_settled(void *udata, int status, json_t *value)
{
	struct bridge_host_call *h = udata;
	char *s;

	if (status == CAPNWEB_RESOLVED && json_is_string(value))
		cm_tool_call_answer(h->tc, json_string_value(value));
	else if (status == CAPNWEB_RESOLVED) {
		s = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
		cm_tool_call_answer(h->tc, s);
		free(s);
	} else {
		const char *m = capnweb_error_message(value);

		s = cm_envelope_error(m ? m : "the dispatch failed");
		cm_tool_call_answer(h->tc, s);
		free(s);
	}
	h->bc->stubs_in_use--;
	if (h->bc->conn == NULL)
		bridge_call_free(h->bc);
	free(h);
}

static void
bridge_dispatch(void *ctx, struct cm_tool_call *tc)
{
	struct bridge_call *bc = ctx;
	struct bridge_host_call *h = calloc(1, sizeof(*h));
	size_t alen;
	const char *a = cm_tool_call_args(tc, &alen);
	json_t *args = json_pack("[s, s, s%]", cm_tool_call_provider(tc),
	    cm_tool_call_tool(tc), a, alen);

	if (h == NULL || args == NULL || bc->dispatch == NULL) {
		free(h);
		json_decref(args);
		cm_tool_call_answer(tc, NULL);
		return;
	}
	h->bc = bc;
	h->tc = tc;
	bc->stubs_in_use++;
	if (capnweb_stub_call(
		bc->dispatch, NULL, args, bridge_tool_settled, h) < 0) {
		char *e = cm_envelope_error("the caller's connection is gone");

		bc->stubs_in_use--;
		free(h);
		cm_tool_call_answer(tc, e);
		free(e);
	}
	json_decref(args);
}

static void
bridge_outbound_settled(void *udata, int status, json_t *value)
{
	struct bridge_host_call *h = udata;
	struct cm_outbound_response res;
	char *why = NULL;

	if (status == CAPNWEB_RESOLVED &&
	    client_outbound_response_read(value, &res, &why) == 0) {
		cm_outbound_call_answer(h->oc, &res);
		cm_outbound_response_clear(&res);
	} else {
		const char *m = status == CAPNWEB_RESOLVED
		    ? NULL
		    : capnweb_error_message(value);

		cm_outbound_call_fail(h->oc, m ? m : why ? why : "failed");
	}
	free(why);
	h->bc->stubs_in_use--;
	if (h->bc->conn == NULL)
		bridge_call_free(h->bc);
	free(h);
}

static void
bridge_outbound(void *ctx, struct cm_outbound_call *oc)
{
	struct bridge_call *bc = ctx;
	struct bridge_host_call *h = calloc(1, sizeof(*h));
	json_t *r = client_outbound_request_json(cm_outbound_call_request(oc));
	json_t *args = r ? json_pack("[o]", r) : NULL;

	if (h == NULL || args == NULL || bc->outbound == NULL) {
		free(h);
		json_decref(args);
		cm_outbound_call_fail(oc, "the caller's outbound is gone");
		return;
	}
	h->bc = bc;
	h->oc = oc;
	bc->stubs_in_use++;
	if (capnweb_stub_call(
		bc->outbound, NULL, args, bridge_outbound_settled, h) < 0) {
		bc->stubs_in_use--;
		free(h);
		cm_outbound_call_fail(oc, "the caller's connection is gone");
	}
	json_decref(args);
}

/* ---- the calls ---- */

static void
bridge_executed(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct bridge_call *bc = arg;
	json_t *m, *logs, *h;
	size_t i;

	(void)c;
	if (bc->conn != NULL) {
		if (err != NULL)
			capnweb_call_reject(bc->call, bridge_fault(err));
		else {
			m = json_object();
			logs = json_array();
			if (res->result_json)
				json_object_set_new(m, "resultJson",
				    json_string(res->result_json));
			if (res->error)
				json_object_set_new(
				    m, "error", json_string(res->error));
			for (i = 0; i < res->nlogs; i++)
				json_array_append_new(logs,
				    json_pack("{s:s, s:s}", "level",
					res->logs[i].level, "text",
					res->logs[i].text));
			json_object_set_new(m, "logs", logs);
			if (res->execution_id) {
				json_object_set_new(m, "executionId",
				    json_string(res->execution_id));
				h = json_array();
				for (i = 0; i < res->nhandles; i++)
					json_array_append_new(
					    h, json_string(res->handles[i]));
				json_object_set_new(m, "handles", h);
			}
			capnweb_call_resolve(bc->call, m);
		}
	}
	bridge_call_unlink(bc);
	/* A retained run fetches through its outbound stub until its handles
	 * close, which the executor does not report: the harness keeps it
	 * until it ends. */
	if (res == NULL || res->execution_id == NULL)
		bridge_call_free(bc);
	else {
		bc->kept = 1;
		bc->kept_next = kept;
		kept = bc;
	}
	if (res)
		cm_result_clear(res);
}

static void
bridge_handled(struct cm_client *c, struct cm_outbound_response *res,
    const struct cm_error *err, void *arg)
{
	struct bridge_call *bc = arg;

	(void)c;
	if (bc->conn != NULL) {
		if (err != NULL)
			capnweb_call_reject(bc->call, bridge_fault(err));
		else if (res != NULL)
			capnweb_call_resolve(
			    bc->call, client_outbound_response_json(res));
		else
			capnweb_call_resolve(
			    bc->call, capnweb_value_undefined());
	}
	if (res)
		cm_outbound_response_clear(res);
	bridge_call_unlink(bc);
	bridge_call_free(bc);
}

static const char *
bridge_kind(const json_t *v)
{
	const char *k = v ? capnweb_value_kind(v) : NULL;

	return k ? k : "";
}

static void
bridge_on_call(void *udata, struct capnweb_call *call)
{
	struct bridge_conn *c = udata;
	const char *method = capnweb_call_method(call);
	json_t *args = capnweb_call_args(call), *opt, *t, *mods, *e, *mode;
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_outbound_request oreq;
	struct bridge_call *bc;
	struct cm_error err;
	int rc = -1;
	size_t i;

	memset(&err, 0, sizeof(err));
	if (capnweb_call_target(call) != 0 || args == NULL) {
		capnweb_call_reject_unknown(call);
		return;
	}
	if (strcmp(method, "protocolVersion") == 0) {
		capnweb_call_resolve(call, json_integer(cm_protocol_version()));
		return;
	}
	if ((bc = calloc(1, sizeof(*bc))) == NULL) {
		capnweb_call_reject(call, json_string("out of memory"));
		return;
	}
	bc->call = call;
	bc->conn = c;
	bc->next = c->calls;
	c->calls = bc;
	if (strcmp(method, "execute") == 0) {
		opt = json_array_get(args, 2);
		mode = json_array_get(args, 4);
		req.code = json_string_value(json_array_get(args, 0));
		req.providers_json = json_is_array(json_array_get(args, 1))
		    ? json_array_get(args, 1)
		    : NULL;
		t = json_object_get(opt, "timeout");
		if (json_is_null(t))
			req.timeout = CM_TIMEOUT_LIFTED;
		else if (json_is_number(t))
			req.timeout = json_number_value(t) >= 1
			    ? (long long)json_number_value(t)
			    : 1;
		if (json_is_boolean(json_object_get(opt, "countHostWaits")))
			req.count_host_waits =
			    json_is_true(json_object_get(opt, "countHostWaits"))
			    ? CM_FLAG_TRUE
			    : CM_FLAG_FALSE;
		req.retain_handles =
		    json_is_true(json_object_get(opt, "retainHandles"));
		if (json_object_get(opt, "language") &&
		    !json_is_null(json_object_get(opt, "language")))
			req.language =
			    json_is_string(json_object_get(opt, "language"))
			    ? json_string_value(
				  json_object_get(opt, "language"))
			    : "(not a string)";
		/* The wire's module entries back into the map the API takes. */
		mods = json_object_get(opt, "modules");
		if (json_is_array(mods)) {
			json_t *map = json_object();

			json_array_foreach(mods, i, e)
			{
				json_t *src = json_array_get(e, 1);
				json_t *d = json_object_get(src, "data");
				uint8_t *bytes = NULL;
				size_t blen = 0;

				if (d != NULL &&
				    capnweb_value_get_bytes(d, &bytes, &blen) ==
					0)
					src = json_pack("{s:o}", "data",
					    cm_binary_new(CM_BINARY_UINT8ARRAY,
						bytes, blen));
				else
					json_incref(src);
				free(bytes);
				json_object_set_new(map,
				    json_string_value(json_array_get(e, 0))
					? json_string_value(
					      json_array_get(e, 0))
					: "",
				    src);
			}
			req.modules = map;
		}
		if (strcmp(bridge_kind(json_array_get(args, 3)), "stub") == 0) {
			bc->dispatch =
			    capnweb_session_stub(c->s, json_array_get(args, 3));
			req.dispatch_async = bridge_dispatch;
			req.dispatch_ctx = bc;
		}
		{
			enum cm_outbound_mode om;
			char *text = NULL;
			int has_fn =
			    strcmp(bridge_kind(json_array_get(args, 5)),
				"stub") == 0;

			if (!json_is_string(mode) ||
			    cm_parse_outbound_mode(json_string_value(mode),
				has_fn, &om, &text) != 0) {
				e = capnweb_error_new("Error",
				    text ? text : "unknown outbound mode");
				if (e)
					capnweb_error_set_prop(e, "code",
					    json_string("PROTOCOL_MISMATCH"));
				free(text);
				bridge_call_unlink(bc);
				bridge_call_free(bc);
				capnweb_call_reject(call, e ? e : json_null());
				json_decref((json_t *)req.modules);
				return;
			}
		}
		if (json_is_string(mode) &&
		    strcmp(json_string_value(mode), "disabled") == 0)
			req.outbound = CM_OUTBOUND_NULL;
		else if (json_is_string(mode) &&
		    strcmp(json_string_value(mode), "stub") == 0 &&
		    strcmp(bridge_kind(json_array_get(args, 5)), "stub") == 0) {
			bc->outbound =
			    capnweb_session_stub(c->s, json_array_get(args, 5));
			req.outbound = CM_OUTBOUND_FUNCTION;
			req.outbound_async = bridge_outbound;
			req.outbound_ctx = bc;
		}
		if (req.code == NULL) {
			e = capnweb_error_new("TypeError",
			    "execute expects its code as a string");
			bridge_call_unlink(bc);
			bridge_call_free(bc);
			capnweb_call_reject(call, e);
			json_decref((json_t *)req.modules);
			return;
		}
		rc = cm_execute_async(ex, &req, bridge_executed, bc, &err);
		json_decref((json_t *)req.modules);
	} else if (strcmp(method, "invokeHandle") == 0) {
		if (client_outbound_request_read(
			json_array_get(args, 2), &oreq) == 0) {
			rc = cm_invoke_handle_async(ex,
			    json_string_value(json_array_get(args, 0)),
			    json_string_value(json_array_get(args, 1)), &oreq,
			    bridge_handled, bc, &err);
			cm_outbound_request_clear(&oreq);
		} else
			client_local(&err, CM_ERROR_ARGUMENT,
			    "invokeHandle expects (executionId, handleName, "
			    "request)");
	} else if (strcmp(method, "closeHandles") == 0) {
		rc = cm_close_handles_async(ex,
		    json_string_value(json_array_get(args, 0)), bridge_handled,
		    bc, &err);
	} else {
		bridge_call_unlink(bc);
		bridge_call_free(bc);
		capnweb_call_reject_unknown(call);
		return;
	}
	if (rc != 0) {
		bridge_call_unlink(bc);
		bridge_call_free(bc);
		capnweb_call_reject(call, bridge_fault(&err));
		cm_error_clear(&err);
		return;
	}
	bc->id = cm_client_last_call(ex);
}

/* ---- connections ---- */

static void
bridge_close(struct bridge_conn *c)
{
	struct bridge_call *bc;

	/* Calls still waiting end on this side; their runs go on unheard. */
	while ((bc = c->calls) != NULL) {
		c->calls = bc->next;
		bc->conn = NULL;
		if (bc->id)
			cm_cancel(ex, bc->id, NULL);
	}
	if (c->s) {
		capnweb_session_close(c->s, "the connection closed");
		capnweb_session_free(c->s);
	}
	ws_assembler_free(&c->wsa);
	free(c->frames);
	event_free(c->ev);
	close(c->fd);
	free(c);
}

static int
bridge_upgrade(struct bridge_conn *c)
{
	struct http_header headers[HTTP_DEFAULT_MAX_HEADERS];
	struct http_request rq;
	struct http_ws_upgrade up;
	struct capnweb_config cfg;
	char out[512];
	long n, m;

	memset(&rq, 0, sizeof(rq));
	rq.headers = headers;
	rq.headers_cap = HTTP_DEFAULT_MAX_HEADERS;
	n = http_parse_request(c->head, c->head_len, &rq);
	if (n == 0)
		return c->head_len < HTTP_DEFAULT_MAX_HEAD ? 0 : -1;
	if (n < 0 || http_ws_check_request(&rq, &up) != 0)
		return -1;
	memset(&cfg, 0, sizeof(cfg));
	cfg.main = bridge_on_call;
	cfg.main_udata = c;
	cfg.send = bridge_send;
	cfg.send_udata = c;
	if ((c->s = capnweb_session_new(&cfg)) == NULL ||
	    (m = http_build_ws_response(out, sizeof(out), &up)) <= 0)
		return -1;
	bridge_write(c->fd, out, (size_t)m);
	ws_assembler_init(&c->wsa, WS_ROLE_SERVER, WS_MAX_MESSAGE_DEFAULT);
	c->upgraded = 1;
	/* Bytes after the head are the first frames. */
	c->head_len -= (size_t)n;
	memmove(c->head, c->head + n, c->head_len);
	return 1;
}

static void
bridge_on_read(evutil_socket_t fd, short what, void *arg)
{
	struct bridge_conn *c = arg;
	uint8_t buf[65536];
	struct ws_event ev;
	ssize_t r;
	long n;
	size_t off = 0;

	(void)what;
	r = read(fd, buf, sizeof(buf));
	if (r <= 0) {
		bridge_close(c);
		return;
	}
	if (!c->upgraded) {
		size_t k = (size_t)r;

		if (k > sizeof(c->head) - 1 - c->head_len)
			k = sizeof(c->head) - 1 - c->head_len;
		memcpy(c->head + c->head_len, buf, k);
		c->head_len += k;
		switch (bridge_upgrade(c)) {
		case 0:
			return;
		case -1:
			bridge_close(c);
			return;
		}
		/* What followed the head; usually nothing, as the peer waits
		 * for the 101 (and memcpy to a still-NULL c->frames is
		 * undefined, even for no bytes: UBSan stops the bridge). */
		memcpy(buf, c->head, c->head_len);
		r = (ssize_t)c->head_len;
		c->head_len = 0;
		if (r == 0)
			return;
	}
	if (c->nframes + (size_t)r > c->capframes) {
		size_t cap = (c->nframes + (size_t)r) * 2;
		uint8_t *nb = realloc(c->frames, cap);

		if (nb == NULL) {
			bridge_close(c);
			return;
		}
		c->frames = nb;
		c->capframes = cap;
	}
	memcpy(c->frames + c->nframes, buf, (size_t)r);
	c->nframes += (size_t)r;
	while (off < c->nframes) {
		n = ws_assembler_feed(
		    &c->wsa, c->frames + off, c->nframes - off, &ev);
		if (n == 0)
			break;
		if (n < 0) {
			const char *v[1] = { "text message" };
			char *text = n == WS_E_UTF8
			    ? texts_composev(
				  CM_TEXT_PROTOCOL_INVALID_UTF8, v, 1)
			    : NULL;
			const char *why = text ? text : ws_strerror((int)n);
			uint8_t pl[WS_MAX_CONTROL_PAYLOAD], hdr[WS_MAX_HEADER];
			long pn = ws_close_payload(
			    pl, ws_error_close_code((int)n), why, strlen(why));
			long hn = pn >= 0
			    ? ws_frame_write_header(hdr, sizeof(hdr), 1,
				  WS_OP_CLOSE, (size_t)pn, NULL)
			    : -1;

			if (hn > 0) {
				bridge_write(c->fd, hdr, (size_t)hn);
				bridge_write(c->fd, pl, (size_t)pn);
			}
			free(text);
			c->nframes = 0;
			bridge_close(c);
			return;
		}
		off += (size_t)n;
		if (ev.type == WS_EV_TEXT) {
			if (capnweb_session_receive(c->s, (const char *)ev.data,
				ev.len) == CAPNWEB_ENDED) {
				c->nframes = 0;
				bridge_close(c);
				return;
			}
		} else if (ev.type == WS_EV_PING) {
			uint8_t hdr[WS_MAX_HEADER];
			long h = ws_frame_write_header(
			    hdr, sizeof(hdr), 1, WS_OP_PONG, ev.len, NULL);

			bridge_write(c->fd, hdr, (size_t)h);
			bridge_write(c->fd, ev.data, ev.len);
		} else if (ev.type == WS_EV_CLOSE) {
			c->nframes = 0;
			bridge_close(c);
			return;
		}
	}
	memmove(c->frames, c->frames + off, c->nframes - off);
	c->nframes -= off;
}

static void
bridge_on_accept(evutil_socket_t lfd, short what, void *arg)
{
	struct bridge_conn *c;
	int fd;

	(void)what;
	(void)arg;
	if ((fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC)) < 0)
		return;
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		close(fd);
		return;
	}
	c->fd = fd;
	c->ev = event_new(base, fd, EV_READ | EV_PERSIST, bridge_on_read, c);
	event_add(c->ev, NULL);
}

static void
bridge_on_signal(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	(void)arg;
	event_base_loopbreak(base);
}

int
main(int argc, char **argv)
{
	struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;
	struct sockaddr_un sa;
	struct event *lev, *sterm, *sint;
	struct cm_error err;
	struct bridge_call *bc;
	const char *path = NULL;
	int i, lfd;

	for (i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--socket") == 0)
			path = argv[i + 1];
		else if (strcmp(argv[i], "--max-workers") == 0)
			o.max_workers = (unsigned)atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--max-queue") == 0)
			o.max_queue = (unsigned)atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--handles-idle-timeout") == 0)
			o.handles_idle_timeout_ms = (unsigned)atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--sandbox-image") == 0)
			o.sandbox_image = argv[i + 1];
	}
	if (path == NULL || strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "usage: executor-bridge --socket PATH ...\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	base = event_base_new();
	if ((ex = cm_executor_base(base, &o, &err)) == NULL) {
		fprintf(stderr, "executor-bridge: %s\n", err.message);
		return 1;
	}
	lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	unlink(path);
	if (lfd < 0 || bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
	    listen(lfd, 64) != 0) {
		perror("executor-bridge: listen");
		return 1;
	}
	lev =
	    event_new(base, lfd, EV_READ | EV_PERSIST, bridge_on_accept, NULL);
	sterm = evsignal_new(base, SIGTERM, bridge_on_signal, NULL);
	sint = evsignal_new(base, SIGINT, bridge_on_signal, NULL);
	event_add(lev, NULL);
	event_add(sterm, NULL);
	event_add(sint, NULL);
	event_base_dispatch(base);
	cm_client_free(ex);
	/* No run is left to fetch through the kept calls' stubs. */
	while ((bc = kept) != NULL) {
		kept = bc->kept_next;
		bc->kept = 0;
		bridge_call_free(bc);
	}
	event_free(lev);
	event_free(sterm);
	event_free(sint);
	close(lfd);
	unlink(path);
	event_base_free(base);
	return 0;
}
