/*
 * The daemon's lifecycle: listeners, the pool, signals and the drain.
 *
 * Shutdown (SIGTERM, SIGINT): readiness flips at once (/readyz answers 503,
 * new upgrades are refused); for shutdownDelay the daemon keeps serving;
 * then the pool drains for shutdownDrain, running and queued executions
 * finish and their results go out; then every connection closes (going
 * away) once what it holds is written, and the loop ends after the pool
 * reports every process reaped and the connections are gone.
 */
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <sched.h>
#include <ifaddrs.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <event2/listener.h>

#include "cm_spec.h"
#include "conn.h"
#include "daemon.h"
#include "listener.h"
#include "log.h"
#include "netpolicy.h"
#include "notify.h"
#include "fetchlink.h"

void
daemon_config_default(struct daemon_config *c)
{
	memset(c, 0, sizeof(*c));
	pool_options_default(&c->pool);
	c->socket_mode = 0600;
	c->port = "8080";
	c->default_timeout = CM_DEFAULT_TIMEOUT;
	c->default_grace = CM_DEFAULT_GRACE;
	c->default_memory_limit = CM_DEFAULT_MEMORY_LIMIT;
	c->max_timeout = 0;
	c->response_limit = -1;
	c->ping_interval = CM_SERVER_PING_INTERVAL;
	c->shutdown_delay = CM_SERVER_SHUTDOWN_DELAY;
	c->shutdown_drain = CM_SERVER_SHUTDOWN_DRAIN;
	c->max_connections = 1024;
	c->max_fetches = OUTBOUND_DEFAULT_TOTAL;
	c->max_fetches_per_execution = OUTBOUND_DEFAULT_PER_OWNER;
	c->max_fetches_waiting = OUTBOUND_DEFAULT_WAITING;
	c->head_timeout = 10000;
	c->output_pause = 16u << 20;
	c->output_limit = 64u << 20;
	c->idle_timeout = 600000;
	c->max_connections_per_peer = 0; /* half of the connection limit */
	c->max_handles_per_connection = 64;
	c->fd_reserve = 128;
	c->metrics = 1;
	c->log_level = LOG_INFO;
}

static void
daemon_on_pool_event(const struct pool_event *ev, void *arg)
{
	struct daemon *d = arg;
	static const char *const names[] = { "exec_start", "exec_settle",
		"exec_reject", "worker_spawn", "worker_crash", "worker_retire",
		"queue_depth" };

	metrics_pool_event(&d->metrics, ev);
	if (ev->type == POOL_EV_WORKER_CRASH ||
	    ev->type == POOL_EV_WORKER_RETIRE ||
	    ev->type == POOL_EV_EXEC_REJECT)
		log_write(LOG_INFO, "event=%s pid=%d exec=%u reason=\"%s\"",
		    names[ev->type], (int)ev->pid, ev->exec_id,
		    ev->reason ? ev->reason : "");
	else if (ev->type == POOL_EV_WORKER_LOST)
		log_write(LOG_WARN,
		    "event=worker_lost pid=%d exec=%u reason=\"%s\"",
		    (int)ev->pid, ev->exec_id, ev->reason ? ev->reason : "");
	else if (ev->type == POOL_EV_EXEC_SETTLE)
		log_write(LOG_DEBUG,
		    "event=exec_settle exec=%u outcome=%d "
		    "ms=%.3f",
		    ev->exec_id, (int)ev->outcome, ev->duration_ms);
}

static void
daemon_on_accept(struct evconnlistener *l, evutil_socket_t fd,
    struct sockaddr *sa, int socklen, void *arg)
{
	struct daemon *d = arg;

	(void)sa;
	(void)socklen;
	conn_accept(d, fd, l == d->unix_listener);
}

/*
 * accept() failed. Out of descriptors, the daemon makes room instead of
 * leaving every other client in the backlog: it closes an idle connection
 * (the pending client is then accepted on the next turn of the loop), or,
 * with none idle, spends its spare descriptor to take the pending client
 * off the backlog and refuse it at once.
 */
static void
daemon_on_accept_error(struct evconnlistener *l, void *arg)
{
	struct daemon *d = arg;
	int e = errno;

	if (e != EMFILE && e != ENFILE && e != ENOBUFS && e != ENOMEM) {
		log_write(
		    LOG_WARN, "event=accept_error error=\"%s\"", strerror(e));
		return;
	}
	/* EMFILE comes before accept() looks at the backlog: with nobody
	 * waiting, nothing needs making room for. */
	if (!listener_pending(evconnlistener_get_fd(l)))
		return;
	metrics_count(&d->metrics, METRICS_FD_EXHAUSTED);
	if (conn_shed_idle(d, -1, 0))
		return;
	if (listener_refuse_one(evconnlistener_get_fd(l), &d->spare_fd))
		log_write(LOG_INFO, "event=reject reason=descriptors unix=%d",
		    l == d->unix_listener);
}

