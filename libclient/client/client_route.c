/*
 * invokeHandle and closeHandles among many daemons. Handles live in the
 * daemon that granted them, and a daemon started with --instance-id names
 * itself in every executionId it mints ("<instance>.<32 hex>",
 * spec/protocol.md). A client given several URLs ("URL,URL,...") or a
 * ws:// URL whose host name resolves to several addresses (a headless
 * Service) sends a handle call whose id carries a name to the daemon of
 * that name: it asks each address in turn for its name (instanceId(),
 * once per address, over a client of its own on this client's base) and
 * submits the call on the one that answers with it. When none does (that
 * daemon is gone, so are its handles) the call ends with HANDLES_CLOSED,
 * as the daemon itself would have answered. Everything else (execute, an
 * id without a name, a client of one address) takes the ordinary path.
 *
 * A routed call's callback always runs from this client's base, never
 * from inside a callback of the client that carried it, so the caller may
 * free this client there. cm_cancel and cm_client_last_call do not name
 * routed calls; a deadline is the client's (deadline_ms in the options).
 * Above client_loop.c: it connects with cm_connect_base.
 */
#include <sys/socket.h>

#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_int.h"

#define ROUTE_INSTANCE_MAX 63 /* as the daemon's (daemon/handles.h) */
#define ROUTE_ENDPOINTS_MAX 64

enum route_state { ROUTE_UNKNOWN, ROUTE_CONNECTING, ROUTE_KNOWN, ROUTE_DEAD };

struct route_call;

struct route_end {
	char *url;
	struct cm_client *sub; /* NULL until asked, and once dead */
	enum route_state state;
	struct route_call *waiting; /* calls waiting for its name */
};

struct client_routes {
	struct cm_client *c;
	struct route_end **v; /* each its own allocation: callbacks hold them */
	size_t n;
	struct route_call *calls; /* every routed call not yet delivered */
	int freeing;
};

struct route_call {
	struct route_call *next, *prev; /* routes->calls */
	struct route_call *next_wait;
	struct client_routes *r;
	enum client_op_kind kind;
	json_t *args;
	char instance[ROUTE_INSTANCE_MAX + 1];
	size_t at; /* the endpoint asked or used */
	int retried; /* re-routed once after its daemon's connection broke */
	int refreshed; /* the names were resolved again once for it */
	cm_handle_cb cb;
	void *arg;
	struct event *later; /* delivers from this client's base */
	int done;
	int has_res;
	struct cm_outbound_response res;
	struct cm_error err;
};

static void route_next(struct route_call *call);

/* The daemon's name in front of `id`, into `out`; 0, or -1 when none. */
static int
route_instance(const char *id, char *out)
{
	const char *dot = strrchr(id, '.'), *p;

	if (dot == NULL || dot == id || dot[1] == '\0' ||
	    (size_t)(dot - id) > ROUTE_INSTANCE_MAX)
		return -1;
	for (p = id; p < dot; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			(*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return -1;
	memcpy(out, id, (size_t)(dot - id));
	out[dot - id] = '\0';
	return 0;
}

static int
route_add(struct client_routes *r, const char *url)
{
	struct route_end **nv, *e;
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->v[i]->url, url) == 0)
			return 0;
	if (r->n == ROUTE_ENDPOINTS_MAX)
		return 0;
	if ((nv = realloc(r->v, (r->n + 1) * sizeof(*nv))) == NULL)
		return -1;
	r->v = nv;
	if ((e = calloc(1, sizeof(*e))) == NULL)
		return -1;
	if ((e->url = strdup(url)) == NULL) {
		free(e);
		return -1;
	}
	r->v[r->n++] = e;
	return 0;
}

/*
 * One URL of the list: a ws:// URL naming a host (not an address) stands
 * for every address it resolves to, the way a headless Service lists its
 * pods; anything else is one endpoint.
 */
