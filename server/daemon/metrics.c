/* Prometheus text format for the daemon's counters. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

/* Upper bounds of the latency histogram, in seconds. */
static const double metrics_bounds[METRICS_LATENCY_BUCKETS] = { 0.0005, 0.001,
	0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 30 };

static const char *const metrics_outcome_names[] = { "result", "error",
	"timeout", "fault", "cancelled" };

void
metrics_execution(struct metrics *m, enum metrics_outcome o, double seconds)
{
	int i;

	m->executions[o]++;
	m->latency_count++;
	m->latency_sum_s += seconds;
	for (i = 0; i < METRICS_LATENCY_BUCKETS; i++)
		if (seconds <= metrics_bounds[i]) {
			m->latency_le[i]++;
			break;
		}
}

void
metrics_count(struct metrics *m, enum metrics_event ev)
{
	switch (ev) {
	case METRICS_CONN_OPEN:
		m->connections_total++;
		m->connections_open++;
		break;
	case METRICS_CONN_CLOSE:
		m->connections_open--;
		break;
	case METRICS_CONN_REJECT:
		m->connections_rejected++;
		break;
	case METRICS_HTTP_REQUEST:
		m->http_requests++;
		break;
	case METRICS_HANDLES_OPEN:
		m->handles_open++;
		break;
	case METRICS_HANDLES_CLOSE:
		m->handles_open--;
		m->handles_closed++;
		break;
	case METRICS_FETCH_WAIT:
		m->fetches_waiting++;
		break;
	case METRICS_FETCH_UNWAIT:
		m->fetches_waiting--;
		break;
	case METRICS_FETCH_START:
		m->fetches_running++;
		m->fetches_started++;
		break;
	case METRICS_FETCH_END:
		m->fetches_running--;
		break;
	case METRICS_FETCH_DENIED:
		m->fetches_denied++;
		break;
	case METRICS_FETCH_TOO_MANY:
		m->fetches_too_many++;
		break;
	case METRICS_FETCH_HEADER_DROPPED:
		m->fetch_headers_dropped++;
		break;
	case METRICS_OUTPUT_OVERFLOW:
		m->output_overflows++;
		break;
	case METRICS_OUTPUT_PAUSE:
		m->output_pauses++;
		break;
	case METRICS_HEAD_TIMEOUT:
		m->head_timeouts++;
		break;
	case METRICS_IDLE_CLOSE:
		m->idle_closes++;
		break;
	case METRICS_SHED:
		m->shed++;
		break;
	case METRICS_PEER_REJECT:
		m->peer_rejects++;
		break;
	case METRICS_FD_EXHAUSTED:
		m->fd_exhausted++;
		break;
	case METRICS_HANDLES_REFUSED:
		m->handles_refused++;
		break;
	}
}

void
metrics_pool_event(struct metrics *m, const struct pool_event *ev)
{
	switch (ev->type) {
	case POOL_EV_EXEC_REJECT:
		m->executions_rejected++;
		break;
	case POOL_EV_WORKER_SPAWN:
		m->worker_spawns++;
		break;
	case POOL_EV_WORKER_CRASH:
		m->worker_crashes++;
		break;
	case POOL_EV_WORKER_RETIRE:
		m->worker_retires++;
		break;
	default:
		break;
	}
}

/* A growing text buffer; `failed` sticks once an allocation fails. */
struct metrics_buf {
	char *s;
	size_t len, cap;
	int failed;
};

static void
metrics_printf(struct metrics_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->failed)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->failed = 1;
			return;
		}
		if ((size_t)n < b->cap - b->len) {
			b->len += (size_t)n;
			return;
		}
		{
			size_t ncap = (b->cap + (size_t)n) * 2;
			char *ns = realloc(b->s, ncap);

			if (ns == NULL) {
				b->failed = 1;
				return;
			}
			b->s = ns;
			b->cap = ncap;
		}
	}
}

static void
metrics_counter(struct metrics_buf *b, const char *name, const char *help,
    const char *type, unsigned long v)
{
	metrics_printf(b, "# HELP %s %s\n# TYPE %s %s\n%s %lu\n", name, help,
	    name, type, name, v);
}