/*
 * The connection limit in force: --max-connections, lowered so that the
 * connections leave --fd-reserve descriptors (children's sockets, the
 * zygote, native fetches, the spare) under RLIMIT_NOFILE.
 */
static unsigned
daemon_conn_limit(const struct daemon_config *cfg)
{
	unsigned long fds = listener_fd_limit(), room;
	unsigned limit = cfg->max_connections;

	if (fds == 0)
		return limit;
	room = fds > cfg->fd_reserve + 16 ? fds - cfg->fd_reserve - 16 : 1;
	return room < limit ? (unsigned)room : limit;
}

/* Ticks of DAEMON_FLUSH_TICK_MS the last answers get to go out. */
#define DAEMON_FLUSH_TICK_MS 10
#define DAEMON_FLUSH_TICKS 200

/*
 * The loop ends once every connection has gone (its close handshake done
 * or its peer gone), or at the bound: a peer that never echoes the close
 * does not hold the exit.
 */
static void
daemon_on_flush_tick(evutil_socket_t fd, short what, void *arg)
{
	struct daemon *d = arg;

	(void)fd;
	(void)what;
	if (TAILQ_EMPTY(&d->conns) || ++d->flush_ticks >= DAEMON_FLUSH_TICKS) {
		log_write(LOG_INFO, "event=stopped");
		event_base_loopexit(d->base, NULL);
	}
}

/*
 * Every process is reaped. The pool's last settlements (the drained runs,
 * the queued ones it refused) are still queued toward their callers:
 * ending the loop now would drop them, so every connection closes after
 * what it holds is written, and the loop ends when they are gone.
 */
static void
daemon_on_pool_done(void *arg)
{
	struct daemon *d = arg;
	struct timeval tv = { 0, DAEMON_FLUSH_TICK_MS * 1000 };

	conn_close_all(d, "the executor is shutting down");
	if (d->ev_flush == NULL)
		d->ev_flush =
		    event_new(d->base, -1, EV_PERSIST, daemon_on_flush_tick, d);
	if (d->ev_flush == NULL || event_add(d->ev_flush, &tv) != 0)
		daemon_on_flush_tick(-1, 0, d);
}

/* The drain is over: close every connection, then let the pool finish. */
static void
daemon_on_drained(evutil_socket_t fd, short what, void *arg)
{
	struct daemon *d = arg;

	(void)fd;
	(void)what;
	conn_close_all(d, "the executor is shutting down");
}

/* shutdownDelay has passed: stop the pool from taking work and drain it. */
static void
daemon_on_delay(evutil_socket_t fd, short what, void *arg)
{
	struct daemon *d = arg;
	struct timeval tv = { 0, 0 };

	(void)fd;
	(void)what;
	if (d->unix_listener)
		evconnlistener_disable(d->unix_listener);
	if (d->tcp_listener)
		evconnlistener_disable(d->tcp_listener);
	pool_shutdown(d->pool, d->cfg.shutdown_drain, CM_DEFAULT_SHUTDOWN_GRACE,
	    daemon_on_pool_done, d);
	/* Results of the drained runs go out before the connections close. */
	tv.tv_sec = d->cfg.shutdown_drain / 1000 + 1;
	event_base_once(d->base, -1, EV_TIMEOUT, daemon_on_drained, d, &tv);
}

void
daemon_shutdown(struct daemon *d)
{
	struct timeval tv;

	if (d->stopping)
		return;
	d->stopping = 1;
	d->ready = 0;
	/* A service manager waits for the drain instead of deeming it hung. */
	(void)notify_send("STOPPING=1\nSTATUS=draining");
	log_write(LOG_INFO, "event=shutdown delay_ms=%u drain_ms=%u",
	    d->cfg.shutdown_delay, d->cfg.shutdown_drain);
	tv.tv_sec = d->cfg.shutdown_delay / 1000;
	tv.tv_usec = (d->cfg.shutdown_delay % 1000) * 1000;
	event_base_once(d->base, -1, EV_TIMEOUT, daemon_on_delay, d, &tv);
}

static void
daemon_on_signal(evutil_socket_t sig, short what, void *arg)
{
	(void)sig;
	(void)what;
	daemon_shutdown(arg);
}