static int
route_expand(struct client_routes *r, const char *url)
{
	struct client_url u;
	struct addrinfo hints, *res = NULL, *ai;
	unsigned char buf[sizeof(struct in6_addr)];
	char addr[INET6_ADDRSTRLEN], *one;
	int rc = 0;

	if (client_url_parse(url, &u, NULL) != 0) {
		client_url_clear(&u);
		return 0; /* a bad entry is no daemon */
	}
	if (u.unix_socket || inet_pton(AF_INET, u.host, buf) == 1 ||
	    inet_pton(AF_INET6, u.host, buf) == 1) {
		rc = route_add(r, url);
		client_url_clear(&u);
		return rc;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(u.host, u.port, &hints, &res) != 0) {
		client_url_clear(&u);
		return 0;
	}
	for (ai = res; ai != NULL && rc == 0; ai = ai->ai_next) {
		const void *a = ai->ai_family == AF_INET
		    ? (const void *)&((struct sockaddr_in *)ai->ai_addr)
			  ->sin_addr
		    : (const void *)&((struct sockaddr_in6 *)ai->ai_addr)
			  ->sin6_addr;

		if (inet_ntop(ai->ai_family, a, addr, sizeof(addr)) == NULL)
			continue;
		if (asprintf(&one,
			ai->ai_family == AF_INET6 ? "ws://[%s]:%s%s"
						  : "ws://%s:%s%s",
			addr, u.port, u.target) < 0) {
			rc = -1;
			break;
		}
		rc = route_add(r, one);
		free(one);
	}
	freeaddrinfo(res);
	client_url_clear(&u);
	return rc;
}

static void route_free(struct cm_client *c);

/* Lists the endpoints the client's URLs stand for now, adding the new
 * ones (a pod that came up since); known ones keep their state. */
static void
route_resolve(struct client_routes *r)
{
	struct cm_client *c = r->c;
	char *list, *save = NULL, *tok;

	if ((list = strdup(c->route_text ? c->route_text : c->url.text)) ==
	    NULL)
		return;
	for (tok = strtok_r(list, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save))
		if (route_expand(r, tok) != 0)
			break;
	free(list);
}

/* The endpoints, listed at the first routed call; NULL when out of
 * memory. */
static struct client_routes *
route_table(struct cm_client *c)
{
	struct client_routes *r;

	if (c->routes != NULL)
		return c->routes;
	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	r->c = c;
	route_resolve(r);
	c->routes = r;
	c->routes_free = route_free;
	return r;
}

static void
route_unlink(struct route_call *call)
{
	struct client_routes *r = call->r;

	if (call->prev)
		call->prev->next = call->next;
	else
		r->calls = call->next;
	if (call->next)
		call->next->prev = call->prev;
	call->next = call->prev = NULL;
}

static void
route_call_free(struct route_call *call)
{
	if (call->later)
		event_free(call->later);
	json_decref(call->args);
	if (call->has_res)
		cm_outbound_response_clear(&call->res);
	cm_error_clear(&call->err);
	free(call);
}

/* Hands the outcome to the caller, on this client (not the carrier). */
static void
route_deliver(struct route_call *call)
{
	struct cm_client *c = call->r->c;

	route_unlink(call);
	client_enter(c);
	if (call->cb)
		call->cb(c, call->has_res ? &call->res : NULL,
		    call->err.message || call->err.code ? &call->err : NULL,
		    call->arg);
	else if (call->has_res)
		cm_outbound_response_clear(&call->res);
	call->has_res = 0; /* the callee owns it now */
	route_call_free(call);
	client_leave(c);
}

static void
route_on_later(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	route_deliver(arg);
}

/* The call is over: deliver from the base (at once while freeing). */
static void
route_finish(struct route_call *call)
{
	struct timeval now = { 0, 0 };

	call->done = 1;
	if (call->r->freeing)
		return; /* route_free delivers every call */
	event_add(call->later, &now);
}

/* No daemon answers to the name: its handles are gone with it. */
static void
route_closed(struct route_call *call)
{
	const char *id = json_string_value(json_array_get(call->args, 0));

	cm_error_clear(&call->err);
	if (call->r->freeing)
		client_fault(&call->err, CM_TEXT_CONNECTION_BROKEN, "WebSocket",
		    "the client was disposed");
	else
		client_fault(&call->err, CM_TEXT_HANDLES_CLOSED, id, NULL);
	route_finish(call);
}

