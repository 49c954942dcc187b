/*
 * The fetcher process's loop (fetcher.h): frames from the daemon become
 * outbound_start/outbound_cancel calls, and each fetch's answer becomes a
 * FETCH_DONE frame.
 */
#include <sys/prctl.h>
#include <sys/queue.h>
#include <sys/resource.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <jansson.h>

#include "daemon/log.h"
#include "daemon/netpolicy.h"
#include "daemon/outbound.h"
#include "confine.h"
#include "fetcher.h"
#include "fetcher_args.h"
#include "ipc/ipcmsg.h"
#include "fetchframe.h"
#include "proto/jsonguard.h"
#include "proto/texts.h"

/* A fetch the daemon started and has not cancelled. */
struct fetcher_req {
	TAILQ_ENTRY(fetcher_req) entry;
	struct fetcher *fx;
	uint32_t id;
	struct outbound_req *r; /* NULL until outbound_start returned */
	int done; /* answered from inside outbound_start */
};

struct fetcher {
	struct event_base *base;
	struct bufferevent *link;
	struct outbound *ob;
	TAILQ_HEAD(, fetcher_req) reqs;
	int broken; /* the link failed: stop */
};

static void
fetcher_send(struct fetcher *fx, enum frame_type type, uint32_t id,
    const void *p, size_t len)
{
	if (fx->broken ||
	    fetchframe_add(
		bufferevent_get_output(fx->link), type, 0, id, p, len) != 0) {
		/* A lost answer would leave its run waiting: end the link, so
		 * the daemon fails every fetch in flight instead. */
		fx->broken = 1;
		event_base_loopbreak(fx->base);
	}
}

static void
fetcher_on_count(void *arg, int ev)
{
	fetcher_send(arg, FRAME_FETCH_EVENT, (uint32_t)ev, NULL, 0);
}

static void
fetcher_done(void *arg, const char *json, size_t len)
{
	struct fetcher_req *q = arg;
	struct fetcher *fx = q->fx;

	fetcher_send(fx, FRAME_FETCH_DONE, q->id, json, len);
	if (q->r == NULL) {
		/* Inside outbound_start: fetcher_start frees q after it. */
		q->done = 1;
		return;
	}
	TAILQ_REMOVE(&fx->reqs, q, entry);
	free(q);
}

static struct fetcher_req *
fetcher_find(struct fetcher *fx, uint32_t id)
{
	struct fetcher_req *q;

	TAILQ_FOREACH(q, &fx->reqs, entry)
	if (q->id == id && !q->done)
		return q;
	return NULL;
}

/* A FETCH_START: {"timeoutMs": N, "request": {...}} from the daemon. */
static void
fetcher_start(struct fetcher *fx, const struct frame *f)
{
	struct fetcher_req *q;
	json_t *root, *req, *tmo;
	json_error_t e;
	char *t, *s;
	size_t len;

	root = jsonguard_loadb((const char *)f->payload, f->len, 0, &e);
	req = json_object_get(root, "request");
	tmo = json_object_get(root, "timeoutMs");
	if (root == NULL || !json_is_object(req) || !json_is_integer(tmo) ||
	    json_integer_value(tmo) <= 0 || json_object_size(root) != 2 ||
	    fetcher_find(fx, f->call_id) != NULL ||
	    (q = calloc(1, sizeof(*q))) == NULL) {
		/* Out of memory, as what the daemon writes is well formed. */
		json_decref(root);
		t = texts_compose(
		    CM_TEXT_FETCH_NOT_STARTED, "the fetcher ran out of memory");
		s = t ? ipcmsg_outbound_error_encode(t, &len) : NULL;
		fetcher_send(fx, FRAME_FETCH_DONE, f->call_id,
		    s ? s : IPCMSG_OUTBOUND_NOMEM,
		    s ? len : sizeof(IPCMSG_OUTBOUND_NOMEM) - 1);
		free(s);
		free(t);
		return;
	}
	q->fx = fx;
	q->id = f->call_id;
	TAILQ_INSERT_TAIL(&fx->reqs, q, entry);
	/* The daemon's owner ids start at 1, so no key is NULL. */
	q->r = outbound_start(fx->ob, (const void *)(uintptr_t)f->exec_id, req,
	    (long)json_integer_value(tmo), fetcher_done, q);
	json_decref(root);
	if (q->done) {
		TAILQ_REMOVE(&fx->reqs, q, entry);
		free(q);
	}
}

static void
fetcher_on_read(struct bufferevent *bev, void *arg)
{
	struct fetcher *fx = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	struct fetcher_req *q;
	struct frame f;
	long n;

	while (!fx->broken &&
	    (n = fetchframe_next(in, FRAME_ROLE_FETCHER, UINT32_MAX, &f)) !=
		FRAME_NEED_MORE) {
		if (n < 0) {
			fprintf(stderr, "codemode-fetcher: %s\n",
			    frame_strerror(n));
			fx->broken = 1;
			event_base_loopbreak(fx->base);
			return;
		}
		if (f.type == FRAME_FETCH_START)
			fetcher_start(fx, &f);
		else if ((q = fetcher_find(fx, f.call_id)) != NULL) {
			TAILQ_REMOVE(&fx->reqs, q, entry);
			outbound_cancel(q->r);
			free(q);
		}
		evbuffer_drain(in, (size_t)n);
	}
}