int
daemon_netpolicy_rules(struct netpolicy *p, const struct daemon_config *c,
    char *err, size_t errlen)
{
	char why[256];
	size_t i;

	for (i = 0; i < c->n_outbound_allow; i++)
		if (netpolicy_add(p, NETPOLICY_ALLOW, c->outbound_allow[i], why,
			sizeof(why)) != 0) {
			snprintf(err, errlen, "--outbound-allow: %s", why);
			return -1;
		}
	for (i = 0; i < c->n_outbound_deny; i++)
		if (netpolicy_add(p, NETPOLICY_DENY, c->outbound_deny[i], why,
			sizeof(why)) != 0) {
			snprintf(err, errlen, "--outbound-deny: %s", why);
			return -1;
		}
	return 0;
}

/*
 * The TCP listener's bound address joins the policy as the daemon's own,
 * so no fetch reaches /metrics or the wire from inside. Bound to a
 * wildcard, every address the machine's interfaces have now is its own
 * at that port too.
 */
static int
daemon_netpolicy_self(struct daemon *d, int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	struct ifaddrs *ifs, *i;
	int wildcard = 0;

	if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0 ||
	    netpolicy_add_self(d->netpolicy, (struct sockaddr *)&ss, len) != 0)
		return -1;
	if (ss.ss_family == AF_INET)
		wildcard = ((struct sockaddr_in *)&ss)->sin_addr.s_addr ==
		    htonl(INADDR_ANY);
	else if (ss.ss_family == AF_INET6)
		wildcard = IN6_IS_ADDR_UNSPECIFIED(
		    &((struct sockaddr_in6 *)&ss)->sin6_addr);
	if (!wildcard || getifaddrs(&ifs) != 0)
		return 0;
	for (i = ifs; i != NULL; i = i->ifa_next) {
		struct sockaddr_storage a;
		socklen_t alen;

		if (i->ifa_addr == NULL)
			continue;
		if (i->ifa_addr->sa_family == AF_INET) {
			alen = sizeof(struct sockaddr_in);
			memcpy(&a, i->ifa_addr, alen);
			((struct sockaddr_in *)&a)->sin_port =
			    htons((uint16_t)d->tcp_port);
		} else if (i->ifa_addr->sa_family == AF_INET6) {
			alen = sizeof(struct sockaddr_in6);
			memcpy(&a, i->ifa_addr, alen);
			((struct sockaddr_in6 *)&a)->sin6_port =
			    htons((uint16_t)d->tcp_port);
		} else
			continue;
		netpolicy_add_self(d->netpolicy, (struct sockaddr *)&a, alen);
	}
	freeifaddrs(ifs);
	return 0;
}

/*
 * The listeners a service manager passed (cfg.listen_fds): one unix and
 * one TCP at most, since each kind has its own rules (peer uids on unix,
 * the token on TCP). 0, or -1 with `err` filled.
 */
static int
daemon_inherit(struct daemon *d, char *err, size_t errlen)
{
	struct evconnlistener **slot;
	size_t i;
	int fd, family;

	for (i = 0; i < d->cfg.n_listen_fds; i++) {
		char name[48];

		fd = d->cfg.listen_fds[i];
		snprintf(name, sizeof(name), "LISTEN_FDS #%zu", i + 1);
		family = listener_inherited_family(fd);
		if (family == AF_UNIX) {
			slot = &d->unix_listener;
			fd = listener_inherited_unix(fd, name, err, errlen);
		} else {
			slot = &d->tcp_listener;
			fd = listener_inherited_tcp(fd, name, err, errlen);
		}
		if (fd < 0)
			return -1;
		if (*slot != NULL) {
			snprintf(err, errlen,
			    "%s: a second inherited %s listener (one of each "
			    "kind at most)",
			    name, family == AF_UNIX ? "unix" : "TCP");
			return -1;
		}
		*slot = evconnlistener_new(d->base, daemon_on_accept, d,
		    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 0, fd);
		if (*slot == NULL) {
			snprintf(err, errlen, "cannot watch %s", name);
			return -1;
		}
		evconnlistener_set_error_cb(*slot, daemon_on_accept_error);
		if (family != AF_UNIX) {
			d->tcp_port = listener_port(fd);
			if (daemon_netpolicy_self(d, fd) != 0) {
				snprintf(err, errlen,
				    "cannot tell the outbound policy the "
				    "address "
				    "of %s",
				    name);
				return -1;
			}
		}
		log_write(LOG_INFO, "event=inherited fd=%d kind=%s", fd,
		    family == AF_UNIX ? "unix" : "tcp");
	}
	return 0;
}