static void
route_wake(struct route_end *e)
{
	struct route_call *w = e->waiting, *next;

	e->waiting = NULL;
	for (; w != NULL; w = next) {
		next = w->next_wait;
		w->next_wait = NULL;
		route_next(w);
	}
}

static void
route_dead(struct route_end *e)
{
	e->state = ROUTE_DEAD;
	if (e->sub != NULL) {
		cm_client_free(e->sub); /* deferred inside its callback */
		e->sub = NULL;
	}
}

static void
route_on_instance(struct cm_client *sub, struct cm_outbound_response *res,
    const struct cm_error *err, void *arg)
{
	struct route_end *e = arg;

	(void)sub;
	(void)res;
	/* A daemon that cannot say (another implementation) has no name. */
	(void)err;
	e->state = ROUTE_KNOWN;
	route_wake(e);
}

static void
route_on_connect(struct cm_client *sub, const struct cm_error *err, void *arg)
{
	struct route_end *e = arg;

	if (err == NULL &&
	    client_instance_submit(sub, route_on_instance, e, NULL) == 0)
		return;
	route_dead(e);
	route_wake(e);
}

/* Opens a client to `e` on this client's base; 0, or -1 (dead). */
static int
route_open(struct client_routes *r, struct route_end *e)
{
	struct cm_client *c = r->c;
	struct cm_connect_options o;

	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.headers = c->headers;
	o.nheaders = c->nheaders;
	o.reconnect_retries = c->retries ? c->retries : CM_RECONNECT_DISABLED;
	o.reconnect_backoff_ms = c->backoff_ms;
	o.connect_timeout_ms = c->connect_timeout_ms;
	o.deadline_ms = c->deadline_ms;
	o.max_message = c->max_message;
	e->state = ROUTE_CONNECTING;
	e->sub =
	    cm_connect_base(c->base, e->url, &o, route_on_connect, e, NULL);
	if (e->sub == NULL) {
		e->state = ROUTE_DEAD;
		return -1;
	}
	return 0;
}

static void
route_on_done(struct cm_client *sub, struct cm_outbound_response *res,
    const struct cm_error *err, void *arg)
{
	struct route_call *call = arg;
	struct route_end *e = call->r->v[call->at];

	(void)sub;
	if (err != NULL && !call->r->freeing && !call->retried &&
	    (err->code == CM_ERROR_CONNECTION_BROKEN ||
		err->code == CM_ERROR_CONNECTION_REJECTED)) {
		/* Its daemon may be gone: ask every address again, once; if
		 * none answers to the name, HANDLES_CLOSED follows. */
		call->retried = 1;
		call->at = 0;
		route_dead(e);
		e->state = ROUTE_UNKNOWN;
		route_next(call);
		return;
	}
	if (res != NULL) {
		call->res = *res; /* ours now; the caller's once delivered */
		memset(res, 0, sizeof(*res));
		call->has_res = 1;
	}
	if (err != NULL)
		client_error_copy(&call->err, err);
	route_finish(call);
}

/* Moves `call` on from endpoint call->at: submit, wait, or give up. */
static void
route_next(struct route_call *call)
{
	struct client_routes *r = call->r;
	struct route_end *e;

	if (r->freeing) {
		route_closed(call);
		return;
	}
again:
	for (; call->at < r->n; call->at++) {
		e = r->v[call->at];
		if (e->state == ROUTE_DEAD)
			continue;
		if (e->state == ROUTE_UNKNOWN && route_open(r, e) != 0)
			continue;
		if (e->state == ROUTE_CONNECTING) {
			call->next_wait = e->waiting;
			e->waiting = call;
			return;
		}
		if (strcmp(e->sub->instance ? e->sub->instance : "",
			call->instance) != 0)
			continue;
		if (client_handle_submit_args(e->sub, call->kind,
			json_incref(call->args), route_on_done, call,
			NULL) == 0)
			return;
		route_dead(e);
	}
	/* Nobody has the name among the addresses known: a host name may
	 * stand for more by now (a pod added since the first call). */
	if (!call->refreshed) {
		size_t before = r->n;

		call->refreshed = 1;
		route_resolve(r);
		if (r->n > before) {
			call->at = before;
			goto again;
		}
	}
	route_closed(call);
}