char *
metrics_render(const struct metrics *m, const struct pool_stats *ps, int ready,
    size_t *len)
{
	struct metrics_buf b = { NULL, 0, 0, 0 };
	unsigned long cum = 0;
	int i;

	if ((b.s = malloc(4096)) == NULL)
		return NULL;
	b.cap = 4096;
	b.s[0] = '\0';
	metrics_counter(&b, "codemode_connections_total",
	    "Connections accepted.", "counter", m->connections_total);
	metrics_counter(&b, "codemode_connections_open",
	    "Connections open now.", "gauge", m->connections_open);
	metrics_counter(&b, "codemode_connections_rejected_total",
	    "Connections refused at admission.", "counter",
	    m->connections_rejected);
	metrics_counter(&b, "codemode_http_requests_total",
	    "Plain HTTP requests served.", "counter", m->http_requests);
	metrics_printf(&b,
	    "# HELP codemode_executions_total Executions "
	    "settled, by outcome.\n# TYPE codemode_executions_total counter\n");
	for (i = 0; i < 4; i++)
		metrics_printf(&b,
		    "codemode_executions_total{outcome=\"%s\"} "
		    "%lu\n",
		    metrics_outcome_names[i], m->executions[i]);
	metrics_counter(&b, "codemode_executions_rejected_total",
	    "Executions refused before they ran (queue full, draining).",
	    "counter", m->executions_rejected);
	metrics_counter(&b, "codemode_executions_running",
	    "Executions holding a CPU slot now.", "gauge", ps->running);
	metrics_counter(&b, "codemode_executions_parked",
	    "Executions waiting on a tool or the caller's fetch without a "
	    "CPU slot now.",
	    "gauge", ps->parked);
	metrics_counter(&b, "codemode_executions_max",
	    "Executions that may exist at once, running or parked "
	    "(--max-executions).",
	    "gauge", ps->max_executions);
	metrics_counter(&b, "codemode_queue_depth",
	    "Executions waiting for a worker.", "gauge", ps->queued);
	metrics_counter(&b, "codemode_workers", "Engine children alive.",
	    "gauge", ps->children);
	metrics_counter(&b, "codemode_workers_spare",
	    "Engine children forked ahead of demand.", "gauge", ps->spares);
	metrics_counter(&b, "codemode_workers_kept",
	    "Engine children staying idle for their connection's next "
	    "execution.",
	    "gauge", ps->kept);
	metrics_counter(&b, "codemode_workers_kept_bytes",
	    "Private memory of the children staying idle for their "
	    "connections, as last measured.",
	    "gauge", (unsigned long)ps->kept_bytes);
	metrics_counter(&b, "codemode_workers_kept_retired_total",
	    "Staying children retired, least recently used first, to fit "
	    "--kept-memory or --max-kept.",
	    "counter", ps->kept_retired);
	metrics_counter(&b, "codemode_worker_replacements_prepared_total",
	    "Children at their last run (--reuse-runs) whose successor was "
	    "made ready before that run ended.",
	    "counter", ps->replacements_prepared);
	metrics_counter(&b, "codemode_worker_replacements_missed_total",
	    "Children at their last run whose successor could not be "
	    "prepared (no free spare); the next run takes what is there.",
	    "counter", ps->replacements_missed);
	metrics_counter(&b, "codemode_worker_adoptions_total",
	    "Staying children handed over to their principal's next "
	    "connection (same peer uid, or the TCP token).",
	    "counter", ps->adopted);
	metrics_counter(&b, "codemode_worker_orphans_expired_total",
	    "Staying children whose connection closed and whose principal "
	    "did not come back within the orphan bound.",
	    "counter", ps->orphans_expired);
	metrics_counter(&b, "codemode_worker_reuses_total",
	    "Executions run by a child that stayed, on a reset heap.",
	    "counter", ps->reused);
	metrics_counter(&b, "codemode_worker_shared_runs_total",
	    "Executions run by a staying child another live connection of "
	    "the same principal had used last (the one back last first).",
	    "counter", ps->shared);
	metrics_counter(&b, "codemode_worker_spawns_total",
	    "Engine children forked.", "counter", m->worker_spawns);
	metrics_counter(&b, "codemode_worker_crashes_total",
	    "Engine children or zygotes that died unexpectedly.", "counter",
	    m->worker_crashes);
	metrics_counter(&b, "codemode_worker_retires_total",
	    "Zygotes retired by count or memory.", "counter",
	    m->worker_retires);
	metrics_counter(&b, "codemode_handles_open",
	    "Retained executions holding handles.", "gauge", m->handles_open);
	metrics_counter(&b, "codemode_handles_closed_total",
	    "Retained executions closed.", "counter", m->handles_closed);
	metrics_counter(&b, "codemode_fetches_running",
	    "Native fetches in flight now.", "gauge", m->fetches_running);
	metrics_counter(&b, "codemode_fetches_waiting",
	    "Native fetches waiting for a slot now.", "gauge",
	    m->fetches_waiting);
	metrics_counter(&b, "codemode_fetches_started_total",
	    "Native fetches handed to libcurl.", "counter", m->fetches_started);
	metrics_counter(&b, "codemode_fetches_denied_total",
	    "Native fetches the outbound policy refused.", "counter",
	    m->fetches_denied);
	metrics_counter(&b, "codemode_fetches_too_many_total",
	    "Native fetches refused because their run held its bound.",
	    "counter", m->fetches_too_many);
	metrics_counter(&b, "codemode_fetch_headers_dropped_total",
	    "Forbidden request headers dropped from native fetches.", "counter",
	    m->fetch_headers_dropped);
	metrics_counter(&b, "codemode_handles_refused_total",
	    "retainHandles requests refused at --max-handles-per-connection.",
	    "counter", m->handles_refused);
	metrics_counter(&b, "codemode_output_queued_bytes",
	    "Bytes queued toward all connections, not yet taken by the "
	    "kernel.",
	    "gauge", m->gauges.output_bytes);
	metrics_counter(&b, "codemode_output_queued_bytes_max",
	    "Bytes queued toward the fullest connection.", "gauge",
	    m->gauges.output_bytes_max);
	metrics_counter(&b, "codemode_connections_paused",
	    "Connections past --output-pause whose children are not read.",
	    "gauge", m->gauges.paused);
	metrics_counter(&b, "codemode_output_pauses_total",
	    "Times a connection's output passed --output-pause.", "counter",
	    m->output_pauses);
	metrics_counter(&b, "codemode_output_overflows_total",
	    "Connections closed because their output passed --output-limit.",
	    "counter", m->output_overflows);
	metrics_counter(&b, "codemode_connections_limit",
	    "Connections admitted at most: --max-connections, lowered to fit "
	    "the descriptor limit less --fd-reserve.",
	    "gauge", m->gauges.connection_limit);
	metrics_printf(&b,
	    "# HELP codemode_connections_timed_out_total Connections closed "
	    "for idleness, by phase.\n"
	    "# TYPE codemode_connections_timed_out_total counter\n"
	    "codemode_connections_timed_out_total{phase=\"head\"} %lu\n"
	    "codemode_connections_timed_out_total{phase=\"idle\"} %lu\n",
	    m->head_timeouts, m->idle_closes);
	metrics_counter(&b, "codemode_connections_shed_total",
	    "Idle connections closed to admit a new one.", "counter", m->shed);
	metrics_counter(&b, "codemode_connections_peer_limit_total",
	    "Connections refused because their peer held "
	    "--max-connections-per-peer.",
	    "counter", m->peer_rejects);
	metrics_counter(&b, "codemode_accept_fd_exhausted_total",
	    "Times accept() found no descriptor left.", "counter",
	    m->fd_exhausted);
	metrics_counter(&b, "codemode_ready", "1 while accepting new work.",
	    "gauge", (unsigned long)(ready != 0));
	metrics_printf(&b,
	    "# HELP codemode_execution_seconds Time from "
	    "execute to result.\n# TYPE codemode_execution_seconds "
	    "histogram\n");
	for (i = 0; i < METRICS_LATENCY_BUCKETS; i++) {
		cum += m->latency_le[i];
		metrics_printf(&b,
		    "codemode_execution_seconds_bucket{le=\"%g\"} "
		    "%lu\n",
		    metrics_bounds[i], cum);
	}
	metrics_printf(&b,
	    "codemode_execution_seconds_bucket{le=\"+Inf\"} %lu\n"
	    "codemode_execution_seconds_sum %.6f\n"
	    "codemode_execution_seconds_count %lu\n",
	    m->latency_count, m->latency_sum_s, m->latency_count);
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	*len = b.len;
	return b.s;
}