/*
 * The link to the fetcher, holding the policy as the daemon built it: the
 * operator's rules and the daemon's own addresses go to the fetcher as its
 * arguments. 0, or -1 when there is no fetcher program or memory.
 */
static int
daemon_fetch_new(struct daemon *d)
{
	const struct daemon_config *cfg = &d->cfg;
	struct fetcher_args a;
	size_t i, n = netpolicy_self_count(d->netpolicy);
	char **self = calloc(n + 1, sizeof(*self));
	int rc = -1;

	if (cfg->fetcher_image == NULL || self == NULL)
		goto out;
	for (i = 0; i < n; i++)
		if ((self[i] = malloc(64)) == NULL ||
		    netpolicy_self_format(d->netpolicy, i, self[i], 64) != 0)
			goto out;
	memset(&a, 0, sizeof(a));
	/* The response of one native fetch is bounded like any payload. */
	a.max_body = CM_PAYLOAD_LIMIT;
	a.max_total = cfg->max_fetches;
	a.max_per_owner = cfg->max_fetches_per_execution;
	a.max_waiting = cfg->max_fetches_waiting;
	a.verbosity = cfg->log_level < 0 ? 0 : (unsigned)cfg->log_level + 1;
	a.allow = cfg->outbound_allow;
	a.nallow = cfg->n_outbound_allow;
	a.deny = cfg->outbound_deny;
	a.ndeny = cfg->n_outbound_deny;
	a.self = (const char *const *)self;
	a.nself = n;
	d->fetch = fetchlink_new(d->base, cfg->fetcher_image, &a, &d->metrics);
	rc = d->fetch != NULL ? 0 : -1;
out:
	for (i = 0; self != NULL && i < n; i++)
		free(self[i]);
	free(self);
	return rc;
}