static int
route_submit(struct cm_client *c, enum client_op_kind kind, json_t *args,
    const char *instance, cm_handle_cb cb, void *arg, struct cm_error *err)
{
	struct client_routes *r;
	struct route_call *call;
	size_t i;

	if ((r = route_table(c)) == NULL ||
	    (call = calloc(1, sizeof(*call))) == NULL) {
		json_decref(args);
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	}
	if ((call->later = event_new(c->base, -1, 0, route_on_later, call)) ==
	    NULL) {
		free(call);
		json_decref(args);
		return client_fault(
			   err, CM_TEXT_INTERNAL, "out of memory", NULL),
		       -1;
	}
	call->r = r;
	call->kind = kind;
	call->args = args;
	call->cb = cb;
	call->arg = arg;
	snprintf(call->instance, sizeof(call->instance), "%s", instance);
	call->next = r->calls;
	if (r->calls)
		r->calls->prev = call;
	r->calls = call;
	/* A daemon found dead earlier may be back (a restarted pod). */
	for (i = 0; i < r->n; i++)
		if (r->v[i]->state == ROUTE_DEAD)
			r->v[i]->state = ROUTE_UNKNOWN;
	route_next(call);
	client_rearm(c);
	return 0;
}

/* Whether the client has more than one daemon to choose from. */
static int
route_many(struct cm_client *c)
{
	struct client_url *u = &c->url;
	unsigned char buf[sizeof(struct in6_addr)];

	if (c->route_text != NULL)
		return 1;
	/* A host name may stand for many (a headless Service). */
	return !u->unix_socket && inet_pton(AF_INET, u->host, buf) != 1 &&
	    inet_pton(AF_INET6, u->host, buf) != 1;
}

static int
route_handle(struct cm_client *c, enum client_op_kind kind,
    const char *execution_id, const char *handle_name,
    const struct cm_outbound_request *req, cm_handle_cb cb, void *arg,
    struct cm_error *err)
{
	char instance[ROUTE_INSTANCE_MAX + 1];
	json_t *args;

	if (client_handle_args(
		c, kind, execution_id, handle_name, req, &args, err) != 0)
		return -1;
	if (route_instance(execution_id, instance) == 0 && route_many(c)) {
		struct client_routes *r = route_table(c);

		if (r != NULL && r->n > 1)
			return route_submit(
			    c, kind, args, instance, cb, arg, err);
	}
	return client_handle_submit_args(c, kind, args, cb, arg, err);
}

int
cm_invoke_handle_async(struct cm_client *c, const char *execution_id,
    const char *handle_name, const struct cm_outbound_request *req,
    cm_handle_cb cb, void *arg, struct cm_error *err)
{
	return route_handle(
	    c, CLIENT_OP_INVOKE, execution_id, handle_name, req, cb, arg, err);
}

int
cm_close_handles_async(struct cm_client *c, const char *execution_id,
    cm_handle_cb cb, void *arg, struct cm_error *err)
{
	return route_handle(
	    c, CLIENT_OP_CLOSE, execution_id, NULL, NULL, cb, arg, err);
}

/* From client_destroy: the carriers go (their calls complete), then every
 * routed call is delivered, before the base they run on is freed. */
static void
route_free(struct cm_client *c)
{
	struct client_routes *r = c->routes;
	size_t i;

	r->freeing = 1;
	for (i = 0; i < r->n; i++)
		if (r->v[i]->sub != NULL) {
			struct cm_client *sub = r->v[i]->sub;

			r->v[i]->sub = NULL;
			r->v[i]->state = ROUTE_DEAD;
			cm_client_free(sub);
		}
	for (i = 0; i < r->n; i++)
		route_wake(r->v[i]);
	while (r->calls != NULL) {
		struct route_call *call = r->calls;

		if (!call->done)
			route_closed(call);
		route_deliver(call);
	}
	for (i = 0; i < r->n; i++) {
		free(r->v[i]->url);
		free(r->v[i]);
	}
	free(r->v);
	free(r);
	c->routes = NULL;
	c->routes_free = NULL;
}
