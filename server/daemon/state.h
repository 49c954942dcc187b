/*
 * The state the files of server/daemon/ share (struct daemon): daemon.c
 * creates it, and a field another file writes names that file.
 */
#ifndef STATE_H
#define STATE_H

#include <sys/queue.h>
#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>

#include "handles.h"
#include "metrics.h"
#include "pool/pool.h"

struct daemon_config {
	const char *socket_path; /* NULL: no unix listener */
	mode_t socket_mode;
	const char *host; /* NULL: no TCP listener */
	const char *port;
	struct pool_options pool;
	int outbound_veto; /* operator's "null": native gets no network */
	/* Native outbound policy rules (netpolicy.h grammar), each entry one
	 * rule or a list of them; NULL when none. */
	const char *const *outbound_allow;
	size_t n_outbound_allow;
	const char *const *outbound_deny;
	size_t n_outbound_deny;
	/* The program run as the fetcher (`IMAGE --fetcher ...`), an absolute
	 * path: the daemon's own. NULL: no native fetches. */
	const char *fetcher_image;
	unsigned max_fetches; /* native fetches in flight in all */
	unsigned max_fetches_per_execution; /* ... per execution */
	unsigned max_fetches_waiting; /* per execution, waiting beyond that */
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
	/* Bounds per tenant (spec/operations.md, "Bounds per tenant"). */
	size_t output_pause; /* bytes queued toward a connection that pause
				its children; 0: never */
	size_t output_limit; /* bytes queued that close it; 0: none */
	unsigned idle_timeout; /* ms an upgraded, idle connection stays; 0 */
	unsigned max_connections_per_peer; /* per uid / per token; 0: none */
	unsigned max_handles_per_connection; /* retained executions; 0 */
	unsigned fd_reserve; /* descriptors kept for children and fetches */
	int metrics; /* serve /metrics */
	int log_level; /* log.h */
	const char *token; /* bearer token required on TCP upgrades */
	const uid_t *allowed_uids; /* unix peers allowed; NULL: any */
	size_t n_allowed_uids;
	int default_typescript; /* --language typescript: options.language's
				   default */
	const char *instance_id; /* names this daemon in executionIds and
				    instanceId(); NULL: none */
	const int *listen_fds; /* inherited listeners (LISTEN_FDS) */
	size_t n_listen_fds;
};

struct conn;
struct fetchlink;
TAILQ_HEAD(conn_list, conn);

/* Written by daemon.c unless a field names its writer. */
struct daemon {
	struct daemon_config cfg;
	struct event_base *base;
	struct pool *pool;
	struct fetchlink *fetch; /* native fetches (the fetcher); NULL: none */
	struct netpolicy *netpolicy; /* what native fetches may connect to */
	struct metrics metrics; /* through metrics_* only */
	struct conn_list conns; /* conn.c */
	unsigned nconns; /* conn.c */
	uint64_t last_tenant; /* conn.c: each connection is a pool tenant */
	struct evconnlistener *unix_listener, *tcp_listener;
	int tcp_port; /* the bound port (for port 0) */
	struct event *ev_sigterm, *ev_sigint, *ev_shutdown;
	struct event *ev_flush; /* daemon.c: the last answers going out */
	unsigned flush_ticks;
	int ready; /* 0 while draining: /readyz answers 503 */
	int stopping;
	struct handles retained; /* handles.c: executions holding handles */
	unsigned conn_limit; /* max_connections within the descriptor limit */
	int spare_fd; /* listener.c: closed to refuse a connection at EMFILE */
};

#endif