struct daemon *
daemon_new(const struct daemon_config *cfg, char *err, size_t errlen)
{
	struct daemon *d;
	int fd;

	if ((d = calloc(1, sizeof(*d))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	d->cfg = *cfg;
	d->spare_fd = -1;
	log_set_level(cfg->log_level);
	d->conn_limit = daemon_conn_limit(cfg);
	if (d->conn_limit < cfg->max_connections)
		log_write(LOG_WARN,
		    "event=connection_limit limit=%u max_connections=%u "
		    "reason=\"RLIMIT_NOFILE less --fd-reserve\"",
		    d->conn_limit, cfg->max_connections);
	d->spare_fd = listener_spare_open();
	d->cfg.pool.on_event = daemon_on_pool_event;
	/*
	 * The engine's metering allocator is the memory limit; the
	 * address-space cap behind it catches what escapes it (mappings, a
	 * runaway stack).
	 */
	if (d->cfg.pool.program.limits.address_space == 0)
		d->cfg.pool.program.limits.address_space =
		    ((size_t)d->cfg.default_memory_limit << 21) + (512u << 20);
	d->cfg.pool.event_arg = d;
	TAILQ_INIT(&d->conns);
	handles_init(&d->retained);
	signal(SIGPIPE, SIG_IGN);
	if ((d->base = pool_base_new()) == NULL) {
		snprintf(err, errlen, "cannot create the event base");
		goto fail;
	}
	/* Signals first: a SIGTERM that arrives once the socket answers is
	 * handled. */
	d->ev_sigterm = evsignal_new(d->base, SIGTERM, daemon_on_signal, d);
	d->ev_sigint = evsignal_new(d->base, SIGINT, daemon_on_signal, d);
	if (d->ev_sigterm == NULL || d->ev_sigint == NULL ||
	    evsignal_add(d->ev_sigterm, NULL) != 0 ||
	    evsignal_add(d->ev_sigint, NULL) != 0) {
		snprintf(err, errlen, "cannot watch signals");
		goto fail;
	}
	if ((d->netpolicy = netpolicy_new()) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	if (daemon_netpolicy_rules(d->netpolicy, cfg, err, errlen) != 0)
		goto fail;
	if (daemon_inherit(d, err, errlen) != 0)
		goto fail;
	if (cfg->host) {
		if (d->tcp_listener != NULL) {
			snprintf(err, errlen,
			    "--port and an inherited TCP listener: give one");
			goto fail;
		}
		if ((fd = listener_tcp(cfg->host, cfg->port, err, errlen)) < 0)
			goto fail;
		d->tcp_port = listener_port(fd);
		if (daemon_netpolicy_self(d, fd) != 0) {
			close(fd);
			snprintf(err, errlen,
			    "cannot tell the outbound policy the address of "
			    "%s:%s",
			    cfg->host, cfg->port);
			goto fail;
		}
		d->tcp_listener = evconnlistener_new(d->base, daemon_on_accept,
		    d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 0, fd);
		if (d->tcp_listener == NULL) {
			close(fd);
			snprintf(err, errlen, "cannot watch %s:%s", cfg->host,
			    cfg->port);
			goto fail;
		}
		evconnlistener_set_error_cb(
		    d->tcp_listener, daemon_on_accept_error);
	}
	/* The unix socket comes last: whoever waits for it to accept (a
	 * supervisor, a test) then finds every other listener up too. */
	if (cfg->socket_path) {
		if (d->unix_listener != NULL) {
			snprintf(err, errlen,
			    "--socket %s and an inherited unix listener: give "
			    "one",
			    cfg->socket_path);
			d->cfg.socket_path = NULL; /* not ours to unlink */
			goto fail;
		}
		if ((fd = listener_unix(
			 cfg->socket_path, cfg->socket_mode, err, errlen)) < 0)
			goto fail;
		d->unix_listener = evconnlistener_new(d->base, daemon_on_accept,
		    d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 0, fd);
		if (d->unix_listener == NULL) {
			close(fd);
			snprintf(
			    err, errlen, "cannot watch %s", cfg->socket_path);
			goto fail;
		}
		evconnlistener_set_error_cb(
		    d->unix_listener, daemon_on_accept_error);
	}
	if ((d->pool = pool_new(d->base, &d->cfg.pool, err, errlen)) == NULL)
		goto fail;
	if (!cfg->outbound_veto && daemon_fetch_new(d) != 0)
		log_write(LOG_WARN,
		    "event=outbound_unavailable "
		    "reason=\"no fetcher program, or out of memory\"");
	d->ready = 1;
	return d;
fail:
	daemon_free(d);
	return NULL;
}

/*
 * event_base_dispatch, but while the pool asks for it (pool_spin_left) the
 * loop polls without sleeping: the child it just answered sends its next
 * frame within microseconds, and a sleeping daemon would cost that frame a
 * wake-up. Other connections are served by the same polls meanwhile, and
 * each poll yields the CPU to anything else that wants it.
 */
static int
daemon_loop(struct daemon *d)
{
	int r;

	for (;;) {
		if (pool_spin_left(d->pool) > 0) {
			r = event_base_loop(d->base, EVLOOP_NONBLOCK);
			/* The caller's client is woken on whichever CPU the
			 * kernel picks, often this one: a poll that does not
			 * yield holds it off for a whole slice. */
			(void)sched_yield();
		} else
			r = event_base_loop(d->base, EVLOOP_ONCE);
		if (r < 0)
			return -1;
		if (r == 1 || event_base_got_exit(d->base) ||
		    event_base_got_break(d->base))
			return 0;
	}
}

int
daemon_run(struct daemon *d)
{
	char status[128];

	log_write(LOG_INFO,
	    "event=listening socket=%s tcp_port=%d "
	    "workers=%u instance=%s",
	    d->cfg.socket_path ? d->cfg.socket_path
			       : (d->unix_listener ? "inherited" : "-"),
	    d->tcp_listener ? d->tcp_port : -1, d->cfg.pool.max_workers,
	    d->cfg.instance_id ? d->cfg.instance_id : "-");
	/* Listening and the pool started: Type=notify's readiness. */
	snprintf(status, sizeof(status),
	    "READY=1\nSTATUS=serving with %u workers", d->cfg.pool.max_workers);
	if (notify_send(status) < 0)
		log_write(LOG_WARN, "event=notify_failed reason=\"%s\"",
		    strerror(errno));
	return daemon_loop(d);
}

void
daemon_free(struct daemon *d)
{
	if (d == NULL)
		return;
	conn_free_all(d);
	if (d->pool)
		pool_free(d->pool);
	fetchlink_free(d->fetch);
	netpolicy_free(d->netpolicy);
	if (d->unix_listener) {
		evconnlistener_free(d->unix_listener);
		/* An inherited socket is its manager's, not ours to remove. */
		if (d->cfg.socket_path != NULL)
			unlink(d->cfg.socket_path);
	}
	if (d->tcp_listener)
		evconnlistener_free(d->tcp_listener);
	if (d->ev_sigterm)
		event_free(d->ev_sigterm);
	if (d->ev_sigint)
		event_free(d->ev_sigint);
	if (d->ev_flush)
		event_free(d->ev_flush);
	if (d->base)
		event_base_free(d->base);
	if (d->spare_fd >= 0)
		close(d->spare_fd);
	free(d);
}