static void
fetcher_on_event(struct bufferevent *bev, short what, void *arg)
{
	struct fetcher *fx = arg;

	(void)bev;
	(void)what;
	/* EOF or an error: the daemon is gone or done with us. */
	event_base_loopbreak(fx->base);
}

static struct netpolicy *
fetcher_policy(const struct fetcher_args *a)
{
	struct netpolicy *p = netpolicy_new();
	char why[256];
	size_t i;

	if (p == NULL)
		return NULL;
	for (i = 0; i < a->nallow; i++)
		if (netpolicy_add(
			p, NETPOLICY_ALLOW, a->allow[i], why, sizeof(why)) != 0)
			goto fail;
	for (i = 0; i < a->ndeny; i++)
		if (netpolicy_add(
			p, NETPOLICY_DENY, a->deny[i], why, sizeof(why)) != 0)
			goto fail;
	for (i = 0; i < a->nself; i++)
		if (netpolicy_add_self_text(p, a->self[i]) != 0) {
			snprintf(
			    why, sizeof(why), "bad address %s", a->self[i]);
			goto fail;
		}
	return p;
fail:
	fprintf(stderr, "codemode-fetcher: policy: %s\n", why);
	netpolicy_free(p);
	return NULL;
}

int
fetcher_main(int argc, char **argv)
{
	struct fetcher fx;
	struct fetcher_args a;
	struct outbound_options oo;
	struct netpolicy *policy = NULL;
	struct fetcher_req *q;
	char err[256], why[160];
	int rc = 1, abi;

	/* Gone with the daemon, whatever way it ends; its signals to the
	 * process group are its own to act on: the link's end stops us. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() == 1)
		return 1;
	/* A core would hold what servers sent for other tenants' runs. */
	setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
	signal(SIGPIPE, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	jsonguard_install();
	memset(&fx, 0, sizeof(fx));
	TAILQ_INIT(&fx.reqs);
	if (fetcher_args_decode(argc, argv, &a, err, sizeof(err)) != 0) {
		fprintf(stderr, "codemode-fetcher: %s\n", err);
		return 2;
	}
	/* Its lines join its starter's log, at the starter's level. */
	log_set_level((int)a.verbosity - 1);
	memset(&oo, 0, sizeof(oo));
	oo.max_body = a.max_body;
	oo.max_total = a.max_total;
	oo.max_per_owner = a.max_per_owner;
	oo.max_waiting = a.max_waiting;
	oo.resolve = a.nresolve ? a.resolve : NULL;
	oo.on_count = fetcher_on_count;
	oo.count_arg = &fx;
	if ((policy = fetcher_policy(&a)) == NULL)
		goto out;
	oo.policy = policy;
	if (evutil_make_socket_nonblocking(FETCHER_FD) != 0 ||
	    (fx.base = event_base_new()) == NULL ||
	    (fx.link = bufferevent_socket_new(fx.base, FETCHER_FD, 0)) ==
		NULL ||
	    (fx.ob = outbound_new(fx.base, &oo)) == NULL) {
		fprintf(stderr, "codemode-fetcher: cannot start\n");
		goto out;
	}
	/*
	 * libcurl and OpenSSL have read their configuration: from here on
	 * the file system is the resolver's files and the CA store. A kernel
	 * that has Landlock and refuses it stops the fetcher (closed, not
	 * open); one without it leaves the process unconfined, said once.
	 */
	if ((abi = confine_fetcher(why, sizeof(why))) < 0) {
		log_write(LOG_ERROR,
		    "event=fetcher_confine_failed reason=\"%s\"", why);
		goto out;
	}
	if (abi == 0)
		log_write(
		    LOG_WARN, "event=fetcher_unconfined reason=\"%s\"", why);
	bufferevent_setcb(
	    fx.link, fetcher_on_read, NULL, fetcher_on_event, &fx);
	if (bufferevent_enable(fx.link, EV_READ) != 0)
		goto out;
	event_base_dispatch(fx.base);
	rc = 0;
out:
	while ((q = TAILQ_FIRST(&fx.reqs)) != NULL) {
		TAILQ_REMOVE(&fx.reqs, q, entry);
		if (!q->done)
			outbound_cancel(q->r);
		free(q);
	}
	outbound_free(fx.ob);
	if (fx.link)
		bufferevent_free(fx.link);
	if (fx.base)
		event_base_free(fx.base);
	netpolicy_free(policy);
	fetcher_args_clear(&a);
	return rc;
}
