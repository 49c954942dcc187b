/*
 * Native outbound requests: the fetches the daemon performs for sandboxes
 * in the `native` mode, with libcurl's multi interface on the daemon's
 * event loop (children have no network; the sandbox forbids sockets).
 *
 * Messages are the protocol's OutboundRequestMessage and
 * OutboundResponseMessage as JSON, with bodies as standard base64:
 *   request   {"method", "url", "headers": [[name, value], ...],
 *              "body": b64|null}
 *   response  {"status", "statusText", "headers": [[name, value], ...],
 *              "body": b64}
 *   failure   {"error": "<why, in a sentence>"}
 * Only http and https, on the first request and on redirects; at most
 * OUTBOUND_MAX_REDIRECTS redirects; the response body is bounded.
 *
 * Every connection a fetch opens, on every redirect hop, is put to the
 * outbound policy (netpolicy.h) with the address libcurl is about to
 * connect to, and again with the address of the connection the request
 * goes out on (a reused one included), so a name that resolves to a
 * closed address (DNS rebinding) is refused there. The Fetch standard's
 * forbidden request headers are dropped before libcurl sees them.
 *
 * Fetches are bounded per owner (one execution) and in all: beyond either
 * bound a fetch waits its turn in arrival order, spending its own time
 * bound while it waits; an owner with `max_waiting` fetches already
 * waiting has the next one refused with the FETCH_TOO_MANY text.
 */
#ifndef OUTBOUND_H
#define OUTBOUND_H

#include <stddef.h>

#include <jansson.h>

#define OUTBOUND_MAX_REDIRECTS 5

/* The bounds' defaults, for the daemon's flags and the in-process executor. */
#define OUTBOUND_DEFAULT_TOTAL 256
#define OUTBOUND_DEFAULT_PER_OWNER 16
#define OUTBOUND_DEFAULT_WAITING 64

struct event_base;
struct metrics;
struct netpolicy;
struct outbound;
struct outbound_req;

struct outbound_options {
	size_t max_body; /* bytes of one response body */
	const struct netpolicy *policy; /* borrowed; outlives the fetcher */
	unsigned max_per_owner; /* fetches in flight per owner */
	unsigned max_total; /* fetches in flight in all */
	unsigned max_waiting; /* fetches of one owner waiting for a slot */
	struct metrics *metrics; /* counted through metrics_count; NULL: none */
	/* Also told of every count, when set (the fetcher forwards them). */
	void (*on_count)(void *arg, int metrics_event);
	void *count_arg;
	/*
	 * For tests: libcurl RESOLVE entries ("name:port:address"), so a
	 * made-up name can resolve to loopback without a DNS server. NULL
	 * in the daemon. Copied.
	 */
	const char *const *resolve;
};

/* Called exactly once per started request, unless it was cancelled. */
typedef void (*outbound_done_fn)(void *arg, const char *json, size_t len);

/*
 * Creates the fetcher on `base`. Returns NULL when libcurl cannot start
 * or `o->policy` is NULL. The caller owns it.
 */
struct outbound *outbound_new(
    struct event_base *base, const struct outbound_options *o);

/* Cancels every request (no callbacks) and frees the fetcher. */
void outbound_free(struct outbound *);

/*
 * Starts `request` (borrowed) for `owner` (an opaque key: the requests of
 * one execution share it, and it must stay unique until they have all
 * ended or been cancelled) with a total time bound in ms, counted from
 * now. Returns a handle valid until `done` runs or outbound_cancel() is
 * called, or NULL when the request cannot start: then `done` has already
 * run with the failure (so the caller answers the child either way).
 */
struct outbound_req *outbound_start(struct outbound *, const void *owner,
    const json_t *request, long timeout_ms, outbound_done_fn done, void *arg);

/* Abandons a request, running or waiting: its callback never runs. */
void outbound_cancel(struct outbound_req *);

#endif
