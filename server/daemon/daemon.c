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
#include <errno.h>
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
#include "outbound.h"

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
	c->head_timeout = 10000;
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
	log_set_level(cfg->log_level);
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
	if (cfg->socket_path) {
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
	}
	if (cfg->host) {
		if ((fd = listener_tcp(cfg->host, cfg->port, err, errlen)) < 0)
			goto fail;
		d->tcp_port = listener_port(fd);
		d->tcp_listener = evconnlistener_new(d->base, daemon_on_accept,
		    d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 0, fd);
		if (d->tcp_listener == NULL) {
			close(fd);
			snprintf(err, errlen, "cannot watch %s:%s", cfg->host,
			    cfg->port);
			goto fail;
		}
	}
	if ((d->pool = pool_new(d->base, &d->cfg.pool, err, errlen)) == NULL)
		goto fail;
	/* The response of one native fetch is bounded like any payload. */
	if (!cfg->outbound_veto &&
	    (d->outbound = outbound_new(d->base, CM_PAYLOAD_LIMIT)) == NULL)
		log_write(LOG_WARN,
		    "event=outbound_unavailable "
		    "reason=\"libcurl did not start\"");
	d->ready = 1;
	return d;
fail:
	daemon_free(d);
	return NULL;
}

int
daemon_run(struct daemon *d)
{
	log_write(LOG_INFO,
	    "event=listening socket=%s tcp_port=%d "
	    "workers=%u",
	    d->cfg.socket_path ? d->cfg.socket_path : "-",
	    d->tcp_listener ? d->tcp_port : -1, d->cfg.pool.max_workers);
	return event_base_dispatch(d->base) < 0 ? -1 : 0;
}

void
daemon_free(struct daemon *d)
{
	if (d == NULL)
		return;
	conn_free_all(d);
	if (d->pool)
		pool_free(d->pool);
	outbound_free(d->outbound);
	if (d->unix_listener) {
		evconnlistener_free(d->unix_listener);
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
	free(d);
}
