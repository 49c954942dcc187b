/*
 * The daemon's counters, rendered in the Prometheus text exposition format
 * for GET /metrics. Updated from the event loop only (no locking), and only
 * through the functions below.
 */
#ifndef METRICS_H
#define METRICS_H

#include <stddef.h>

#include "pool/pool.h"

#define METRICS_LATENCY_BUCKETS 12

struct metrics {
	unsigned long connections_total;
	unsigned long connections_open;
	unsigned long connections_rejected;
	unsigned long http_requests;
	unsigned long executions[5]; /* by outcome: result, error, timeout,
					fault, cancelled */
	unsigned long executions_rejected;
	unsigned long worker_spawns;
	unsigned long worker_crashes;
	unsigned long worker_retires;
	unsigned long handles_open;
	unsigned long handles_closed;
	unsigned long fetches_running; /* native fetches in flight */
	unsigned long fetches_waiting; /* native fetches waiting for a slot */
	unsigned long fetches_started;
	unsigned long fetches_denied; /* refused by the outbound policy */
	unsigned long fetches_too_many; /* refused: the run held its bound */
	unsigned long fetch_headers_dropped; /* forbidden request headers */
	/* Bounds per tenant (spec/operations.md, "Bounds per tenant"). */
	unsigned long output_overflows; /* closed past --output-limit */
	unsigned long output_pauses; /* crossed --output-pause */
	unsigned long head_timeouts; /* closed before the upgrade */
	unsigned long idle_closes; /* upgraded, closed for idleness */
	unsigned long shed; /* idle connections closed to admit others */
	unsigned long peer_rejects; /* refused at --max-connections-per-peer */
	unsigned long fd_exhausted; /* accept() ran out of descriptors */
	unsigned long handles_refused; /* --max-handles-per-connection */
	struct metrics_gauges {
		unsigned long output_bytes; /* queued toward every connection */
		unsigned long output_bytes_max; /* toward the fullest one */
		unsigned long paused; /* connections under back-pressure */
		unsigned long connection_limit; /* after the descriptor bound */
	} gauges; /* set by conn.c just before a render */
	unsigned long latency_count;
	double latency_sum_s;
	unsigned long
	    latency_le[METRICS_LATENCY_BUCKETS]; /* cumulative at render */
};

enum metrics_outcome {
	METRICS_RESULT, /* the run returned a value */
	METRICS_ERROR, /* the run reported an error in its envelope */
	METRICS_TIMEOUT, /* the pool ended it at its bound */
	METRICS_FAULT, /* a fault was thrown (crash, overflow, ...) */
	METRICS_CANCELLED /* its connection closed before it settled */
};

/* What the daemon counts besides executions and pool events. */
enum metrics_event {
	METRICS_CONN_OPEN, /* a connection was accepted */
	METRICS_CONN_CLOSE, /* an accepted connection was freed */
	METRICS_CONN_REJECT, /* refused: too many, a uid, a token */
	METRICS_HTTP_REQUEST, /* a plain HTTP answer was sent */
	METRICS_HANDLES_OPEN, /* an execution kept its handles */
	METRICS_HANDLES_CLOSE, /* a retained execution's handles closed */
	METRICS_FETCH_WAIT, /* a native fetch joined the waiting line */
	METRICS_FETCH_UNWAIT, /* ... and left it (started or ended) */
	METRICS_FETCH_START, /* a native fetch went to libcurl */
	METRICS_FETCH_END, /* ... and came back or was cancelled */
	METRICS_FETCH_DENIED, /* the outbound policy refused an address */
	METRICS_FETCH_TOO_MANY, /* refused: its run held its bound */
	METRICS_FETCH_HEADER_DROPPED, /* a forbidden request header dropped */
	METRICS_OUTPUT_OVERFLOW, /* closed: its output passed the hard cap */
	METRICS_OUTPUT_PAUSE, /* its output passed the soft mark */
	METRICS_HEAD_TIMEOUT, /* no upgrade within --head-timeout */
	METRICS_IDLE_CLOSE, /* upgraded and idle past --idle-timeout */
	METRICS_SHED, /* an idle connection closed to admit another */
	METRICS_PEER_REJECT, /* its peer held its share of connections */
	METRICS_FD_EXHAUSTED, /* accept() failed for want of descriptors */
	METRICS_HANDLES_REFUSED /* retainHandles past the connection's bound */
};

/* Counts one `ev`. */
void metrics_count(struct metrics *, enum metrics_event ev);

/* Records one settled execution and how long it took. */
void metrics_execution(struct metrics *, enum metrics_outcome, double seconds);

/* Folds a pool telemetry event into the counters. */
void metrics_pool_event(struct metrics *, const struct pool_event *);

/*
 * Renders every metric and the pool's live counts. Returns a malloc'd,
 * NUL-terminated text (caller frees), or NULL when out of memory.
 */
char *metrics_render(
    const struct metrics *, const struct pool_stats *, int ready, size_t *len);

#endif
