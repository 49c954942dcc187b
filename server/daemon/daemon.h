/*
 * The daemon: listeners, connections, the pool, metrics, signals and the
 * drain. One event base; every callback runs on it.
 */
#ifndef DAEMON_H
#define DAEMON_H

#include <sys/queue.h>
#include <sys/types.h>

#include <stddef.h>

#include "metrics.h"
#include "pool/pool.h"

enum daemon_log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

struct daemon_config {
	const char *socket_path; /* NULL: no unix listener */
	mode_t socket_mode;
	const char *host; /* NULL: no TCP listener */
	const char *port;
	struct pool_options pool;
	int outbound_veto; /* operator's "null": native gets no network */
	unsigned default_timeout; /* ms */
	unsigned default_grace; /* ms */
	unsigned default_memory_limit; /* MB */
	unsigned max_timeout; /* ms cap on any requested timeout */
	long long response_limit; /* bytes; -1: none beyond the protocol's */
	unsigned max_connection_age; /* ms; 0: none */
	unsigned ping_interval; /* ms; 0: no pings */
	unsigned shutdown_delay; /* ms readiness is off before the drain */
	unsigned shutdown_drain; /* ms running executions get to finish */
	unsigned max_connections;
	unsigned head_timeout; /* ms a client has to send its request head */
	int metrics; /* serve /metrics */
	int log_level;
	const char *token; /* bearer token required on TCP upgrades */
	const uid_t *allowed_uids; /* unix peers allowed; NULL: any */
	size_t n_allowed_uids;
	int default_typescript; /* --language typescript: options.language's
				   default */
};

struct conn;
TAILQ_HEAD(conn_list, conn);
struct api_exec;
TAILQ_HEAD(api_exec_list, api_exec);

struct daemon {
	struct daemon_config cfg;
	struct event_base *base;
	struct pool *pool;
	struct outbound *outbound; /* native fetches (libcurl); NULL: none */
	struct metrics metrics;
	struct conn_list conns;
	unsigned nconns;
	uint64_t last_tenant; /* each connection is a pool tenant */
	struct evconnlistener *unix_listener, *tcp_listener;
	int tcp_port; /* the bound port (for port 0) */
	struct event *ev_sigterm, *ev_sigint, *ev_shutdown;
	int ready; /* 0 while draining: /readyz answers 503 */
	int stopping;
	unsigned long executions_in_flight;
	struct api_exec_list retained; /* executions holding handles (api.c) */
};

/* Fills `c` with the defaults of spec/protocol.json. */
void daemon_config_default(struct daemon_config *c);

/*
 * Opens the listeners and starts the pool. Returns the daemon (caller owns;
 * daemon_free) or NULL with `err` filled.
 */
struct daemon *daemon_new(
    const struct daemon_config *c, char *err, size_t errlen);

/* Runs until a shutdown completes; 0 on a clean stop. */
int daemon_run(struct daemon *d);

/* Starts the graceful shutdown (what SIGTERM does). */
void daemon_shutdown(struct daemon *d);

/* Frees everything; removes the unix socket it created. */
void daemon_free(struct daemon *d);

/* One machine-readable log line (key=value) to stderr, if `level` passes. */
void daemon_log(const struct daemon *d, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
